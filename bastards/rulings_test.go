package bastards

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/google/go-cmp/cmp"
)

// The rulings, and the decisions the package took where both are silent.

func TestRulingPlayersAndDecks(t *testing.T) {
	for n, decks := range map[int]int{3: 1, 4: 1, 6: 1, 7: 2, 10: 2} {
		s, err := NewGame(Options{Players: n, Jokers: 2})
		if err != nil {
			t.Fatalf("%d players: %v", n, err)
		}
		if int(s.cfg.decks) != decks {
			t.Errorf("%d players: %d decks, want %d", n, s.cfg.decks, decks)
		}
	}
	if s, _ := NewGame(DefaultOptions()); s.Players() != 4 || s.cfg.jokers != 2 || s.cfg.rounds != DefaultRounds {
		t.Errorf("the default options seat %d players with %d jokers for %d rounds, want 4, 2, %d", s.Players(), s.cfg.jokers, s.cfg.rounds, DefaultRounds)
	}
	for _, n := range []int{-1, 0, 1, 2, 11} {
		if _, err := NewGame(Options{Players: n, Jokers: 2}); !errors.Is(err, cards.ErrBadOptions) {
			t.Errorf("%d players: %v", n, err)
		}
	}
}

func TestRulingJokersOption(t *testing.T) {
	for j, want := range map[int]int{0: 0, 1: 1, 2: 2} {
		s, err := NewGame(Options{Players: 4, Jokers: j})
		if err != nil {
			t.Fatal(err)
		}
		if got := s.cfg.deck().Intersect(allJokers).Len(); got != want {
			t.Errorf("Jokers %d: %d jokers, want %d", j, got, want)
		}
	}
	for _, j := range []int{-1, 3} {
		if _, err := NewGame(Options{Players: 4, Jokers: j}); !errors.Is(err, cards.ErrBadOptions) {
			t.Errorf("Jokers %d: %v", j, err)
		}
	}
	if _, err := NewGame(Options{Players: 4, Rounds: -1, Jokers: 2}); !errors.Is(err, cards.ErrBadOptions) {
		t.Errorf("Rounds -1: %v", err)
	}
}

func TestRulingTwoDecksAreTheStandardDeckAndItsTwins(t *testing.T) {
	s, _ := NewGame(Options{Players: 7, Jokers: 1})
	d := cards.Standard().Union(cards.Jokers(1))
	if want := d.Union(d.Twins()); s.cfg.deck() != want {
		t.Errorf("the decks hold %d cards, want %d", s.cfg.deck().Len(), want.Len())
	}
	if !s.hands[s.toAct].Has(threeOfClubs) {
		t.Error("the first deck's 3♣ does not lead")
	}
}

func TestRulingTwinsAreEqualInPlay(t *testing.T) {
	s := parse(t, "7p turn=P1 rest=P2 | P1: 7C 7C' 8D | P3: 9S | P4: 9H | P5: 10S | P6: 10H | P7: JS | pile 3C | top P7 6C'")
	if !has(s, playOf(t, 1, "7C")) {
		t.Error("a 7 does not beat a 6")
	}
	s = parse(t, "7p turn=P1 rest=P2 | P1: 7C 7C' 8D | P3: 9S | P4: 9H | P5: 10S | P6: 10H | P7: JS | pile 3C | top P7 7D'")
	if has(s, playOf(t, 1, "7C")) {
		t.Error("a 7 beats its twin rank")
	}
}

func TestRulingSetsAreAtMostQuadsWithTwoDecks(t *testing.T) {
	s := parse(t, "7p turn=P1 rest=P2 | P1: 7C 7C' 7D 7D' 7H | P3: 9S | P4: 9H | P5: 10S | P6: 10H | P7: JS | pile 4S")
	for _, m := range LegalMoves(s) {
		if m.Cards.Len() > 4 {
			t.Fatalf("listed %v", m)
		}
	}
	if !has(s, playOf(t, 1, "7C 7C' 7D 7D'")) {
		t.Error("a quad of twins is not a play")
	}
	if _, err := Apply(s, playOf(t, 1, "7C 7C' 7D 7D' 7H")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("five 7s: %v", err)
	}
}

