package crown

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

// The rulings, in their order, then the decisions the package took where
// both the seed and the rulings are silent.

func TestRulingFaceCardsRecruitNumberCardsActByTheirSuit(t *testing.T) {
	for c := range cards.Standard().All() {
		want := map[cards.Suit]Ability{cards.Clubs: AbilityClub, cards.Diamonds: AbilityBribe, cards.Hearts: AbilityInspire, cards.Spades: AbilityDig}[c.Suit()]
		if c.Rank() >= cards.Jack {
			want = AbilityRecruit
		}
		if got := AbilityOf(c); got != want {
			t.Errorf("%v has %v, want %v", c, got, want)
		}
	}
}

func TestRulingHandsArePrivateTheirSizesPublic(t *testing.T) {
	s := build(t, "P1 hand 7D KH 2C; P2 hand QS 4C")
	for _, tc := range []struct {
		viewer cards.Player
		hand   cards.Set
	}{{p1, set("7D KH 2C")}, {p2, set("QS 4C")}, {cards.Spectator, cards.Set{}}} {
		v := ViewOf(s, tc.viewer)
		if v.Hand != tc.hand || !slices.Equal(v.HandSizes, []int{3, 2}) {
			t.Errorf("%v sees hand %v and sizes %v", tc.viewer, v.Hand, v.HandSizes)
		}
		if !v.Revealed.Empty() {
			t.Errorf("%v sees the opponent's hand %v", tc.viewer, v.Revealed)
		}
	}
}

func TestRulingCourtsAndDiscardPilesArePublicInOrder(t *testing.T) {
	s := build(t, "P1 hand 7D | court 3C JD | pile 9S 2H; P2 hand QS | court 4H | pile KC 5D 6D")
	for _, viewer := range []cards.Player{p1, p2, cards.Spectator} {
		v := ViewOf(s, viewer)
		if diff := cmp.Diff([]cards.Set{set("3C JD"), set("4H")}, v.Courts); diff != "" {
			t.Errorf("%v's view of the courts (-want +got):\n%s", viewer, diff)
		}
		want := [][]cards.Card{{card("9S"), card("2H")}, {card("KC"), card("5D"), card("6D")}}
		if diff := cmp.Diff(want, v.Piles); diff != "" {
			t.Errorf("%v's view of the piles (-want +got):\n%s", viewer, diff)
		}
	}
}

func TestRulingTheDrawPilesOrderIsHiddenItsSizePublic(t *testing.T) {
	// Two games that differ only in which cards P2 holds and the draw pile
	// holds look the same to P1, and to a spectator.
	a := build(t, "P1 hand 7D; P2 hand QS 4C; nolog")
	b := build(t, "P1 hand 7D; P2 hand 9H 10H; nolog")
	b.rng = cards.NewRand(99)
	for _, viewer := range []cards.Player{p1, cards.Spectator} {
		if diff := cmp.Diff(ViewOf(a, viewer), ViewOf(b, viewer)); diff != "" {
			t.Errorf("%v tells the games apart (-a +b):\n%s", viewer, diff)
		}
		if v := ViewOf(a, viewer); v.DrawSize != 52-3 {
			t.Errorf("%v sees a draw pile of %d cards", viewer, v.DrawSize)
		}
	}
}

func TestRulingTheBriberSeesTheOpponentsHandWhileChoosingAndTheLogNamesTheCard(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 9D 2D; P2 hand 3S QH"), Play(p1, card("9D")), Decline(p2))
	if v := ViewOf(s, p1); v.Revealed != set("3S QH") {
		t.Errorf("the briber sees %v", v.Revealed)
	}
	for _, viewer := range []cards.Player{p2, cards.Spectator} {
		if v := ViewOf(s, viewer); !v.Revealed.Empty() {
			t.Errorf("%v sees the revealed hand %v", viewer, v.Revealed)
		}
	}
	s = mustApply(t, s, Bribe(p1, card("3S")))
	for _, viewer := range []cards.Player{p1, p2, cards.Spectator} {
		if !slices.Contains(logFor(s, viewer), "P1 bribed 3♠ from P2's hand") {
			t.Errorf("%v does not read which card was bribed", viewer)
		}
	}
}

