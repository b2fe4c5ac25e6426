package ninekingdoms

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// The players, as tests name them.
const (
	p1 = cards.Player(0)
	p2 = cards.Player(1)
	p3 = cards.Player(2)
)

// build makes a state from a one-line description, for tests. Sections
// are separated by ";"; each is a player's cards or one fact of the game,
// and cards are written as codes ("5", "$"):
//
//	P2 hand 1 3 3 9 9 | pair 6 $ | tableau 4 5 | pile $ 7 | kingdoms 4 5 | discarded 2 $ | total 50
//	            a player's hand, the pair they chose and have not revealed,
//	            their tableau, scoring pile, the kingdoms they hold, their
//	            face-down discards and, in a match, their total of the
//	            games finished; each part optional
//	turn P1     a turn: P1's turn begins, and their pair is revealed at
//	            once, as the game does (so the tableau is written as it
//	            was before); without it, the choice of the round, in
//	            which the players who have chosen hold their pair
//	first P2    the round's first player (default P1)
//	round 3     the round (default: the first in which the tableaus and
//	            scoring piles could hold what they hold)
//	players 3   the number of players (default: the highest seat named,
//	            and at least 2)
//	seen 4 $    cards discarded face up, in sight of all
//	deck 4      the deck holds only 4 cards: the other cards not placed
//	            are discarded face up (without it, they make the deck)
//	match       the state is a match
//	nolog       the log is off
//
// A player may be named in several sections. For example "P1 pair 5 $; P2
// pair 8 8 | tableau 4 5 6; turn P1" is P1's turn with their Bribe to use
// on P2. build fails the test if the state breaks the rules (see
// State.Check).
func build(t testing.TB, desc string) State {
	t.Helper()
	s := State{game: 1, first: p1, reactor: cards.Spectator, rng: cards.NewRand(1)}
	for k := range s.owner {
		s.owner[k] = cards.Spectator
	}
	n, turn, round, deck := 2, cards.Spectator, 0, -1
	for _, sec := range strings.Split(desc, ";") {
		key, val, _ := strings.Cut(strings.TrimSpace(sec), " ")
		val = strings.TrimSpace(val)
		switch key {
		case "":
		case "P1", "P2", "P3", "P4":
			p := player(t, key)
			n = max(n, int(p)+1)
			buildSeat(t, &s, p, val)
		case "turn":
			turn = player(t, val)
		case "first":
			s.first = player(t, val)
		case "round":
			round = number(t, val)
		case "players":
			n = number(t, val)
		case "seen":
			s.seen = s.seen.Plus(group(t, val))
		case "deck":
			deck = number(t, val)
		case "match":
			s.match = true
		case "nolog":
			s.log = cards.Off()
		default:
			t.Fatalf("%q: unknown section %q", desc, key)
		}
	}
	s.n = uint8(n)
	rest, ok := fullDeck.Minus(s.discards().Plus(s.placed()))
	if !ok {
		t.Fatalf("%q places more cards of some value than the deck holds: %v", desc, s.discards().Plus(s.placed()))
	}
	for c := Card(1); deck >= 0 && rest.Len() > deck; c = (c + 1) % Values {
		if rest[c] > 0 {
			rest[c]--
			s.seen[c]++
		}
	}
	s.fillDeck(rest)
	s.phase, s.turn = PhaseChoose, s.first
	if turn != cards.Spectator {
		s.turn = turn
	}
	s.round = uint8(round)
	if round == 0 {
		s.round = earliestRound(&s, turn != cards.Spectator)
	}
	if turn != cards.Spectator {
		s.startTurn()
	}
	if err := s.Check(); err != nil {
		t.Fatalf("%q breaks the rules: %v", desc, err)
	}
	return s
}

// buildSeat places a player's cards as a section of build writes them.
func buildSeat(t testing.TB, s *State, p cards.Player, parts string) {
	t.Helper()
	for _, part := range strings.Split(parts, "|") {
		what, codes, _ := strings.Cut(strings.TrimSpace(part), " ")
		zone := map[string]*Counts{"hand": &s.hand[p], "pair": &s.pair[p], "tableau": &s.tableau[p], "pile": &s.pile[p], "discarded": &s.hidden[p]}[what]
		switch {
		case zone != nil:
			*zone = zone.Plus(group(t, codes))
		case what == "kingdoms":
			for _, f := range strings.Fields(codes) {
				k := number(t, f)
				if k < 1 || k >= Values {
					t.Fatalf("%q: the kingdoms are 1 to 9", part)
				}
				s.owner[k] = p
			}
		case what == "total":
			s.totals[p] = int32(number(t, codes))
		default:
			t.Fatalf("%q: a player has a hand, pair, tableau, pile, kingdoms, discarded cards and a total", part)
		}
	}
}

