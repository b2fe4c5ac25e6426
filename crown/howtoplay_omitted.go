//go:build nohowtoplay

package crown

import "github.com/cardrules/games/cards"

// Built with the tag nohowtoplay, as the WebAssembly bundle is (its
// JavaScript carries the texts, which the WebAssembly would repeat), the
// game's Info has no how-to-play and no glossary.
var (
	howToPlay []cards.Section
	glossary  []cards.Term
)
