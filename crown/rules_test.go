package crown

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/cardrules/games/cards"
)

// A test for each sentence of the seed's rules, in their order.

// Cards: a standard 52-card deck without Jokers; J, Q, K are Face cards,
// A to 10 Number cards.
func TestRuleStandardDeckWithoutJokersFaceAndNumberCards(t *testing.T) {
	s, err := NewGame(DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	all := s.draw
	for p := range cards.Player(Players) {
		all = all.Union(s.hands[p]).Union(s.courts[p]).Union(s.piles[p].set())
	}
	if all != cards.Standard() {
		t.Errorf("the game holds %d cards, not the 52 of the standard deck", all.Len())
	}
	for c := range cards.Standard().All() {
		face := c.Rank() >= cards.Jack
		if isFace(c) != face {
			t.Errorf("%v: Face card %v, want %v", c, isFace(c), face)
		}
	}
	for _, j := range []cards.Card{cards.Joker1, cards.Joker2} {
		if isFace(j) || AbilityOf(j) != 0 {
			t.Errorf("joker %v is a card of the game", j)
		}
	}
}

// Starting hand: the player who goes first is dealt 4 cards, the other 5;
// the rest of the deck is the draw pile.
func TestRuleFirstPlayerIsDealtFourTheOtherFiveTheRestIsTheDrawPile(t *testing.T) {
	for seed := range cards.Seed(20) {
		o := DefaultOptions()
		o.Seed = seed
		s, _ := NewGame(o)
		// P1's first turn has begun with its draw.
		if got := []int{s.hands[p1].Len(), s.hands[p2].Len(), s.DrawSize()}; !slices.Equal(got, []int{4 + 1, 5, 52 - 9 - 1}) {
			t.Fatalf("seed %d: hands and draw pile of %v cards, want [5 5 42]", seed, got)
		}
		if s.Mover() != p1 || s.Phase() != PhasePlay || s.Turn() != 1 {
			t.Fatalf("seed %d: turn %d of %v in phase %v, want P1 to play in turn 1", seed, s.Turn(), s.Mover(), s.Phase())
		}
	}
	s, _ := NewGame(DefaultOptions())
	if !slices.Contains(logFor(s, p1), "P2 was dealt 5 cards") {
		t.Errorf("the log for P1 does not say P2 was dealt 5 cards: %q", logFor(s, p1))
	}
	for _, want := range []string{"P1 was dealt 4 cards", "P1 drew a card"} {
		if !slices.Contains(logFor(s, p2), want) {
			t.Errorf("the log for P2 does not say %q: %q", want, logFor(s, p2))
		}
	}
}

// Each player has their own discard pile: a decree goes to its issuer's,
// a canceled card to its owner's.
func TestRuleEachPlayerHasTheirOwnDiscardPile(t *testing.T) {
	s := build(t, "P1 hand 7D 2C; P2 hand KS 3D 4H")
	if len(s.Pile(p1))+len(s.Pile(p2)) != 0 {
		t.Fatal("the discard piles do not start empty")
	}
	s = mustApply(t, s, Play(p1, card("7D")), Decree(p2, card("KS"), card("3D")), Decline(p1))
	if got, want := pileOf(s, p2), "3D KS"; got != want {
		t.Errorf("P2's pile is %q, want %q", got, want)
	}
	if got, want := pileOf(s, p1), "7D"; got != want {
		t.Errorf("P1's pile is %q, want %q", got, want)
	}
}

// Play: draw 1 card.
func TestRuleEachTurnBeginsWithTheDrawOfOneCard(t *testing.T) {
	s := build(t, "P1 hand 7H 2C; P2 hand 3D 4H")
	s = mustApply(t, s, Play(p1, card("7H")), Decline(p2))
	if s.Mover() != p2 || s.Turn() != 2 {
		t.Fatalf("turn %d is %v's, want P2's turn 2", s.Turn(), s.Mover())
	}
	if got := s.hands[p2].Len(); got != 3 {
		t.Errorf("P2 holds %d cards after the draw, want 3", got)
	}
	if got := s.DrawSize(); got != 52-4-1 {
		t.Errorf("the draw pile holds %d cards, want %d", got, 52-4-1)
	}
	if got := lastEvents(s, p1, 1); got[0] != "P2 drew a card" {
		t.Errorf("P1 reads %q, want P2 drew a card", got)
	}
	drawn := s.hands[p2].Minus(set("3D 4H")).First()
	if got := lastEvents(s, p2, 1); got[0] != "P2 drew "+drawn.String() {
		t.Errorf("P2 reads %q, want P2 drew %v", got, drawn)
	}
}

// If the draw pile is empty, first shuffle both discard piles together to
// make a new one.
func TestRuleAnEmptyDrawPileIsRemadeFromBothDiscardPiles(t *testing.T) {
	s := build(t, "P1 hand 7H 2C; P2 hand 3D 4H | pile 5C 6C; draw -; rest P1 pile")
	piles := s.piles[p1].set().Union(s.piles[p2].set())
	s = mustApply(t, s, Play(p1, card("7H")), Decline(p2))
	if len(s.Pile(p1))+len(s.Pile(p2)) != 0 {
		t.Errorf("the discard piles still hold %v and %v", s.Pile(p1), s.Pile(p2))
	}
	drawn := s.hands[p2].Minus(set("3D 4H"))
	if drawn.Len() != 1 || !piles.Has(drawn.First()) {
		t.Errorf("P2 drew %v, not one card of the discard piles", drawn)
	}
	if s.draw.Union(drawn) != piles {
		t.Errorf("the new draw pile and the card drawn are not the discard piles' cards")
	}
	if got := lastEvents(s, p1, 2)[0]; got != "P2 shuffled both discard piles into a new draw pile of 48 cards" {
		t.Errorf("the log says %q", got)
	}
}

// Play 1 card from your hand face up into your court.
func TestRulePlayOneCardFromHandIntoTheCourt(t *testing.T) {
	s := build(t, "P1 hand 7D KH 2C | court 3C; P2 hand QS 4C")
	want := []Move{Play(p1, card("2C")), Play(p1, card("7D")), Play(p1, card("KH"))}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("legal moves (-want +got):\n%s", diff)
	}
	s = mustApply(t, s, Play(p1, card("7D")))
	if s.hands[p1] != set("KH 2C") || s.courts[p1] != set("3C 7D") {
		t.Errorf("hand %v, court %v after playing 7♦", s.hands[p1], s.courts[p1])
	}
	if s.Played() != card("7D") || s.Phase() != PhaseDecree || s.ToAct() != cards.PlayersOf(p2) {
		t.Errorf("after the play: %v in play, phase %v, %v to act", s.Played(), s.Phase(), s.ToAct())
	}
	refused(t, build(t, "P1 hand 7D; P2 hand QS"), Play(p1, card("8D")), cards.ErrIllegalMove, "you do not hold 8♦")
}

