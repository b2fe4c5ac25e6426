package ninekingdoms

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
)

// table describes a state in a few readable fields, for tests. Groups of
// cards are written as card codes separated by spaces ("3 5 5 $"); the
// kingdoms as "k:P<n>" pairs ("5:P1 8:P2"). Cards the description does not
// place make up the deck.
//
// A table is either the choice of a round (choosing set: hands holds each
// player's hand, pairs the pairs of those who have chosen) or a turn: pairs
// holds the pairs not yet revealed, the turn player's included, and the
// helper reveals the turn player's pair as the game does at the start of
// a turn — so tableaus are written as they were before it.
type table struct {
	players  int
	round    int // 0: the first round in which the tableaus and piles could be
	first    cards.Player
	turn     cards.Player
	choosing bool
	hands    []string
	pairs    []string
	tableaus []string
	piles    []string
	seen     string
	kingdoms string
	match    bool
	totals   []int
	noLog    bool
	// shortDeck leaves only deckSize cards in the deck; the other cards
	// the table does not place are in the discard pile, seen by all.
	shortDeck bool
	deckSize  int
}

// state builds the state the table describes, failing the test if it
// breaks the rules.
func (tb table) state(t testing.TB) State {
	t.Helper()
	n := max(tb.players, 2)
	s := State{n: uint8(n), match: tb.match, first: tb.first, turn: tb.turn, reactor: cards.Spectator, rng: cards.NewRand(1)}
	if tb.noLog {
		s.log = cards.Off()
	}
	for k := range s.owner {
		s.owner[k] = cards.Spectator
	}
	for _, f := range strings.Fields(tb.kingdoms) {
		k, p, ok := strings.Cut(f, ":P")
		if !ok || len(k) != 1 || len(p) != 1 {
			t.Fatalf("kingdom %q: write it as 5:P1", f)
		}
		s.owner[k[0]-'0'] = cards.Player(p[0] - '1')
	}
	for i, text := range tb.tableaus {
		s.tableau[i] = group(t, text)
	}
	for i, text := range tb.piles {
		s.pile[i] = group(t, text)
	}
	for i, text := range tb.pairs {
		s.pair[i] = group(t, text)
	}
	for i, text := range tb.hands {
		s.hand[i] = group(t, text)
	}
	for i, tot := range tb.totals {
		s.totals[i] = int32(tot)
	}
	s.seen = group(t, tb.seen)
	rest, ok := fullDeck.Minus(tb.placed(&s))
	if !ok {
		t.Fatalf("the table holds more cards of some value than the deck: %v", tb.placed(&s))
	}
	if tb.shortDeck {
		for c := Card(1); rest.Len() > tb.deckSize; c = (c + 1) % Values {
			if rest[c] > 0 {
				rest[c]--
				s.seen[c]++
			}
		}
	}
	s.fillDeck(rest)
	s.round = uint8(tb.round)
	if tb.round == 0 {
		s.round = tb.earliestRound(&s)
	}
	if tb.choosing {
		s.phase, s.turn = PhaseChoose, s.first
	} else {
		s.startTurn()
	}
	if err := s.Check(); err != nil {
		t.Fatalf("the table breaks the rules: %v", err)
	}
	return s
}

// placed returns every card the table puts somewhere.
func (tb table) placed(s *State) Counts {
	g := s.seen
	for p := range MaxPlayers {
		g = g.Plus(s.tableau[p]).Plus(s.pile[p]).Plus(s.pair[p]).Plus(s.hand[p]).Plus(s.hidden[p])
	}
	return g
}

// earliestRound returns the first round in which the tableaus and scoring
// piles could hold what they hold.
func (tb table) earliestRound(s *State) uint8 {
	out := 0
	for p := range s.np() {
		out += s.tableau[p].Len() + s.pile[p].Len()
	}
	if !tb.choosing {
		out += s.pair[s.turn].Len() // to be revealed
	}
	for r := 1; r < Rounds; r++ {
		revealed := s.np() * (r - 1)
		if !tb.choosing {
			revealed += s.seat(s.turn) + 1
		}
		if out <= 2*revealed {
			return uint8(r)
		}
	}
	return Rounds
}

// group reads a group of cards written as codes separated by spaces.
func group(t testing.TB, text string) Counts {
	t.Helper()
	var g Counts
	for _, f := range strings.Fields(text) {
		c, err := ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		g.Add(c)
	}
	return g
}

// play applies the moves in order, failing the test if one is refused.
func play(t testing.TB, s State, moves ...Move) State {
	t.Helper()
	for _, m := range moves {
		next, err := Apply(s, m)
		if err != nil {
			t.Fatalf("%v %v: %v", m.Who, m, err)
		}
		s = next
	}
	return s
}

// refused checks that m is refused in s with an error wrapping
// cards.ErrIllegalMove whose text holds want, and is not listed.
func refused(t testing.TB, s State, m Move, want string) {
	t.Helper()
	_, err := Apply(s, m)
	switch {
	case err == nil:
		t.Fatalf("%v %v was accepted; want it refused (%s)", m.Who, m, want)
	case !errors.Is(err, cards.ErrIllegalMove):
		t.Fatalf("%v %v: error %q does not wrap ErrIllegalMove", m.Who, m, err)
	case !strings.Contains(err.Error(), want):
		t.Fatalf("%v %v: error %q does not say %q", m.Who, m, err, want)
	}
	if listed(s, m) {
		t.Fatalf("%v %v is refused yet listed", m.Who, m)
	}
}

// listed reports whether m is among the legal moves of s.
func listed(s State, m Move) bool {
	for _, l := range LegalMoves(s) {
		if l == m {
			return true
		}
	}
	return false
}

// movesOf returns the legal moves of s as strings, "P1 claim Kingdom 5".
func movesOf(s State) []string {
	var out []string
	for _, m := range LegalMoves(s) {
		out = append(out, m.Who.String()+" "+m.String())
	}
	return out
}

// wantMoves checks the legal moves of s.
func wantMoves(t testing.TB, s State, want ...string) {
	t.Helper()
	if diff := cmp.Diff(want, movesOf(s)); diff != "" {
		t.Fatalf("legal moves (-want +got):\n%s", diff)
	}
}

// wantGroup checks a group of cards against its description.
func wantGroup(t testing.TB, what string, got Counts, want string) {
	t.Helper()
	if w := group(t, want); got != w {
		t.Fatalf("%s: got %v, want %v", what, got, w)
	}
}

// lastLog returns the last n lines of the log as a spectator reads it.
func lastLog(s State, n int) []string {
	var l []string
	for _, e := range s.log.For(cards.Spectator) {
		l = append(l, e.Text)
	}
	return l[max(0, len(l)-n):]
}

// wantLog checks that the spectator's log ends with the given lines.
func wantLog(t testing.TB, s State, want ...string) {
	t.Helper()
	if diff := cmp.Diff(want, lastLog(s, len(want))); diff != "" {
		t.Fatalf("log (-want +got):\n%s", diff)
	}
}

// jsonOf encodes v, failing the test if it cannot.
func jsonOf(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