func TestRulingTheDrawIsAutomaticNotAMove(t *testing.T) {
	s := build(t, "P1 hand 7H 2C; P2 hand 3D 4H")
	s = mustApply(t, s, Play(p1, card("7H")), Decline(p2))
	for _, m := range LegalMoves(s) {
		if m.Kind != KindPlay {
			t.Errorf("at the start of P2's turn %v is listed", m)
		}
	}
	if s.hands[p2].Len() != 3 {
		t.Errorf("P2 holds %v: the turn's draw has not happened", s.hands[p2])
	}
}

func TestRulingNothingIsDrawnWhenTheDrawPileAndBothDiscardPilesAreEmpty(t *testing.T) {
	s := build(t, "P1 hand 7H 2C; P2 court 5D; draw -; rest P2 hand")
	s = mustApply(t, s, Play(p1, card("7H")), Decline(p2))
	if s.Mover() != p2 || s.DrawSize() != 0 {
		t.Fatalf("%v moves with %d cards to draw", s.Mover(), s.DrawSize())
	}
	if got := lastEvents(s, p1, 1)[0]; got != "P2 drew nothing: no card is left to draw" {
		t.Errorf("the log says %q", got)
	}
}

func TestRulingTheDecreesOtherCardGoesFirstTheFaceCardOnTop(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7D 2C; P2 hand 3D QC | pile 9S"), Play(p1, card("7D")), Decree(p2, card("QC"), card("3D")))
	if got := pileOf(s, p2); got != "9S 3D QC" {
		t.Errorf("P2's pile is %q, want 9S 3D QC", got)
	}
}

func TestRulingTheExchangeEndsAtTheFirstDecline(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7C KD 2C; P2 hand 3D QC 4H | court 8S"),
		Play(p1, card("7C")), Decree(p2, card("QC"), card("3D")), Decline(p1))
	if s.Phase() != PhasePlay || s.Mover() != p2 {
		t.Errorf("after one decree and a decline: %v of %v", s.Phase(), s.Mover())
	}
	for _, m := range LegalMoves(s) {
		if m.Kind == KindDecree {
			t.Errorf("%v is listed after the exchange ended", m)
		}
	}
}

func TestRulingACanceledCardGoesOnTopOfItsOwnersPileAndTheTurnEnds(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7C KD 2C QS | pile 5S; P2 hand 3D QC 4H JH 8H | court 8S"),
		Play(p1, card("7C")),
		Decree(p2, card("QC"), card("3D")),
		Decree(p1, card("KD"), card("2C")),
		Decree(p2, card("JH"), card("4H")),
		Decline(p1))
	if got := pileOf(s, p1); got != "5S 2C KD 7C" {
		t.Errorf("P1's pile is %q, want the canceled 7C on top", got)
	}
	if s.courts[p2] != set("8S") || s.Mover() != p2 || s.Phase() != PhasePlay {
		t.Errorf("the Club acted or the turn went on: P2's court %v, %v of %v", s.courts[p2], s.Phase(), s.Mover())
	}
}

func TestRulingAnAbilityWithNothingToActOnAsksNoChoice(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7C 2C; P2 hand 3D"), Play(p1, card("7C")), Decline(p2))
	if s.Phase() != PhasePlay || s.Mover() != p2 {
		t.Errorf("a Club against an empty court waits: %v of %v", s.Phase(), s.Mover())
	}
}

