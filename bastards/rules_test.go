package bastards

import (
	"errors"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/google/go-cmp/cmp"
)

// The rules of the seed, sentence by sentence.

func TestRuleDealAllCardsOneAtATimeFromTheDealersLeft(t *testing.T) {
	s, err := NewGame(Options{Players: 4, Seed: 9, Jokers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if s.dealer != 3 {
		t.Errorf("the first round is dealt by %v, want P4 (the last player)", s.dealer)
	}
	// 54 cards to 4 players from P1: P1 and P2 get the two extra cards.
	var all cards.Set
	got := []int{}
	for p := range 4 {
		got = append(got, s.hands[p].Len())
		all = all.Union(s.hands[p])
	}
	if diff := cmp.Diff([]int{14, 14, 13, 13}, got); diff != "" {
		t.Errorf("hand sizes (-want +got):\n%s", diff)
	}
	if all != cards.Standard().Union(cards.Jokers(2)) {
		t.Errorf("not every card was dealt: %v", cards.Standard().Union(cards.Jokers(2)).Minus(all))
	}
}

func TestRuleSomePlayersMayHaveOneCardFewer(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		s, err := NewGame(Options{Players: n, Jokers: 2})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 200, 0
		for p := range n {
			lo, hi = min(lo, s.hands[p].Len()), max(hi, s.hands[p].Len())
		}
		if hi-lo > 1 {
			t.Errorf("%d players: hands from %d to %d cards", n, lo, hi)
		}
	}
}

func TestRuleThreeOfClubsBeginsTheRound(t *testing.T) {
	for seed := range cards.Seed(20) {
		s, _ := NewGame(Options{Players: 5, Seed: seed, Jokers: 2})
		if !s.hands[s.toAct].Has(threeOfClubs) {
			t.Fatalf("seed %d: %v leads without 3♣", seed, s.toAct)
		}
		for _, m := range LegalMoves(s) {
			if !m.Cards.Has(threeOfClubs) {
				t.Fatalf("seed %d: opening move %v lacks 3♣", seed, m)
			}
		}
	}
}

func TestRuleThreeOfClubsAsASingleOrPartOfASet(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Seed: 1, Jokers: 2}) // P2 holds 3♣ 3♥
	p := s.toAct
	want := []Move{
		Play(p, card(t, "3C")),
		Play(p, card(t, "3C"), card(t, "3H")),
	}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("opening moves (-want +got):\n%s", diff)
	}
	if _, err := Apply(s, Play(p, card(t, "3H"))); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("opening without 3♣: %v", err)
	}
}

const fourHands = "4p turn=P2 | P1: 5C 6D 6S 7H JC JD JS X1 | P2: 4C 4D 7C KC KD KS 2H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH"

func TestRuleASingleBeatsASingleOfHigherRank(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	if !has(s, playOf(t, 2, "7C")) {
		t.Error("a single 7 cannot beat a single 6")
	}
	if has(s, playOf(t, 2, "4C")) {
		t.Error("a single 4 beats a single 6")
	}
}

func TestRuleASingleCannotBePlayedOnAPair(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D 6S")
	_, err := Apply(s, playOf(t, 2, "7C"))
	if !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a single 7 on a pair of 6s: %v", err)
	}
	if !has(s, playOf(t, 2, "KC KD")) {
		t.Error("a pair of Ks cannot beat a pair of 6s")
	}
}

func TestRuleTripleKingsCannotBePlayedOnAPairOfFours(t *testing.T) {
	s := parse(t, "4p turn=P2 | P1: 5C 6D 6S 7H JC JD JS X1 | P2: 7C KC KD KS 2H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P1 4C 4D")
	if _, err := Apply(s, playOf(t, 2, "KC KD KS")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("triple Ks on a pair of 4s: %v", err)
	}
}

