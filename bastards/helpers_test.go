package bastards

import (
	"strconv"
	"strings"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/cardstest"
)

// parse makes a state from a one-line description, for tests. The line is
// sections separated by "|": hands, the trick, the pile, the exchange, and
// facts of the game.
//
//	4p r2 play turn=P2 | P1: 5C 6D X1 | P2: 4C KC | P3: 6C | P4: 8C | top P1 6D
//
// Facts, separated by spaces, in sections of their own:
//
//	4p              the number of players (default 4)
//	r2              the round (default 1)
//	play            the phase: play (the default), exchange or over
//	turn=P2         who acts (P1 if not given; nobody once over)
//	jokers=1        jokers in each deck (default 2)
//	rounds=3        the round limit (default 0, none)
//	dealer=P3       who dealt (default: the last player in round 1, else
//	                the Bastard)
//	king=P2         the last round's King; bastard=P4 its Bastard
//	kings=0,1,0,0   the rounds each player was King; bastards=0,0,0,1 as
//	                Bastard
//	passed=P2,P3    who passed since the last play
//	out=P3,P1       who went out this round, in order
//	rest=P3         every card not named goes to P3's hand (default: to
//	                the pile)
//
// Sections of cards, named by codes (7D, 10S, X1, 7D' of the second deck):
//
//	P1: 5C 6D X1            a player's hand
//	trick P1 6D, P2 7C      the plays of the trick in order, the last the
//	                        play to beat; "P3 X1 as 9" for a lone joker
//	top P1 6D               a trick of one play
//	pile 4C 4D              cards of the tricks won this round
//	kinggave 5C 6C          the King's cards in this round's exchange;
//	bastardgave X1 2S       the Bastard's
//
// A later fact or section replaces an earlier one, and cards of the trick
// and the pile are taken out of the hands that name them, so that tests
// share a description and add to it: fourHands+" | turn=P3 | top P2 KC".
// parse fails the test if the state breaks the rules (State.Check).
func parse(t *testing.T, desc string) State {
	t.Helper()
	s := parseRaw(t, desc)
	if err := s.Check(); err != nil {
		t.Fatalf("the described state breaks the rules: %v\n%s", err, desc)
	}
	return s
}

// parseRaw is parse without the final Check.
func parseRaw(t *testing.T, desc string) State {
	t.Helper()
	facts, sections := map[string]string{}, map[string]string{}
	for _, sec := range strings.Split(desc, "|") {
		key, val, _ := strings.Cut(strings.TrimSpace(sec), " ")
		switch key = strings.TrimSuffix(key, ":"); {
		case key == "":
		case key == "trick" || key == "top" || key == "pile" || key == "kinggave" || key == "bastardgave" ||
			strings.HasPrefix(key, "P") && !strings.Contains(key, "="):
			if key == "top" {
				key = "trick"
			}
			sections[key] = strings.TrimSpace(val)
		default:
			for _, f := range strings.Fields(sec) {
				parseFact(t, f, facts)
			}
		}
	}
	opts := Options{Players: atoi(t, facts["players"], 4), Jokers: atoi(t, facts["jokers"], 2), Rounds: atoi(t, facts["rounds"], 0)}
	cfg, err := opts.resolve()
	if err != nil {
		t.Fatal(err)
	}
	s := State{cfg: cfg, round: int32(atoi(t, facts["round"], 1)), phase: PhasePlay, king: cards.Spectator, bastard: cards.Spectator}
	n := s.Players()
	if v, ok := facts["phase"]; ok {
		if err := s.phase.UnmarshalText([]byte(v)); err != nil {
			t.Fatal(err)
		}
	}
	s.king = player(t, facts["king"], cards.Spectator)
	s.bastard = player(t, facts["bastard"], cards.Spectator)
	s.dealer = cards.Player(n - 1)
	if s.round > 1 {
		s.dealer = s.bastard
	}
	s.dealer = player(t, facts["dealer"], s.dealer)
	s.toAct = player(t, facts["turn"], 0)
	var placed cards.Set
	for p := range n {
		s.hands[p] = set(t, sections[cards.Player(p).String()])
		placed = placed.Union(s.hands[p])
	}
	for _, pl := range strings.Split(sections["trick"], ",") {
		if strings.TrimSpace(pl) != "" {
			s.plays[s.nPlays] = parsePlay(t, pl)
			s.nPlays++
		}
	}
	s.pile = set(t, sections["pile"])
	table := s.trickCards().Union(s.pile)
	for p := range n {
		s.hands[p] = s.hands[p].Minus(table)
	}
	placed = placed.Union(table)
	rest := s.cfg.deck().Minus(placed)
	if v, ok := facts["rest"]; ok {
		p := player(t, v, 0)
		s.hands[p] = s.hands[p].Union(rest)
	} else {
		s.pile = s.pile.Union(rest)
	}
	for _, f := range strings.Fields(facts["passed"]) {
		s.passed = s.passed.With(player(t, f, 0))
	}
	for _, f := range strings.Fields(facts["out"]) {
		p := player(t, f, 0)
		s.out = s.out.With(p)
		s.order[s.nOut] = p
		s.nOut++
	}
	for i, f := range strings.Fields(facts["kings"]) {
		s.kings[i] = int32(atoi(t, f, 0))
	}
	for i, f := range strings.Fields(facts["bastards"]) {
		s.bastards[i] = int32(atoi(t, f, 0))
	}
	s.kingGave = set(t, sections["kinggave"])
	s.bastardGave = set(t, sections["bastardgave"])
	if s.phase == PhaseOver {
		s.toAct = cards.Spectator
	}
	return s
}

// parseFact reads one fact of the game into facts, by its name: "4p" is
// players 4, "r2" round 2, a phase's name the phase, and "name=value" the
// value (its commas read as spaces).
func parseFact(t *testing.T, f string, facts map[string]string) {
	t.Helper()
	name, value, ok := strings.Cut(f, "=")
	var ph Phase
	switch {
	case ok:
		value = strings.ReplaceAll(value, ",", " ")
	case strings.HasSuffix(f, "p"):
		name, value = "players", strings.TrimSuffix(f, "p")
	case strings.HasPrefix(f, "r"):
		name, value = "round", strings.TrimPrefix(f, "r")
	case ph.UnmarshalText([]byte(f)) == nil:
		name, value = "phase", f
	default:
		t.Fatalf("%q is no fact of a game", f)
	}
	facts[name] = value
}

// parsePlay reads a play of the trick: "P1 6D 6S", or "P3 X1 as 9" for a
// lone joker.
func parsePlay(t *testing.T, desc string) play {
	t.Helper()
	who, codes, _ := strings.Cut(strings.TrimSpace(desc), " ")
	codes, as, _ := strings.Cut(codes, " as ")
	cs := set(t, codes)
	r := cards.NoRank
	if as != "" {
		var err error
		if r, err = cards.ParseRank(strings.TrimSpace(as)); err != nil {
			t.Fatal(err)
		}
	}
	if cs.Empty() || cs.Len() > 4 {
		t.Fatalf("%q is no play of one to four cards", desc)
	}
	rank, _ := rankOf(cs, r)
	return newPlay(cs, rank, player(t, who, 0))
}

// atoi reads a whole number, or gives def for "".
func atoi(t *testing.T, s string, def int) int {
	t.Helper()
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// player reads "P1" as player 0, or gives def for "".
func player(t *testing.T, s string, def cards.Player) cards.Player {
	t.Helper()
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "P"))
	if err != nil || !strings.HasPrefix(s, "P") {
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
	return cardstest.MustApply(t, Rules{}, s, moves...)
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
