package cards

import (
	"bytes"
	"slices"
	"strconv"
)

// An Object is the JSON object of a list of fields, encoded and kept
// member by member, so that the object of the same fields' next values (a
// game's next state) is encoded anew only where they changed, and can be
// told as a patch of this one: a program that holds this object parsed
// then parses only what changed.
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
	members []member
}

// member is a member of an Object: the JSON of its value, nil for a member
// left out (OmitZero), and for an array the JSON of its elements.
type member struct {
	json  []byte
	elems [][]byte
}

// NewObject encodes fields member by member. base is the Object of the
// same fields for earlier values, or nil: NewObject takes from it the
// encoding of each member whose value is the same, of a type whose values
// it compares (bools, ints, strings, players and sets of players, cards
// and sets of cards, random sources, and slices of these), and encodes the
// others. The values the fields point to must not change afterwards.
func NewObject(fields []Field, base *Object) (*Object, error) {
	o := &Object{fields: fields, members: make([]member, len(fields))}
	if base != nil && len(base.fields) != len(fields) {
		base = nil
	}
	// Room for the whole object, or for what changed in a move.
	e := encoder{buf: make([]byte, 0, 1024), elems: make([][]byte, 0, 32)}
	if base != nil {
		e.buf, e.elems = make([]byte, 0, 256), make([][]byte, 0, 8)
	}
	var err error
	for k, f := range fields {
		if f.OmitZero && isZero(f.Ptr) {
			continue
		}
		var old *member
		var was any
		if base != nil && base.fields[k].Name == f.Name && base.members[k].json != nil {
			old, was = &base.members[k], base.fields[k].Ptr
			if sameValue(was, f.Ptr) {
				o.members[k] = *old
				continue
			}
		}
		if o.members[k], err = e.member(f.Ptr, was, old); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// An encoder encodes the members of an Object into one buffer, and the
// elements of its arrays into one list.
type encoder struct {
	buf   []byte
	elems [][]byte
}

// member encodes the value p points to. was points to the member's value
// in the base, and old is its encoding there, or both are nil: an array's
// elements that are the same as the base's keep their encoding.
func (e *encoder) member(p, was any, old *member) (member, error) {
	start, first := len(e.buf), len(e.elems)
	var oldElems [][]byte
	if old != nil {
		oldElems = old.elems
	}
	var err error
	array := true
	switch p := p.(type) {
	case *[]int:
		was, _ := was.(*[]int)
		err = elements(e, *p, was, oldElems, equal, func(b []byte, n *int) ([]byte, error) { return strconv.AppendInt(b, int64(*n), 10), nil })
	case *[]Player:
		was, _ := was.(*[]Player)
		err = elements(e, *p, was, oldElems, equal, func(b []byte, q *Player) ([]byte, error) { return strconv.AppendInt(b, int64(*q), 10), nil })
	case *[]Set:
		was, _ := was.(*[]Set)
		err = elements(e, *p, was, oldElems, equal, func(b []byte, s *Set) ([]byte, error) { return s.AppendJSON(b) })
	case *[][]Card:
		was, _ := was.(*[][]Card)
		err = elements(e, *p, was, oldElems, equalSlices, func(b []byte, cs *[]Card) ([]byte, error) { return appendCodes(b, *cs), nil })
	case *[][]int:
		was, _ := was.(*[][]int)
		err = elements(e, *p, was, oldElems, equalSlices, func(b []byte, ns *[]int) ([]byte, error) { return appendValue(b, ns) })
	case lister:
		err = p.appendEach(e, was, oldElems)
	default:
		array = false
		e.buf, err = appendValue(e.buf, p)
	}
	if err != nil {
		return member{}, err
	}
	m := member{json: e.buf[start:len(e.buf):len(e.buf)]}
	if array {
		m.elems = e.elems[first:len(e.elems):len(e.elems)]
	}
	return m, nil
}

// elements appends the JSON array of xs to e's buffer and the JSON of each
// element to e's list. was points to the base's elements and old holds
// their encodings, or both are nil: an element at the same index that eq
// finds equal keeps its encoding.
func elements[T any](e *encoder, xs []T, was *[]T, old [][]byte, eq func(a, b *T) bool, elem func([]byte, *T) ([]byte, error)) error {
	var olds []T
	if was != nil && len(old) == len(*was) {
		olds = *was
	}
	e.buf = append(e.buf, '[')
	var err error
	for i := range xs {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if i < len(olds) && eq != nil && eq(&xs[i], &olds[i]) {
			e.buf = append(e.buf, old[i]...)
			e.elems = append(e.elems, old[i])
			continue
		}
		start := len(e.buf)
		if e.buf, err = elem(e.buf, &xs[i]); err != nil {
			return err
		}
		e.elems = append(e.elems, e.buf[start:len(e.buf):len(e.buf)])
	}
	e.buf = append(e.buf, ']')
	return nil
}

func equal[T comparable](a, b *T) bool { return *a == *b }

func equalSlices[T comparable](a, b *[]T) bool { return slices.Equal(*a, *b) }

// A lister is a List or Values, which encodes its elements one by one. was
// points to the base's list and old holds its elements' encodings, or
// both are nil.
type lister interface {
	appendEach(e *encoder, was any, old [][]byte) error
}

func (l *List[T]) appendEach(e *encoder, _ any, _ [][]byte) error {
	return elements(e, *l, nil, nil, nil, appendElem[T])
}

func (l *Values[T]) appendEach(e *encoder, was any, old [][]byte) error {
	w, _ := was.(*Values[T])
	return elements(e, *l, (*[]T)(w), old, equal, appendElem[T])
}

func appendElem[T any](b []byte, x *T) ([]byte, error) { return appendValue(b, x) }

// AppendJSON appends the whole object to b.
func (o *Object) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, '{')
	start := len(b)
	for k, m := range o.members {
		if m.json == nil {
			continue
		}
		if len(b) > start {
			b = append(b, ',')
		}
		b = append(append(append(append(b, '"'), o.fields[k].Name...), '"', ':'), m.json...)
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
	for k, f := range o.fields {
		if f.Name != base.fields[k].Name || (o.members[k].json == nil) != (base.members[k].json == nil) {
			return codes, values, false
		}
	}
	for k, m := range o.members {
		old := base.members[k]
		switch {
		case m.json == nil: // left out of both
		case same(m.json, old.json):
			codes = append(codes, '=')
		case m.elems != nil && len(m.elems) == len(old.elems) && len(old.elems) > 0:
			codes = append(codes, '[')
			for e, v := range m.elems {
				if same(v, old.elems[e]) {
					codes = append(codes, '=')
				} else {
					codes = append(codes, '+')
					values = appendElement(values, v)
				}
			}
			codes = append(codes, ']')
		default:
			codes = append(codes, '+')
			values = appendElement(values, m.json)
		}
	}
	return codes, values, true
}

// same tells whether two encodings are the same: the same bytes, or equal
// ones.
func same(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0] || bytes.Equal(a, b)
}