func TestRuleTripleKingsBeatTripleJacks(t *testing.T) {
	s := parse(t, "4p turn=P2 | P1: 5C 6D 6S 7H X1 | P2: 4C 4D 7C KC KD KS 2H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P1 JC JD JS")
	s = mustApply(t, s, playOf(t, 2, "KC KD KS"))
	if s.top().rank != cards.King || s.toAct != 2 {
		t.Errorf("after triple Ks: top %v, %v to act", s.top().describe(), s.toAct)
	}
}

func TestRuleNeverEqual(t *testing.T) {
	s := parse(t, fourHands+" | top P1 7H")
	if _, err := Apply(s, playOf(t, 2, "7C")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a 7 on a 7: %v", err)
	}
}

func TestRuleRanksThreeLowAceHigh(t *testing.T) {
	var got []int
	for _, r := range playRanks {
		got = append(got, power(r))
	}
	for i := 1; i < len(got); i++ {
		if got[i] <= got[i-1] {
			t.Fatalf("rank %v is not above %v", playRanks[i], playRanks[i-1])
		}
	}
	s := parse(t, fourHands+" | turn=P3 | top P2 KC")
	if !has(s, playOf(t, 3, "AS")) {
		t.Error("an ace does not beat a king")
	}
	s = parse(t, fourHands+" | turn=P3 | top P2 4C")
	if !has(s, playOf(t, 3, "6C")) {
		t.Error("a 6 does not beat a 4")
	}
	s = parseRaw(t, fourHands+" | turn=P3 | top P2 2H")
	if s.Check() == nil {
		t.Error("a 2 stays on the table to be beaten")
	}
}

func TestRuleSuitsHaveNoEffect(t *testing.T) {
	s := parse(t, fourHands+" | top P1 JS")
	if !has(s, playOf(t, 2, "KC")) || !has(s, playOf(t, 2, "KD")) || !has(s, playOf(t, 2, "KS")) {
		t.Error("a king of some suit cannot beat a jack")
	}
	s = parse(t, fourHands+" | top P1 KS")
	if has(s, playOf(t, 2, "KC")) {
		t.Error("K♣ beats K♠")
	}
}

func TestRuleTwoTrumpsAnySingleOrSetAndWinsAtOnce(t *testing.T) {
	for _, top := range []string{"AS", "JC JD", "JC JD JS", "JC JD JS X1"} {
		s := parse(t, fourHands+" | top P1 "+top)
		s = mustApply(t, s, playOf(t, 2, "2H"))
		if !s.leading() || s.toAct != 1 {
			t.Errorf("after 2♥ on %s: trick %v, %v to act; want the trick won by P2", top, s.trickCards(), s.toAct)
		}
		if !s.pile.Has(card(t, "2H")) {
			t.Errorf("the trumped trick is not on the pile")
		}
	}
}

func TestRuleTwoPlaysAsASingleCard(t *testing.T) {
	s := parse(t, "4p turn=P2 | P1: 5C 6D 6S 7H X1 | P2: 4C 4D 7C 2H 2S | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P1 JC JD")
	if _, err := Apply(s, playOf(t, 2, "2H 2S")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a pair of 2s: %v", err)
	}
}

func TestRuleJokerRepresentsAnyCardExceptTwo(t *testing.T) {
	s := parse(t, fourHands+" | turn=P1 | top P4 8C")
	x := card(t, "X1")
	for _, r := range playRanks {
		want := power(r) > power(cards.Eight)
		if got := has(s, PlayJoker(0, x, r)); got != want {
			t.Errorf("joker as %v on an 8: listed %v, want %v", r, got, want)
		}
	}
	if _, err := Apply(s, PlayJoker(0, x, cards.Two)); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("joker as 2: %v", err)
	}
	s = mustApply(t, s, PlayJoker(0, x, cards.Queen))
	if s.top().rank != cards.Queen {
		t.Errorf("the joker stands for %v, want Q", s.top().rank)
	}
}

func TestRuleJokerCannotRepresentAWholeSet(t *testing.T) {
	s := parse(t, "4p turn=P1 | P1: 5C 6D X1 X2 | P2: 4C 4D 7C 2H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P4 3C 3D")
	if _, err := Apply(s, playOf(t, 1, "X1 X2")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a pair of jokers: %v", err)
	}
}

