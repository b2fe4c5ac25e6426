package bastards

import "github.com/cardrules/games/cards"

// legend is what the cards do, a line each, for Info.
var legend = []cards.Term{
	{Term: "ranks", Meaning: "3 4 5 6 7 8 9 10 J Q K A, from low to high; suits do not count"},
	{Term: "to beat", Meaning: "as many cards of a higher rank: a single on a single, a pair on a pair"},
	{Term: "2", Meaning: "a trump: played alone on anything, it wins the trick at once"},
	{Term: "🃏", Meaning: "a joker: any rank from 3 to A, alone or in a set with a natural card"},
}
