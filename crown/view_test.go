package crown

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
)

func TestViewMovesAreTheViewersOnly(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 7D KH 2C; P2 hand QS 4C"), Play(p1, card("7D")))
	if v := ViewOf(s, p1); len(v.Moves) != 0 {
		t.Errorf("P1 is offered %v while P2 answers", v.Moves)
	}
	if v := ViewOf(s, p2); !slices.Equal(v.Moves, LegalMoves(s)) {
		t.Errorf("P2 is offered %v, want %v", v.Moves, LegalMoves(s))
	}
	if v := ViewOf(s, cards.Spectator); len(v.Moves) != 0 || v.Moves == nil {
		t.Errorf("a spectator is offered %#v", v.Moves)
	}
}

func TestViewShowsTheDecreeExchangeAndWhoseAnswerItIs(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 5D QD 7S 8C | pile 2H; P2 hand KS 3D 4H KH 6C | pile 9C"),
		Play(p1, card("5D")),
		Decree(p2, card("KS"), card("3D")),
		Decree(p1, card("QD"), card("7S")),
		Decree(p2, card("KH"), card("4H")),
	)
	want := []Decreed{
		{By: p2, Face: card("KS"), Other: card("3D")},
		{By: p1, Face: card("QD"), Other: card("7S")},
		{By: p2, Face: card("KH"), Other: card("4H")},
	}
	for _, viewer := range []cards.Player{p1, p2, cards.Spectator} {
		v := ViewOf(s, viewer)
		if diff := cmp.Diff(want, v.Decrees); diff != "" {
			t.Errorf("%v's view of the decrees (-want +got):\n%s", viewer, diff)
		}
		if v.Answering != p1 || v.Played != card("5D") || v.Phase != PhaseDecree || v.Mover != p1 {
			t.Errorf("%v sees %v answering over %v in %v of %v", viewer, v.Answering, v.Played, v.Phase, v.Mover)
		}
	}
	s = mustApply(t, s, Decline(p1))
	if v := ViewOf(s, p2); len(v.Decrees) != 0 || v.Answering != cards.Spectator || v.Played != cards.NoCard {
		t.Errorf("after the exchange the view still shows %v, %v, %v", v.Decrees, v.Answering, v.Played)
	}
}

func TestViewShowsTheOutcome(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 2S | court 3C 4D 5H KS; P2 hand 6S"), Play(p1, card("2S")), Decline(p2))
	v := ViewOf(s, p2)
	if !v.Over || v.Winner != p1 || v.WonWith != RoyalCouncil || v.Drawn || v.Result.Winners != cards.PlayersOf(p1) {
		t.Errorf("the view of a win: %+v", v)
	}
	s = mustApply(t, build(t, "P1 hand 2S 3S; P2 hand 6S; max 1"), Play(p1, card("2S")), Decline(p2))
	if v := ViewOf(s, p1); !v.Over || !v.Drawn || v.Winner != cards.Spectator {
		t.Errorf("the view of a draw: over %v, drawn %v, winner %v", v.Over, v.Drawn, v.Winner)
	}
}

