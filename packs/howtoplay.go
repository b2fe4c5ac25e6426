package packs

import "github.com/cardrules/games/cards"

// legend is what the suits and the market's marks mean, for Info.
var legend = []cards.Term{
	{Term: "♦", Meaning: "income: up to 2 coins from the market for each ♦ in your kingdom"},
	{Term: "♥", Meaning: "your hand limit rises by 1"},
	{Term: "♠", Meaning: "attack: each other player gives you a coin or a card for each ♠, less 1 for each of their ♣"},
	{Term: "♣", Meaning: "defence: 1 less to give for each spade attack"},
	{Term: "J Q K A", Meaning: "nobles: wild, any number of their suit"},
	{Term: "8♠+1", Meaning: "a coin lies under 8♠: its buyer takes it"},
}