func TestRulingDigChoosesANonEmptyDiscardPile(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7S 2C | pile 4D; P2 hand 3D"), Play(p1, card("7S")), Decline(p2))
	if diff := cmp.Diff([]Move{Dig(p1, p1, card("4D"))}, LegalMoves(s)); diff != "" {
		t.Errorf("the Dig's choices (-want +got):\n%s", diff)
	}
	refused(t, s, Dig(p1, p2, card("4D")), cards.ErrIllegalMove, "P2's discard pile is empty")
	refused(t, s, Dig(p1, 2, card("4D")), cards.ErrIllegalMove, "dig from your discard pile or P2's")
}

func TestRulingInspireOnAFaceCardOfAnySuitGivesRecruit(t *testing.T) {
	for _, face := range []string{"KC", "QD", "JH", "KS"} {
		s := mustApply(t, build(t, "P1 hand 7H 2C | court "+face+"; P2 hand 3D | court 4D"), Play(p1, card("7H")), Decline(p2))
		if diff := cmp.Diff([]Move{Inspire(p1, AbilityRecruit)}, LegalMoves(s)); diff != "" {
			t.Errorf("Inspire with %s (-want +got):\n%s", face, diff)
		}
		refused(t, s, Inspire(p1, AbilityClub), cards.ErrIllegalMove)
	}
}

func TestRulingRecruitNeverReshuffles(t *testing.T) {
	s := build(t, "P1 hand QC 2C; P2 hand 3D | pile 4D 5D; draw -; rest P1 pile")
	s = mustApply(t, s, Play(p1, card("QC")), Decline(p2))
	if s.hands[p1] != set("2C") {
		t.Errorf("P1 recruited from the discard piles: %v", s.hands[p1])
	}
}

func TestRulingTheCourtIsCheckedAfterTheAbility(t *testing.T) {
	// 2♣ completes Royal Council, but its Club acts first.
	s := mustApply(t, build(t, "P1 hand 2C | court 3D 4H 5S KS; P2 hand 6S | court 7S 8S"), Play(p1, card("2C")), Decline(p2))
	if s.Over() || s.Phase() != PhaseAbility {
		t.Fatalf("the game is over before the Club: %v", s.Phase())
	}
	s = mustApply(t, s, Club(p1, card("8S")))
	if s.Winner() != p1 || s.WonWith() != RoyalCouncil {
		t.Errorf("winner %v with %v after the Club", s.Winner(), s.WonWith())
	}
	if got := lastEvents(s, p1, 2); !slices.Equal(got, []string{"P1 clubbed P2's 8♠", "P1 completed Royal Council and won the game"}) {
		t.Errorf("the log ends %q", got)
	}
}

func TestRulingACourtMayHoldMoreCardsThanTheConditionNeeds(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand KD | court AC 2C 3D 4H 9S 10S; P2 hand 6S"), Play(p1, card("KD")), Decline(p2))
	if s.Winner() != p1 || s.WonWith() != RoyalCouncil {
		t.Errorf("no win with a court of 7 cards")
	}
}

func TestRulingTwoConditionsAlwaysCountTheVariantsEachByItsOption(t *testing.T) {
	always := RoyalCouncil.Set() | FactionSupremacy.Set()
	for _, tc := range []struct {
		bloc, house, line bool
		want              Conditions
	}{
		{false, false, false, always},
		{true, false, false, always | RoyalBloc.Set()},
		{false, true, false, always | UnitedHouse.Set()},
		{false, false, true, always | LineOfSuccession.Set()},
		{true, true, true, allConditions},
	} {
		o := DefaultOptions()
		o.RoyalBloc, o.UnitedHouse, o.LineOfSuccession = tc.bloc, tc.house, tc.line
		s, err := NewGame(o)
		if err != nil {
			t.Fatal(err)
		}
		if s.Conditions() != tc.want {
			t.Errorf("options %+v count conditions %b, want %b", o, s.Conditions(), tc.want)
		}
	}
}

