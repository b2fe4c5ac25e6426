package cards

import (
	"encoding/json"
	"errors"
	"math"
	"testing"
)

// The first outputs of SplitMix64 seeded with 0 and with 1234567, as
// published with the algorithm's reference implementation: the sequence
// must be the same on every platform.
func TestRandIsSplitMix64(t *testing.T) {
	r := NewRand(1234567)
	for i, want := range []uint64{6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821} {
		if got := r.Uint64(); got != want {
			t.Fatalf("output %d = %d, want %d", i, got, want)
		}
	}
}

func TestRandIntNIsUniform(t *testing.T) {
	r := NewRand(7)
	var counts [6]int
	const n = 60000
	for range n {
		counts[r.IntN(6)]++
	}
	for face, c := range counts {
		if math.Abs(float64(c)-n/6) > 5*math.Sqrt(n/6) {
			t.Errorf("face %d drawn %d times of %d", face, c, n)
		}
	}
	if r.IntN(0) != 0 || r.IntN(-3) != 0 || r.IntN(1) != 0 {
		t.Error("IntN of a bound below 2 must be 0")
	}
}

func TestRandIsAValue(t *testing.T) {
	a := NewRand(42)
	b := a
	if a.Uint64() != b.Uint64() {
		t.Error("a copied source must give the same sequence")
	}
}

func TestShuffleAndPick(t *testing.T) {
	r := NewRand(1)
	deck := Standard().Cards()
	r.Shuffle(deck)
	if SetOf(deck...) != Standard() {
		t.Fatal("Shuffle lost or duplicated cards")
	}
	if r.Pick(Set{}) != NoCard {
		t.Error("Pick of an empty set must be NoCard")
	}
	if c := r.Pick(Jokers(2)); !c.IsJoker() {
		t.Errorf("Pick(jokers) = %v", c)
	}
}

func TestShuffleFuncDrawsAsShuffle(t *testing.T) {
	a, b := NewRand(7), NewRand(7)
	deck := Standard().Cards()
	ranks := make([]uint8, len(deck))
	for i, c := range deck {
		ranks[i] = uint8(c)
	}
	a.Shuffle(deck)
	b.ShuffleFunc(len(ranks), func(i, j int) { ranks[i], ranks[j] = ranks[j], ranks[i] })
	for i, c := range deck {
		if uint8(c) != ranks[i] {
			t.Fatalf("at %d: Shuffle put %v, ShuffleFunc %v", i, c, Card(ranks[i]))
		}
	}
	if a != b {
		t.Fatal("the two shuffles drew differently from their sources")
	}
}

func TestRandJSON(t *testing.T) {
	r := NewRand(0xfeed)
	r.Uint64()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Rand
	if err := json.Unmarshal(b, &back); err != nil || back != r {
		t.Fatalf("round trip of %s: %v, %v", b, back, err)
	}
	for _, bad := range []string{`"xyz"`, `12`, `"00"`, `"0123456789abcdefg"`} {
		if err := json.Unmarshal([]byte(bad), &back); !errors.Is(err, ErrBadInput) {
			t.Errorf("Unmarshal(%s) = %v", bad, err)
		}
	}
}

func TestSeedJSON(t *testing.T) {
	for _, c := range []struct {
		seed Seed
		text string
	}{{7, `7`}, {1 << 53, `9007199254740992`}, {1<<53 + 1, `"9007199254740993"`}, {math.MaxUint64, `"18446744073709551615"`}} {
		b, err := json.Marshal(c.seed)
		if err != nil || string(b) != c.text {
			t.Errorf("Marshal(%d) = %s, %v; want %s", c.seed, b, err, c.text)
		}
		var back Seed
		if err := json.Unmarshal(b, &back); err != nil || back != c.seed {
			t.Errorf("Unmarshal(%s) = %d, %v", b, back, err)
		}
	}
	var s Seed
	if err := json.Unmarshal([]byte(`"12"`), &s); err != nil || s != 12 {
		t.Errorf("a seed as a string: %d, %v", s, err)
	}
	for _, bad := range []string{`-1`, `1.5`, `"x"`, `true`} {
		if err := json.Unmarshal([]byte(bad), &s); !errors.Is(err, ErrBadInput) {
			t.Errorf("Unmarshal(%s) = %v", bad, err)
		}
	}
}
