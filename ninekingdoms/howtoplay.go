package ninekingdoms

import (
	"strconv"

	"github.com/cardrules/games/cards"
)

// legend is what each kingdom gives its holder, as the view's text says
// it, and what each combination does, for Info.
var legend = func() []cards.Term {
	var terms []cards.Term
	for k := 1; k < Values; k++ {
		terms = append(terms, cards.Term{Term: "Kingdom " + strconv.Itoa(k), Meaning: powers[k]})
	}
	return append(terms,
		cards.Term{Term: "$ $", Meaning: "a Bury: both to your scoring pile"},
		cards.Term{Term: "X $", Meaning: "a Bribe: the $ to another's scoring pile, and take their X-1, X or X+1"},
		cards.Term{Term: "X-1 X+1", Meaning: "a Siege: discard another's X"},
		cards.Term{Term: "X X+1", Meaning: "a Flank: discard another's X-1 or X+2"},
	)
}()