// Your opponent may issue a Decree: they discard a Face card and one other
// card from their hand onto their own discard pile, with the Face card on
// top.
func TestRuleOpponentMayDecreeWithAFaceCardAndOneOtherCardFaceCardOnTop(t *testing.T) {
	s := build(t, "P1 hand 7D 2C; P2 hand KS 3D 4H; played 5C")
	want := []Move{
		Decline(p2),
		Decree(p2, card("KS"), card("3D")),
		Decree(p2, card("KS"), card("4H")),
	}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("P2's choices (-want +got):\n%s", diff)
	}
	d := mustApply(t, s, Decree(p2, card("KS"), card("4H")))
	if got := pileOf(d, p2); got != "4H KS" {
		t.Errorf("P2's pile is %q, want 4H KS with K♠ on top", got)
	}
	if d.hands[p2] != set("3D") {
		t.Errorf("P2 holds %v, want 3♦", d.hands[p2])
	}
	refused(t, s, Decree(p2, card("3D"), card("4H")), cards.ErrIllegalMove, "no Face card")
	refused(t, s, Decree(p2, card("KS"), card("KS")), cards.ErrIllegalMove, "two different cards")
	refused(t, s, Decree(p2, card("KS"), card("9C")), cards.ErrIllegalMove, "you do not hold 9♣")
	refused(t, s, Decree(p1, card("KS"), card("3D")), cards.ErrNotYourTurn, "P2")
	// Without a Face card only declining is left.
	s = build(t, "P1 hand 7D; P2 hand 3D 4H; played 5C")
	if diff := cmp.Diff([]Move{Decline(p2)}, LegalMoves(s)); diff != "" {
		t.Errorf("P2 without a Face card (-want +got):\n%s", diff)
	}
}

