package crown

import (
	"strings"

	"github.com/cardrules/games/cards"
)

// legend tells what each ability does, for Info and for the view's text.
var legend = []cards.Term{
	{Term: "♣ Club", Meaning: "a card of the opponent's court goes to their discard pile"},
	{Term: "♦ Bribe", Meaning: "look at the opponent's hand; a card of it goes to their discard pile"},
	{Term: "♠ Dig", Meaning: "take the top card of either discard pile into your hand"},
	{Term: "♥ Inspire", Meaning: "use the ability of another card of your court, not a ♥ Number card"},
	{Term: "J Q K Recruit", Meaning: "draw a card"},
}

// abilityLegend is the legend as the view's text writes it, a line each.
var abilityLegend = func() string {
	lines := make([]string, len(legend))
	for i, t := range legend {
		lines[i] = t.Term + ": " + t.Meaning
	}
	return "abilities: " + strings.Join(lines, "\n           ")
}()