func TestRulingTwoMayLeadAndTheSamePlayerLeadsAgain(t *testing.T) {
	s := parse(t, fourHands)
	s = mustApply(t, s, playOf(t, 2, "2H"))
	if s.toAct != 1 || !s.leading() {
		t.Errorf("after leading 2♥: %v to act, table %v; want P2 to lead again", s.toAct, s.top().describe())
	}
}

func TestRulingGoingOutWithATwoPassesTheLeadLeft(t *testing.T) {
	s := parse(t, "4p turn=P2 | P1: 5C 6D | P2: 2H | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P1 6S")
	s = mustApply(t, s, playOf(t, 2, "2H"))
	if s.toAct != 2 || !s.out.Has(1) {
		t.Errorf("%v leads after P2 went out with a 2; want P3", s.toAct)
	}
}

func TestRulingLeaderMustPlay(t *testing.T) {
	s := parse(t, fourHands)
	if has(s, passOf(2)) {
		t.Error("the leader may pass")
	}
	_, err := Apply(s, passOf(2))
	if !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("the leader passing: %v", err)
	}
}

func TestRulingAnyoneElseMayPassEvenWhenAbleToPlay(t *testing.T) {
	s := parse(t, fourHands+" | top P1 6D")
	if !has(s, passOf(2)) || !has(s, playOf(t, 2, "KC")) {
		t.Error("P2 may not pass while able to play")
	}
}

func TestRulingTrickEndsWhenEveryoneElseStillInPassed(t *testing.T) {
	s := parse(t, "4p turn=P4 out=P2 | P1: 5C 6D | P3: 6C 9C 9D AS | P4: 8C 8D 10C QH | top P3 9C")
	s = mustApply(t, s, passOf(4))
	if s.toAct != 0 {
		t.Fatalf("%v to act, want P1", s.toAct)
	}
	s = mustApply(t, s, passOf(1))
	if s.toAct != 2 || !s.leading() {
		t.Errorf("%v to act, leading %v; want P3 to lead", s.toAct, s.leading())
	}
}

func TestRulingThreeOfClubsLeadsEveryRound(t *testing.T) {
	s := parse(t, exchangeState)
	s = mustApply(t, s, Give(1, card(t, "5H"), card(t, "6H")))
	if !s.hands[s.toAct].Has(threeOfClubs) {
		t.Errorf("%v leads the second round without 3♣", s.toAct)
	}
	for _, m := range LegalMoves(s) {
		if !m.Cards.Has(threeOfClubs) {
			t.Errorf("opening move %v lacks 3♣", m)
		}
	}
}

func TestRulingBastardsGiftJokersAboveTwosAboveAces(t *testing.T) {
	for hand, want := range map[string]string{
		"3C 4C AS 2D X1":  "X1 2D",
		"3C 4C AS 2D KS":  "AS 2D",
		"3C 4C AS AD KS":  "AS AD",
		"3C 4C 5C KD KS":  "KD KS",
		"3C 4C 5C X1 X2":  "X1 X2",
		"3C 4C AS 2D 2H":  "2D 2H",
		"3C QH QS QD 10C": "QH QS",
	} {
		if got := highestTwo(set(t, hand)); got != set(t, want) {
			t.Errorf("from %s the Bastard gives %v, want %s", hand, got, want)
		}
	}
}

func TestRulingBastardsGiftAmongEqualRanksByHigherSuitAndDeck(t *testing.T) {
	for hand, want := range map[string]string{
		"AC AD AH AS 3C":    "AH AS",
		"AC AC' AD 3C 4C":   "AC' AD",
		"AS AS' 3C 4C 5C":   "AS AS'",
		"X1 X1' X2 X2' 3C":  "X1' X2'",
		"2C' 2S 3C 4C 5C'":  "2C' 2S",
		"QC QC' QD' 3C 4C ": "QC' QD'",
	} {
		if got := highestTwo(set(t, hand)); got != set(t, want) {
			t.Errorf("from %s the Bastard gives %v, want %s", hand, got, want)
		}
	}
}