// A Decree cancels the card beneath it: after one decree, the card is
// canceled, goes to its owner's discard pile, and its ability does not
// happen.
func TestRuleADecreeCancelsTheCardWhichGoesToTheDiscardPileWithoutItsAbility(t *testing.T) {
	s := build(t, "P1 hand 2C | court 9D; P2 hand KS 3D 4H | court 5H")
	s = mustApply(t, s, Play(p1, card("2C")), Decree(p2, card("KS"), card("3D")), Decline(p1))
	if s.courts[p1] != set("9D") || s.courts[p2] != set("5H") {
		t.Errorf("courts %v and %v: the canceled Club acted or stayed", s.courts[p1], s.courts[p2])
	}
	if got := pileOf(s, p1); got != "2C" {
		t.Errorf("P1's pile is %q, want the canceled 2C", got)
	}
	if s.Mover() != p2 || s.Phase() != PhasePlay {
		t.Errorf("after a canceled card it is %v's %v, want P2 to play", s.Mover(), s.Phase())
	}
	want := []string{"P2 decreed with K♠ and 3♦", "P1 declined", "P1's 2♣ was canceled and went to their discard pile"}
	if got := lastEvents(s, p1, 4)[:3]; !slices.Equal(got, want) {
		t.Errorf("the log says %q, want %q", got, want)
	}
}

// You may answer it with a Decree of your own, which cancels theirs: after
// two decrees the card stands and its ability happens.
func TestRuleAnAnswerCancelsTheDecreeAndTheCardStands(t *testing.T) {
	s := build(t, "P1 hand 2C QD 7S | court 9D; P2 hand KS 3D 4H | court 5H")
	s = mustApply(t, s, Play(p1, card("2C")), Decree(p2, card("KS"), card("3D")))
	want := []Move{Decline(p1), Decree(p1, card("QD"), card("7S"))}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("P1's answers (-want +got):\n%s", diff)
	}
	s = mustApply(t, s, Decree(p1, card("QD"), card("7S")), Decline(p2))
	if s.Phase() != PhaseAbility || s.Pending() != AbilityClub {
		t.Fatalf("after two decrees: phase %v, pending %v; want the Club", s.Phase(), s.Pending())
	}
	s = mustApply(t, s, Club(p1, card("5H")))
	if s.courts[p1] != set("9D 2C") || s.courts[p2].Len() != 0 {
		t.Errorf("courts %v and %v", s.courts[p1], s.courts[p2])
	}
	if got := pileOf(s, p1); got != "7S QD" {
		t.Errorf("P1's pile is %q, want their decree 7S QD", got)
	}
}

// Decrees can go back and forth: three decrees cancel the card, four let
// it stand.
func TestRuleDecreesGoBackAndForthOddCancelsEvenStands(t *testing.T) {
	const table = "P1 hand 5D QD 7S JC 8C | court 9D; P2 hand KS 3D 4H KH 6C 6H"
	three := mustApply(t, build(t, table),
		Play(p1, card("5D")),
		Decree(p2, card("KS"), card("3D")),
		Decree(p1, card("QD"), card("7S")),
		Decree(p2, card("KH"), card("4H")),
	)
	if three.ToAct() != cards.PlayersOf(p1) || three.Decrees() != 3 {
		t.Fatalf("after three decrees %v acts with %d decrees counted", three.ToAct(), three.Decrees())
	}
	canceled := mustApply(t, three, Decline(p1))
	if canceled.courts[p1] != set("9D") || pileOf(canceled, p1) != "7S QD 5D" {
		t.Errorf("three decrees: court %v, pile %q; want 5♦ canceled on top of P1's decree", canceled.courts[p1], pileOf(canceled, p1))
	}
	if got := pileOf(canceled, p2); got != "3D KS 4H KH" {
		t.Errorf("P2's pile is %q", got)
	}
	four := mustApply(t, three, Decree(p1, card("JC"), card("8C")))
	if four.ToAct() != cards.PlayersOf(p2) {
		t.Fatalf("after four decrees %v acts, want P2", four.ToAct())
	}
	// P2 holds a Face card no more: only declining is left.
	if diff := cmp.Diff([]Move{Decline(p2)}, LegalMoves(four)); diff != "" {
		t.Errorf("P2's answers (-want +got):\n%s", diff)
	}
	stands := mustApply(t, four, Decline(p2))
	if stands.Phase() != PhaseAbility || stands.Pending() != AbilityBribe || !stands.courts[p1].Has(card("5D")) {
		t.Errorf("four decrees: phase %v, pending %v, court %v; want 5♦'s Bribe", stands.Phase(), stands.Pending(), stands.courts[p1])
	}
	if stands.hands[p1].Len() != 0 || stands.hands[p2] != set("6C 6H") {
		t.Errorf("hands %v and %v after the exchange", stands.hands[p1], stands.hands[p2])
	}
}