func TestRuleJokerPlaysAsASingleCardInASet(t *testing.T) {
	s := parse(t, fourHands+" | turn=P1 | top P4 8C 8D")
	if has(s, playOf(t, 1, "7H X1")) {
		t.Error("a pair of 7s with a joker beats a pair of 8s")
	}
	if !has(s, playOf(t, 1, "JC X1")) {
		t.Error("J♣ and a joker are not a pair of Js")
	}
	s = mustApply(t, s, playOf(t, 1, "JC X1"))
	if s.top().rank != cards.Jack {
		t.Errorf("the pair's rank is %v, want J", s.top().rank)
	}
}

func TestRuleSinglesPairsTriplesAndQuads(t *testing.T) {
	s := parse(t, "4p turn=P1 | P1: 5C 5D 5H 5S X1 | P2: 4C 4D 7C 2H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH")
	sizes := map[int]int{}
	for _, m := range LegalMoves(s) {
		if !m.Cards.Has(card(t, "X1")) || m.Cards.Len() > 1 {
			sizes[m.Cards.Len()]++
		}
	}
	// 5 cards, one a joker: singles 4, pairs 6+4, triples 4+6, quads 1+4.
	if diff := cmp.Diff(map[int]int{1: 4, 2: 10, 3: 10, 4: 5}, sizes); diff != "" {
		t.Errorf("plays by size (-want +got):\n%s", diff)
	}
	if _, err := Apply(s, playOf(t, 1, "5C 5D 5H 5S X1")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("five 5s: %v", err)
	}
}

func TestRulePlayProceedsClockwise(t *testing.T) {
	s := parse(t, fourHands+" | turn=P1")
	for i, code := range []string{"5C", "7C", "9C", "10C"} {
		s = mustApply(t, s, playOf(t, i+1, code))
		if want := cards.Player(i+1) % 4; s.toAct != want {
			t.Errorf("after %s, %v is to act, want %v", code, s.toAct, want)
		}
	}
}

func TestRulePassAndPlayAgainWhenTheTurnComesBack(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	s = mustApply(t, s, passOf(2), playOf(t, 3, "9C"), passOf(4), playOf(t, 1, "JC"))
	if s.toAct != 1 || !has(s, playOf(t, 2, "KC")) {
		t.Errorf("P2 passed once and cannot play again: %v to act", s.toAct)
	}
}

func TestRuleTrickWonByTheLastPlayWhenNobodyCanBeatIt(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	s = mustApply(t, s, playOf(t, 2, "KC"), passOf(3), passOf(4), passOf(1))
	if s.toAct != 1 || !s.leading() || !s.pile.Contains(set(t, "6D KC")) {
		t.Errorf("the trick is not P2's: %v to act, table %v", s.toAct, s.top().describe())
	}
	if has(s, passOf(2)) {
		t.Error("the winner may pass the lead")
	}
}

func TestRuleWinnerWithoutCardsLeftPassesTheLeadLeft(t *testing.T) {
	s := parse(t, "4p turn=P2 | P1: 5C 6D | P2: 9H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P1 6S")
	s = mustApply(t, s, playOf(t, 2, "9H"), passOf(3), passOf(4), passOf(1))
	if s.toAct != 2 {
		t.Errorf("%v leads after P2 went out with the winning play, want P3", s.toAct)
	}
}

func TestRuleFirstOutIsKing(t *testing.T) {
	s := parse(t, "4p turn=P2 | P1: 5C 6D | P2: 9H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P1 6S")
	s = mustApply(t, s, playOf(t, 2, "9H"))
	if s.nOut != 1 || s.order[0] != 1 {
		t.Errorf("going out first: order %v", s.order[:s.nOut])
	}
}

func TestRuleKingWaitsOutOfPlay(t *testing.T) {
	s := parse(t, "4p turn=P1 out=P2 | P1: 5C 6D | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P4 4H")
	s = mustApply(t, s, playOf(t, 1, "5C"))
	if s.toAct != 2 {
		t.Errorf("after P1, %v is to act; P2 is out, so P3", s.toAct)
	}
}

