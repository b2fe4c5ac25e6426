package ninekingdoms

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// Tests of the seed's rules of components, setup and rounds, one a rule.

func TestRuleComponentsSixtyInfluenceCards(t *testing.T) {
	if fullDeck.Len() != DeckSize || fullDeck[Money] != 15 {
		t.Fatalf("deck %v: %d cards, %d $", fullDeck, fullDeck.Len(), fullDeck[Money])
	}
	for v := Card(1); v < Values; v++ {
		if fullDeck[v] != uint8(v) {
			t.Errorf("the deck has %d cards valued %v, want %d", fullDeck[v], v, v)
		}
	}
	s, err := NewGame(Options{Players: 4, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
}

func TestRuleComponentsKingdomsStartFaceUpInTheCentre(t *testing.T) {
	s, _ := NewGame(Options{Players: 2})
	v := ViewOf(s, cards.Spectator)
	for k, o := range v.Kingdoms {
		if o != cards.Spectator {
			t.Errorf("Kingdom %d starts with %v", k+1, o)
		}
	}
}

func TestRulePlayersTwoToFour(t *testing.T) {
	for n := -1; n <= 6; n++ {
		s, err := NewGame(Options{Players: n})
		if ok := n >= 2 && n <= 4; ok != (err == nil) {
			t.Errorf("%d players: error %v", n, err)
		}
		if err != nil && !errors.Is(err, cards.ErrBadOptions) {
			t.Errorf("%d players: %v does not wrap ErrBadOptions", n, err)
		}
		if n >= 2 && n <= 4 && s.Players() != n {
			t.Errorf("options for %d players seat %d", n, s.Players())
		}
	}
	if s, _ := NewGame(DefaultOptions()); s.Players() != 2 || s.Match() {
		t.Errorf("the default options are a single game for 2 players, not %d (match %v)", s.Players(), s.Match())
	}
}

// roundStarts plays a seeded game of random moves and returns the first
// player of each round as it begins, and whether the game ended after the
// sixth round.
func roundStarts(t *testing.T, n int, seed uint64) ([]cards.Player, State) {
	states, _, err := cardstest.RandomGame(Rules{}, Options{Players: n, Seed: cards.Seed(seed), NoLog: true}, seed, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	var firsts []cards.Player
	round := 0
	for _, s := range states {
		if s.Round() != round {
			round = s.Round()
			firsts = append(firsts, s.FirstPlayer())
			for p := range cards.Player(n) {
				if s.hand[p].Len() != HandSize {
					t.Fatalf("round %d: %v was dealt %v", round, p, s.hand[p])
				}
			}
		}
	}
	return firsts, states[len(states)-1]
}

func TestRuleSixRoundsFirstPlayerPassesLeft(t *testing.T) {
	for n := 2; n <= 4; n++ {
		firsts, end := roundStarts(t, n, uint64(n))
		want := []cards.Player{0, 1, 2, 3, 4, 5}
		for i := range want {
			want[i] %= cards.Player(n)
		}
		if diff := cmp.Diff(want, firsts); diff != "" {
			t.Errorf("%d players: first players of the rounds (-want +got):\n%s", n, diff)
		}
		if !end.Over() || end.Round() != Rounds {
			t.Errorf("%d players: the game ended in round %d (over %v)", n, end.Round(), end.Over())
		}
	}
}

func TestRuleFiveCardsDealtToEachPlayer(t *testing.T) {
	s, _ := NewGame(Options{Players: 4, Seed: 3})
	for p := range cards.Player(4) {
		if got := s.hand[p].Len(); got != HandSize {
			t.Errorf("%v holds %d cards", p, got)
		}
	}
	if s.deckLen != DeckSize-4*HandSize {
		t.Errorf("deck holds %d cards", s.deckLen)
	}
}

func TestRuleDiscardsShuffledIntoANewDeckWhenTheDeckRunsOut(t *testing.T) {
	s := build(t, "P1 pair 3 3; P2 tableau 5 6; round 2; first P2; turn P1; deck 4")
	discards := s.discards().Len()
	s = play(t, s, End(0))
	if s.Round() != 3 || s.phase != PhaseChoose {
		t.Fatalf("round %d, phase %v", s.Round(), s.phase)
	}
	for p := range cards.Player(2) {
		if s.hand[p].Len() != HandSize {
			t.Errorf("%v was dealt %v", p, s.hand[p])
		}
	}
	if got, want := int(s.deckLen), 4+discards-2*HandSize; got != want {
		t.Errorf("the new deck holds %d cards, want %d", got, want)
	}
	if s.discards().Len() != 0 {
		t.Errorf("the discard pile still holds %v", s.discards())
	}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	wantLog(t, s, "Round 3 began: P1 is first player",
		"The deck ran out: the dealer shuffled the 52 cards of the discard pile into a new deck",
		"The dealer dealt five cards to each player; the deck has 46 cards left",
		"P1 was dealt 5 cards", "P2 was dealt 5 cards")
}

func TestRuleChooseTwoCardsDiscardThreeFaceDown(t *testing.T) {
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9")
	s = play(t, s, Choose(0, 6, Money))
	wantGroup(t, "P1's pair", s.pair[0], "6 $")
	wantGroup(t, "P1's hand", s.hand[0], "")
	wantGroup(t, "P1's face-down discards", s.hidden[0], "2 5 $")
	if v := ViewOf(s, 1); v.Discards != 3 || v.Seen.Len() != 0 || v.YourDiscards.Len() != 0 {
		t.Errorf("P2 sees %d discards, %v seen, %v of theirs", v.Discards, v.Seen, v.YourDiscards)
	}
	wantLog(t, s, "P1 chose two cards and discarded 3 cards face down")
	if got := s.log.For(0); got[len(got)-1].Text != "P1 chose 6 $ and discarded 2 5 $ face down" {
		t.Errorf("P1 reads %v", got[len(got)-1])
	}
	refused(t, s, Choose(1, 3, 5), "does not hold 3 5")
	refused(t, s, Choose(1, 1, 1), "does not hold 1 1")
}

func TestRuleChoiceIsSimultaneous(t *testing.T) {
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9; P3 hand 4 4 4 7 8")
	if s.ToAct() != cards.AllPlayers(3) {
		t.Fatalf("to act: %v", s.ToAct())
	}
	s = play(t, s, Choose(2, 7, 8))
	if s.ToAct() != cards.PlayersOf(0, 1) {
		t.Fatalf("to act after P3 chose: %v", s.ToAct())
	}
	refused(t, s, Choose(2, 4, 4), "already chosen")
	s = play(t, s, Choose(0, 5, 6))
	if s.phase != PhaseChoose || s.ToAct() != cards.PlayersOf(1) {
		t.Fatalf("phase %v, to act %v: the turns must wait for P2", s.phase, s.ToAct())
	}
	s = play(t, s, Choose(1, 9, 9))
	if s.phase != PhaseTurn || s.ToAct() != cards.PlayersOf(0) {
		t.Fatalf("phase %v, to act %v: P1's turn must begin", s.phase, s.ToAct())
	}
}

func TestRuleChoiceIsSecretUntilAllHaveChosen(t *testing.T) {
	start := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9; P3 hand 4 4 4 7 8")
	start = play(t, start, Choose(0, 5, 6))
	// However P2 chooses, and whatever P3 then does, the others' views
	// are the same until P2's pair is revealed.
	views := map[cards.Player]string{}
	for _, m := range LegalMoves(start) {
		if m.Who != 1 {
			continue
		}
		s := play(t, start, m)
		after := play(t, s, Choose(2, 4, 4)) // everyone has chosen: P1's turn begins
		for _, st := range []State{s, after} {
			for _, p := range []cards.Player{cards.Spectator, 0, 2} {
				got := jsonOf(t, ViewOf(st, p))
				if st.phase == PhaseTurn {
					p += 10 // another entry for the view after the choices
				}
				if want, ok := views[p]; ok && got != want {
					t.Fatalf("%v's view changes with P2's choice %v:\n%s\n%s", p%10, m, want, got)
				}
				views[p] = got
			}
		}
	}
	if len(views) != 6 {
		t.Fatalf("compared %d views", len(views))
	}
}

func TestRuleTurnsInOrderFromTheFirstPlayer(t *testing.T) {
	s := build(t, "P1 hand 1 2 2 3 3; P2 hand 4 4 4 5 5; P3 hand 6 6 6 7 7; first P2")
	s = play(t, s, Choose(0, 1, 2), Choose(1, 4, 4), Choose(2, 6, 6))
	for _, p := range []cards.Player{1, 2, 0} {
		if s.phase != PhaseTurn || s.turn != p {
			t.Fatalf("phase %v, turn of %v; want %v's turn", s.phase, s.turn, p)
		}
		s = play(t, s, End(p))
	}
	if s.phase != PhaseChoose || s.Round() != 2 || s.FirstPlayer() != 2 {
		t.Fatalf("phase %v, round %d, first %v", s.phase, s.Round(), s.FirstPlayer())
	}
}

func TestRuleRevealNumberCardsToTheTableau(t *testing.T) {
	s := build(t, "P1 pair 4 9 | tableau 4; P2 pair 8 8; turn P1")
	wantGroup(t, "P1's tableau", s.tableau[0], "4 4 9")
	wantGroup(t, "P1's pair", s.pair[0], "")
	wantLog(t, s, "P1 revealed 4 9: no combination")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 claim Kingdom 9", "P1 end turn")
}

func TestRuleBuryMoneyToOwnScoringPile(t *testing.T) {
	s := build(t, "P1 pair $ $ | pile $; P2 pair 8 8; turn P1")
	wantGroup(t, "P1's scoring pile", s.pile[0], "$ $ $")
	wantGroup(t, "P1's tableau", s.tableau[0], "")
	wantLog(t, s, "P1 revealed $ $: a Bury", "P1 buried $ $ in their scoring pile")
	wantMoves(t, s, "P1 end turn")
}

func TestRuleBribeTakesXMinusOneXOrXPlusOne(t *testing.T) {
	s := build(t, "P1 pair 5 $; P2 pair 8 8 | tableau 4 5 6 7; P3 pair 9 9 | tableau 5 9; turn P1")
	wantMoves(t, s,
		"P1 bribe P2: take 4", "P1 bribe P2: take 5", "P1 bribe P2: take 6", "P1 bribe P3: take 5",
		"P1 decline")
	refused(t, s, Bribe(0, 1, 7), "reaches only a 4, 5 or 6")
	refused(t, s, Bribe(0, 2, 4), "P3's tableau holds no 4")
	refused(t, s, Bribe(0, 0, 5), "targets another player")
	refused(t, s, End(0), "first use or decline your Bribe")
	s = play(t, s, Bribe(0, 1, 6))
	wantGroup(t, "P1's tableau", s.tableau[0], "5 6")
	wantGroup(t, "P2's tableau", s.tableau[1], "4 5 7")
	wantGroup(t, "P2's scoring pile", s.pile[1], "$")
	wantGroup(t, "P1's pair", s.pair[0], "")
	wantLog(t, s, "P1 bribed P2: the $ went to P2's scoring pile, and P1 took P2's 6")
	wantMoves(t, s, "P1 claim Kingdom 6", "P1 end turn")
}

func TestRuleBribeDeclinedDiscardsTheMoney(t *testing.T) {
	s := build(t, "P1 pair 5 $; P2 pair 8 8 | tableau 4; turn P1")
	s = play(t, s, Decline(0))
	wantGroup(t, "seen discards", s.seen, "$")
	wantGroup(t, "P2's scoring pile", s.pile[1], "")
	wantLog(t, s, "P1 declined the Bribe", "P1 discarded the Bribe's $")
	wantMoves(t, s, "P1 claim Kingdom 5", "P1 end turn")
}

func TestRuleBribeImpossibleDiscardsTheMoney(t *testing.T) {
	s := build(t, "P1 pair 5 $; P2 pair 8 8 | tableau 3 7 9; turn P1")
	wantGroup(t, "seen discards", s.seen, "$")
	wantLog(t, s, "P1 revealed 5 $: a Bribe",
		"P1's Bribe had no effect: no other tableau held a card it could reach",
		"P1 discarded the Bribe's $")
	wantMoves(t, s, "P1 claim Kingdom 5", "P1 end turn")
}

func TestRuleSiegeDiscardsAnXFromAnotherTableau(t *testing.T) {
	s := build(t, "P1 pair 4 6; P2 pair 8 8 | tableau 5 5; P3 pair 9 9 | tableau 5 9; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 claim Kingdom 6",
		"P1 siege P2: discard 5", "P1 siege P3: discard 5", "P1 decline")
	refused(t, s, Siege(0, 2, 9), "reaches only a 5")
	s = play(t, s, Siege(0, 2, 5))
	wantGroup(t, "P3's tableau", s.tableau[2], "9")
	wantGroup(t, "seen discards", s.seen, "5")
	wantLog(t, s, "P1's Siege discarded P3's 5")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 claim Kingdom 6", "P1 end turn")
}

func TestRuleFlankDiscardsXMinusOneOrXPlusTwo(t *testing.T) {
	s := build(t, "P1 pair 4 5; P2 pair 8 8 | tableau 3 4 5 6 7; turn P1")
	wantMoves(t, s, "P1 flank P2: discard 3", "P1 flank P2: discard 6", "P1 decline")
	s = play(t, s, Flank(0, 1, 6))
	wantGroup(t, "P2's tableau", s.tableau[1], "3 4 5 7")
	wantLog(t, s, "P1's Flank discarded P2's 6")
	wantMoves(t, s, "P1 end turn")
}

func TestRuleAttacksMayBeDeclined(t *testing.T) {
	for _, pair := range []string{"4 6", "4 5"} {
		s := build(t, "P1 pair "+pair+"; P2 pair 8 8 | tableau 3 5 6; turn P1")
		before := s.tableau[1]
		s = play(t, s, Decline(0))
		if s.tableau[1] != before || s.stage != StageNone {
			t.Errorf("%s declined: P2's tableau %v, stage %v", pair, s.tableau[1], s.stage)
		}
		refused(t, s, Decline(0), "nothing left to decline")
	}
}

func TestRuleOtherPairsHaveNoEffect(t *testing.T) {
	for _, pair := range []string{"3 3", "2 7", "1 9", "6 9"} {
		s := build(t, "P1 pair "+pair+"; P2 pair 8 8 | tableau 2 3 4 5 6 7 8; turn P1")
		if kind, _ := s.combo(); kind != comboNone || s.stage != StageNone {
			t.Errorf("%s: %v, stage %v", pair, kind, s.stage)
		}
	}
}

func TestRuleClaimWithMoreCardsThanEveryOtherPlayer(t *testing.T) {
	tests := []struct {
		p2, p3 string
		ok     bool
		why    string
	}{
		{"5", "", true, ""},
		{"5 5", "", false, "P2 has as many 5s as you"},
		{"", "5 5 5", false, "P3 has more 5s than you"},
		{"", "", true, ""},
	}
	for _, tc := range tests {
		s := build(t, "P1 pair 5 9 | tableau 5; P2 pair 8 8 | tableau "+tc.p2+"; P3 pair 9 9 | tableau "+tc.p3+"; turn P1")
		if tc.ok {
			s = play(t, s, Claim(0, 5))
			if s.Owner(5) != 0 {
				t.Errorf("P2 %q P3 %q: Kingdom 5 held by %v", tc.p2, tc.p3, s.Owner(5))
			}
			continue
		}
		refused(t, s, Claim(0, 5), tc.why)
	}
	s := build(t, "P1 pair 5 9; P2 pair 8 8; turn P1")
	refused(t, s, Claim(0, 4), "you have no 4 in your tableau")
	refused(t, s, Claim(0, 10), "there is no Kingdom 10")
	s = play(t, s, Claim(0, 9))
	refused(t, s, Claim(0, 9), "you already hold Kingdom 9")
}

func TestRuleClaimFromTheCentreOrFromItsHolder(t *testing.T) {
	s := build(t, "P1 pair 5 8 | tableau 5; P2 pair 8 8 | tableau 5 8 | kingdoms 5 8; turn P1")
	s = play(t, s, Claim(0, 5))
	wantLog(t, s, "P1 claimed Kingdom 5 from P2")
	if s.Owner(5) != 0 || s.Owner(8) != 1 {
		t.Fatalf("Kingdom 5 held by %v, 8 by %v", s.Owner(5), s.Owner(8))
	}
	refused(t, s, Claim(0, 8), "P2 has as many 8s as you")
}

func TestRuleClaimAnyTimeInYourTurnAsManyAsYouCan(t *testing.T) {
	s := build(t, "P1 pair 6 $ | tableau 2 3; P2 pair 8 8 | tableau 6 7; turn P1")
	// The Bribe waits while P1 claims three kingdoms.
	s = play(t, s, Claim(0, 2), Claim(0, 3))
	s = play(t, s, Bribe(0, 1, 6), Claim(0, 6))
	for _, k := range []int{2, 3, 6} {
		if s.Owner(k) != 0 {
			t.Errorf("Kingdom %d held by %v", k, s.Owner(k))
		}
	}
}

func TestRuleClaimOnlyInYourTurn(t *testing.T) {
	s := build(t, "P1 pair 4 9; P2 pair 8 8 | tableau 5; turn P1")
	_, err := Apply(s, Claim(1, 5))
	if !errors.Is(err, cards.ErrNotYourTurn) {
		t.Fatalf("P2 claims in P1's turn: %v", err)
	}
}

func TestRuleLosingYourLastCardReturnsTheKingdomAtOnce(t *testing.T) {
	s := build(t, "P1 pair 4 6; P2 pair 8 8 | tableau 5 9 | kingdoms 5 9; turn P1")
	s = play(t, s, Siege(0, 1, 5))
	if s.Owner(5) != cards.Spectator || s.Owner(9) != 1 {
		t.Fatalf("Kingdom 5 held by %v, 9 by %v", s.Owner(5), s.Owner(9))
	}
	wantLog(t, s, "P1's Siege discarded P2's 5", "P2 lost their last 5, and Kingdom 5 returned to the centre")
}

func TestRuleTurnEndsWithAnEndOfTurnMove(t *testing.T) {
	s := build(t, "P1 pair 3 3; P2 pair 8 8; turn P1")
	if s.ToAct() != cards.PlayersOf(0) {
		t.Fatalf("to act: %v", s.ToAct())
	}
	s = play(t, s, Claim(0, 3))
	if s.turn != 0 {
		t.Fatal("a claim ended the turn")
	}
	s = play(t, s, End(0))
	if s.turn != 1 || s.phase != PhaseTurn {
		t.Fatalf("after End: turn of %v, phase %v", s.turn, s.phase)
	}
	wantLog(t, s, "P1 ended their turn", "P2 revealed 8 8: no combination")
}
