package crown

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// randomOptions draws the options of a game that ends: any variants, a
// turn limit, a seed, the log on or off.
var randomOptions = rapid.Custom(func(t *rapid.T) Options {
	o := DefaultOptions()
	o.RoyalBloc = rapid.Bool().Draw(t, "royalBloc")
	o.UnitedHouse = rapid.Bool().Draw(t, "unitedHouse")
	o.LineOfSuccession = rapid.Bool().Draw(t, "lineOfSuccession")
	o.MaxTurns = rapid.IntRange(1, 300).Draw(t, "maxTurns")
	o.Seed = cards.Seed(rapid.Uint64().Draw(t, "seed"))
	o.NoLog = rapid.Bool().Draw(t, "noLog")
	return o
})

// randomStates draws states reached by random legal moves, the final ones
// included.
var randomStates = rapid.Custom(func(t *rapid.T) State {
	s, err := NewGame(randomOptions.Draw(t, "options"))
	if err != nil {
		t.Fatal(err)
	}
	for range rapid.IntRange(0, 400).Draw(t, "steps") {
		legal := LegalMoves(s)
		if len(legal) == 0 {
			break
		}
		if s, err = Apply(s, legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]); err != nil {
			t.Fatal(err)
		}
	}
	return s
})

func TestRandomGamesKeepTheInvariantsAndEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		o := randomOptions.Draw(t, "options")
		s, err := NewGame(o)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !s.Over(); n++ {
			if err := s.Check(); err != nil {
				t.Fatalf("after %d moves: %v", n, err)
			}
			legal := LegalMoves(s)
			if len(legal) == 0 {
				t.Fatalf("after %d moves nobody can move", n)
			}
			for _, m := range legal {
				if !s.ToAct().Has(m.Who) {
					t.Fatalf("%v %v is listed, but %v must act", m.Who, m, s.ToAct())
				}
			}
			before := s
			next, err := Apply(s, legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")])
			if err != nil {
				t.Fatal(err)
			}
			if s != before {
				t.Fatal("Apply changed its input")
			}
			s = next
		}
		if err := s.Check(); err != nil {
			t.Fatal(err)
		}
		if s.Turn() > o.MaxTurns || (s.Drawn() != (s.Winner() == cards.Spectator)) {
			t.Fatalf("the game ended in turn %d of %d, drawn %v, winner %v", s.Turn(), o.MaxTurns, s.Drawn(), s.Winner())
		}
	})
}

// candidates returns many moves, legal or not, for the state's players:
// every kind with every card of the deck, each pile and each ability.
func candidates() []Move {
	var ms []Move
	for _, p := range []cards.Player{p1, p2, 2, cards.Spectator} {
		ms = append(ms, Decline(p), Move{Who: p}, Inspire(p, 0))
		for a := range numAbilities + 1 {
			ms = append(ms, Inspire(p, a))
		}
		for c := range cards.Card(54) {
			ms = append(ms, Play(p, c), Club(p, c), Bribe(p, c), Dig(p, p1, c), Dig(p, p2, c), Dig(p, 3, c),
				Move{Who: p, Kind: KindPlay, Card: c, Other: c})
			for f := cards.Card(1); f <= 52; f++ {
				if isFace(f) || f%7 == 0 {
					ms = append(ms, Decree(p, f, c))
				}
			}
		}
	}
	return ms
}

func TestApplyAcceptsExactlyTheListedMoves(t *testing.T) {
	all := candidates()
	rapid.Check(t, func(t *rapid.T) {
		cardstest.CheckListedMoves(t, Rules{}, randomStates.Draw(t, "state"), slices.Values(all))
	})
}

func TestViewsKeepSecretsAndDeterminizeFitsThem(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := randomStates.Draw(t, "state")
		for _, p := range []cards.Player{p1, p2, cards.Spectator} {
			v := ViewOf(s, p)
			d, err := Determinize(v, rapid.Uint64().Draw(t, "seed"))
			if err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			w := ViewOf(d, p)
			v.Log, w.Log = nil, nil
			if !viewsEqual(v, w) {
				t.Fatalf("%v's view of a world dealt from it differs:\n%v\n%v", p, v, w)
			}
		}
	})
}