func TestViewStringShowsTheTableWhoseDecreeItIsAndWhatTheAbilityAsks(t *testing.T) {
	s := build(t, "P1 hand 9D 2D KS 4C | court 3C JD | pile 9S 2H; P2 hand QS 4H 5C | court 7H | pile KC 5D 6D; turn 3; variants bloc; max 50")
	for _, tc := range []struct {
		moves  []Move
		viewer cards.Player
		want   []string
		not    []string
	}{{
		viewer: p1,
		want: []string{
			"Claim the Crown, turn 3, P1's turn, seen by P1",
			"win with: Royal Council, Faction Supremacy, Royal Bloc; a draw after 50 turns",
			"P1 (you): 4 cards in hand",
			"  court: 3♣ J♦  (3 cards short of Royal Council)",
			"  discard pile: 9♠ 2♥ (top 2♥)",
			"P2: 3 cards in hand",
			"  discard pile: K♣ 5♦ 6♦ (top 6♦)",
			"draw pile: 37 cards",
			"your hand: 4♣ (Club) 2♦ (Bribe) 9♦ (Bribe) K♠ (Recruit)",
			"P1 to play a card into their court; then P2 may decree against it",
			"♦ Bribe: look at the opponent's hand; a card of it goes to their discard pile",
		},
		not: []string{"Q♠"},
	}, {
		moves:  []Move{Play(p1, card("9D"))},
		viewer: p2,
		want: []string{
			"in play: P1's 9♦ (Bribe)",
			"P2 to answer: decree against P1's 9♦ (discard a Face card and one other card from hand), or decline (then P1's 9♦ stands and its ability acts)",
		},
	}, {
		moves:  []Move{Decree(p2, card("QS"), card("4H"))},
		viewer: p1,
		want: []string{
			"  P2 decreed with Q♠ and 4♥",
			"P1 to answer: decree against P2's decree (discard a Face card and one other card from hand), or decline (then P1's 9♦ is canceled)",
		},
	}, {
		moves:  []Move{Decree(p1, card("KS"), card("2D")), Decline(p2)},
		viewer: p1,
		want: []string{
			"P2's hand, shown for your Bribe: 5♣",
			"P1's Bribe: look at P2's hand and choose a card of it to go to their discard pile",
		},
	}, {
		viewer: p2,
		not:    []string{"shown for your Bribe"},
	}, {
		viewer: cards.Spectator,
		not:    []string{"your hand", "shown for your Bribe"},
	}, {
		moves:  []Move{Bribe(p1, card("5C"))},
		viewer: p1,
		not:    []string{"shown for your Bribe"},
	}} {
		s = mustApply(t, s, tc.moves...)
		text := ViewOf(s, tc.viewer).String()
		for _, w := range tc.want {
			if !strings.Contains(text, w+"\n") {
				t.Errorf("after %v, %v's view lacks %q:\n%s", tc.moves, tc.viewer, w, text)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(text, w) {
				t.Errorf("after %v, %v's view shows %q:\n%s", tc.moves, tc.viewer, w, text)
			}
		}
	}
	won := mustApply(t, build(t, "P1 hand 2S | court 3C 4D 5H KS; P2 hand 6S"), Play(p1, card("2S")), Decline(p2))
	if text := ViewOf(won, p2).String(); !strings.Contains(text, "game over: P1 won with Royal Council\n") {
		t.Errorf("the view of a win:\n%s", text)
	}
}

func TestViewStringSurvivesAnyView(t *testing.T) {
	for _, v := range []View{{}, {Courts: []cards.Set{{1 << 63, 7}}, Mover: 5, Phase: 77, Decrees: []Decreed{{}}}} {
		_ = v.String()
	}
}

func TestDeterminizeRedealsWhatTheViewerCannotSee(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 9D 2D KS | court 3C | pile 9S; P2 hand QS 4H 5C | court 7H"), Play(p1, card("KS")))
	for _, viewer := range []cards.Player{p1, p2, cards.Spectator} {
		v := ViewOf(s, viewer)
		hands := map[cards.Set]bool{}
		for seed := range uint64(20) {
			d, err := Determinize(v, seed)
			if err != nil {
				t.Fatalf("%v: %v", viewer, err)
			}
			if d.log.On() {
				t.Errorf("%v: the determinized state keeps a log", viewer)
			}
			w := ViewOf(d, viewer)
			v.Log, w.Log = nil, nil
			if diff := cmp.Diff(v, w); diff != "" {
				t.Fatalf("%v: the world's view differs (-view +world):\n%s", viewer, diff)
			}
			if viewer.Valid(Players) {
				hands[d.hands[other(viewer)]] = true
				if d.hands[viewer] != s.hands[viewer] {
					t.Errorf("%v's own hand was redealt", viewer)
				}
			}
		}
		if viewer != cards.Spectator && len(hands) < 10 {
			t.Errorf("%v: 20 worlds deal only %d opponent's hands", viewer, len(hands))
		}
	}
}

func TestDeterminizeKeepsTheHandTheBriberSees(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 9D 2D; P2 hand QS 4H 5C"), Play(p1, card("9D")), Decline(p2))
	d, err := Determinize(ViewOf(s, p1), 3)
	if err != nil {
		t.Fatal(err)
	}
	if d.hands[p2] != set("QS 4H 5C") {
		t.Errorf("the briber's world deals P2 %v", d.hands[p2])
	}
}

func TestDeterminizeRefusesAnImpossibleView(t *testing.T) {
	s := mustApply(t, build(t, "P1 hand 9D 2D KS | court 3C | pile 9S; P2 hand QS 4H 5C JC | court 7H"), Play(p1, card("9D")), Decree(p2, card("QS"), card("4H")))
	good := ViewOf(s, p1)
	for name, spoil := range map[string]func(*View){
		"players":         func(v *View) { v.Players = 3 },
		"viewer":          func(v *View) { v.Viewer = 4 },
		"hand sizes":      func(v *View) { v.HandSizes = []int{1} },
		"negative hand":   func(v *View) { v.HandSizes[1] = -1 },
		"turn":            func(v *View) { v.Turn = 0 },
		"turn parity":     func(v *View) { v.Turn = 2 },
		"mover":           func(v *View) { v.Mover = 7 },
		"phase":           func(v *View) { v.Phase = 9 },
		"draw size":       func(v *View) { v.DrawSize++ },
		"hand twice":      func(v *View) { v.Hand.Add(card("3C")) },
		"court not cards": func(v *View) { v.Courts[0] = cards.Set{0, 1} },
		"long pile":       func(v *View) { v.Piles[0] = make([]cards.Card, 60) },
		"no decrees":      func(v *View) { v.Decrees = nil },
		"wrong decree":    func(v *View) { v.Decrees[0].Face = card("KC") },
		"answering":       func(v *View) { v.Answering = p2 },
		"revealed":        func(v *View) { v.Revealed = set("JC") },
		"winner":          func(v *View) { v.Winner = p1 },
		"max turns":       func(v *View) { v.MaxTurns = -1 },
		"played":          func(v *View) { v.Played = card("8D") },
	} {
		v := ViewOf(s, p1)
		v.HandSizes = slices.Clone(good.HandSizes)
		v.Courts = slices.Clone(good.Courts)
		v.Piles = slices.Clone(good.Piles)
		v.Decrees = slices.Clone(good.Decrees)
		spoil(&v)
		if _, err := Determinize(v, 1); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := Determinize(good, 1); err != nil {
		t.Errorf("the good view: %v", err)
	}
}

// damagedViews draws views of reachable states with some fields spoiled,
// as a client might send them.
var damagedViews = rapid.Custom(func(t *rapid.T) View {
	s := randomStates.Draw(t, "state")
	v := ViewOf(s, cards.Player(rapid.IntRange(-1, 1).Draw(t, "viewer")))
	for range rapid.IntRange(1, 3).Draw(t, "spoils") {
		n := rapid.IntRange(-3, 60).Draw(t, "value")
		c := cards.Card(rapid.IntRange(0, 130).Draw(t, "card"))
		p := rapid.IntRange(0, 1).Draw(t, "player")
		switch rapid.IntRange(0, 14).Draw(t, "field") {
		case 0:
			v.Turn = n
		case 1:
			v.Mover = cards.Player(n)
		case 2:
			v.Phase = Phase(n)
		case 3:
			if p < len(v.HandSizes) {
				v.HandSizes[p] = n
			}
		case 4:
			v.Courts[p].Add(c)
		case 5:
			v.Piles[p] = append(v.Piles[p], c)
		case 6:
			v.DrawSize = n
		case 7:
			v.Played = c
		case 8:
			v.Decrees = append(v.Decrees, Decreed{By: cards.Player(p), Face: c, Other: cards.Card(n)})
		case 9:
			v.Answering = cards.Player(n)
		case 10:
			v.Pending = Ability(n)
		case 11:
			v.Revealed.Add(c)
		case 12:
			v.Hand.Add(c)
		case 13:
			v.Winner, v.WonWith, v.Over = cards.Player(p), Condition(n), true
		case 14:
			v.HandSizes = v.HandSizes[:p]
		}
	}
	return v
})

func TestDeterminizeNeverPanicsOnADamagedView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := damagedViews.Draw(t, "view")
		_ = v.String()
		s, err := Determinize(v, 1)
		if err != nil {
			if !errors.Is(err, cards.ErrBadInput) {
				t.Fatalf("%v does not wrap ErrBadInput", err)
			}
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("a determinized world breaks the rules: %v", err)
		}
	})
}
