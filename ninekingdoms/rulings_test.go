package ninekingdoms

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// Tests of the rulings, and of the package's own decisions where the seed
// and the rulings are silent (see the package documentation).

func TestRulingHandsPairsAndFaceDownDiscardsArePrivate(t *testing.T) {
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9; P3 hand 4 4 4 7 8")
	s = play(t, s, Choose(1, 3, 9))
	for _, p := range []cards.Player{cards.Spectator, 0, 1, 2} {
		v := ViewOf(s, p)
		var wantHand, wantPair, wantDiscards Counts
		if p >= 0 {
			wantHand, wantPair, wantDiscards = s.hand[p], s.pair[p], s.hidden[p]
		}
		if v.Hand != wantHand || v.Chosen != wantPair || v.YourDiscards != wantDiscards {
			t.Errorf("%v sees hand %v, pair %v, discards %v", p, v.Hand, v.Chosen, v.YourDiscards)
		}
		if got := jsonOf(t, v); p != 1 && (strings.Contains(got, `"1","3"`) || strings.Contains(got, `"3","9"`)) {
			t.Errorf("%v's view shows P2's cards: %s", p, got)
		}
	}
}

func TestRulingTableauKingdomsAndSizesArePublic(t *testing.T) {
	s := build(t, "P1 tableau 5 5 | pile $ $ | kingdoms 5; P2 pair 3 9 | tableau 7 | pile 7; turn P2")
	v := ViewOf(s, cards.Spectator)
	if v.Tableaus[0] != group(t, "5 5") || v.Tableaus[1] != group(t, "3 7 9") || v.Kingdoms[4] != 0 {
		t.Errorf("tableaus %v, Kingdom 5 held by %v", v.Tableaus, v.Kingdoms[4])
	}
	if v.First != 0 || v.Round != s.Round() || v.PileSizes[0] != 2 || v.PileSizes[1] != 1 || v.Deck != int(s.deckLen) {
		t.Errorf("first %v, round %d, pile sizes %v, deck %d", v.First, v.Round, v.PileSizes, v.Deck)
	}
}

func TestRulingScoringPileContentsAreKnownToTheirOwnerOnly(t *testing.T) {
	s := build(t, "P1 pair 3 9 | pile $ $; P2 pair 8 8 | pile 7 $; turn P1")
	for p, want := range map[cards.Player]string{0: "$ $", 1: "7 $", cards.Spectator: ""} {
		v := ViewOf(s, p)
		wantGroup(t, p.String()+"'s view of their pile", v.Pile, want)
		if v.PileSizes[0] != 2 || v.PileSizes[1] != 2 {
			t.Errorf("%v sees pile sizes %v", p, v.PileSizes)
		}
	}
}

func TestRulingChoiceNamesItsCardsInOrder(t *testing.T) {
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9")
	if Choose(0, Money, 6) != Choose(0, 6, Money) {
		t.Fatal("Choose does not put its cards in order")
	}
	refused(t, s, Move{Who: 0, Kind: KindChoose, Pair: [2]Card{Money, 6}}, "name the two cards in order")
	refused(t, s, Move{Who: 0, Kind: KindChoose, Pair: [2]Card{6, 5}}, "choose 5 6")
	play(t, s, Choose(0, Money, 6))
}

func TestRulingRevealIsAutomaticSoKingdom8ComesAfterIt(t *testing.T) {
	// The last choice reveals the first player's pair at once: no move of
	// theirs, Kingdom 8 included, comes before it.
	s := build(t, "P1 hand 2 2 4 6 $ | tableau 8 | kingdoms 8; P2 hand 1 3 3 9 9; round 2")
	s = play(t, s, Choose(1, 3, 3), Choose(0, 2, 2))
	wantGroup(t, "P1's tableau", s.tableau[0], "2 2 8")
	wantMoves(t, s, "P1 claim Kingdom 2", "P1 stash 2", "P1 stash 8", "P1 end turn")
}