func TestRuleLastPlayerLeftIsBastardAndDeals(t *testing.T) {
	s := parse(t, "4p rounds=3 turn=P3 out=P2,P1 | P3: 9C | P4: 8C 8D 10C QH | top P4 4H")
	s = mustApply(t, s, playOf(t, 3, "9C"))
	if s.king != 1 || s.bastard != 3 {
		t.Errorf("King %v, Bastard %v; want P2 and P4", s.king, s.bastard)
	}
	if s.round != 2 || s.dealer != 3 || s.phase != PhaseExchange || s.toAct != 1 {
		t.Errorf("round %d dealt by %v, phase %v, %v to act; want round 2 dealt by P4, P2 choosing", s.round, s.dealer, s.phase, s.toAct)
	}
	// P4 deals from their left: P1 first.
	if s.hands[0].Len() != 14 || s.hands[3].Len() != 13 {
		t.Errorf("hand sizes %d … %d", s.hands[0].Len(), s.hands[3].Len())
	}
}

func TestRuleBastardExchangesTwoHighestForTheKingsChoice(t *testing.T) {
	s := parse(t, exchangeState)
	give := Give(1, card(t, "3C"), card(t, "4D"))
	s = mustApply(t, s, give)
	if got, want := s.bastardGave, set(t, "X2 2S"); got != want {
		t.Errorf("the Bastard gave %v, want %v", got, want)
	}
	if !s.hands[1].Contains(set(t, "X2 2S")) || !s.hands[3].Contains(set(t, "3C 4D")) {
		t.Errorf("the cards did not change hands: King %v, Bastard %v", s.hands[1], s.hands[3])
	}
	if s.phase != PhasePlay || s.toAct != 3 {
		t.Errorf("after the exchange: %v, %v to act; want P4 (now holding 3♣) to lead", s.phase, s.toAct)
	}
}

// exchangeState is round 2 after a deal by P4: P2 (King) chooses.
const exchangeState = "4p r2 exchange turn=P2 king=P2 bastard=P4 kings=0,1,0,0 bastards=0,0,0,1 rest=P4 | P1: 5C 6C 7C 8C 9C 10C JC QC KC AC 2C 5D 6D 7D | P2: 3C 4D 5H 6H 7H 8H 9H 10H JH QH KH AH 2H X1 | P3: 3D 8D 9D 10D JD QD KD AD 2D 3H 4H 3S 4S"

// lastPlayOfRoundTwo is round 2 of a game of four in which P1 was King of
// round 1, P2 is out first, and P3's last card ends the round: P2 King, P4
// Bastard.
const lastPlayOfRoundTwo = "4p r2 king=P1 bastard=P4 kings=1,0,0,0 bastards=0,0,0,1 turn=P3 out=P2,P1 | kinggave 5C 6C | bastardgave X1 X2 | P3: 9C | P4: 8C 8D 10C QH | top P4 4H"

func TestRuleScoreCountsRoundsAsKing(t *testing.T) {
	s := parse(t, "rounds=3 | "+lastPlayOfRoundTwo)
	s = mustApply(t, s, playOf(t, 3, "9C"))
	if diff := cmp.Diff([]int{1, 1, 0, 0}, s.Result().Scores); diff != "" {
		t.Errorf("scores (-want +got):\n%s", diff)
	}
	if v := ViewOf(s, 0); !cmp.Equal(v.Bastards, []int{0, 0, 0, 2}) {
		t.Errorf("rounds as Bastard %v", v.Bastards)
	}
}

func TestRuleNoEndPointWithoutARoundLimit(t *testing.T) {
	states := randomGame(t, Options{Players: 4, NoLog: true, Seed: 3, Jokers: 2}, 3, 3000)
	end := states[len(states)-1]
	if end.Over() || end.round < 3 {
		t.Errorf("a game without a limit: over %v after %d rounds", end.Over(), end.round)
	}
}
