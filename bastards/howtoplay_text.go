//go:build !nohowtoplay

package bastards

import (
	_ "embed"

	"github.com/cardrules/games/cards"
)

// howToPlayText is the game's rules as written for people, read into
// Info's HowToPlay and Glossary. A build with the tag nohowtoplay leaves
// it out (see howtoplay_omitted.go).
//
//go:embed howtoplay.txt
var howToPlayText string

var howToPlay, glossary = cards.MustParseHowToPlay(howToPlayText)
