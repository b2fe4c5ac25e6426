//go:build !js

package bundle

import (
	"bytes"
	"encoding/binary"
	"math"
	"slices"
	"testing"
)

// module returns a WebAssembly module of the given sections.
func module(sections ...section) []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		m = append(m, s.id)
		m = binary.AppendUvarint(m, uint64(len(s.body)))
		m = append(m, s.body...)
	}
	return m
}

// memory returns the bytes the data segments of module m write, from
// address 0.
func memory(t *testing.T, m []byte) []byte {
	t.Helper()
	sections, err := splitSections(m)
	if err != nil {
		t.Fatal(err)
	}
	var mem []byte
	for _, s := range sections {
		if s.id != dataSection {
			continue
		}
		segments, err := readSegments(s.body)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range segments {
			if end := int(g.at) + len(g.data); end > len(mem) {
				mem = append(mem, make([]byte, end-len(mem))...)
			}
			copy(mem[g.at:], g.data)
		}
	}
	return mem
}

func TestMergeSegments(t *testing.T) {
	memorySection := section{5, []byte{1, 0, 1}}
	data := section{dataSection, appendSegments(nil, []segment{
		{3, []byte("ab")},
		{13, []byte("cd")},                    // 8 zeros after ab: merged
		{15 + zerosApart, []byte("ef")},       // zerosApart zeros after cd: apart
		{17 + 2*zerosApart - 1, []byte("gh")}, // one zero fewer: merged
		{200, []byte("ij")},                   // before the one above: apart
	})}
	count := section{dataCountSection, []byte{5}}
	m := module(memorySection, count, data)
	got := mergeSegments(m)
	if !bytes.Equal(memory(t, got), memory(t, m)) {
		t.Error("the merged segments write other bytes")
	}
	sections, _ := splitSections(got)
	if len(sections) != 3 || sections[0].id != 5 || !bytes.Equal(sections[0].body, memorySection.body) {
		t.Errorf("sections %v, want the memory section as it was, the count, the data", sections)
	}
	segments, err := readSegments(sections[2].body)
	if err != nil {
		t.Fatal(err)
	}
	var at []uint32
	for _, s := range segments {
		at = append(at, s.at)
	}
	if want := []uint32{3, 15 + zerosApart, 200}; !slices.Equal(at, want) {
		t.Errorf("segments at %v, want %v", at, want)
	}
	if !bytes.Equal(sections[1].body, []byte{3}) {
		t.Errorf("the data count section holds %v, want 3", sections[1].body)
	}
}

// TestMergeSegmentsOfAnotherForm checks that a module whose data is not
// as Go writes it comes back as it was.
func TestMergeSegmentsOfAnotherForm(t *testing.T) {
	passive := section{dataSection, []byte{1, 1, 2, 'a', 'b'}} // one passive segment
	short := section{dataSection, []byte{2, 0, 0x41, 0, 0x0b, 1, 'a'}}
	for _, m := range [][]byte{
		module(passive),
		module(short),
		[]byte("\x00asm\x01\x00\x00\x00\x0b\x09"),
		[]byte("not a module"),
	} {
		if got := mergeSegments(m); !bytes.Equal(got, m) {
			t.Errorf("mergeSegments(% x) = % x, want it as it was", m, got)
		}
	}
}

func TestInt32(t *testing.T) {
	for _, x := range []int32{0, 1, 63, 64, 127, 128, 8191, 8192, 1 << 20, math.MaxInt32, -1, -64, -65, math.MinInt32} {
		b := appendInt32(nil, x)
		if got, n := readInt32(b); got != x || n != len(b) {
			t.Errorf("%d as % x reads as %d in %d bytes", x, b, got, n)
		}
	}
	if b := appendInt32(nil, 64); !bytes.Equal(b, []byte{0xc0, 0x00}) {
		t.Errorf("64 is % x, want c0 00", b)
	}
}