func TestRulingKingdom8OnlyInTheHoldersTurn(t *testing.T) {
	s := build(t, "P1 pair 3 3; P2 pair 9 9 | tableau 8 | kingdoms 8; turn P1")
	if _, err := Apply(s, Stash(1, 8)); !errors.Is(err, cards.ErrNotYourTurn) {
		t.Fatalf("P2 stashes in P1's turn: %v", err)
	}
}

func TestRulingProtectionsCanBeLiftedByClaimingTheKingdom(t *testing.T) {
	// P2's Kingdom 4 lets the Bribe take only a 6, which P2 lacks; P1
	// claims Kingdom 4 from P2 first, and may then take the 5.
	s := build(t, "P1 pair 6 $ | tableau 4 4; P2 pair 8 8 | tableau 4 5 | kingdoms 4; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 claim Kingdom 6", "P1 decline")
	s = play(t, s, Claim(0, 4), Bribe(0, 1, 5))
	wantGroup(t, "P1's tableau", s.tableau[0], "4 4 5 6")
	// Likewise Kingdom 5 against a Flank.
	s = build(t, "P1 pair 6 7 | tableau 5 5; P2 pair 8 8 | tableau 5 | kingdoms 5; turn P1")
	wantMoves(t, s, "P1 claim Kingdom 5", "P1 claim Kingdom 6", "P1 claim Kingdom 7", "P1 decline")
	s = play(t, s, Claim(0, 5), Flank(0, 1, 5))
	if s.Owner(5) != 0 || s.tableau[1].Len() != 0 {
		t.Fatalf("Kingdom 5 held by %v; P2's tableau %v", s.Owner(5), s.tableau[1])
	}
}

func TestRulingKingdom7AnswersRightAfterTheDiscardOncePerAttack(t *testing.T) {
	// P1 holds Kingdom 3 and flanks P2, who holds Kingdom 7, twice: P2
	// answers after the first discard, before the second, and not again.
	s := build(t, "P1 pair 5 6 | tableau 3 | kingdoms 3; P2 pair 8 8 | tableau 4 7 7 | kingdoms 7; turn P1")
	s = play(t, s, Flank(0, 1, 4))
	if s.phase != PhaseReact || s.stage != StageSecond {
		t.Fatalf("phase %v, stage %v", s.phase, s.stage)
	}
	s = play(t, s, Counter(1, 5))
	if s.phase != PhaseTurn || s.stage != StageSecond {
		t.Fatalf("after the answer: phase %v, stage %v", s.phase, s.stage)
	}
	s = play(t, s, Flank(0, 1, 7))
	if s.phase != PhaseTurn || s.stage != StageNone {
		t.Fatalf("after the second discard: phase %v, stage %v", s.phase, s.stage)
	}
	wantGroup(t, "P1's tableau", s.tableau[0], "3 6")
	wantGroup(t, "P2's tableau", s.tableau[1], "7")
}

func TestRulingKingdom7HolderWhenTargetedAnswersEvenIfTheDiscardCostsIt(t *testing.T) {
	s := build(t, "P1 pair 6 8; P2 pair 9 9 | tableau 7 | kingdoms 7; turn P1")
	s = play(t, s, Siege(0, 1, 7))
	if s.Owner(7) != cards.Spectator || s.ToAct() != cards.PlayersOf(1) {
		t.Fatalf("Kingdom 7 held by %v; %v to act", s.Owner(7), s.ToAct())
	}
	s = play(t, s, Counter(1, 8))
	wantGroup(t, "P1's tableau", s.tableau[0], "6")
}

