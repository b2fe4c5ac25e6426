package crown

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// The players, as tests name them.
const (
	p1 = cards.Player(0)
	p2 = cards.Player(1)
)

// build makes a state from a one-line description, for tests. Sections
// are separated by ";"; each is a player's table or one fact of the game:
//
//	P1 hand 7D KH | court 3C 5D | pile 2S 9H
//	           a player's hand, court and discard pile (bottom first, the
//	           last card on top); each part optional, "-" for none
//	draw 4C 8H the draw pile holds exactly these cards ("draw -": none);
//	           then "rest" must say where the other cards go
//	rest P2 pile
//	           where every card not named goes, in card order: "draw"
//	           (the default), or a player's "hand", "court" or "pile"
//	turn 4     the turn (default 1): P1 moves in odd turns, P2 in even ones
//	played 7D  the mover's card in play (put in their court if not there);
//	           the phase is then the decree exchange, unless said otherwise
//	decrees 2  the decrees issued so far, whose cards the piles name
//	ability club
//	           the phase for abilities, waiting for a Club (bribe, dig,
//	           inspire)
//	won P1 council
//	           the game is over: P1 won with Royal Council (supremacy,
//	           bloc, house, line)
//	drawn      the game is over in a draw (at the turn limit)
//	variants bloc house line
//	           the variant win conditions that count
//	max 40     the turn limit, Options.MaxTurns
//	nolog      the log is off
//
// For example "P1 hand 7D KH | court 3C; P2 hand QS 4C | pile 2S; turn 3"
// is P1's second turn, waiting for their play. build fails the test if
// the state breaks the rules (see State.Check).
func build(t testing.TB, desc string) State {
	t.Helper()
	s := buildRaw(t, desc)
	if err := s.Check(); err != nil {
		t.Fatalf("the described state breaks the rules: %v\n%s", err, desc)
	}
	return s
}

// buildRaw is build without the final Check.
func buildRaw(t testing.TB, desc string) State {
	t.Helper()
	opts := DefaultOptions()
	s := State{turn: 1, phase: PhasePlay, winner: cards.Spectator, rng: cards.NewRand(1)}
	var placed cards.Set
	put := func(set *cards.Set, codes string) {
		cs := cardsOf(t, codes)
		*set = set.Union(cs)
		placed = placed.Union(cs)
	}
	var rest string
	var hasDraw bool
	for _, sec := range strings.Split(desc, ";") {
		key, val, _ := strings.Cut(strings.TrimSpace(sec), " ")
		val = strings.TrimSpace(val)
		switch key {
		case "":
		case "P1", "P2":
			p := player(t, key)
			for _, part := range strings.Split(val, "|") {
				what, codes, _ := strings.Cut(strings.TrimSpace(part), " ")
				switch what {
				case "hand":
					put(&s.hands[p], codes)
				case "court":
					put(&s.courts[p], codes)
				case "pile":
					for _, c := range list(t, codes) {
						s.piles[p].push(c)
						placed.Add(c)
					}
				default:
					t.Fatalf("%q: a player has a hand, a court and a pile", part)
				}
			}
		case "draw":
			put(&s.draw, val)
			hasDraw = true
		case "rest":
			rest = val
		case "turn":
			s.turn = uint32(number(t, val))
		case "played":
			s.played, s.phase = card(val), PhaseDecree
		case "decrees":
			s.decrees = uint8(number(t, val))
		case "ability":
			s.phase = PhaseAbility
			s.ability = ability(t, val)
		case "won":
			who, cond, _ := strings.Cut(val, " ")
			s.phase, s.winner, s.won = PhaseOver, player(t, who), condition(t, cond)
		case "drawn":
			s.phase = PhaseOver
		case "variants":
			for _, f := range strings.Fields(val) {
				switch condition(t, f) {
				case RoyalBloc:
					opts.RoyalBloc = true
				case UnitedHouse:
					opts.UnitedHouse = true
				case LineOfSuccession:
					opts.LineOfSuccession = true
				}
			}
		case "max":
			opts.MaxTurns = number(t, val)
		case "nolog":
			opts.NoLog = true
		default:
			t.Fatalf("%q: unknown section %q", sec, key)
		}
	}
	cfg, err := opts.config()
	if err != nil {
		t.Fatal(err)
	}
	s.cfg = cfg
	if opts.NoLog {
		s.log = cards.Off()
	}
	s.mover = cards.Player((s.turn - 1) % 2)
	if s.played != cards.NoCard && !placed.Has(s.played) {
		s.courts[s.mover].Add(s.played)
		placed.Add(s.played)
	}
	if hasDraw && rest == "" {
		t.Fatalf("%q: the draw pile is named; say with rest where the other cards go", desc)
	}
	s.placeRest(t, rest, cards.Standard().Minus(placed))
	return s
}