func viewsEqual(a, b View) bool {
	return slices.Equal(a.Moves, b.Moves) && a.Hand == b.Hand && a.Revealed == b.Revealed &&
		slices.Equal(a.HandSizes, b.HandSizes) && slices.Equal(a.Courts, b.Courts) &&
		slices.EqualFunc(a.Piles, b.Piles, slices.Equal) && slices.Equal(a.Decrees, b.Decrees) &&
		a.DrawSize == b.DrawSize && a.Turn == b.Turn && a.Mover == b.Mover && a.Phase == b.Phase &&
		a.Played == b.Played && a.Answering == b.Answering && a.Pending == b.Pending &&
		a.Winner == b.Winner && a.WonWith == b.WonWith && a.Drawn == b.Drawn && a.Over == b.Over &&
		a.ToAct == b.ToAct && slices.Equal(a.Result.Scores, b.Result.Scores) && a.Result.Winners == b.Result.Winners &&
		a.RoyalBloc == b.RoyalBloc && a.UnitedHouse == b.UnitedHouse && a.LineOfSuccession == b.LineOfSuccession &&
		a.MaxTurns == b.MaxTurns && a.Viewer == b.Viewer && a.Players == b.Players
}

func TestTheLogTellsEachPlayerWhatTheyMayKnow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := randomStates.Draw(t, "state")
		if !s.log.On() {
			return
		}
		n := s.log.Len()
		for _, p := range []cards.Player{p1, p2, cards.Spectator} {
			if got := len(logFor(s, p)); got != n {
				t.Fatalf("%v reads %d of %d events", p, got, n)
			}
		}
		for _, e := range s.log.Since(0) {
			if e.To != 0 && e.Others == "" {
				t.Fatalf("private event %q tells the others nothing", e.Text)
			}
		}
	})
}

func TestNoLogRecordsNothing(t *testing.T) {
	o := DefaultOptions()
	o.NoLog, o.MaxTurns = true, 100
	s, _ := NewGame(o)
	for !s.Over() {
		s = mustApply(t, s, LegalMoves(s)[0])
	}
	if s.log.On() || s.log.Len() != 0 || len(ViewOf(s, p1).Log) != 0 {
		t.Errorf("a game without a log recorded %d events", s.log.Len())
	}
	if !s.Options().NoLog {
		t.Error("the state's options do not say the log is off")
	}
}

func TestCheckRefusesBrokenStates(t *testing.T) {
	good := "P1 hand 7D 2C | court 3C | pile 9S; P2 hand KS 4H | court 5H"
	for name, spoil := range map[string]func(*State){
		"a card twice":       func(s *State) { s.hands[p1].Add(card("3C")) },
		"a card missing":     func(s *State) { s.draw.Remove(card("AH")) },
		"a joker":            func(s *State) { s.draw.Add(cards.Joker1) },
		"a second deck":      func(s *State) { s.draw[1] = 2 },
		"a long pile":        func(s *State) { s.piles[p1].n = 53 },
		"a stray pile card":  func(s *State) { s.piles[p1].cards[5] = card("AH"); s.draw.Remove(card("AH")) },
		"a pile of no cards": func(s *State) { s.piles[p1].cards[0] = 60 },
		"no phase":           func(s *State) { s.phase = 0 },
		"turn 0":             func(s *State) { s.turn = 0 },
		"turn parity":        func(s *State) { s.turn = 2 },
		"past the limit":     func(s *State) { s.cfg.maxTurns = 1; s.turn = 3 },
		"limit":              func(s *State) { s.cfg.maxTurns = MaxTurnsLimit + 1 },
		"players":            func(s *State) { s.cfg.players = 3 },
		"a winner in play":   func(s *State) { s.winner = p1 },
		"decrees in play":    func(s *State) { s.decrees = 1 },
		"an ability":         func(s *State) { s.ability = AbilityClub },
		"a card in play":     func(s *State) { s.played = card("3C") },
		"an empty hand":      func(s *State) { s.draw = s.draw.Union(s.hands[p1]); s.hands[p1] = cards.Set{} },
		"a draw too soon":    func(s *State) { s.phase = PhaseOver },
		"a false winner": func(s *State) {
			s.phase, s.winner, s.won = PhaseOver, p1, RoyalCouncil
		},
		"a winning court": func(s *State) {
			s.draw = s.draw.Minus(set("4D 5S QC"))
			s.courts[p2] = s.courts[p2].Union(set("4D 5S QC"))
			s.courts[p2].Add(card("2C"))
			s.hands[p1].Remove(card("2C"))
		},
		"a winner in another's turn": func(s *State) {
			s.courts[p2] = s.courts[p2].Union(set("4D 5S QC 3D"))
			s.draw = s.draw.Minus(set("4D 5S QC"))
			s.hands[p2].Remove(card("3D"))
			s.phase, s.winner, s.won = PhaseOver, p2, RoyalCouncil
		},
		"a winner with a variant off": func(s *State) {
			s.courts[p1] = s.courts[p1].Union(set("3D 3H 3S"))
			s.draw = s.draw.Minus(set("3D 3H 3S"))
			s.phase, s.winner, s.won = PhaseOver, p1, RoyalBloc
		},
		"a winner who is no player": func(s *State) { s.phase, s.winner, s.won = PhaseOver, 5, RoyalCouncil },
		"a draw with a condition":   func(s *State) { s.phase, s.cfg.maxTurns, s.won = PhaseOver, 1, RoyalCouncil },
		"the played card elsewhere": func(s *State) { s.phase, s.played = PhaseDecree, card("7D") },
		"a decree of no Face card":  func(s *State) { s.phase, s.played, s.decrees = PhaseDecree, card("3C"), 1 },
		"an idle ability":           func(s *State) { s.phase, s.played, s.ability = PhaseAbility, card("3C"), AbilityDig },
		"a borrowed ability":        func(s *State) { s.phase, s.played, s.ability = PhaseAbility, card("3C"), AbilityBribe },
		"an ability with no choice": func(s *State) { s.phase, s.played, s.ability = PhaseAbility, card("3C"), AbilityRecruit },
	} {
		s := build(t, good)
		spoil(&s)
		if err := s.Check(); !errors.Is(err, cards.ErrBadInput) {
			t.Errorf("%s: %v", name, err)
		}
		// A damaged state never makes the engine panic.
		for _, m := range LegalMoves(s) {
			_, _ = Apply(s, m)
		}
		_ = ViewOf(s, p1).String()
	}
	// Damaged states never make Apply or LegalMoves panic.
	var zero State
	if len(LegalMoves(zero)) != 0 {
		t.Error("the zero State lists moves")
	}
	if _, err := Apply(zero, Play(p1, card("2C"))); !errors.Is(err, cards.ErrIllegalMove) {
		t.Errorf("a move in the zero State: %v", err)
	}
}