func TestRulingKingdom7DiscardsOnlyAttackCardsStillThere(t *testing.T) {
	// P1 stashes the 6 of their Siege with Kingdom 8 before attacking:
	// P2's answer may take only the 4.
	s := build(t, "P1 pair 4 6 | tableau 8 | kingdoms 8; P2 pair 9 9 | tableau 5 7 | kingdoms 7; turn P1")
	s = play(t, s, Stash(0, 6), Siege(0, 1, 5))
	wantMoves(t, s, "P2 counter: discard 4", "P2 decline")
	refused(t, s, Counter(1, 6), "P1's tableau holds no 6 any more")
	// With neither card left there is no answer to make. (The rules
	// cannot get there, Kingdom 8 moving one card a turn: the state is
	// edited by hand.)
	s = build(t, "P1 pair 4 6 | tableau 8 | kingdoms 8; P2 pair 9 9 | tableau 5 7 | kingdoms 7; turn P1")
	s = play(t, s, Stash(0, 6))
	s.tableau[0].Remove(4)
	s.seen.Add(4)
	s = play(t, s, Siege(0, 1, 5))
	if s.phase != PhaseTurn {
		t.Fatalf("phase %v: an answer with nothing to discard", s.phase)
	}
}

func TestRulingClaimsWaitWhileKingdom7Answers(t *testing.T) {
	s := build(t, "P1 pair 4 6; P2 pair 9 9 | tableau 5 7 | kingdoms 7; turn P1")
	s = play(t, s, Siege(0, 1, 5))
	if _, err := Apply(s, Claim(0, 4)); !errors.Is(err, cards.ErrNotYourTurn) {
		t.Fatalf("P1 claims while P2 answers: %v", err)
	}
}

func TestRulingSecondFlankDiscardNeedsKingdom3AfterTheFirst(t *testing.T) {
	// Claimed after the first discard, Kingdom 3 comes too late.
	s := build(t, "P1 pair 3 4; P2 pair 8 8 | tableau 2 5; turn P1")
	s = play(t, s, Flank(0, 1, 2), Claim(0, 3))
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 end turn")
	// Lost to a Kingdom 7 answer, it is gone before the second discard.
	s = build(t, "P1 pair 3 4; P2 pair 8 8 | tableau 2 5 7 | kingdoms 7; turn P1")
	s = play(t, s, Claim(0, 3), Flank(0, 1, 2), Counter(1, 3))
	if s.Owner(3) != cards.Spectator || s.stage != StageNone {
		t.Fatalf("Kingdom 3 held by %v, stage %v", s.Owner(3), s.stage)
	}
	// Given up with Kingdom 8 while the second discard waits, it leaves
	// only the choice to decline.
	s = build(t, "P1 pair 3 4 | tableau 8 | kingdoms 8; P2 pair 8 8 | tableau 2 5; turn P1")
	s = play(t, s, Claim(0, 3), Flank(0, 1, 2), Stash(0, 3))
	wantMoves(t, s, "P1 claim Kingdom 4", "P1 decline")
	refused(t, s, Flank(0, 1, 5), "needs Kingdom 3")
}

func TestRulingDiscardPileKnowledge(t *testing.T) {
	// Each player knows their own face-down discards and what was
	// discarded in sight of all, until the deck is made from the pile.
	s := build(t, "P1 hand 2 5 6 $ $; P2 hand 1 3 3 9 9 | tableau 7; round 2; seen 4")
	s = play(t, s, Choose(0, 5, 6), Choose(1, 9, 9))
	v := ViewOf(s, 0)
	wantGroup(t, "P1's face-down discards", v.YourDiscards, "2 $ $")
	wantGroup(t, "seen", v.Seen, "4")
	if v.Discards != 7 || v.FaceDown[1] != 3 {
		t.Fatalf("discards %d, P2's face-down %d", v.Discards, v.FaceDown[1])
	}
}

func TestDecisionNoTwoListedMovesAreAlike(t *testing.T) {
	// Cards of one value are interchangeable and moves name values, so
	// there are no alike moves to list once: no two listed moves leave
	// the same state.
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, s := range randomStates(t, n, true, 4) {
			after := map[State]Move{}
			for _, m := range LegalMoves(s) {
				next := play(t, s, m)
				next.log = cards.Log{} // the events differ; the game may not
				if alike, ok := after[next]; ok {
					t.Fatalf("%v %v and %v %v leave the same state", alike.Who, alike, m.Who, m)
				}
				after[next] = m
			}
		}
	}
}