// placeRest puts the cards not named where rest says.
func (s *State) placeRest(t testing.TB, rest string, cs cards.Set) {
	t.Helper()
	who, where, _ := strings.Cut(rest, " ")
	if rest == "" || rest == "draw" {
		s.draw = s.draw.Union(cs)
		return
	}
	p := player(t, who)
	switch where {
	case "hand":
		s.hands[p] = s.hands[p].Union(cs)
	case "court":
		s.courts[p] = s.courts[p].Union(cs)
	case "pile":
		for c := range cs.All() {
			s.piles[p].push(c)
		}
	default:
		t.Fatalf("rest %q: draw, or a player's hand, court or pile", rest)
	}
}

// ability reads an ability that waits for a choice: club, bribe, dig,
// inspire.
func ability(t testing.TB, name string) Ability {
	t.Helper()
	i := slices.Index([]string{"", "club", "bribe", "dig", "inspire"}, name)
	if i < 1 {
		t.Fatalf("%q is no ability that waits for a choice (club, bribe, dig, inspire)", name)
	}
	return Ability(i)
}

// condition reads a win condition from a short name: council, supremacy,
// bloc, house, line.
func condition(t testing.TB, name string) Condition {
	t.Helper()
	i := slices.Index([]string{"", "council", "supremacy", "bloc", "house", "line"}, name)
	if i < 1 {
		t.Fatalf("%q is no win condition (council, supremacy, bloc, house, line)", name)
	}
	return Condition(i)
}

// player reads "P1" as player 0.
func player(t testing.TB, s string) cards.Player {
	t.Helper()
	switch s {
	case "P1":
		return p1
	case "P2":
		return p2
	}
	t.Fatalf("%q is no player (P1 or P2)", s)
	return cards.Spectator
}

func number(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// list reads card codes separated by spaces, in order; "-" is none.
func list(t testing.TB, codes string) []cards.Card {
	t.Helper()
	var cs []cards.Card
	for _, f := range strings.Fields(codes) {
		if f == "-" {
			continue
		}
		c, err := cards.ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return cs
}

// cardsOf reads a set of cards from codes separated by spaces.
func cardsOf(t testing.TB, codes string) cards.Set { return cards.SetOf(list(t, codes)...) }

// card reads one card code; it panics on a mistyped one, which is a
// mistake in the test itself.
func card(code string) cards.Card {
	c, err := cards.ParseCard(code)
	if err != nil {
		panic(err)
	}
	return c
}

// set reads a set of cards from codes separated by spaces, panicking as
// card does.
func set(codes string) cards.Set {
	var s cards.Set
	for _, f := range strings.Fields(codes) {
		s.Add(card(f))
	}
	return s
}

// mustApply applies moves in turn, failing the test on an error.
func mustApply(t testing.TB, s State, moves ...Move) State {
	t.Helper()
	return cardstest.MustApply(t, Rules{}, s, moves...)
}

// refused checks that m is refused in s with an error wrapping want whose
// text holds each of words.
func refused(t testing.TB, s State, m Move, want error, words ...string) {
	t.Helper()
	cardstest.Refused(t, Rules{}, s, m, want, words...)
}

// lastEvents returns the last n events of s's log as viewer v reads them.
func lastEvents(s State, v cards.Player, n int) []string {
	log := logFor(s, v)
	return log[max(len(log)-n, 0):]
}

// pileOf reads a discard pile as card codes from the bottom up.
func pileOf(s State, p cards.Player) string {
	var codes []string
	for _, c := range s.Pile(p) {
		codes = append(codes, c.Code())
	}
	return strings.Join(codes, " ")
}

// logFor returns the texts of the events s holds, as viewer v reads them.
func logFor(s State, v cards.Player) []string {
	var texts []string
	for _, e := range s.log.For(v) {
		texts = append(texts, e.Text)
	}
	return texts
}
