package packs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// build makes a state from a one-line description for tests, and fails
// the test if it breaks the rules (State.Check). Sections are separated by
// "|"; each begins with its keyword, and cards are written as codes:
//
//	players 3                  seats (default: the highest seat named, at least 2)
//	solo headstart 2           the solo game (P2 is the automaton), its head start
//	P1 hand 7D KH coins 3 kingdom 4D 5D
//	                           a seat: its hand, coins and kingdom
//	top 5C 6D+2 - 8S 9C 10D    the top row, columns 0 (price 5) to 5 (price 0);
//	bottom …                   "-" is an empty position, "+2" two coins under a card
//	loose 3:1                  one coin lying loose in column 3
//	discard 2C 3C              the discard pile
//	deck 9H 10H                the deck; then every card not placed goes to
//	                           the discard pile (without it, to the deck)
//	turn P2 actions 1 round 4  whose turn, actions taken, the round (default 1)
//	phase income 3             income with 3 coins still to take
//	phase pay P3 2             P3 owes the turn player 2 for a ♠ attack
//	phase discard              the attacker discards down to the limit
//	phase over winner P1       the game is over (no winner: called)
//	received 7S                cards the attacker received (added to their hand)
//	coined 5C                  cards the turn player put a coin under this turn
//	used QS 2H instruction QS  the automaton's turned-over instructions, its last
//	orders QS                  its instruction deck (the others are used)
//	turns 40                   the turns each before the game is called
//	nolog                      the log off
//
// The coins are the first number cards in card order that the description
// does not place.
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
	s := State{phase: PhaseAction, limit: DefaultTurns, winner: cards.Spectator, payer: cards.Spectator, rng: cards.NewRand(1)}
	var deck, received cards.Set
	var orders cards.Set
	hasDeck, hasOrders, round, n := false, false, 1, 0
	for _, section := range strings.Split(desc, "|") {
		f := strings.Fields(section)
		if len(f) == 0 {
			continue
		}
		key, args := f[0], f[1:]
		switch {
		case key == "players":
			n = atoi(t, one(t, key, args))
		case key == "solo":
			s.solo = true
			if len(args) == 2 && args[0] == "headstart" {
				s.headStart = uint8(atoi(t, args[1]))
			}
		case strings.HasPrefix(key, "P"):
			p := player(t, key)
			n = max(n, int(p)+1)
			buildSeat(t, &s, p, args)
		case key == "top" || key == "bottom":
			buildRow(t, &s, map[string]int{"top": 0, "bottom": 1}[key], args)
		case key == "loose":
			for _, a := range args {
				c, k, _ := strings.Cut(a, ":")
				s.loose[atoi(t, c)] = uint8(atoi(t, k))
			}
		case key == "discard":
			s.discards = set(t, strings.Join(args, " "))
		case key == "deck":
			deck, hasDeck = set(t, strings.Join(args, " ")), true
		case key == "turn":
			round = buildTurn(t, &s, args)
		case key == "phase":
			buildPhase(t, &s, args)
		case key == "received":
			received = set(t, strings.Join(args, " "))
		case key == "coined":
			s.coined = set(t, strings.Join(args, " "))
		case key == "used":
			buildUsed(t, &s, args)
		case key == "orders":
			orders, hasOrders = set(t, strings.Join(args, " ")), true
		case key == "turns":
			s.limit = uint16(atoi(t, one(t, key, args)))
		case key == "nolog":
			s.log = cards.Off()
		default:
			t.Fatalf("unknown section %q in %q", key, desc)
		}
	}
	s.n = uint8(max(n, 2))
	s.turns = uint16((round-1)*int(s.n) + int(s.turn))
	if s.phase == PhaseOver && !s.valid(s.winner) {
		s.turns = uint16(int(s.limit) * int(s.n))
	}
	if hasOrders {
		s.used = instructionCards.Minus(orders)
	}
	s.received = received
	s.hands[s.turn] = s.hands[s.turn].Union(received)
	placeRest(t, &s, deck, hasDeck)
	return s
}

// buildSeat reads a seat's hand, coins and kingdom.
func buildSeat(t testing.TB, s *State, p cards.Player, args []string) {
	t.Helper()
	key := ""
	for _, a := range args {
		switch a {
		case "hand", "coins", "kingdom":
			key = a
			continue
		}
		switch key {
		case "hand":
			s.hands[p].Add(card(t, a))
		case "kingdom":
			s.kingdoms[p].Add(card(t, a))
		case "coins":
			s.coins[p] = uint8(atoi(t, a))
		default:
			t.Fatalf("%v: %q comes before hand, coins or kingdom", p, a)
		}
	}
}

// buildRow reads a row of the market: six positions.
func buildRow(t testing.TB, s *State, r int, args []string) {
	t.Helper()
	if len(args) != Columns {
		t.Fatalf("a row has %d positions, not %d: %v", Columns, len(args), args)
	}
	for c, a := range args {
		if a == "-" {
			continue
		}
		code, coins, _ := strings.Cut(a, "+")
		s.market[r][c] = card(t, code)
		if coins != "" {
			s.under[r][c] = uint8(atoi(t, coins))
		}
	}
}

// buildTurn reads "P2 actions 1 round 4" and returns the round.
func buildTurn(t testing.TB, s *State, args []string) int {
	t.Helper()
	round := 1
	s.turn = player(t, args[0])
	for i := 1; i+1 < len(args); i += 2 {
		switch args[i] {
		case "actions":
			s.actions = uint8(atoi(t, args[i+1]))
		case "round":
			round = atoi(t, args[i+1])
		default:
			t.Fatalf("turn: unknown %q", args[i])
		}
	}
	return round
}