func TestApplyRefusalsSayWhy(t *testing.T) {
	s := build(t, "P1 hand 7D KH 2C | court 3C; P2 hand QS 4C JD")
	refused(t, s, Play(p2, card("QS")), cards.ErrNotYourTurn, "it is P1's move (play a card into the court), not P2's")
	refused(t, s, Decline(p1), cards.ErrIllegalMove, "first play a card from your hand into your court")
	refused(t, s, Move{Who: p1, Kind: KindPlay, Card: card("7D"), Other: card("2C")}, cards.ErrIllegalMove, "names more than a play move uses")
	refused(t, s, Move{Who: p1, Kind: 99}, cards.ErrIllegalMove)
	d := mustApply(t, s, Play(p1, card("7D")))
	refused(t, d, Play(p1, card("2C")), cards.ErrNotYourTurn, "it is P2's move (decree against 7♦ or decline), not P1's")
	refused(t, d, Club(p2, card("3C")), cards.ErrIllegalMove, "decree against 7♦ or decline")
	a := mustApply(t, d, Decline(p2))
	refused(t, a, Decline(p1), cards.ErrIllegalMove, "choose what the Bribe acts on")
	refused(t, a, Inspire(p1, AbilityBribe), cards.ErrIllegalMove, "choose what the Bribe acts on")
}

func TestMovesReadAsShortImperatives(t *testing.T) {
	for m, want := range map[Move]string{
		Play(p1, card("7D")):               "play 7♦",
		Decree(p2, card("KS"), card("3D")): "decree with K♠ and 3♦",
		Decline(p1):                        "decline",
		Club(p1, card("5H")):               "club 5♥",
		Bribe(p2, card("2C")):              "bribe 2♣",
		Dig(p1, p2, card("9C")):            "dig 9♣ from P2's pile",
		Dig(p2, p2, card("10S")):           "dig 10♠ from P2's pile",
		Inspire(p1, AbilityClub):           "inspire to club",
		Inspire(p1, AbilityBribe):          "inspire to bribe",
		Inspire(p1, AbilityDig):            "inspire to dig",
		Inspire(p1, AbilityRecruit):        "inspire to recruit",
		{}:                                 "no move",
		{Kind: 42}:                         "no move",
	} {
		if got := m.String(); got != want {
			t.Errorf("%#v reads %q, want %q", m, got, want)
		}
		if m.Player() != m.Who {
			t.Errorf("%v: Player %v, Who %v", m, m.Player(), m.Who)
		}
	}
	for k, want := range map[Kind]string{KindPlay: "play", KindInspire: "inspire", 0: "Kind(0)", 99: "Kind(99)"} {
		if got := k.String(); got != want {
			t.Errorf("kind %d reads %q, want %q", k, got, want)
		}
	}
	for _, name := range []string{PhasePlay.String(), Phase(0).String(), AbilityDig.String(), Ability(9).String(),
		LineOfSuccession.String(), Condition(0).String()} {
		if name == "" {
			t.Error("a name is empty")
		}
	}
}

