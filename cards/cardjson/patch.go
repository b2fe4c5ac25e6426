package cardjson

import (
	"bytes"
	"encoding"
	"slices"

	"github.com/cardrules/games/cards"
	"github.com/cardrules/games/cards/internal/strict"
)

// An Object is the JSON object of a list of fields, encoded and kept
// member by member, so that the object of the same fields' next values (a
// game's next state) is encoded anew only where they changed, and can be
// told as a patch of this one: a program that holds this object parsed
// then parses only what changed. The WebAssembly bundle sends states this
// way.
//
// Whether a member is compared with the last one rather than encoded
// again is decided by its type: an Object compares the values of the
// types this package knows (bools, ints, strings, players and sets of
// players, cards and sets of cards, random sources, and slices of these),
// and the elements of a List; it encodes the others anew and compares
// their encodings.
//
// A patch is two texts. The first has one code for each member: '=' for a
// member whose value is the base's, '+' for one whose value is the next of
// the second text, and '[' for an array of as many elements as the base's,
// followed by a code '=' or '+' for each element and closed by ']'. The
// second text is a JSON array of the new values, in the order of their
// codes. The two objects must have the same members, in the same order
// (a member left out of one, as OmitZero leaves members out, must be left
// out of the other).
type Object struct {
	fields  []Field
	json    []byte // the members' values, one after another
	members []span // where each member's value is in json
	elems   []span // where the elements of its arrays are, array by array
	room    [fieldsRoom]span

	// types holds what the Object learned of each member's type, for
	// the next Object, which asks it of the value at the same place
	// again only if it is of another type: in WebAssembly, where Go
	// keeps no cache of which types implement which interfaces, asking
	// that of every value costs as much as comparing it.
	types    []memberType
	typeRoom [fieldsRoom]memberType
}

// A span is where a value of an Object is in its json, from start to end.
// For a member, first and n tell its elements in elems, n being -1 for a
// member that is no array.
type span struct {
	start, end int32
	first, n   int32
	kind       spanKind
}

// An encoder tells how an Object encodes the value of a member of a type
// it does not know, once it has asked.
type encoder uint8

const (
	asValue    encoder = iota // as AppendValue does
	asAppender                // through its AppendJSON method
	asText                    // through its AppendText method
)

// encoderOf returns how AppendValue encodes p, of a type an Object does
// not compare.
func encoderOf(p any) encoder {
	switch p.(type) {
	case Appender:
		return asAppender
	case encoding.TextAppender:
		return asText
	}
	return asValue
}

// A spanKind tells a member left out, or a value that is the base's, or
// one encoded anew: known to differ from the base's, or not compared.
type spanKind uint8

const (
	fresh spanKind = iota
	kept
	changed
	leftOut
)

// NewObject encodes fields member by member. base is the Object of the
// same fields for earlier values, or nil: NewObject takes from it the
// encoding of each member whose value it finds the same (see Object), and
// encodes the others; of arrays, it encodes anew only the elements that
// changed. The values the fields point to must not change afterwards.
func NewObject(fields []Field, base *Object) (*Object, error) {
	o := new(Object)
	if err := o.Encode(fields, base); err != nil {
		return nil, err
	}
	return o, nil
}

// Encode encodes fields in o as NewObject does, reusing o's memory: o
// must be an Object no longer in use, and not base. If it fails, o holds
// nothing of use.
func (o *Object) Encode(fields []Field, base *Object) error {
	if base != nil && len(base.fields) != len(fields) {
		base = nil
	}
	room, elems := 1024, 32
	if base != nil {
		room, elems = len(base.json)+64, len(base.elems)+4
	}
	o.fields = fields
	if o.json = o.json[:0]; cap(o.json) < room {
		o.json = make([]byte, 0, room)
	}
	if o.elems = o.elems[:0]; cap(o.elems) < elems {
		o.elems = make([]span, 0, elems)
	}
	if o.members = o.room[:0]; len(fields) > len(o.room) {
		o.members = make([]span, 0, len(fields))
	}
	o.members = o.members[:len(fields)]
	if o.types = o.typeRoom[:0]; len(fields) > len(o.typeRoom) {
		o.types = make([]memberType, 0, len(fields))
	}
	o.types = o.types[:len(fields)]
	for k, f := range fields {
		t := &o.types[k]
		if f.OmitZero && isZero(f.Ptr) {
			o.members[k], *t = span{n: -1, kind: leftOut}, memberType{}
			continue
		}
		var old *span
		var was any
		if base != nil && base.fields[k].Name == f.Name && base.members[k].kind != leftOut {
			old, was, *t = &base.members[k], base.fields[k].Ptr, base.types[k]
		} else {
			t.typ = nil // learned anew
		}
		// Whether the values are the same (same), and whether they
		// were compared by their type, so that they are known to
		// differ if not the same (known). t is what the last Object
		// learned of was's type, learned again of f.Ptr only if it is
		// of another type.
		same, known := false, false
		if typeOf(f.Ptr) == t.typ && t.typ != nil || t.learn(f.Ptr, was) {
			same, known = t.same(f.Ptr, was), t.known
		}
		if same {
			o.members[k] = o.copy(base, old)
			continue
		}
		var err error
		if o.members[k], err = o.encode(f.Ptr, t, was, base, old); err != nil {
			return err
		}
		if known {
			o.members[k].kind = changed
		}
	}
	return nil
}