// placed returns the cards of the players' hands, pairs, tableaus and
// scoring piles.
func (s *State) placed() Counts {
	var g Counts
	for p := range MaxPlayers {
		g = g.Plus(s.hand[p]).Plus(s.pair[p]).Plus(s.tableau[p]).Plus(s.pile[p])
	}
	return g
}

// earliestRound returns the first round in which the tableaus and scoring
// piles could hold what they hold, the pair of the turn about to be
// revealed included.
func earliestRound(s *State, turn bool) uint8 {
	out := 0
	for p := range s.np() {
		out += s.tableau[p].Len() + s.pile[p].Len()
	}
	if turn {
		out += s.pair[s.turn].Len()
	}
	for r := 1; r < Rounds; r++ {
		revealed := s.np() * (r - 1)
		if turn {
			revealed += s.seat(s.turn) + 1
		}
		if out <= 2*revealed {
			return uint8(r)
		}
	}
	return Rounds
}

// player reads "P1" … "P4".
func player(t testing.TB, text string) cards.Player {
	t.Helper()
	if len(text) != 2 || text[0] != 'P' || text[1] < '1' || text[1] > '4' {
		t.Fatalf("%q is no player: write P1 to P4", text)
	}
	return cards.Player(text[1] - '1')
}

// number reads a whole number.
func number(t testing.TB, text string) int {
	t.Helper()
	n, err := strconv.Atoi(text)
	if err != nil {
		t.Fatalf("%q is no number", text)
	}
	return n
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
	cardstest.Refused(t, Rules{}, s, m, cards.ErrIllegalMove, want)
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

// wantText checks that text holds each of the wanted pieces; what names
// the text ("P1's view").
func wantText(t testing.TB, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
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

func TestBuildReadsTheNotation(t *testing.T) {
	s := build(t, "P1 pair 2 $ | tableau 3 | pile $ | kingdoms 3 | discarded 2 | total 40; P2 hand 1 4 4 7 $ | tableau 9 9 | kingdoms 9 | total 52; "+
		"P3 pair 5 6 | discarded 8 8 8; round 4; first P3; seen 7; deck 6; match; nolog")
	if s.Players() != 3 || s.Round() != 4 || s.FirstPlayer() != p3 || s.Phase() != PhaseChoose || !s.Match() || s.log.On() {
		t.Fatalf("%d players, round %d, first %v, phase %v, match %v, log %v", s.Players(), s.Round(), s.FirstPlayer(), s.Phase(), s.Match(), s.log.On())
	}
	for _, z := range []struct {
		what string
		got  Counts
		want string
	}{
		{"P1's pair", s.pair[p1], "2 $"}, {"P1's tableau", s.tableau[p1], "3"}, {"P1's pile", s.pile[p1], "$"}, {"P1's face-down discards", s.hidden[p1], "2"},
		{"P2's hand", s.hand[p2], "1 4 4 7 $"}, {"P2's tableau", s.tableau[p2], "9 9"},
		{"P3's pair", s.pair[p3], "5 6"}, {"P3's face-down discards", s.hidden[p3], "8 8 8"},
	} {
		wantGroup(t, z.what, z.got, z.want)
	}
	if s.Owner(3) != p1 || s.Owner(9) != p2 || s.Owner(5) != cards.Spectator || s.totals != [MaxPlayers]int32{40, 52} {
		t.Fatalf("kingdoms 3, 9, 5 held by %v, %v, %v; totals %v", s.Owner(3), s.Owner(9), s.Owner(5), s.totals)
	}
	if s.deckLen != 6 || s.seen.Len() != DeckSize-6-s.placed().Len()-s.hidden[p1].Len()-s.hidden[p3].Len() || !s.seen.Has(7) {
		t.Fatalf("deck %d, seen %v", s.deckLen, s.seen)
	}
	// A turn reveals the turn player's pair, as the game does; the round
	// is the first that could hold the tableaus.
	s = build(t, "P1 tableau 4; P2 pair 3 5 | tableau 2; P3 pair 7 7; turn P2")
	if s.Phase() != PhaseTurn || s.turn != p2 || s.Round() != 1 {
		t.Fatalf("phase %v, turn of %v, round %d", s.Phase(), s.turn, s.Round())
	}
	wantGroup(t, "P2's tableau", s.tableau[p2], "2 3 5")
	wantLog(t, s, "P2 revealed 3 5: a Siege")
}