func TestAccessorsTellTheTable(t *testing.T) {
	s := build(t, "P1 hand 7D KH | court 3C | pile 2S 9H; P2 hand QS | court 4C 5C; turn 3; variants line; max 9")
	switch {
	case s.Hand(p1) != set("7D KH") || s.Hand(p2) != set("QS") || !s.Hand(5).Empty():
		t.Error("hands")
	case s.Court(p1) != set("3C") || s.Court(p2) != set("4C 5C") || !s.Court(-1).Empty():
		t.Error("courts")
	case pileOf(s, p1) != "2S 9H" || s.Pile(3) != nil:
		t.Error("piles")
	case s.Turn() != 3 || s.Mover() != p1 || s.Players() != 2 || s.Score(7) != 0:
		t.Error("turn")
	}
	want := DefaultOptions()
	want.LineOfSuccession, want.MaxTurns = true, 9
	if s.Options() != want {
		t.Errorf("options %+v, want %+v", s.Options(), want)
	}
}

// damaged draws a reachable state and spoils some of its fields with
// arbitrary values.
var damaged = rapid.Custom(func(t *rapid.T) State {
	s := randomStates.Draw(t, "state")
	for range rapid.IntRange(1, 4).Draw(t, "spoils") {
		v := rapid.Uint64().Draw(t, "value")
		p := rapid.IntRange(0, 1).Draw(t, "player")
		switch rapid.IntRange(0, 13).Draw(t, "field") {
		case 0:
			s.phase = Phase(v)
		case 1:
			s.turn = uint32(v)
		case 2:
			s.mover = cards.Player(v)
		case 3:
			s.played = cards.Card(v)
		case 4:
			s.decrees = uint8(v)
		case 5:
			s.ability = Ability(v)
		case 6:
			s.winner, s.won = cards.Player(v), Condition(v>>8)
		case 7:
			s.hands[p] = cards.Set{v, v >> 3}
		case 8:
			s.courts[p] = cards.Set{v, 0}
		case 9:
			s.draw = cards.Set{v, v}
		case 10:
			s.piles[p].n = uint8(v)
		case 11:
			s.piles[p].cards[v%pileCap] = cards.Card(v >> 8)
		case 12:
			s.cfg.players = uint8(v)
		case 13:
			s.cfg.maxTurns = uint32(v)
		}
	}
	return s
})

func TestDamagedStatesNeverPanic(t *testing.T) {
	all := candidates()
	rapid.Check(t, func(t *rapid.T) {
		s := damaged.Draw(t, "state")
		_ = s.Check()
		_ = s.Result()
		for _, m := range LegalMoves(s) {
			_, _ = Apply(s, m)
		}
		for range 20 {
			_, _ = Apply(s, all[rapid.IntRange(0, len(all)-1).Draw(t, "move")])
		}
		for _, p := range []cards.Player{p1, p2, cards.Spectator, 9} {
			v := ViewOf(s, p)
			_ = v.String()
			_, _ = Determinize(v, 1)
		}
	})
}

// TestEndingNamesTheConditionOrTheTurnLimit: a game won ends by the name
// of its win condition; one the turn limit called, as a draw the limit
// ended.
func TestEndingNamesTheConditionOrTheTurnLimit(t *testing.T) {
	for seed := range uint64(20) {
		o := DefaultOptions()
		o.Seed, o.MaxTurns = cards.Seed(seed), int(seed%4)*3
		s, err := NewGame(o)
		if err != nil {
			t.Fatal(err)
		}
		r := cards.NewRand(seed)
		for !s.Over() {
			moves := LegalMoves(s)
			if s, err = Apply(s, moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
		e := cards.EndingOf(s)
		want := cards.Ending{Name: s.WonWith().String()}
		if s.Drawn() {
			want = cards.Ending{Name: "a draw at the turn limit", Limit: true}
		}
		if e != want || e.Name == "" {
			t.Errorf("seed %d: ending %+v, want %+v", seed, e, want)
		}
	}
}