// copy appends the member of base at old to o and returns its span.
func (o *Object) copy(base *Object, old *span) span {
	start := int32(len(o.json))
	o.json = append(o.json, base.json[old.start:old.end]...)
	m := span{start: start, end: int32(len(o.json)), first: int32(len(o.elems)), n: old.n, kind: kept}
	if old.n > 0 {
		delta := start - old.start
		for _, e := range base.elems[old.first : old.first+old.n] {
			o.elems = append(o.elems, span{start: e.start + delta, end: e.end + delta, kind: kept})
		}
	}
	return m
}

// encode appends the value p points to and returns its span. was points to
// the member's value in base, and old is its span there, or both are nil:
// an array's elements that are the same as the base's are copied. t is
// what the Object knows of p's type.
func (o *Object) encode(p any, t *memberType, was any, base *Object, old *span) (span, error) {
	m := span{start: int32(len(o.json)), first: int32(len(o.elems)), n: -1}
	var err error
	switch p := p.(type) {
	case *[]int:
		err = elements(o, *p, was, base, old, equal)
	case *[]cards.Player:
		err = elements(o, *p, was, base, old, equal)
	case *[]cards.Set:
		err = elements(o, *p, was, base, old, equal)
	case *[][]cards.Card:
		err = elements(o, *p, was, base, old, equalSlices)
	case *[][]int:
		err = elements(o, *p, was, base, old, equalSlices)
	default:
		if t.list != nil {
			err = t.list.appendEach(o, p, was, base, old)
			break
		}
		o.json, err = appendPlain(o.json, p, t.how)
		m.end = int32(len(o.json))
		return m, err
	}
	m.end, m.n = int32(len(o.json)), int32(len(o.elems))-m.first
	return m, err
}

// appendPlain appends the JSON of the value p points to, as AppendValue
// does, the way how says if it is known: it asks one question of p's type
// rather than AppendValue's several.
func appendPlain(b []byte, p any, how encoder) ([]byte, error) {
	switch how {
	case asAppender:
		if a, ok := p.(Appender); ok {
			return a.AppendJSON(b)
		}
	case asText:
		if a, ok := p.(encoding.TextAppender); ok {
			return AppendText(b, a)
		}
	}
	return AppendValue(b, p)
}

// elements appends the JSON array of xs to o, and the spans of its
// elements, each encoded as a Field's value is. was points to the base's
// list, and old is its span in base, or both are nil: an element at the
// same index that eq finds equal is copied from base. It is a shim over
// appendElements, whose loop is the same for every type: a loop of each
// type would cost the bundle some 4 KB of code a type of list.
func elements[T any](o *Object, xs []T, was any, base *Object, old *span, eq func(a, b *T) bool) error {
	var olds []T
	var oldElems []span
	if w, ok := was.(*[]T); ok && old != nil && eq != nil && int(old.n) == len(*w) {
		olds, oldElems = *w, base.elems[old.first:old.first+old.n]
	}
	return o.appendElements(len(xs), func(i int) any { return &xs[i] }, func(i int) bool { return i < len(olds) && eq(&xs[i], &olds[i]) }, base, oldElems)
}

// appendElements appends the JSON array of n elements to o, and their
// spans: at points to an element, and same tells whether it equals the
// base's at the same index, whose span is oldElems[i], to copy.
func (o *Object) appendElements(n int, at func(i int) any, same func(i int) bool, base *Object, oldElems []span) error {
	o.json = append(o.json, '[')
	var err error
	for i := range n {
		if i > 0 {
			o.json = append(o.json, ',')
		}
		e := span{start: int32(len(o.json))}
		if same(i) {
			o.json = append(o.json, base.json[oldElems[i].start:oldElems[i].end]...)
			e.kind = kept
		} else if o.json, err = AppendValue(o.json, at(i)); err != nil {
			return err
		} else if i < len(oldElems) {
			e.kind = changed
		}
		e.end = int32(len(o.json))
		o.elems = append(o.elems, e)
	}
	o.json = append(o.json, ']')
	return nil
}

