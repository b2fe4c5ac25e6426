package cards

import "github.com/cardrules/games/cards/internal/strict"

// The types of this package encode themselves, each with its AppendJSON,
// MarshalJSON and UnmarshalJSON (or text) methods, as the standard
// library's types do; those that are objects list their members as
// fields of the strict JSON that package cardjson, the codec of the
// games' encodings, is written on too.

// A field is a member of the JSON object of one of this package's types.
type field = strict.Field

// appendFields appends fields to b as a JSON object, in their order.
func appendFields(b []byte, fields []field) ([]byte, error) {
	return strict.AppendFields(b, fields, appendValue, isZero)
}

// decodeFields decodes v, a valid JSON object, into fields, strictly:
// each member names a field, exactly and once.
func decodeFields(v []byte, what string, fields []field) (present uint64, err error) {
	return strict.DecodeFields(v, what, fields, strict.DecodeValue)
}

// appendValue appends the JSON of the value p points to: a set of
// players, the member of every result, without asking whether it is an
// Appender (a costly question in WebAssembly), or what strict encodes.
func appendValue(b []byte, p any) ([]byte, error) {
	if s, ok := p.(*PlayerSet); ok {
		return s.AppendJSON(b)
	}
	return strict.AppendValue(b, p)
}

// isZero tells whether p points to a zero value that a field's OmitZero
// leaves out.
func isZero(p any) bool {
	if s, ok := p.(*PlayerSet); ok {
		return *s == 0
	}
	return strict.IsZero(p)
}
