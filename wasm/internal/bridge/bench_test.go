package bridge_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/internal/bridge"
)

// BenchmarkPlayout plays random games through the bridge natively, as the
// JavaScript benchmark (wasm/bench.mjs) plays them through the bundle: per
// move, the legal moves and the move, each state named by its handle and
// each move by its index in the list. It reports moves per second, beside
// the bundle's figure in Node.js.
func BenchmarkPlayout(b *testing.B) {
	for i, g := range catalog.Games() {
		b.Run(g.Info().Name, func(b *testing.B) {
			br := bridge.New(catalog.Games())
			r := cards.NewRand(1)
			moves, handle := 0, 0
			for b.Loop() {
				if handle == 0 {
					handle = read(b)(br.NewGame(i, fmt.Appendf(nil, `{"seed":%d}`, moves))).handle
				}
				legal := read(b)(br.LegalMoves(i, handle, nil))
				var list []json.RawMessage
				if err := json.Unmarshal(legal.lines[0], &list); err != nil {
					b.Fatal(err)
				}
				if len(list) == 0 {
					handle = 0
					continue
				}
				handle = read(b)(br.ApplyLegal(i, handle, r.IntN(len(list)), nil)).handle
				moves++
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
