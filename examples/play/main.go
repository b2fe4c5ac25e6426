// Play plays the card games of this module at the terminal: you against
// bots, or bots alone.
//
//	go run ./examples/play [flags]
//
// -h lists the flags, the commands at a turn, the bots and the games'
// options. Its work is package terminal's, which serves any games: a
// program of these few lines, given a designer's games, plays them too.
package main

import "github.com/cardrules/games/cards/terminal"

func main() { terminal.Program{Name: "play", Command: "go run ./examples/play"}.Main() }
