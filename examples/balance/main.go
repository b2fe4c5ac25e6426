// Balance plays one of this module's card games many times with bots, on
// every core, and writes a page of what its rules do: each seat's
// advantage at each number of players, the length of a game and how often
// the game's own limit ends it, how often each kind of move happens and
// how its makers fare, the decisions, the variants side by side, a ladder
// of bots and, for Packs Kingdoms, each bot against the solo automaton at
// each head start. It prints the headlines at the terminal.
//
//	go run ./examples/balance -game crown
//	go run ./examples/balance -game packs -players all -out packs.html
//
// -h lists the flags, the bots and the games' options. Its work is
// package balance's, which serves any games: a program of these few
// lines, given a designer's games, studies them too.
package main

import "github.com/cardrules/games/cards/balance"

func main() { balance.Program{}.Main() }