// If your card isn't canceled, use its ability; then check your court: a
// completed win condition wins at once.
func TestRuleAStandingCardUsesItsAbilityThenACompletedCourtWinsAtOnce(t *testing.T) {
	s := build(t, "P1 hand KS 2C | court 3C 4D 5H; P2 hand 6S 7S | court 8H")
	s = mustApply(t, s, Play(p1, card("2C")), Decline(p2))
	s = mustApply(t, s, Club(p1, card("8H")))
	if s.Over() {
		t.Fatal("the game is over without a win")
	}
	if s.Mover() != p2 || s.Phase() != PhasePlay {
		t.Errorf("otherwise it is the opponent's turn: %v in %v", s.Mover(), s.Phase())
	}
	s = build(t, "P1 hand 2S | court 3C 4D 5H KS; P2 hand 6S 7S")
	s = mustApply(t, s, Play(p1, card("2S")), Decline(p2))
	if !s.Over() || s.Winner() != p1 || s.WonWith() != RoyalCouncil {
		t.Fatalf("over %v, winner %v with %v; want P1 with Royal Council", s.Over(), s.Winner(), s.WonWith())
	}
	if LegalMoves(s) != nil || s.ToAct() != 0 {
		t.Error("moves are listed after the win")
	}
	refused(t, s, Play(p2, card("6S")), cards.ErrGameOver)
	if got := s.Result(); got.Winners != cards.PlayersOf(p1) || !slices.Equal(got.Scores, []int{5, s.Score(p2)}) {
		t.Errorf("result %+v", got)
	}
	if got := lastEvents(s, p2, 2); !slices.Equal(got, []string{"P1's Dig had nothing to act on: both discard piles are empty", "P1 completed Royal Council and won the game"}) {
		t.Errorf("the log ends %q", got)
	}
}

// ♣ Club: choose a card in your opponent's court. It goes to their
// discard pile.
func TestRuleClubSendsACardOfTheOpponentsCourtToTheirDiscardPile(t *testing.T) {
	s := build(t, "P1 hand 9C 2D; P2 hand 3S | court 5H JD | pile 4S")
	s = mustApply(t, s, Play(p1, card("9C")), Decline(p2))
	want := []Move{Club(p1, card("JD")), Club(p1, card("5H"))}
	if diff := cmp.Diff(want, LegalMoves(s), sortMoves); diff != "" {
		t.Errorf("the Club's choices (-want +got):\n%s", diff)
	}
	refused(t, s, Club(p1, card("9C")), cards.ErrIllegalMove, "not there")
	refused(t, s, Bribe(p1, card("3S")), cards.ErrIllegalMove, "Club")
	s = mustApply(t, s, Club(p1, card("5H")))
	if s.courts[p2] != set("JD") || pileOf(s, p2) != "4S 5H" {
		t.Errorf("P2's court %v and pile %q", s.courts[p2], pileOf(s, p2))
	}
	if got := lastEvents(s, p1, 2)[0]; got != "P1 clubbed P2's 5♥" {
		t.Errorf("the log says %q", got)
	}
}

// ♦ Bribe: look at your opponent's hand and choose a card from it. It goes
// to their discard pile.
func TestRuleBribeLooksAtTheOpponentsHandAndDiscardsACardOfIt(t *testing.T) {
	s := build(t, "P1 hand 9D 2D; P2 hand 3S QH | court 5H")
	s = mustApply(t, s, Play(p1, card("9D")), Decline(p2))
	if v := ViewOf(s, p1); v.Revealed != set("3S QH") {
		t.Errorf("the briber sees %v of P2's hand, want 3♠ Q♥", v.Revealed)
	}
	want := []Move{Bribe(p1, card("QH")), Bribe(p1, card("3S"))}
	if diff := cmp.Diff(want, LegalMoves(s), sortMoves); diff != "" {
		t.Errorf("the Bribe's choices (-want +got):\n%s", diff)
	}
	refused(t, s, Bribe(p1, card("5H")), cards.ErrIllegalMove, "P2's hand")
	s = mustApply(t, s, Bribe(p1, card("QH")))
	if s.hands[p2].Minus(set("3S")).Len() != 1 || s.hands[p2].Has(card("QH")) || pileOf(s, p2) != "QH" {
		t.Errorf("P2's hand %v and pile %q", s.hands[p2], pileOf(s, p2))
	}
	if got := lastEvents(s, p2, 2)[0]; got != "P1 bribed Q♥ from P2's hand" {
		t.Errorf("the log says %q", got)
	}
}

