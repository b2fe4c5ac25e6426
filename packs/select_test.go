package packs

import (
	"math/bits"
	"testing"

	"github.com/cardrules/games/cards"
)

func TestSelectBitFindsTheIthSetBit(t *testing.T) {
	r := cards.NewRand(1)
	for range 2000 {
		w := r.Uint64() & r.Uint64()
		i := 0
		for v := w; v != 0; v &= v - 1 {
			if got, want := selectBit(w, i), bits.TrailingZeros64(v); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", w, i, got, want)
			}
			i++
		}
	}
}