// buildPhase reads "income 3", "pay P3 2", "discard", "over winner P1".
func buildPhase(t testing.TB, s *State, args []string) {
	t.Helper()
	switch args[0] {
	case "action":
	case "income":
		s.phase, s.owed = PhaseIncome, uint8(atoi(t, args[1]))
	case "pay":
		s.phase, s.payer, s.owed = PhasePay, player(t, args[1]), uint8(atoi(t, args[2]))
	case "discard":
		s.phase = PhaseDiscard
	case "over":
		s.phase = PhaseOver
		if len(args) == 3 && args[1] == "winner" {
			s.winner = player(t, args[2])
		}
	default:
		t.Fatalf("unknown phase %q", args[0])
	}
}

// buildUsed reads "QS 2H instruction QS".
func buildUsed(t testing.TB, s *State, args []string) {
	t.Helper()
	for i := 0; i < len(args); i++ {
		if args[i] == "instruction" && i+1 < len(args) {
			s.order = card(t, args[i+1])
			i++
			continue
		}
		s.used.Add(card(t, args[i]))
	}
}

// placeRest makes coins of the first unplaced number cards, and puts the
// other unplaced cards in the deck (or, if the deck was given, the discard
// pile).
func placeRest(t testing.TB, s *State, deck cards.Set, hasDeck bool) {
	t.Helper()
	placed := s.discards.Union(deck).Union(s.marketCards()).Union(s.used)
	coins := s.marketCoins()
	for p := range MaxPlayers {
		placed = placed.Union(s.hands[p]).Union(s.kingdoms[p])
		coins += int(s.coins[p])
	}
	placed = placed.Union(s.orders())
	rest := s.allCards().Minus(placed)
	for c := range rest.Minus(nobleCards).All() {
		if s.coinCards.Len() == coins {
			break
		}
		s.coinCards.Add(c)
	}
	if s.coinCards.Len() < coins {
		t.Fatalf("%d coins, but only %d number cards are left to be coins", coins, s.coinCards.Len())
	}
	rest = rest.Minus(s.coinCards)
	s.deck = deck
	if hasDeck {
		s.discards = s.discards.Union(rest)
	} else {
		s.deck = s.deck.Union(rest)
	}
}

func one(t testing.TB, key string, args []string) string {
	t.Helper()
	if len(args) != 1 {
		t.Fatalf("%s takes one value, not %v", key, args)
	}
	return args[0]
}

func atoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// player reads "P1" as player 0.
func player(t testing.TB, s string) cards.Player {
	t.Helper()
	n, err := strconv.Atoi(strings.TrimPrefix(s, "P"))
	if err != nil || !strings.HasPrefix(s, "P") || n < 1 || n > MaxPlayers {
		t.Fatalf("%q is not a player", s)
	}
	return cards.Player(n - 1)
}

// set reads cards from their codes, separated by spaces.
func set(t testing.TB, s string) cards.Set {
	t.Helper()
	var cs cards.Set
	for _, f := range strings.Fields(s) {
		cs.Add(card(t, f))
	}
	return cs
}

// card reads one card from its code.
func card(t testing.TB, s string) cards.Card {
	t.Helper()
	c, err := cards.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// row renders row r of the market in the notation of build: "5C 6D+2 - …".
func row(s State, r int) string {
	parts := make([]string, Columns)
	for c := range Columns {
		card, coins := s.Market(r, c)
		switch {
		case card == cards.NoCard:
			parts[c] = "-"
		case coins > 0:
			parts[c] = fmt.Sprintf("%s+%d", card.Code(), coins)
		default:
			parts[c] = card.Code()
		}
	}
	return strings.Join(parts, " ")
}

// wantRows checks both rows of the market.
func wantRows(t testing.TB, s State, top, bottom string) {
	t.Helper()
	if diff := cmp.Diff([]string{top, bottom}, []string{row(s, 0), row(s, 1)}); diff != "" {
		t.Fatalf("market (-want +got):\n%s", diff)
	}
}

// wantSet checks a set of cards against its codes.
func wantSet(t testing.TB, what string, got cards.Set, want string) {
	t.Helper()
	if w := set(t, want); got != w {
		t.Fatalf("%s: got %v, want %v", what, got, w)
	}
}

// play applies the moves in order, failing the test if one is refused.
func play(t testing.TB, s State, moves ...Move) State {
	t.Helper()
	for _, m := range moves {
		next, err := Apply(s, m)
		if err != nil {
			t.Fatalf("%v %v: %v", m.Who, m, err)
		}
		if err := next.Check(); err != nil {
			t.Fatalf("after %v %v: %v", m.Who, m, err)
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

// movesOf returns the legal moves of s as strings: "P1 buy 7♦".
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

// texts returns the texts of the events s holds, as viewer v reads them.
func texts(s State, v cards.Player) []string {
	var out []string
	for _, e := range s.log.For(v) {
		out = append(out, e.Text)
	}
	return out
}

// lastLog returns the last n lines of the log as viewer v reads it.
func lastLog(s State, v cards.Player, n int) []string {
	l := texts(s, v)
	return l[max(0, len(l)-n):]
}

// wantLog checks that the spectator's log ends with the given lines.
func wantLog(t testing.TB, s State, want ...string) {
	t.Helper()
	if diff := cmp.Diff(want, lastLog(s, cards.Spectator, len(want))); diff != "" {
		t.Fatalf("log (-want +got):\n%s", diff)
	}
}

// newGame deals a game, failing the test on an error.
func newGame(t testing.TB, o Options) State {
	t.Helper()
	s, err := NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// opts returns the default options changed by f.
func opts(f func(*Options)) Options {
	o := DefaultOptions()
	f(&o)
	return o
}

// listed reports whether m is among the legal moves of s.
func listed(s State, m Move) bool { return slices.Contains(LegalMoves(s), m) }