func equal[T comparable](a, b *T) bool { return *a == *b }

func equalSlices[T comparable](a, b *[]T) bool { return slices.Equal(*a, *b) }

// AppendJSON appends the whole object to b.
func (o *Object) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '{')
	start := len(b)
	for k, m := range o.members {
		if m.kind == leftOut {
			continue
		}
		if len(b) > start {
			b = append(b, ',')
		}
		b = append(append(append(append(b, '"'), o.fields[k].Name...), '"', ':'), o.json[m.start:m.end]...)
	}
	return append(b, '}'), nil
}

// AppendPatch appends the patch that tells o from base, its codes to
// codes and its new values to values (the elements of a JSON array, apart
// by commas). It reports false, and appends nothing, if the two have not
// the same members.
func (o *Object) AppendPatch(codes, values []byte, base *Object) ([]byte, []byte, bool) {
	if base == nil || len(base.fields) != len(o.fields) {
		return codes, values, false
	}
	nc, nv := len(codes), len(values)
	for k, m := range o.members {
		old := &base.members[k]
		if o.fields[k].Name != base.fields[k].Name || (m.kind == leftOut) != (old.kind == leftOut) {
			return codes[:nc], values[:nv], false
		}
		switch {
		case m.kind == leftOut: // left out of both
		case m.kind == kept || m.kind == fresh && bytes.Equal(o.json[m.start:m.end], base.json[old.start:old.end]):
			codes = append(codes, '=')
		case m.n > 0 && m.n == old.n:
			codes = append(codes, '[')
			for i, e := range o.elems[m.first : m.first+m.n] {
				b := base.elems[old.first+int32(i)]
				if e.kind == kept || e.kind == fresh && bytes.Equal(o.json[e.start:e.end], base.json[b.start:b.end]) {
					codes = append(codes, '=')
				} else {
					codes = append(codes, '+')
					values = appendElement(values, o.json[e.start:e.end])
				}
			}
			codes = append(codes, ']')
		default:
			codes = append(codes, '+')
			values = appendElement(values, o.json[m.start:m.end])
		}
	}
	return codes, values, true
}

// appendElement appends v to values, the elements of a JSON array apart by
// commas.
func appendElement(values, v []byte) []byte {
	if len(values) > 0 {
		values = append(values, ',')
	}
	return append(values, v...)
}

// ApplyPatch returns the JSON object a patch tells: base, a valid JSON
// object, changed as codes and values say (see Object). It is what a
// program holding base does with a patch, written once for tests and for
// Go programs that receive patches. Every error wraps cards.ErrBadInput.
func ApplyPatch(base, codes, values []byte) ([]byte, error) {
	for _, v := range [][]byte{base, values} {
		if err := strict.Check(v); err != nil {
			return nil, cards.BadInput("a patch's base and values are JSON: %v", err)
		}
	}
	var news [][]byte
	if err := strict.EachElement(values, "a patch's values", func(v []byte) error {
		news = append(news, v)
		return nil
	}); err != nil {
		return nil, err
	}
	next := func() ([]byte, error) {
		if len(news) == 0 {
			return nil, cards.BadInput("a patch has fewer values than its codes")
		}
		v := news[0]
		news = news[1:]
		return v, nil
	}
	code := func() byte {
		if len(codes) == 0 {
			return 0
		}
		c := codes[0]
		codes = codes[1:]
		return c
	}
	out := []byte{'{'}
	err := strict.EachMember(base, "a patch's base", func(name, old []byte) error {
		if len(out) > 1 {
			out = append(out, ',')
		}
		var err error
		if out, err = strict.AppendQuote(out, name); err != nil {
			return err
		}
		out = append(out, ':')
		switch code() {
		case '=':
			out = append(out, old...)
		case '+':
			v, err := next()
			out = append(out, v...)
			return err
		case '[':
			out = append(out, '[')
			first := true
			if err := strict.EachElement(old, "an array of a patch's base", func(e []byte) error {
				if !first {
					out = append(out, ',')
				}
				first = false
				switch code() {
				case '=':
				case '+':
					if e, err = next(); err != nil {
						return err
					}
				default:
					return cards.BadInput("a patch has too few codes for its base's arrays")
				}
				out = append(out, e...)
				return nil
			}); err != nil {
				return err
			}
			if code() != ']' {
				return cards.BadInput("a patch's array codes are not closed where its base's array ends")
			}
			out = append(out, ']')
		default:
			return cards.BadInput("a patch has too few codes, or a code that is not = + [ ]")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(codes) > 0 || len(news) > 0 {
		return nil, cards.BadInput("a patch has %d codes and %d values left over", len(codes), len(news))
	}
	return append(out, '}'), nil
}
