package cardjson

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/cardrules/games/cards"
)

// A memberType is what an Object learned of the type of a member's value
// (a pointer, as a Field's Ptr is): how it compares a value of that type
// with the last one, and how it encodes it. The next Object takes it
// with the member and learns the type again only if the value at the
// same place is of another type, so that comparing a member costs one
// comparison of types and one of values, with no question about
// interfaces nor reflection: in WebAssembly, where Go keeps no cache of
// which types implement which interfaces, asking that of every value
// costs as much as comparing it.
type memberType struct {
	typ   unsafe.Pointer // the type of the pointer, as an interface holds it; nil if none learned
	list  lister         // of a member that is a List or a Slice
	size  uint32         // of the value, or of an element of its slices
	by    comparison
	known bool    // values that differ encode differently
	how   encoder // of a value of a type this package does not know
}

// A comparison is how an Object compares the values of a member's type.
type comparison uint8

const (
	notCompared    comparison = iota // encoded anew, then the encodings compared
	by1                              // the memory of a value of 1 byte, read at once
	by2                              // of 2 bytes
	by4                              // of 4 bytes
	by8                              // of 8 bytes
	by16                             // of 16 bytes
	byMemory                         // the memory of the value, of size bytes
	bySliceMemory                    // the memory of the elements of a slice, of size bytes each
	bySlicesMemory                   // the same for each slice of a slice of slices
	byString                         // a string
	byList                           // by the lister, element by element
)

// learnType returns what an Object knows of the type of p's value. It
// compares the values of the types it knows (whose memory holds no
// padding, so that their memory is the same when they are equal), the
// elements of Lists, and the memory of the values of types that hold no
// pointers (numbers and bools, arrays and structs of them), or of the
// elements of a slice of such values. Two of these of the same memory are
// the same value, and encode the same; two of different memory may still
// encode the same (0.0 and -0.0; bytes of padding), so that the Object
// compares their encodings then.
func learnType(p any) memberType {
	t := memberType{typ: typeOf(p)}
	switch p := p.(type) {
	case *int, *bool, *cards.Player, *cards.PlayerSet, *cards.Card, *cards.Set, *cards.Rand,
		*[]int, *[]cards.Player, *[]cards.Card, *[]cards.Set:
		t.known = true
	case *string:
		t.by, t.known = byString, true
		return t
	case *[][]cards.Card:
		t.by, t.known, t.size = bySlicesMemory, true, uint32(unsafe.Sizeof(cards.Card(0)))
		return t
	case *[][]int:
		t.by, t.known, t.size = bySlicesMemory, true, uint32(unsafe.Sizeof(0))
		return t
	case lister:
		t.by, t.list = byList, p
		_, _, t.known = p.sameList(p, p)
		return t
	default:
		t.how = encoderOf(p)
	}
	switch size, slice, ok := layoutOf(p); {
	case !ok || size > math.MaxUint32:
		t.known = false
	case slice:
		t.by, t.size = bySliceMemory, uint32(size)
	case size == 1:
		t.by = by1
	case size == 2:
		t.by = by2
	case size == 4:
		t.by = by4
	case size == 8:
		t.by = by8
	case size == 16:
		t.by = by16
	default:
		t.by, t.size = byMemory, uint32(size)
	}
	return t
}

// learn sets t to what an Object knows of the type of p's value (see
// learnType), and reports whether q is of the same type.
func (t *memberType) learn(p, q any) bool {
	*t = learnType(p)
	return typeOf(q) == t.typ
}

// same tells whether p and q, both of t's type, point to the same value
// (false for a type t does not compare).
func (t *memberType) same(p, q any) bool {
	a, b := dataOf(p), dataOf(q)
	switch t.by {
	case by1:
		return *(*uint8)(a) == *(*uint8)(b)
	case by2:
		return *(*uint16)(a) == *(*uint16)(b)
	case by4:
		return *(*uint32)(a) == *(*uint32)(b)
	case by8:
		return *(*uint64)(a) == *(*uint64)(b)
	case by16:
		return *(*[2]uint64)(a) == *(*[2]uint64)(b)
	case byMemory:
		return sameMemory(a, b, uintptr(t.size))
	case bySliceMemory:
		return sameSlice(*(*[]byte)(a), *(*[]byte)(b), uintptr(t.size))
	case bySlicesMemory:
		xs, ys := *(*[][]byte)(a), *(*[][]byte)(b)
		if len(xs) != len(ys) {
			return false
		}
		for i := range xs {
			if !sameSlice(xs[i], ys[i], uintptr(t.size)) {
				return false
			}
		}
		return true
	case byString:
		return *(*string)(a) == *(*string)(b)
	case byList:
		_, same, _ := t.list.sameList(p, q)
		return same
	}
	return false
}

// typeOf returns the type of p's value, as the interface holds it: two
// interfaces hold the same one when their values are of the same type.
func typeOf(p any) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&p))[0] }

// dataOf returns the pointer p holds, p being a pointer.
func dataOf(p any) unsafe.Pointer { return (*[2]unsafe.Pointer)(unsafe.Pointer(&p))[1] }

// sameMemory tells whether the size bytes at p and q are the same.
func sameMemory(p, q unsafe.Pointer, size uintptr) bool {
	return p == q || string(unsafe.Slice((*byte)(p), size)) == string(unsafe.Slice((*byte)(q), size))
}

// sameSlice tells whether xs and ys, slices of elements of size bytes
// (whose lengths they tell) seen as slices of bytes, hold the same
// memory.
func sameSlice(xs, ys []byte, size uintptr) bool {
	return len(xs) == len(ys) && sameMemory(unsafe.Pointer(unsafe.SliceData(xs)), unsafe.Pointer(unsafe.SliceData(ys)), uintptr(len(xs))*size)
}

// layoutOf returns the size of the value p points to, or of an element of
// the slice it points to (slice), or false if p's type holds pointers.
func layoutOf(p any) (size uintptr, slice, ok bool) {
	t := reflect.TypeOf(p)
	if t == nil || t.Kind() != reflect.Pointer {
		return 0, false, false
	}
	switch e := t.Elem(); {
	case e.Kind() == reflect.Slice && pointerFree(e.Elem()):
		return e.Elem().Size(), true, true
	case pointerFree(e):
		return e.Size(), false, true
	}
	return 0, false, false
}

// pointerFree reports whether the values of t hold no pointers.
func pointerFree(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return true
	case reflect.Array:
		return pointerFree(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !pointerFree(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}