// appendElement appends v to values, the elements of a JSON array apart by
// commas.
func appendElement(values, v []byte) []byte {
	if len(values) > 0 {
		values = append(values, ',')
	}
	return append(values, v...)
}

// sameValue tells whether p and q point to equal values of a type it
// compares: false for others.
func sameValue(p, q any) bool {
	switch p := p.(type) {
	case *int:
		q, ok := q.(*int)
		return ok && *p == *q
	case *bool:
		q, ok := q.(*bool)
		return ok && *p == *q
	case *string:
		q, ok := q.(*string)
		return ok && *p == *q
	case *Player:
		q, ok := q.(*Player)
		return ok && *p == *q
	case *PlayerSet:
		q, ok := q.(*PlayerSet)
		return ok && *p == *q
	case *Card:
		q, ok := q.(*Card)
		return ok && *p == *q
	case *Set:
		q, ok := q.(*Set)
		return ok && *p == *q
	case *Rand:
		q, ok := q.(*Rand)
		return ok && *p == *q
	case *[]int:
		q, ok := q.(*[]int)
		return ok && slices.Equal(*p, *q)
	case *[]Player:
		q, ok := q.(*[]Player)
		return ok && slices.Equal(*p, *q)
	case *[]Card:
		q, ok := q.(*[]Card)
		return ok && slices.Equal(*p, *q)
	case *[]Set:
		q, ok := q.(*[]Set)
		return ok && slices.Equal(*p, *q)
	case *[][]Card:
		q, ok := q.(*[][]Card)
		return ok && slices.EqualFunc(*p, *q, slices.Equal)
	case *[][]int:
		q, ok := q.(*[][]int)
		return ok && slices.EqualFunc(*p, *q, slices.Equal)
	case interface{ same(q any) bool }:
		return p.same(q)
	}
	return false
}

// same tells whether q points to a list of the same values.
func (l *Values[T]) same(q any) bool {
	w, ok := q.(*Values[T])
	return ok && slices.Equal(*l, *w)
}

// ApplyPatch returns the JSON object a patch tells: base, a valid JSON
// object, changed as codes and values say (see Object). It is what a
// program holding base does with a patch, written once for tests and for
// Go programs that receive patches. Every error wraps ErrBadInput.
func ApplyPatch(base, codes, values []byte) ([]byte, error) {
	for _, v := range [][]byte{base, values} {
		if err := checkJSON(v); err != nil {
			return nil, BadInput("a patch's base and values are JSON: %v", err)
		}
	}
	var news [][]byte
	if err := eachElement(values, "a patch's values", func(v []byte) error {
		news = append(news, v)
		return nil
	}); err != nil {
		return nil, err
	}
	next := func() ([]byte, error) {
		if len(news) == 0 {
			return nil, BadInput("a patch has fewer values than its codes")
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
	err := eachMember(base, "a patch's base", func(name, old []byte) error {
		if len(out) > 1 {
			out = append(out, ',')
		}
		var err error
		if out, err = appendQuote(out, name); err != nil {
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
			if err := eachElement(old, "an array of a patch's base", func(e []byte) error {
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
					return BadInput("a patch has too few codes for its base's arrays")
				}
				out = append(out, e...)
				return nil
			}); err != nil {
				return err
			}
			if code() != ']' {
				return BadInput("a patch's array codes are not closed where its base's array ends")
			}
			out = append(out, ']')
		default:
			return BadInput("a patch has too few codes, or a code that is not = + [ ]")
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(codes) > 0 || len(news) > 0 {
		return nil, BadInput("a patch has %d codes and %d values left over", len(codes), len(news))
	}
	return append(out, '}'), nil
}
