package ninekingdoms

import (
	"testing"

	"github.com/cardrules/games/cards"
)

// Tests of the nine kingdoms' abilities and of the seed's worked examples.

func TestRuleKingdom1ClaimsOnATie(t *testing.T) {
	s := build(t, "P1 pair 5 9 | tableau 1 5 | kingdoms 1; P2 pair 8 8 | tableau 5 5; turn P1")
	s = play(t, s, Claim(0, 5))
	if s.Owner(5) != 0 {
		t.Fatalf("Kingdom 5 held by %v", s.Owner(5))
	}
	// Without Kingdom 1, a tie is not enough.
	s = build(t, "P1 pair 5 9 | tableau 1 5; P2 pair 8 8 | tableau 5 5; turn P1")
	refused(t, s, Claim(0, 5), "as many 5s")
	// Kingdom 1 does not make a claim of no card.
	s = build(t, "P1 pair 3 9 | tableau 1 | kingdoms 1; P2 pair 8 8; turn P1")
	refused(t, s, Claim(0, 5), "no 5")
}

func TestRuleKingdom2DoublesTheScoringPile(t *testing.T) {
	s := build(t, "P1 pair 3 9 | tableau 2 | pile $ $ | kingdoms 2; P2 pair 8 8 | tableau 2 | pile $ $ $; turn P1")
	if got := s.Points(0); got != 2+2*2 {
		t.Errorf("P1 with Kingdom 2 and two pile cards: %d points", got)
	}
	if got := s.Points(1); got != 3 {
		t.Errorf("P2 with three pile cards: %d points", got)
	}
}

func TestRuleKingdom3FlankDiscardsTwoCards(t *testing.T) {
	// From two players.
	s := build(t, "P1 pair 5 6 | tableau 3 | kingdoms 3; P2 pair 8 8 | tableau 4 7; P3 pair 9 9 | tableau 4; turn P1")
	s = play(t, s, Flank(0, 1, 4))
	if s.stage != StageSecond {
		t.Fatalf("stage %v after the first discard", s.stage)
	}
	wantMoves(t, s, "P1 claim Kingdom 5", "P1 claim Kingdom 6", "P1 flank P2: discard 7", "P1 flank P3: discard 4", "P1 decline")
	s = play(t, s, Flank(0, 2, 4))
	wantGroup(t, "P2's tableau", s.tableau[1], "7")
	wantGroup(t, "P3's tableau", s.tableau[2], "")
	wantMoves(t, s, "P1 claim Kingdom 5", "P1 claim Kingdom 6", "P1 end turn")
	// Or both from one player.
	s = build(t, "P1 pair 5 6 | tableau 3 | kingdoms 3; P2 pair 8 8 | tableau 4 7; turn P1")
	s = play(t, s, Flank(0, 1, 7), Flank(0, 1, 4))
	wantGroup(t, "P2's tableau", s.tableau[1], "")
	// Without Kingdom 3 the Flank discards one card.
	s = build(t, "P1 pair 5 6; P2 pair 8 8 | tableau 4 7; turn P1")
	s = play(t, s, Flank(0, 1, 7))
	wantMoves(t, s, "P1 claim Kingdom 5", "P1 claim Kingdom 6", "P1 end turn")
}

func TestRuleKingdom4AllowsOnlyADirectBribe(t *testing.T) {
	s := build(t, "P1 pair 6 $; P2 pair 8 8 | tableau 4 5 6 7 | kingdoms 4; P3 pair 9 9 | tableau 5 7; turn P1")
	wantMoves(t, s, "P1 bribe P2: take 6", "P1 bribe P3: take 5", "P1 bribe P3: take 7", "P1 decline")
	refused(t, s, Bribe(0, 1, 5), "P2 holds Kingdom 4: a Bribe may take only a 6")
	s = build(t, "P1 pair 6 $; P2 pair 8 8 | tableau 4 5 7 | kingdoms 4; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 6", "P1 decline")
}