func TestRulingKingChoosesFromTheHandAsDealt(t *testing.T) {
	s := parse(t, exchangeState)
	moves := LegalMoves(s)
	if n := s.hands[1].Len(); len(moves) != n*(n-1)/2 {
		t.Errorf("%d choices, want every two of %d cards", len(moves), n)
	}
	for _, m := range moves {
		if m.Kind != KindGive || !s.hands[1].Contains(m.Cards) {
			t.Fatalf("choice %v is not two of the King's dealt cards", m)
		}
	}
	// The Bastard's X2 and 2♠ are not the King's to give back.
	if _, err := Apply(s, Give(1, card(t, "X2"), card(t, "2S"))); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("giving the cards to be received: %v", err)
	}
	for _, m := range []Move{Pass(1), Play(1, card(t, "3C")), Give(1, card(t, "3C"), cards.NoCard)} {
		if _, err := Apply(s, m); !errors.Is(err, cards.ErrIllegalMove) {
			t.Errorf("%v in the exchange: %v", m, err)
		}
	}
}

func TestRulingNoExchangeInTheFirstRound(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Seed: 4, Jokers: 2})
	if s.phase != PhasePlay || s.round != 1 {
		t.Errorf("the first round opens in %v", s.phase)
	}
}

func TestRulingRoundLimitEndsTheGameMostKingsWins(t *testing.T) {
	s := parse(t, "4p rounds=3 r3 king=P1 bastard=P4 kings=1,1,0,0 bastards=0,0,0,2 turn=P3 out=P2,P1 | kinggave 5C 6C | bastardgave X1 X2 | P3: 9C | P4: 8C 8D 10C QH | top P4 4H")
	s = mustApply(t, s, playOf(t, 3, "9C"))
	if !s.Over() || s.ToAct() != 0 {
		t.Fatalf("the game is not over after its last round")
	}
	r := s.Result()
	if diff := cmp.Diff(cards.Result{Winners: cards.PlayersOf(1), Scores: []int{1, 2, 0, 0}}, r); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	if _, err := Apply(s, passOf(4)); !errors.Is(err, cards.ErrGameOver) {
		t.Errorf("a move after the end: %v", err)
	}
	if LegalMoves(s) != nil {
		t.Error("moves are listed after the end")
	}
}

func TestRulingTiedPlayersShareTheWin(t *testing.T) {
	s := parse(t, "rounds=2 | "+lastPlayOfRoundTwo)
	s = mustApply(t, s, playOf(t, 3, "9C"))
	if got := s.Result().Winners; got != cards.PlayersOf(0, 1) {
		t.Errorf("winners %v, want P1 P2", got)
	}
}

func TestDecisionAlikeCardsAreOneMove(t *testing.T) {
	s := parse(t, "4p turn=P1 | P1: 9C X1 X2 | P2: 4C 4D 7C 2H | P3: 6C 9D AS | P4: 8C 8D 10C QH | top P4 5S 5D")
	want := []Move{
		Pass(0),
		Play(0, card(t, "9C"), card(t, "X1")),
	}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("moves (-want +got):\n%s", diff)
	}
	wantRefusal(t, s, playOf(t, 1, "9C X2"), "play 9♣ 🃏 (9C X1) for this: the jokers are alike")
}

// wantRefusal checks that Apply refuses m in s as an illegal move, saying
// says.
func wantRefusal(t *testing.T, s State, m Move, says string) {
	t.Helper()
	_, err := Apply(s, m)
	if !errors.Is(err, cards.ErrIllegalMove) || !strings.Contains(err.Error(), says) {
		t.Errorf("%v: %v, want an illegal move saying %q", m, err, says)
	}
}

func TestDecisionBothJokersPlayAsOneJoker(t *testing.T) {
	s := parse(t, "4p turn=P1 | P1: 5C X1 X2 | P2: 4C 4D 7C 2H | P3: 6C 9D AS | P4: 8C 8D 10C | top P4 QH")
	var asKing []Move
	for _, m := range LegalMoves(s) {
		if m.String() == "play 🃏 as K" {
			asKing = append(asKing, m)
		}
	}
	if want := []Move{PlayJoker(0, card(t, "X1"), cards.King)}; !cmp.Equal(want, asKing) {
		t.Errorf("play 🃏 as K is listed as %v, want once, with X1", asKing)
	}
	wantRefusal(t, s, PlayJoker(0, card(t, "X2"), cards.King), "play 🃏 as K (X1) for this: the jokers are alike")
}

