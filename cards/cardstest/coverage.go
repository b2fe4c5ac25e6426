package cardstest

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/anygame"
)

// coverage counts what the random games of Run reach, for the line it
// logs: how many games, from deals or hand-built starts, the moves played
// by kind, the kinds known but never played, and the endings.
type coverage[M cards.Move] struct {
	games, handBuilt, moves int
	played                  map[string]int  // moves played, by kind
	known                   map[string]bool // kinds met: listed, proposed or drawn
	endings                 map[string]int
	kinds                   map[M]string // each move's kind, once worked out
}

func newCoverage[M cards.Move]() *coverage[M] {
	return &coverage[M]{played: map[string]int{}, known: map[string]bool{}, endings: map[string]int{}, kinds: map[M]string{}}
}

// kind returns m's kind (see anygame.MoveKind), worked out once a move.
func (c *coverage[M]) kind(m M) string {
	k, ok := c.kinds[m]
	if !ok {
		k = anygame.MoveKind(m)
		c.kinds[m] = k
	}
	return k
}

// meet notes the kinds of moves met: listed as legal, proposed by an
// Explainer, or drawn by a Game's Moves. A kind of a move that does not
// encode is none.
func (c *coverage[M]) meet(moves []M) {
	if c == nil {
		return
	}
	for _, m := range moves {
		if k := c.kind(m); k != "" {
			c.known[k] = true
		}
	}
}

// begin counts a random game begun, from a deal or a hand-built start.
func (c *coverage[M]) begin(handBuilt bool) {
	if c == nil {
		return
	}
	c.games++
	if handBuilt {
		c.handBuilt++
	}
}

// end counts the moves and the ending of a random game played to its end.
func (c *coverage[M]) end(moves []M, ending string) {
	if c == nil {
		return
	}
	c.moves += len(moves)
	for _, m := range moves {
		c.played[c.kind(m)]++
	}
	c.endings[ending]++
}

// line tells what the games reached, in a line a person reads:
//
//	coverage: 800 random games (397 from hand-built starts), 40210 moves; moves played by kind: play 28193, draw 12001, pass 16; never played: none; endings: went out 800
func (c *coverage[M]) line() string {
	var never []string
	for k := range c.known {
		if c.played[k] == 0 {
			never = append(never, k)
		}
	}
	slices.Sort(never)
	if len(never) == 0 {
		never = []string{"none"}
	}
	return fmt.Sprintf("coverage: %s (%d from hand-built starts), %s; moves played by kind: %s; never played: %s; endings: %s",
		cards.Plural(c.games, "random game"), c.handBuilt, cards.Plural(c.moves, "move"),
		counts(c.played), strings.Join(never, ", "), counts(c.endings))
}

// counts lists the counts of m, the largest first: "play 28193, draw 12001".
func counts(m map[string]int) string {
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int { return cmp.Or(cmp.Compare(m[b], m[a]), strings.Compare(a, b)) })
	items := make([]string, len(keys))
	for i, k := range keys {
		items[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

// ending names how the game of final state s ended: by g's Ending, or
// by the state's own (see cards.EndingOf).
func (g Game[O, S, M, V]) ending(s S) string {
	if g.Ending != nil {
		return g.Ending(s)
	}
	return cards.EndingOf(s).Name
}
