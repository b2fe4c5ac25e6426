package cards

import (
	"fmt"
	"github.com/go-json-experiment/json/jsontext"
	"math/bits"
	"strconv"
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
	for i := len(cs) - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
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

// MarshalJSONTo encodes the source's state as a string of 16 hexadecimal
// digits (JavaScript numbers cannot hold 64 bits).
func (r Rand) MarshalJSONTo(enc *jsontext.Encoder) error {
	b, _ := r.AppendJSON(enc.AvailableBuffer())
	return enc.WriteValue(b)
}

// AppendJSON appends the source's JSON to b.
func (r Rand) AppendJSON(b []byte) ([]byte, error) {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for shift := 60; shift >= 0; shift -= 4 {
		b = append(b, hex[r.state>>shift&0xf])
	}
	return append(b, '"'), nil
}

// UnmarshalJSONFrom decodes what MarshalJSONTo encodes.
func (r *Rand) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	s := tok.String()
	v, perr := strconv.ParseUint(s, 16, 64)
	if tok.Kind() != '"' || perr != nil || len(s) != 16 {
		return fmt.Errorf("%w: a random source is a string of 16 hexadecimal digits, not %s", ErrBadInput, tok)
	}
	r.state = v
	return nil
}

// MarshalJSON encodes the source as MarshalJSONTo does, for encoding/json.
func (r Rand) MarshalJSON() ([]byte, error) { return Marshal(r) }

// UnmarshalJSON decodes the source as UnmarshalJSONFrom does, for
// encoding/json.
func (r *Rand) UnmarshalJSON(b []byte) error { return Unmarshal(b, r, "a random source") }

// A Seed is the number that makes a game reproducible. In JSON it is a
// number, or a string of decimal digits for seeds beyond 2^53 that a
// JavaScript number cannot hold exactly; it encodes the same way.
type Seed uint64

const maxExactJS = 1 << 53

// MarshalJSONTo encodes the seed as a number up to 2^53 and as a decimal
// string above.
func (s Seed) MarshalJSONTo(enc *jsontext.Encoder) error {
	if s <= maxExactJS {
		return enc.WriteToken(jsontext.Uint(uint64(s)))
	}
	return enc.WriteToken(jsontext.String(strconv.FormatUint(uint64(s), 10)))
}

// UnmarshalJSONFrom accepts a non-negative whole number or a string of
// decimal digits.
func (s *Seed) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	var text string
	switch tok.Kind() {
	case '"':
		text = tok.String()
	case '0':
		text = tok.String()
	}
	v, perr := strconv.ParseUint(text, 10, 64)
	if perr != nil {
		return fmt.Errorf("%w: seed %s is not a whole number from 0 to 2^64-1", ErrBadInput, tok)
	}
	*s = Seed(v)
	return nil
}

// MarshalJSON encodes the seed as MarshalJSONTo does, for encoding/json.
func (s Seed) MarshalJSON() ([]byte, error) { return Marshal(s) }

// UnmarshalJSON decodes the seed as UnmarshalJSONFrom does, for
// encoding/json.
func (s *Seed) UnmarshalJSON(b []byte) error { return Unmarshal(b, s, "a seed") }
