// Tournament plays many games of this module's card games between bots,
// on every core, and tells how well each bot plays: its win rate with a
// 95% confidence interval beside the share chance would give it, the
// average length of a game and the time a bot takes a move.
//
//	go run ./examples/tournament -game NAME -players N -bots ismcts,random -games 200 -seed S
//
// -h lists the flags, the bots and the games' options. Its work is
// package tournament's, which serves any games: a program of these few
// lines, given a designer's games, plays them too.
package main

import "github.com/cardrules/games/cards/tournament"

func main() { tournament.Program{}.Main() }