func TestRuleKingdom5CannotBeTargetedByAFlank(t *testing.T) {
	s := build(t, "P1 pair 4 5; P2 pair 8 8 | tableau 3 5 6 | kingdoms 5; P3 pair 9 9 | tableau 6; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 flank P3: discard 6", "P1 decline")
	refused(t, s, Flank(0, 1, 3), "P2 holds Kingdom 5 and cannot be targeted by a Flank")
	// A Siege may target them.
	s = build(t, "P1 pair 4 6; P2 pair 8 8 | tableau 5 5 | kingdoms 5; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 claim Kingdom 6", "P1 siege P2: discard 5", "P1 decline")
}

func TestRuleKingdom6PutsTheBribeMoneyInYourOwnScoringPile(t *testing.T) {
	s := build(t, "P1 pair 5 $ | tableau 6 | kingdoms 6; P2 pair 8 8 | tableau 4; turn P1")
	s = play(t, s, Bribe(0, 1, 4))
	wantGroup(t, "P1's scoring pile", s.pile[0], "$")
	wantGroup(t, "P2's scoring pile", s.pile[1], "")
	wantGroup(t, "P1's tableau", s.tableau[0], "4 5 6")
	wantLog(t, s, "P1 bribed P2: the $ went to P1's own scoring pile (Kingdom 6), and P1 took P2's 4")
}

func TestRuleKingdom7DiscardsOneOfTheAttackersCards(t *testing.T) {
	// A Siege.
	s := build(t, "P1 pair 4 6; P2 pair 8 8 | tableau 5 7 | kingdoms 7; P3 pair 9 9 | tableau 5; turn P1")
	s = play(t, s, Siege(0, 1, 5))
	if s.ToAct() != cards.PlayersOf(1) || s.phase != PhaseReact {
		t.Fatalf("after the Siege: %v to act, phase %v", s.ToAct(), s.phase)
	}
	wantMoves(t, s, "P2 counter: discard 4", "P2 counter: discard 6", "P2 decline")
	refused(t, s, Counter(1, 5), "one of the two cards P1 played")
	refused(t, s, End(0), "P2 is deciding whether to answer the attack with Kingdom 7")
	s = play(t, s, Counter(1, 6))
	wantGroup(t, "P1's tableau", s.tableau[0], "4")
	wantLog(t, s, "P2 answered with Kingdom 7 and discarded P1's 6")
	if s.ToAct() != cards.PlayersOf(0) {
		t.Fatalf("after the answer: %v to act", s.ToAct())
	}
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 end turn")
	// A Flank; the holder may decline.
	s = build(t, "P1 pair 2 3; P2 pair 8 8 | tableau 1 7 | kingdoms 7; turn P1")
	s = play(t, s, Flank(0, 1, 1))
	wantMoves(t, s, "P2 counter: discard 2", "P2 counter: discard 3", "P2 decline")
	s = play(t, s, Decline(1))
	wantGroup(t, "P1's tableau", s.tableau[0], "2 3")
	// Not targeted, no answer.
	s = build(t, "P1 pair 4 6; P2 pair 8 8 | tableau 5 7 | kingdoms 7; P3 pair 9 9 | tableau 5; turn P1")
	s = play(t, s, Siege(0, 2, 5))
	if s.phase != PhaseTurn {
		t.Fatalf("P3 was hit, yet phase %v", s.phase)
	}
}

func TestRuleKingdom8MovesATableauCardToTheScoringPileOnceATurn(t *testing.T) {
	s := build(t, "P1 pair 2 2 | tableau 8 | kingdoms 8; P2 pair 9 9; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 2", "P1 stash 2", "P1 stash 8", "P1 end turn")
	s = play(t, s, Stash(0, 2))
	wantGroup(t, "P1's tableau", s.tableau[0], "2 8")
	wantGroup(t, "P1's scoring pile", s.pile[0], "2")
	refused(t, s, Stash(0, 8), "once a turn")
	wantMoves(t, s, "P1 claim Kingdom 2", "P1 end turn")
	// Stashing one's last 8 gives up Kingdom 8.
	s = build(t, "P1 pair 3 3 | tableau 8 | kingdoms 8; P2 pair 9 9; turn P1")
	s = play(t, s, Stash(0, 8))
	if s.Owner(8) != cards.Spectator {
		t.Fatalf("Kingdom 8 held by %v", s.Owner(8))
	}
	// Others may not.
	s = build(t, "P1 pair 3 3; P2 pair 9 9 | tableau 8 | kingdoms 8; turn P1")
	refused(t, s, Stash(0, 3), "only the holder of Kingdom 8")
}