// ♠ Dig: take the top card of either discard pile, yours or your
// opponent's, into your hand.
func TestRuleDigTakesTheTopCardOfEitherDiscardPile(t *testing.T) {
	const table = "P1 hand 9S 2D | pile 4C 7H; P2 hand 3S | pile 5D KC"
	s := mustApply(t, build(t, table), Play(p1, card("9S")), Decline(p2))
	want := []Move{Dig(p1, p1, card("7H")), Dig(p1, p2, card("KC"))}
	if diff := cmp.Diff(want, LegalMoves(s)); diff != "" {
		t.Errorf("the Dig's choices (-want +got):\n%s", diff)
	}
	refused(t, s, Dig(p1, p2, card("5D")), cards.ErrIllegalMove, "top card of P2's discard pile is K♣")
	t.Run("own", func(t *testing.T) {
		s := mustApply(t, s, Dig(p1, p1, card("7H")))
		if pileOf(s, p1) != "4C" || !s.hands[p1].Has(card("7H")) {
			t.Errorf("P1's pile %q and hand %v", pileOf(s, p1), s.hands[p1])
		}
		if got := lastEvents(s, p2, 2)[0]; got != "P1 dug 7♥ from P1's discard pile" {
			t.Errorf("the log says %q", got)
		}
	})
	t.Run("opponent's", func(t *testing.T) {
		s := mustApply(t, s, Dig(p1, p2, card("KC")))
		if pileOf(s, p2) != "5D" || !s.hands[p1].Has(card("KC")) {
			t.Errorf("P2's pile %q and P1's hand %v", pileOf(s, p2), s.hands[p1])
		}
	})
	t.Run("only one pile holds cards", func(t *testing.T) {
		s := mustApply(t, build(t, "P1 hand 9S 2D; P2 hand 3S | pile 5D KC"), Play(p1, card("9S")), Decline(p2))
		if diff := cmp.Diff([]Move{Dig(p1, p2, card("KC"))}, LegalMoves(s)); diff != "" {
			t.Errorf("the Dig's choices (-want +got):\n%s", diff)
		}
		refused(t, s, Dig(p1, p1, card("KC")), cards.ErrIllegalMove, "P1's discard pile is empty")
	})
}

// ♥ Inspire: choose another card in your court that's not a ♥ Number
// card, and use its ability.
func TestRuleInspireUsesTheAbilityOfAnotherCardOfTheCourt(t *testing.T) {
	// A court with every ability (and here, with the Inspire played, a
	// Royal Council) offers each.
	all := mustApply(t, build(t, "P1 hand 6H 2D | court 3C 4D 5S QS; P2 hand 3S"), Play(p1, card("6H")), Decline(p2))
	want := []Move{
		Inspire(p1, AbilityClub), Inspire(p1, AbilityBribe), Inspire(p1, AbilityDig), Inspire(p1, AbilityRecruit),
	}
	if diff := cmp.Diff(want, LegalMoves(all)); diff != "" {
		t.Errorf("the Inspire's choices (-want +got):\n%s", diff)
	}
	refused(t, all, Inspire(p1, AbilityInspire), cards.ErrIllegalMove, "♥ Number")
	const table = "P1 hand 6H 2D | court 3C 4D 5S 7H | pile 9S; P2 hand 3S 8D | court 10C"
	s := mustApply(t, build(t, table), Play(p1, card("6H")), Decline(p2))
	t.Run("club", func(t *testing.T) {
		s := mustApply(t, s, Inspire(p1, AbilityClub))
		if s.Phase() != PhaseAbility || s.Pending() != AbilityClub {
			t.Fatalf("phase %v, pending %v", s.Phase(), s.Pending())
		}
		s = mustApply(t, s, Club(p1, card("10C")))
		if s.courts[p2].Len() != 0 || pileOf(s, p2) != "10C" {
			t.Errorf("P2's court %v, pile %q", s.courts[p2], pileOf(s, p2))
		}
		if got := lastEvents(s, p1, 3)[:2]; !slices.Equal(got, []string{"P1 used Inspire to club", "P1 clubbed P2's 10♣"}) {
			t.Errorf("the log says %q", got)
		}
	})
	t.Run("bribe", func(t *testing.T) {
		s := mustApply(t, s, Inspire(p1, AbilityBribe))
		if v := ViewOf(s, p1); v.Revealed != set("3S 8D") {
			t.Errorf("the inspired Bribe shows %v", v.Revealed)
		}
		s = mustApply(t, s, Bribe(p1, card("8D")))
		if pileOf(s, p2) != "8D" {
			t.Errorf("P2's pile %q", pileOf(s, p2))
		}
	})
	t.Run("dig", func(t *testing.T) {
		s := mustApply(t, s, Inspire(p1, AbilityDig), Dig(p1, p1, card("9S")))
		if !s.hands[p1].Has(card("9S")) {
			t.Errorf("P1 holds %v", s.hands[p1])
		}
	})
}

