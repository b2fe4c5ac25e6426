package bastards

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
)

// build makes a state from a short description, one fact a line:
//
//	players 4          (default 4; also jokers, rounds as in Options)
//	round 2            (default 1)
//	phase play         (default play; exchange, over)
//	dealer P3          (default: the last player in round 1, else the Bastard)
//	turn P2            (who acts)
//	P1: 3C 5D X1       (a hand)
//	top P1: 9S 9H      (the play to beat; "top P1: X1 as 9" for a joker)
//	trick: 5C 5D       (other cards of the trick; the top is added)
//	pile: 4C 4D        (cards of earlier tricks)
//	rest P3            (every card not named goes to P3; default: the pile)
//	passed P3 P4
//	out P3 P1          (in order)
//	king P1 / bastard P4 (of the last round)
//	kings 1 0 0 0 / bastards 0 0 0 1
//	kinggave 7C 8D / bastardgave X1 2S
//
// Cards named on the table (top, trick, pile) are taken out of the hands
// that name them, so that one hand list serves several tests. It fails the
// test if the state breaks the rules.
func build(t *testing.T, desc string) State {
	t.Helper()
	s := buildRaw(t, desc)
	if err := s.Check(); err != nil {
		t.Fatalf("the described state breaks the rules: %v\n%s", err, desc)
	}
	return s
}

// buildRaw is build without the final Check.
func buildRaw(t *testing.T, desc string) State {
	t.Helper()
	opts := Options{Players: 4, Jokers: 2}
	lines := map[string]string{}
	for _, line := range strings.Split(desc, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		key, val, _ := strings.Cut(line, " ")
		key = strings.TrimSuffix(key, ":")
		if key == "top" {
			who, cs, _ := strings.Cut(val, ":")
			key, val = "top", who+"|"+cs
		}
		lines[key] = strings.TrimSpace(val)
	}
	for key, o := range map[string]*int{"players": &opts.Players, "jokers": &opts.Jokers, "rounds": &opts.Rounds} {
		if v, ok := lines[key]; ok {
			*o = atoi(t, v)
		}
	}
	cfg, err := opts.resolve()
	if err != nil {
		t.Fatal(err)
	}
	s := State{cfg: cfg, round: 1, phase: PhasePlay, king: cards.Spectator, bastard: cards.Spectator}
	n := s.Players()
	if v, ok := lines["round"]; ok {
		s.round = int32(atoi(t, v))
	}
	if v, ok := lines["phase"]; ok {
		if err := s.phase.UnmarshalText([]byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	if v, ok := lines["king"]; ok {
		s.king = player(t, v)
	}
	if v, ok := lines["bastard"]; ok {
		s.bastard = player(t, v)
	}
	s.dealer = cards.Player(n - 1)
	if s.round > 1 {
		s.dealer = s.bastard
	}
	if v, ok := lines["dealer"]; ok {
		s.dealer = player(t, v)
	}
	s.toAct = player(t, lines["turn"])
	var placed cards.Set
	for p := range n {
		if v, ok := lines[cards.Player(p).String()]; ok {
			s.hands[p] = set(t, v)
			placed = placed.Union(s.hands[p])
		}
	}
	if v, ok := lines["top"]; ok {
		who, cs, _ := strings.Cut(v, "|")
		codes, as, _ := strings.Cut(cs, " as ")
		s.top.by = player(t, strings.TrimSpace(who))
		s.top.cards = set(t, codes)
		r := cards.NoRank
		if as != "" {
			var err error
			if r, err = cards.ParseRank(as); err != nil {
				t.Fatal(err)
			}
		}
		s.top.rank, _ = rankOf(s.top.cards, r)
		s.trick = s.top.cards
	}
	s.trick = s.trick.Union(set(t, lines["trick"]))
	s.pile = set(t, lines["pile"])
	for p := range n {
		s.hands[p] = s.hands[p].Minus(s.trick).Minus(s.pile)
	}
	placed = placed.Union(s.trick).Union(s.pile)
	rest := s.cfg.deck().Minus(placed)
	if v, ok := lines["rest"]; ok {
		p := player(t, v)
		s.hands[p] = s.hands[p].Union(rest)
	} else {
		s.pile = s.pile.Union(rest)
	}
	for _, f := range strings.Fields(lines["passed"]) {
		s.passed = s.passed.With(player(t, f))
	}
	for _, f := range strings.Fields(lines["out"]) {
		p := player(t, f)
		s.out = s.out.With(p)
		s.order[s.nOut] = p
		s.nOut++
	}
	for i, f := range strings.Fields(lines["kings"]) {
		s.kings[i] = int32(atoi(t, f))
	}
	for i, f := range strings.Fields(lines["bastards"]) {
		s.bastards[i] = int32(atoi(t, f))
	}
	s.kingGave = set(t, lines["kinggave"])
	s.bastardGave = set(t, lines["bastardgave"])
	if s.phase == PhaseOver {
		s.toAct = cards.Spectator
	}
	return s
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// player reads "P1" as player 0.
func player(t *testing.T, s string) cards.Player {
	t.Helper()
	if s == "" {
		return 0
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "P"))
	if err != nil {
		t.Fatalf("%q is not a player", s)
	}
	return cards.Player(n - 1)
}

// set reads cards from their codes, separated by spaces.
func set(t *testing.T, s string) cards.Set {
	t.Helper()
	var cs cards.Set
	for _, f := range strings.Fields(s) {
		c, err := cards.ParseCard(f)
		if err != nil {
			t.Fatal(err)
		}
		cs.Add(c)
	}
	return cs
}

// card reads one card from its code.
func card(t *testing.T, s string) cards.Card {
	t.Helper()
	c, err := cards.ParseCard(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// mustApply applies moves in turn, failing the test on an error.
func mustApply(t *testing.T, s State, moves ...Move) State {
	t.Helper()
	for _, m := range moves {
		var err error
		if s, err = Apply(s, m); err != nil {
			t.Fatalf("%v %v: %v", m.Who, m, err)
		}
	}
	return s
}

// playOf returns the move of player number p (1-based) playing the cards of codes.
func playOf(t *testing.T, p int, codes string) Move {
	t.Helper()
	return Move{Who: cards.Player(p - 1), Kind: KindPlay, Cards: set(t, codes)}
}

// pass returns the pass of player number p (1-based, as printed).
func passOf(p int) Move { return Pass(cards.Player(p - 1)) }

// has reports whether m is among the legal moves of s.
func has(s State, m Move) bool {
	for _, l := range LegalMoves(s) {
		if l == m {
			return true
		}
	}
	return false
}