func TestRuleKingdom9HasNoEffect(t *testing.T) {
	with := build(t, "P1 pair 4 6 | tableau 9 | kingdoms 9; P2 pair 8 8 | tableau 5; turn P1")
	without := build(t, "P1 pair 4 6 | tableau 9; P2 pair 8 8 | tableau 5; turn P1")
	if a, b := len(LegalMoves(with)), len(LegalMoves(without)); a != b-1 { // less the claim of 9
		t.Fatalf("%d moves with Kingdom 9, %d without", a, b)
	}
	if with.Points(0) != 9 {
		t.Fatalf("Kingdom 9 scores %d", with.Points(0))
	}
}

// The seed's worked examples ("You may for instance…"), as written.

func TestRuleExamplePlaySixAndMoneyClaimKingdom6ThenBribe(t *testing.T) {
	// "Play 6 and $, claim Kingdom 6 and then add the $ card to your
	// scoring pile and take a 5, 6, or 7 from another player's tableau."
	s := build(t, "P1 pair 6 $; P2 pair 8 8 | tableau 5 6 7; turn P1")
	refused(t, s, Claim(0, 6), "as many 6s")
	s = build(t, "P1 pair 6 $ | tableau 6; P2 pair 8 8 | tableau 5 6 7; turn P1")
	s = play(t, s, Claim(0, 6))
	wantMoves(t, s, "P1 bribe P2: take 5", "P1 bribe P2: take 6", "P1 bribe P2: take 7", "P1 decline")
	s = play(t, s, Bribe(0, 1, 7))
	wantGroup(t, "P1's scoring pile", s.pile[0], "$")
	wantGroup(t, "P1's tableau", s.tableau[0], "6 6 7")
	wantGroup(t, "P2's tableau", s.tableau[1], "5 6")
}

func TestRuleExamplePlayThreeAndFourClaimKingdom3ThenFlankTwice(t *testing.T) {
	// "Play a 3 and a 4, claim Kingdom 3 and then Flank Attack to discard
	// both a 2 and a 5 from other players' tableaus."
	s := build(t, "P1 pair 3 4; P2 pair 8 8 | tableau 2 9; P3 pair 9 9 | tableau 5 7; turn P1")
	s = play(t, s, Claim(0, 3), Flank(0, 1, 2), Flank(0, 2, 5))
	wantGroup(t, "P2's tableau", s.tableau[1], "9")
	wantGroup(t, "P3's tableau", s.tableau[2], "7")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 end turn")
}

func TestRuleExamplePlayTwoEightsClaimKingdom8StashOneAndKeepIt(t *testing.T) {
	// "Play two 8s to claim Kingdom 8 from another player who have only one
	// 8 and then add one of the two 8s to your scoring pile and still keep
	// Kingdom 8."
	s := build(t, "P1 pair 8 8; P2 pair 9 9 | tableau 8 | kingdoms 8; turn P1")
	s = play(t, s, Claim(0, 8), Stash(0, 8))
	wantGroup(t, "P1's tableau", s.tableau[0], "8")
	wantGroup(t, "P1's scoring pile", s.pile[0], "8")
	if s.Owner(8) != 0 {
		t.Fatalf("Kingdom 8 held by %v", s.Owner(8))
	}
	// P2, tied at one 8, cannot take it back in their turn.
	s = play(t, s, End(0))
	refused(t, s, Claim(1, 8), "as many 8s")
}