// Inspire on a Face card uses its Recruit: a ♥ Face card too, for only ♥
// Number cards are left out.
func TestRuleInspireOnAFaceCardRecruits(t *testing.T) {
	s := build(t, "P1 hand 6H 2D | court QH 8H; P2 hand 3S; draw 5C; rest P2 pile")
	s = mustApply(t, s, Play(p1, card("6H")), Decline(p2))
	if diff := cmp.Diff([]Move{Inspire(p1, AbilityRecruit)}, LegalMoves(s)); diff != "" {
		t.Errorf("the Inspire's choices (-want +got):\n%s", diff)
	}
	s = mustApply(t, s, Inspire(p1, AbilityRecruit))
	if s.hands[p1] != set("5C 2D") {
		t.Errorf("P1 holds %v; want 5♣ recruited", s.hands[p1])
	}
	// Then P2's turn remade the draw pile from the discard piles.
	if got := lastEvents(s, p1, 4)[:2]; !slices.Equal(got, []string{"P1 used Inspire to recruit", "P1 recruited 5♣"}) {
		t.Errorf("P1 reads %q", got)
	}
	if got := lastEvents(s, p2, 4)[1]; got != "P1 recruited a card" {
		t.Errorf("P2 reads %q", got)
	}
}

// Inspire chooses a card that is not a ♥ Number card: other ♥ Number
// cards lend nothing, and neither does the Inspire itself.
func TestRuleInspireLeavesOutHeartNumberCards(t *testing.T) {
	s := build(t, "P1 hand 6H 2D | court 8H AH; P2 hand 3S | court 4C")
	s = mustApply(t, s, Play(p1, card("6H")), Decline(p2))
	if s.Phase() != PhasePlay || s.Mover() != p2 {
		t.Errorf("an Inspire with only ♥ Number cards waits: phase %v of %v", s.Phase(), s.Mover())
	}
	if got := lastEvents(s, p1, 2)[0]; got != "P1's Inspire had nothing to act on: their court holds no other card but ♥ Number cards" {
		t.Errorf("the log says %q", got)
	}
}

// Recruit (J, Q, K): draw 1 card. If the draw pile is empty, you draw
// nothing — no reshuffle.
func TestRuleRecruitDrawsACardAndNothingFromAnEmptyDrawPile(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand JC 2D; P2 hand 3S 4S"), Play(p1, card("JC")), Decline(p2))
	if got := s.hands[p1].Len(); got != 2 {
		t.Errorf("P1 holds %d cards after Recruit, want 2", got)
	}
	if got := s.DrawSize(); got != 52-4-2 {
		t.Errorf("the draw pile holds %d cards, want %d (a recruit, then P2's draw)", got, 52-4-2)
	}
	s = build(t, "P1 hand JC 2D; P2 hand 3S 4S | pile 5S; draw -; rest P1 pile")
	s = mustApply(t, s, Play(p1, card("JC")), Decline(p2))
	if got := s.hands[p1]; got != set("2D") {
		t.Errorf("P1 holds %v: Recruit drew from an empty draw pile", got)
	}
	if got := lastEvents(s, p1, 3)[0]; got != "P1 recruited nothing: the draw pile is empty" {
		t.Errorf("the log says %q", got)
	}
	// P2's turn then begins with the reshuffle, as every turn's draw.
	if s.Mover() != p2 || s.hands[p2].Len() != 3 {
		t.Errorf("P2 holds %v at the start of their turn", s.hands[p2])
	}
}