func TestRulingMaxTurnsIsOffByDefaultAndCallsADraw(t *testing.T) {
	if DefaultOptions().MaxTurns != 0 {
		t.Error("the default options limit the turns")
	}
	s := build(t, "P1 hand 7H 2C; P2 hand 3D 4H; turn 3; max 4")
	s = mustApply(t, s, Play(p1, card("7H")), Decline(p2))
	if s.Over() || s.Turn() != 4 {
		t.Fatalf("turn %d, over %v: the game ended before its last turn", s.Turn(), s.Over())
	}
	s = mustApply(t, s, Play(p2, card("4H")), Decline(p1))
	if r := s.Result(); !s.Over() || !s.Drawn() || s.Winner() != cards.Spectator || r.Winners != cards.PlayersOf(p1, p2) || !r.Drawn {
		t.Errorf("after turn 4 of 4: over %v, drawn %v, winner %v, result %+v", s.Over(), s.Drawn(), s.Winner(), s.Result())
	}
	if got := lastEvents(s, p1, 1)[0]; got != "the game ended in a draw after 4 turns" {
		t.Errorf("the log says %q", got)
	}
	for _, bad := range []int{-1, MaxTurnsLimit + 1} {
		o := DefaultOptions()
		o.MaxTurns = bad
		if _, err := NewGame(o); !errors.Is(err, cards.ErrBadOptions) {
			t.Errorf("MaxTurns %d: %v", bad, err)
		}
	}
}

func TestRulingPlayerZeroPlaysFirstAndIsDealtFour(t *testing.T) {
	o := DefaultOptions()
	o.NoLog = true
	s, _ := NewGame(o)
	if s.Mover() != 0 || s.ToAct() != cards.PlayersOf(0) {
		t.Errorf("%v plays first", s.Mover())
	}
	for _, n := range []int{0, 1, 3} {
		o.Players = n
		if _, err := NewGame(o); !errors.Is(err, cards.ErrBadOptions) {
			t.Errorf("%d players: %v", n, err)
		}
	}
}

func TestDecisionTheFirstPlayerDrawsInTheFirstTurnToo(t *testing.T) {
	s, _ := NewGame(DefaultOptions())
	if got := logFor(s, p1)[3]; got[:len("P1 drew ")] != "P1 drew " || s.hands[p1].Len() != FirstHand+1 {
		t.Errorf("P1's first turn begins with %q and %d cards", got, s.hands[p1].Len())
	}
}

func TestDecisionADecreesOtherCardMayBeAFaceCardEitherOnTop(t *testing.T) {
	s := build(t, "P1 hand 7D; P2 hand KS QD; played 5C")
	want := []Move{Decline(p2), Decree(p2, card("QD"), card("KS")), Decree(p2, card("KS"), card("QD"))}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("P2's choices (-want +got):\n%s", diff)
	}
	if a, b := mustApply(t, s, want[1]), mustApply(t, s, want[2]); pileOf(a, p2) != "KS QD" || pileOf(b, p2) != "QD KS" {
		t.Errorf("the two orders give piles %q and %q", pileOf(a, p2), pileOf(b, p2))
	}
}

func TestDecisionAPlayerIsAskedToDecreeEvenWithoutADecree(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7D 8D; P2 hand 2C"), Play(p1, card("7D")))
	if s.ToAct() != cards.PlayersOf(p2) {
		t.Errorf("%v acts, want P2 to decline", s.ToAct())
	}
	s = mustApply(t, build(t, "P1 hand 7D 8D; P2 hand KC 2C"), Play(p1, card("7D")), Decree(p2, card("KC"), card("2C")))
	if s.ToAct() != cards.PlayersOf(p1) {
		t.Errorf("%v acts, want P1 to answer", s.ToAct())
	}
}

func TestDecisionInspireNamesTheAbilityEachOnce(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7H 2C | court 3C 9C 10C 4S; P2 hand 3D | court 5D"), Play(p1, card("7H")), Decline(p2))
	want := []Move{Inspire(p1, AbilityClub), Inspire(p1, AbilityDig)}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("the Inspire's choices (-want +got):\n%s", diff)
	}
	if got := Inspire(p1, AbilityClub).String(); got != "inspire to club" {
		t.Errorf("the move reads %q", got)
	}
}

