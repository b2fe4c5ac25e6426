package bundle

import (
	"encoding/binary"
	"errors"
)

// dataSection is the id of a WebAssembly module's data section, and
// dataCountSection that of the section that counts its segments.
const (
	dataSection      = 11
	dataCountSection = 12
)

// zerosApart is the shortest run of zero bytes that keeps two data
// segments apart when mergeSegments merges them.
const zerosApart = 4096

// mergeSegments returns the WebAssembly module m with the segments of its
// data section merged wherever fewer than zerosApart zero bytes lie
// between them, the zeros written out. Go's linker starts a segment after
// every run of eight zero bytes or more, which makes the file smaller but
// its compressed form larger: Claim the Crown's data is some 49,000
// segments, and the address that heads each compresses poorly, where a run
// of zeros costs nearly nothing. Merged, the file is some 12% larger raw,
// and 7% to 8% smaller gzipped or in Brotli, as a server sends it. The
// memory the module starts with holds the same bytes.
//
// A module whose segments are not all of the form Go writes (active, in
// memory 0, at a constant address) is returned as it is.
func mergeSegments(m []byte) []byte {
	sections, err := splitSections(m)
	if err != nil {
		return m
	}
	for i, s := range sections {
		if s.id != dataSection {
			continue
		}
		segments, err := readSegments(s.body)
		if err != nil {
			return m
		}
		segments = merged(segments)
		sections[i].body = appendSegments(nil, segments)
		// The count of segments, if the module has one, comes before.
		for j := range sections {
			if sections[j].id == dataCountSection {
				sections[j].body = binary.AppendUvarint(nil, uint64(len(segments)))
			}
		}
	}
	out := append([]byte(nil), m[:8]...)
	for _, s := range sections {
		out = append(out, s.id)
		out = binary.AppendUvarint(out, uint64(len(s.body)))
		out = append(out, s.body...)
	}
	return out
}

// A section is a section of a WebAssembly module: its id and its content.
type section struct {
	id   byte
	body []byte
}

// A segment is an active data segment: the bytes written at an address
// of the memory when the module starts.
type segment struct {
	at   uint32
	data []byte
}

var errForm = errors.New("not a module as Go writes it")

// splitSections returns the sections of module m. The numbers of
// WebAssembly (LEB128) read as Go's unsigned varints do.
func splitSections(m []byte) ([]section, error) {
	if len(m) < 8 || string(m[:4]) != "\x00asm" {
		return nil, errForm
	}
	var sections []section
	for r := m[8:]; len(r) > 0; {
		size, n := binary.Uvarint(r[1:])
		if n <= 0 || uint64(len(r)-1-n) < size {
			return nil, errForm
		}
		sections = append(sections, section{r[0], r[1+n : 1+n+int(size)]})
		r = r[1+n+int(size):]
	}
	return sections, nil
}

// readSegments reads the segments of a data section.
func readSegments(body []byte) ([]segment, error) {
	count, n := binary.Uvarint(body)
	if n <= 0 {
		return nil, errForm
	}
	r := body[n:]
	var segments []segment
	for range count {
		// Memory 0 (0x00), then the address as the expression
		// i32.const (0x41) at, end (0x0b).
		if len(r) < 2 || r[0] != 0 || r[1] != 0x41 {
			return nil, errForm
		}
		at, n := readInt32(r[2:])
		if n <= 0 || at < 0 || len(r) < 2+n+1 || r[2+n] != 0x0b {
			return nil, errForm
		}
		r = r[2+n+1:]
		size, n := binary.Uvarint(r)
		if n <= 0 || uint64(len(r)-n) < size {
			return nil, errForm
		}
		segments = append(segments, segment{uint32(at), r[n : n+int(size)]})
		r = r[n+int(size):]
	}
	if len(r) > 0 {
		return nil, errForm
	}
	return segments, nil
}

// merged returns the segments merged across gaps of fewer than
// zerosApart bytes. A segment that does not follow the one before is
// left apart.
func merged(segments []segment) []segment {
	var out []segment
	for _, s := range segments {
		if k := len(out) - 1; k >= 0 {
			end := out[k].at + uint32(len(out[k].data))
			if s.at >= end && s.at-end < zerosApart {
				out[k].data = append(append(out[k].data, make([]byte, s.at-end)...), s.data...)
				continue
			}
		}
		out = append(out, segment{s.at, append([]byte(nil), s.data...)})
	}
	return out
}

// appendSegments appends a data section of the segments to b.
func appendSegments(b []byte, segments []segment) []byte {
	b = binary.AppendUvarint(b, uint64(len(segments)))
	for _, s := range segments {
		b = append(b, 0, 0x41)
		b = appendInt32(b, int32(s.at))
		b = append(b, 0x0b)
		b = binary.AppendUvarint(b, uint64(len(s.data)))
		b = append(b, s.data...)
	}
	return b
}

// readInt32 reads a signed LEB128 number of 32 bits and returns it and
// the bytes it took, or 0 bytes if b holds none.
func readInt32(b []byte) (int32, int) {
	var x int64
	for i, shift := 0, 0; i < len(b) && i < 5; i, shift = i+1, shift+7 {
		x |= int64(b[i]&0x7f) << shift
		if b[i]&0x80 == 0 {
			if b[i]&0x40 != 0 {
				x -= 1 << (shift + 7) // negative: extend the sign
			}
			return int32(x), i + 1
		}
	}
	return 0, 0
}

// appendInt32 appends x to b as a signed LEB128 number.
func appendInt32(b []byte, x int32) []byte {
	for {
		c := byte(x & 0x7f)
		x >>= 7
		if x == 0 && c&0x40 == 0 || x == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