// An ability with nothing to act on does nothing.
func TestRuleAnAbilityWithNothingToActOnDoesNothing(t *testing.T) {
	for _, tc := range []struct{ table, play, event string }{
		{"P1 hand 9C 2D; P2 hand 3S", "9C", "P1's Club had nothing to act on: P2's court is empty"},
		{"P1 hand 9S 2D; P2 hand 3S", "9S", "P1's Dig had nothing to act on: both discard piles are empty"},
		{"P1 hand 9H 2D | court 4H; P2 hand 3S", "9H", "P1's Inspire had nothing to act on: their court holds no other card but ♥ Number cards"},
		// An Inspire that lends a Dig with nothing to act on.
		{"P1 hand 9H 2D | court 4S; P2 hand 3S", "9H", "P1's Dig had nothing to act on: both discard piles are empty"},
	} {
		s := build(t, tc.table)
		s = mustApply(t, s, Play(p1, card(tc.play)), Decline(p2))
		if s.Phase() == PhaseAbility && s.Pending() == AbilityInspire {
			s = mustApply(t, s, Inspire(p1, AbilityDig))
		}
		if s.Mover() != p2 || s.Phase() != PhasePlay {
			t.Errorf("%s: after %s it is %v's %v, want P2's turn", tc.table, tc.play, s.Mover(), s.Phase())
		}
		if !slices.Contains(logFor(s, p2), tc.event) {
			t.Errorf("%s: the log does not say %q", tc.table, tc.event)
		}
	}
	// P2's hand is empty only once their last card was bribed or used in
	// a decree; here they decree with their last two and then answer.
	s := build(t, "P1 hand 9D QC 5C 2D; P2 hand KS 3S")
	s = mustApply(t, s, Play(p1, card("9D")), Decree(p2, card("KS"), card("3S")), Decree(p1, card("QC"), card("5C")), Decline(p2))
	if s.Mover() != p2 || !slices.Contains(logFor(s, p1), "P1's Bribe had nothing to act on: P2's hand is empty") {
		t.Errorf("a Bribe against an empty hand: %v's %v, log %q", s.Mover(), s.Phase(), logFor(s, p1))
	}
}

// Royal Council: a Number card of each of the four suits and any Face card.
func TestRuleRoyalCouncilMetExactlyAndNearlyMissed(t *testing.T) {
	winOrNot(t, "", []winCase{
		{"AC 2D 3H 4S JD", RoyalCouncil},
		{"10C 9D 8H 7S KC", RoyalCouncil},
		{"AC 2D 3H 4S 9S", 0}, // no Face card
		{"AC 2D 3H JS KS", 0}, // no ♠ Number card: J♠ and K♠ are Face cards
		{"AC 2D 4S QH JD", 0}, // no ♥ Number card
	})
}

// Faction Supremacy: 5 Face cards or 5 Number cards of one suit.
func TestRuleFactionSupremacyMetExactlyAndNearlyMissed(t *testing.T) {
	winOrNot(t, "", []winCase{
		{"JC QD KH JS QS", FactionSupremacy},
		{"AH 3H 5H 7H 10H", FactionSupremacy},
		{"JC QD KH 2S", 0},    // four Face cards
		{"AH 3H 5H 7H KH", 0}, // four ♥ Number cards and a ♥ Face card
		{"AH 3H 5H 7H 2D", 0}, // four of one suit, a fifth of another
	})
}

// Royal Bloc (variant): 4 cards of the same rank, Face cards included.
func TestRuleRoyalBlocMetExactlyAndNearlyMissed(t *testing.T) {
	winOrNot(t, "bloc", []winCase{
		{"7C 7D 7H 7S", RoyalBloc},
		{"KC KD KH KS", RoyalBloc},
		{"7C 7D 7H 8S", 0},
		{"QC QD QH", 0},
	})
	winOrNot(t, "", []winCase{{"7C 7D 7H 7S", 0}})
}

// United House (variant): 5 cards of one suit, Face cards included.
func TestRuleUnitedHouseMetExactlyAndNearlyMissed(t *testing.T) {
	winOrNot(t, "house", []winCase{
		{"2H 5H 9H JH KH", UnitedHouse},
		{"2H 5H 9H JH 3C", 0},
		{"2H 5H JH QH", 0},
	})
	winOrNot(t, "", []winCase{{"2H 5H 9H JH KH", 0}})
}

