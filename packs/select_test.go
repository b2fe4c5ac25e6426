package packs

import (
	"math/bits"
	"testing"

	"github.com/cardrules/games/cards"
)

func TestSelectBitFindsTheIthSetBit(t *testing.T) {
	r := cards.NewRand(1)
	for range 2000 {
		a, b := r.Uint64(), r.Uint64()
		w := a & b // about a quarter of the bits set
		i := 0
		for v := w; v != 0; v &= v - 1 {
			if got, want := selectBit(w, i), bits.TrailingZeros64(v); got != want {
				t.Fatalf("selectBit(%#x, %d) = %d, want %d", w, i, got, want)
			}
			i++
		}
	}
}
