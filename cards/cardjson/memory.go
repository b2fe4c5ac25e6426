package cardjson

import (
	"reflect"
	"unsafe"
)

// A layout tells where the memory of a member's value is, for an Object
// that compares it with the last one by its memory rather than encoding
// it again: the memory of a value of a type that holds no pointers
// (numbers and bools, arrays and structs of them), or of the elements of a
// slice of such values. Two such values of the same memory are the same
// value, and encode the same; two of different memory may still encode
// the same (0.0 and -0.0; bytes of padding), so that the Object compares
// their encodings then.
type layout struct {
	typ   reflect.Type // of the pointer a field holds
	size  uintptr      // of the value, or of an element of the slice
	slice bool
}

// layoutOf returns the layout of the values p points to, or false if
// they are of a type that holds pointers.
func layoutOf(p any) (layout, bool) {
	t := reflect.TypeOf(p)
	if t == nil || t.Kind() != reflect.Pointer {
		return layout{}, false
	}
	switch e := t.Elem(); {
	case e.Kind() == reflect.Slice && pointerFree(e.Elem()):
		return layout{typ: t, size: e.Elem().Size(), slice: true}, true
	case pointerFree(e):
		return layout{typ: t, size: e.Size()}, true
	}
	return layout{}, false
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

// of returns the memory of the value p points to, p being of l's type.
func (l layout) of(p any) []byte {
	v := reflect.ValueOf(p)
	if l.slice {
		v = v.Elem()
		return unsafe.Slice((*byte)(v.UnsafePointer()), uintptr(v.Len())*l.size)
	}
	return unsafe.Slice((*byte)(v.UnsafePointer()), l.size)
}