// Line of Succession (variant): five ranks in a row, of any suits; the Ace
// high (10 to A) or low (A to 5); no run from the King to the 2.
func TestRuleLineOfSuccessionMetExactlyAndNearlyMissed(t *testing.T) {
	winOrNot(t, "line", []winCase{
		{"3C 4D 5H 6S 7C", LineOfSuccession},
		{"AD 2C 3S 4H 5C", LineOfSuccession},
		{"10C JD QH KS AC", LineOfSuccession},
		{"QC KD AH 2S 3C", 0}, // no run from the King to the 2
		{"JC QD KH AS 2C", 0},
		{"KC AD 2D 3S 4C", 0},
		{"3C 4D 5H 6S 8C", 0},
		{"3C 4D 5H 6S 6C", 0}, // a rank counts once
	})
	winOrNot(t, "", []winCase{{"3C 4D 5H 6S 7C", 0}})
}

// A court may hold more cards than the condition it completes needs; a
// court completing several names the first of Royal Council, Faction
// Supremacy, Royal Bloc, United House, Line of Succession.
func TestRuleAWinConditionCountsWithinALargerCourt(t *testing.T) {
	winOrNot(t, "bloc house line", []winCase{
		{"AC 2C 3D 3H 4H 4S QC", RoyalCouncil},
		{"9C 10D 2C 2D 2H 2S", RoyalBloc},
		{"2C 4C 6C 8C 3D JC", UnitedHouse},
		{"2C 4C 6C 8C 3D 10C", FactionSupremacy},
		{"2D 9C 10D JH QS KC", LineOfSuccession},
	})
}

// A winCase is a court, its last card played last, and the condition it
// completes, or 0.
type winCase struct {
	court string
	want  Condition
}

// winOrNot checks each case in play: P1 holds the court's last card and
// the others are in their court; P1 plays it, P2 declines, the ability
// acts (the first choice listed, if it asks one; no ability adds to one's
// own court), and P1 wins with the condition — or the turn passes to P2.
func winOrNot(t *testing.T, variants string, cases []winCase) {
	t.Helper()
	for _, tc := range cases {
		cs := list(t, tc.court)
		last := cs[len(cs)-1]
		spare := cards.Standard().Minus(cards.SetOf(cs...)).First()
		table := fmt.Sprintf("P1 hand %s | court %s; P2 hand %s", last.Code(), codes(cards.SetOf(cs[:len(cs)-1]...)), spare.Code())
		if variants != "" {
			table += "; variants " + variants
		}
		s := mustApply(t, build(t, table), Play(p1, last), Decline(p2))
		for s.Phase() == PhaseAbility {
			s = mustApply(t, s, LegalMoves(s)[0])
		}
		switch {
		case tc.want == 0 && s.Over():
			t.Errorf("court %s (variants %q) won with %v", tc.court, variants, s.WonWith())
		case tc.want == 0 && s.Mover() != p2:
			t.Errorf("court %s (variants %q): the turn did not pass to P2", tc.court, variants)
		case tc.want != 0 && (s.Winner() != p1 || s.WonWith() != tc.want):
			t.Errorf("court %s (variants %q): winner %v with %v, want P1 with %v", tc.court, variants, s.Winner(), s.WonWith(), tc.want)
		}
	}
}

// codes writes a set as card codes separated by spaces, or "-".
func codes(s cards.Set) string {
	var cs []string
	for c := range s.All() {
		cs = append(cs, c.Code())
	}
	if len(cs) == 0 {
		return "-"
	}
	return strings.Join(cs, " ")
}

// sortMoves compares lists of moves in any order.
var sortMoves = cmpopts.SortSlices(func(a, b Move) bool { return a.String() < b.String() })

// The quick test of a win and the count of cards lacking agree, on courts
// of every size.
func TestCompletesAgreesWithLack(t *testing.T) {
	r := cards.NewRand(1)
	for range 200000 {
		// Two or three random words anded: courts of about 13 or 6 cards.
		a, b := r.Uint64(), r.Uint64()
		w := a & b & deckBits
		if r.IntN(2) == 0 {
			w &= r.Uint64()
		}
		for c := RoyalCouncil; c < numConditions; c++ {
			if completes(c, w) != (lack(c, w) == 0) {
				t.Fatalf("%v on %v: completes %v, lacks %d", c, cards.Set{w}, completes(c, w), lack(c, w))
			}
		}
	}
}
