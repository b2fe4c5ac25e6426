package bridge_test

import (
	"bytes"
	"fmt"
	"strconv"
	"testing"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/catalog"
	"github.com/cardrules/games/wasm/bridge"
)

// BenchmarkPlayout plays random games through the bridge natively, as the
// JavaScript benchmark (wasm/bench.mjs) plays them through the bundle: per
// move, the legal moves and the move, each state named by its handle, told
// as a patch of the last, and each move by its number in the move table.
// It reads no more of the answers than it needs, and reports moves per
// second, beside the bundle's figure in Node.js.
func BenchmarkPlayout(b *testing.B) {
	for i, g := range catalog.Games() {
		b.Run(g.Info().Name, func(b *testing.B) {
			br := bridge.New(catalog.Games())
			r := cards.NewRand(1)
			moves, handle := 0, 0
			var ids []int // the numbers of a line
			for b.Loop() {
				if handle == 0 {
					handle, _ = head(b)(br.NewGame(i, fmt.Appendf(nil, `{"seed":%d}`, moves)))
				}
				var legal []byte
				handle, legal = head(b)(br.LegalMoves(i, handle, nil))
				line, _, _ := bytes.Cut(legal, []byte("\n"))
				ids = ints(line, ids[:0])
				generation := ids[0]
				legalIDs := br.LegalIDs()
				if len(legalIDs) == 0 {
					handle = 0
					continue
				}
				id := int(legalIDs[r.IntN(len(legalIDs))])
				handle, _ = head(b)(br.ApplyMove(i, handle, true, generation, id, nil))
				moves++
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// head returns a function that returns the handle an answer opens with,
// and the rest.
func head(b *testing.B) func([]byte, error) (int, []byte) {
	return func(answer []byte, err error) (int, []byte) {
		if err != nil {
			b.Fatal(err)
		}
		line, rest, _ := bytes.Cut(answer, []byte("\n"))
		h, err := strconv.Atoi(string(line))
		if err != nil {
			b.Fatal(err)
		}
		return h, rest
	}
}

// ints appends the numbers of a JSON array of whole numbers to ns.
func ints(a []byte, ns []int) []int {
	n, in := 0, false
	for _, c := range a {
		if c >= '0' && c <= '9' {
			n, in = n*10+int(c-'0'), true
		} else if in {
			ns, n, in = append(ns, n), 0, false
		}
	}
	return ns
}
