package cards

import (
	"fmt"
	"math/bits"
	"strconv"

	"github.com/cardrules/games/cards/internal/strict"
)

// A Rand is a seeded source of random numbers small enough to live inside a
// game state: one word, copied with the state, encoded in the state's JSON.
// The same seed gives the same sequence on every platform.
//
// It is SplitMix64 (Steele, Lea and Flood, 2014), which passes BigCrush.
// The zero Rand is the source seeded with 0. Rand is not for cryptography.
type Rand struct{ state uint64 }

// NewRand returns a source seeded with seed.
func NewRand(seed uint64) Rand { return Rand{state: seed} }

// Uint64 returns a uniformly distributed 64-bit value.
func (r *Rand) Uint64() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// IntN returns a uniformly distributed int in [0, n). It returns 0 if n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	// Lemire's multiply-and-shift with rejection of the biased low values.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		threshold := -bound % bound
		for lo < threshold {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Shuffle puts cs in a uniformly random order (Fisher–Yates).
func (r *Rand) Shuffle(cs []Card) {
	r.ShuffleFunc(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
}

// ShuffleFunc puts n things in a uniformly random order, as Shuffle does
// cards, swapping things i and j by calling swap: the shuffle of a game
// whose cards are not the standard deck's. It draws the same numbers from
// r as Shuffle of n cards, and swaps as it does.
func (r *Rand) ShuffleFunc(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Pick returns a card of s chosen uniformly, or NoCard if s is empty.
func (r *Rand) Pick(s Set) Card {
	n := s.Len()
	if n == 0 {
		return NoCard
	}
	i := r.IntN(n)
	for c := range s.All() {
		if i == 0 {
			return c
		}
		i--
	}
	return NoCard
}

// Split returns a new source whose sequence is independent of r's, and
// advances r. Use it to give a part of a program randomness of its own.
func (r *Rand) Split() Rand { return Rand{state: r.Uint64()} }

// AppendJSON appends the source's state to b as a string of 16
// hexadecimal digits (JavaScript numbers cannot hold 64 bits).
func (r Rand) AppendJSON(b []byte) ([]byte, error) {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for shift := 60; shift >= 0; shift -= 4 {
		b = append(b, hex[r.state>>shift&0xf])
	}
	return append(b, '"'), nil
}

// MarshalJSON encodes the source as AppendJSON does.
func (r Rand) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (r *Rand) UnmarshalJSON(v []byte) error {
	if len(v) != 18 || v[0] != '"' || v[17] != '"' {
		return fmt.Errorf("%w: a random source is a string of 16 hexadecimal digits, not %s", ErrBadInput, v)
	}
	var n uint64
	for _, c := range v[1:17] {
		switch {
		case c >= '0' && c <= '9':
			n = n<<4 | uint64(c-'0')
		case c >= 'a' && c <= 'f':
			n = n<<4 | uint64(c-'a'+10)
		default:
			return fmt.Errorf("%w: a random source is a string of 16 lower-case hexadecimal digits, not %s", ErrBadInput, v)
		}
	}
	r.state = n
	return nil
}

// A Seed is the number that makes a game reproducible. In JSON it is a
// number, or a string of decimal digits for seeds beyond 2^53 that a
// JavaScript number cannot hold exactly; it encodes the same way.
type Seed uint64

const maxExactJS = 1 << 53

// AppendJSON appends the seed to b: a number up to 2^53 and a decimal
// string above.
func (s Seed) AppendJSON(b []byte) ([]byte, error) {
	if s <= maxExactJS {
		return strconv.AppendUint(b, uint64(s), 10), nil
	}
	return append(strconv.AppendUint(append(b, '"'), uint64(s), 10), '"'), nil
}

// MarshalJSON encodes the seed as AppendJSON does.
func (s Seed) MarshalJSON() ([]byte, error) { return s.AppendJSON(nil) }

// UnmarshalJSON accepts a non-negative whole number or a string of decimal
// digits.
func (s *Seed) UnmarshalJSON(v []byte) error {
	d := v
	if len(d) >= 2 && d[0] == '"' && d[len(d)-1] == '"' {
		d = d[1 : len(d)-1]
	}
	n, ok := strict.ParseUint64(d)
	if !ok {
		return fmt.Errorf("%w: seed %s is not a whole number from 0 to 2^64-1", ErrBadInput, v)
	}
	*s = Seed(n)
	return nil
}