func TestDecisionTwinsOfTwoDecksPlayAsOne(t *testing.T) {
	s := parse(t, "7p turn=P1 rest=P2 | P1: 7C 7C' 7D' 8D X2' | P3: 9S | P4: 9H | P5: 10S | P6: 10H | P7: JS | pile 3C")
	var pairs []string
	for _, m := range LegalMoves(s) {
		if m.Cards.Len() == 2 && m.Cards.Has(card(t, "7C")) {
			pairs = append(pairs, codes(m.Cards))
		}
	}
	if want := []string{"7C 7C'", "7C 7D'", "7C X2'"}; !cmp.Equal(want, pairs) {
		t.Errorf("pairs of 7s with 7♣ listed: %q", pairs)
	}
	wantRefusal(t, s, playOf(t, 1, "7C'"), "play 7♣ (7C) for this: twin cards of the two decks are alike")
	wantRefusal(t, s, playOf(t, 1, "7C' 7D'"), "play 7♣ 7♦ (7C 7D') for this")
	wantRefusal(t, s, playOf(t, 1, "7C' 7D' X2'"), "play 7♣ 7♦ 🃏 (7C 7D' X2') for this")
}

// TestDecisionAlikeCardsAreListedOnce plays games of two decks: in every
// state, no two listed moves read alike (but for 3♣ and its twin, which
// are not alike), and each listed play or gift with an alike card put in
// for one of its own is refused, naming the listed move.
func TestDecisionAlikeCardsAreListedOnce(t *testing.T) {
	refused := 0
	for i, opts := range []Options{
		{Players: 7, Jokers: 2, Rounds: 4, Seed: 31, NoLog: true},
		{Players: 8, Jokers: 2, Rounds: 4, Seed: 32, NoLog: true},
		{Players: 10, Jokers: 1, Rounds: 4, Seed: 33, NoLog: true},
	} {
		exchanges := 0
		for _, s := range randomGame(t, opts, uint64(i), 100000) {
			if s.Phase() == PhaseExchange {
				exchanges++
			}
			listed := LegalMoves(s)
			read := map[string]Move{}
			for _, m := range listed {
				if prev, ok := read[m.String()]; ok && prev.Cards.Minus(m.Cards).Union(m.Cards.Minus(prev.Cards)) != cards.SetOf(threeOfClubs, threeOfClubs.InDeck(1)) {
					t.Fatalf("%v and %v are listed, alike:\n%s", codes(prev.Cards), codes(m.Cards), ViewOf(s, s.toAct))
				}
				read[m.String()] = m
				for c := range m.Cards.All() {
					for alike := range s.hands[m.Who].Minus(m.Cards).All() {
						if c == threeOfClubs || alike == threeOfClubs || c.IsJoker() != alike.IsJoker() || !c.IsJoker() && alike != c.InDeck(1-c.Deck()) {
							continue
						}
						other := m
						other.Cards.Remove(c)
						other.Cards.Add(alike)
						wantRefusal(t, s, other, m.String()+" ("+codes(m.Cards)+") for this")
						refused++
					}
				}
			}
		}
		if exchanges == 0 {
			t.Errorf("%+v: no exchange to try", opts)
		}
	}
	if refused < 300 {
		t.Errorf("only %d moves of alike cards tried", refused)
	}
}

func TestRulingOnlyALoneJokerIsDeclared(t *testing.T) {
	s := parse(t, fourHands+" | turn=P1 | top P4 8C 8D")
	m := playOf(t, 1, "JC X1")
	m.As = cards.Jack
	if _, err := Apply(s, m); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a declared set: %v", err)
	}
	s = parse(t, fourHands+" | turn=P1 | top P4 8C")
	if _, err := Apply(s, playOf(t, 1, "X1")); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("an undeclared lone joker: %v", err)
	}
}