func TestDecisionInspireOffersAnAbilityThatThenFindsNothing(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7H 2C | court 3C; P2 hand 3D"), Play(p1, card("7H")), Decline(p2))
	if diff := cmp.Diff([]Move{Inspire(p1, AbilityClub)}, LegalMoves(s)); diff != "" {
		t.Errorf("the Inspire's choices (-want +got):\n%s", diff)
	}
	s = mustApply(t, s, Inspire(p1, AbilityClub))
	if s.Mover() != p2 || !slices.Contains(logFor(s, p1), "P1's Club had nothing to act on: P2's court is empty") {
		t.Errorf("the inspired Club acted on something")
	}
}

func TestDecisionAChoiceOfOneIsStillAsked(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7C 2C; P2 hand 3D | court 9H"), Play(p1, card("7C")), Decline(p2))
	if diff := cmp.Diff([]Move{Club(p1, card("9H"))}, LegalMoves(s)); diff != "" {
		t.Errorf("the Club's choices (-want +got):\n%s", diff)
	}
}

func TestDecisionAnEmptyHandedTurnEndsAtOnce(t *testing.T) {
	// The draw pile and discard piles are empty; P2 holds nothing.
	s := build(t, "P1 hand 2D 3D; P2 court 6C 7C 8C 9C 6D 7D 8D 9D 6H 7H 8H 9H 6S 7S 8S 9S; draw -; rest P1 hand")
	s = mustApply(t, s, Play(p1, card("2D")), Decline(p2))
	if s.Turn() != 3 || s.Mover() != p1 || s.Phase() != PhasePlay {
		t.Fatalf("turn %d of %v in %v, want P1's turn 3", s.Turn(), s.Mover(), s.Phase())
	}
	want := []string{
		"P1's Bribe had nothing to act on: P2's hand is empty",
		"P2 drew nothing: no card is left to draw",
		"P2 had no card to play",
		"P1 drew nothing: no card is left to draw",
	}
	if got := lastEvents(s, p2, 4); !slices.Equal(got, want) {
		t.Errorf("the log ends %q, want %q", got, want)
	}
}

func TestDecisionTheFirstConditionIsNamedWhenSeveralAreCompleted(t *testing.T) {
	// 10♣ gives five ♣ Number cards: Faction Supremacy and United House.
	s := mustApply(t, build(t, "P1 hand 10C | court 2C 4C 6C 8C 3D; P2 hand 6S; variants house"), Play(p1, card("10C")), Decline(p2))
	if s.WonWith() != FactionSupremacy {
		t.Errorf("won with %v, want Faction Supremacy", s.WonWith())
	}
}

func TestDecisionScoresTellHowNearACourtIsToAWin(t *testing.T) {
	s := build(t, "P1 hand 2D | court 3C 4D 5H; P2 hand 6S | court JC QC KC JD; variants bloc")
	if got := []int{s.Score(p1), s.Score(p2)}; !slices.Equal(got, []int{3, 4}) {
		t.Errorf("scores %v, want [3 4]: 2 cards short of Royal Council, 1 of Faction Supremacy", got)
	}
	if got := s.Result(); got.Winners != 0 || !slices.Equal(got.Scores, []int{3, 4}) {
		t.Errorf("result %+v", got)
	}
}

func TestDecisionDrawsComeFromTheDrawPileByTheStatesRandomSource(t *testing.T) {
	o := DefaultOptions()
	hands := map[cards.Set]bool{}
	for seed := range cards.Seed(30) {
		o.Seed = seed
		a, _ := NewGame(o)
		b, _ := NewGame(o)
		if a.hands != b.hands || a.draw != b.draw {
			t.Fatalf("seed %d deals two games", seed)
		}
		hands[a.hands[p1]] = true
	}
	if len(hands) < 30 {
		t.Errorf("30 seeds dealt only %d hands", len(hands))
	}
}
