package cards

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards/internal/strict"
)

// An Event is one entry of a game's log: what happened, in words and as
// data, and who may read it.
//
// Every reader reads something of every event: an event meant for some
// players (To) tells the others what they may know of it (Others), such as
// "P1 drew a card" beside "P1 drew 7♦". So the number of events, and each
// event's sequence number, are public. An event's data follows its text:
// the readers of Text read Data, the others OthersData, so that data tell
// nobody more than words do.
type Event struct {
	// Seq numbers the events of a game from 1, in the order they happened.
	Seq int `json:"seq"`
	// Text is what happened, as the players in To may read it.
	Text string `json:"text"`
	// Data is what happened as data, for the readers of Text: the event's
	// kind and members, as its game declares them. It is nil for a game
	// that tells its events in words alone.
	Data Data `json:"data,omitzero"`
	// To is who may read Text. The empty set means everyone, spectators
	// included.
	To PlayerSet `json:"to,omitzero"`
	// Others is what everyone outside To reads instead.
	Others string `json:"others,omitzero"`
	// OthersData is what everyone outside To reads as data.
	OthersData Data `json:"othersData,omitzero"`
}

// Data is what an event says as data, beside its words: its kind, the
// players it concerns and its members (cards, counts, what was claimed or
// won), as a game declares them, so that a program can animate, translate
// or count what happened without reading English. A game's event data
// is a type of its own (a game's EventData); an event decoded from JSON
// holds its data as RawData.
type Data interface {
	// EventKind returns the name of the event's kind, as the data's JSON
	// names it in its member "kind".
	EventKind() string
	// AppendJSON appends the data's JSON, an object, to b.
	AppendJSON(b []byte) ([]byte, error)
}

// RawData is an event's data as JSON, as an event decoded from JSON holds
// it: a program that stores events and sends them on (a server) passes
// the data through as it is. A game's own data decodes from it:
// cardjson.Unmarshal([]byte(raw), &data, "an event's data").
type RawData string

// EventKind returns the data's member "kind", or "" if it has none.
func (d RawData) EventKind() string {
	var kind string
	_ = strict.EachMember([]byte(d), "an event's data", func(name, value []byte) error {
		if string(name) == "kind" {
			kind, _ = strict.ParseString(value)
		}
		return nil
	})
	return kind
}

// AppendJSON appends the data's JSON to b, as it is.
func (d RawData) AppendJSON(b []byte) ([]byte, error) { return append(b, d...), nil }

// decodeData decodes v, a valid JSON value, as an event's data: an object.
func decodeData(p *Data, v []byte) error {
	if len(v) == 0 || v[0] != '{' {
		return BadInput("an event's data is an object, not %s", strict.KindOf(v))
	}
	*p = RawData(v)
	return nil
}

// dataField is the field of an event's data: the data decodes as RawData.
type dataField struct{ p *Data }

func (f dataField) UnmarshalJSON(v []byte) error { return decodeData(f.p, v) }

// appendData appends member name, the data d, to b, unless d is nil.
func appendData(b []byte, name string, d Data) ([]byte, error) {
	if d == nil {
		return b, nil
	}
	return d.AppendJSON(append(append(append(b, ",\""...), name...), "\":"...))
}

// AppendJSON appends the event's JSON to b: {"seq":7,"text":"…","data":…},
// with "to", "others" and "othersData" when the event is meant for some
// players, and no "data" when it has none. The JSON face writes every
// move's events, so they are written member by member, without a list of
// fields, and an event stays off the heap.
func (e Event) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
	b, err := strict.AppendQuote(append(b, `,"text":`...), e.Text)
	if err == nil {
		b, err = appendData(b, "data", e.Data)
	}
	if err != nil {
		return b, err
	}
	if e.To != 0 {
		b, _ = e.To.AppendJSON(append(b, `,"to":`...))
		if b, err = strict.AppendQuote(append(b, `,"others":`...), e.Others); err != nil {
			return b, err
		}
		if b, err = appendData(b, "othersData", e.OthersData); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// MarshalJSON encodes the event as AppendJSON does.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends; its data decodes as
// RawData.
func (e *Event) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "an event", []field{
		{Name: "seq", Ptr: &e.Seq}, {Name: "text", Ptr: &e.Text}, {Name: "data", Ptr: dataField{&e.Data}},
		{Name: "to", Ptr: &e.To}, {Name: "others", Ptr: &e.Others}, {Name: "othersData", Ptr: dataField{&e.OthersData}},
	})
	return err
}

// Public returns an event everyone may read, its text formatted as
// fmt.Sprintf formats it (and faster for the verbs of events: %s, %d and
// %v of strings, integers and Stringers).
func Public(format string, args ...any) Event {
	return Event{Text: sprintf(format, args...)}
}

// Private returns an event that only p may read as text; everyone else
// reads others.
func Private(p Player, text, others string) Event {
	return Event{Text: text, To: PlayersOf(p), Others: others}
}

// With returns the event with its data, for the readers of its text.
func (e Event) With(d Data) Event {
	e.Data = d
	return e
}

// WithOthers returns the event with the data of the readers of Others,
// which tells no more than Others does.
func (e Event) WithOthers(d Data) Event {
	e.OthersData = d
	return e
}

// For returns what viewer v reads of the event: its text and data, or
// the others' text and data.
func (e Event) For(v Player) Entry {
	if e.To == 0 || e.To.Has(v) {
		return Entry{Seq: e.Seq, Text: e.Text, Data: e.Data}
	}
	return Entry{Seq: e.Seq, Text: e.Others, Data: e.OthersData}
}

// An Entry is an event as one reader reads it.
type Entry struct {
	Seq  int    `json:"seq"`
	Text string `json:"text"`
	// Data is what happened as data, as the reader may know it, or nil.
	Data Data `json:"data,omitzero"`
}

// AppendJSON appends the entry's JSON to b: {"seq":7,"text":"…","data":…}.
func (e Entry) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
	b, err := strict.AppendQuote(append(b, `,"text":`...), e.Text)
	if err == nil {
		b, err = appendData(b, "data", e.Data)
	}
	return append(b, '}'), err
}

// MarshalJSON encodes the entry as AppendJSON does.
func (e Entry) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends; its data decodes as
// RawData.
func (e *Entry) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "an event", []field{{Name: "seq", Ptr: &e.Seq}, {Name: "text", Ptr: &e.Text}, {Name: "data", Ptr: dataField{&e.Data}}})
	return err
}

// EventsFor returns what viewer v reads of events, in their order. It never
// returns nil.
func EventsFor(events []Event, v Player) []Entry {
	entries := make([]Entry, len(events))
	for i, e := range events {
		entries[i] = e.For(v)
	}
	return entries
}

// A Log is the events of a game held in memory. It is a persistent list:
// adding to a log returns a new log and leaves the old one as it was, so
// states that share a history share its events and each branch of a game
// has its own. Copying a Log copies a pointer and a count.
//
// A log numbers its events from where its game stands: a log made with
// LogFrom(n) holds none of the game's first n events, and numbers the next
// one n+1. A state decoded from JSON holds no history, only that count, and
// goes on numbering; the history lives in the events a program stored as
// they happened, and in the game's record (options and moves).
//
// A log can be off (see Off): adding to it does nothing, and a game skips
// describing its events, so that Apply allocates nothing. Search and
// simulation use states without a log. The zero Log is on and empty.
type Log struct {
	last *logEntry
	base int // events of the game before the first one held
	off  bool
}

type logEntry struct {
	prev  *logEntry
	event Event
}

// Off returns an empty log that records nothing.
func Off() Log { return Log{off: true} }

// LogFrom returns an empty log of a game that has produced n events.
func LogFrom(n int) Log { return Log{base: max(n, 0)} }

// OffFrom returns a log that records nothing of a game that has produced n
// events: its length stays n. A state dealt for search from a view keeps
// the view's count of events this way.
func OffFrom(n int) Log { return Log{base: max(n, 0), off: true} }

// On reports whether the log records events. Games test it before they
// build an event's text.
func (l Log) On() bool { return !l.off }

// Len returns the number of events the game has produced: the sequence
// number of the last one, held or not.
func (l Log) Len() int {
	if l.last == nil {
		return l.base
	}
	return l.last.event.Seq
}

// Add returns the log with e appended as the next event, numbered, or l
// itself if the log is off.
func (l Log) Add(e Event) Log {
	if l.off {
		return l
	}
	e.Seq = l.Len() + 1
	return Log{last: &logEntry{prev: l.last, event: e}, base: l.base}
}

// Since returns the events held in the log that came after event n, oldest
// first. Since(0) returns every event held; a program that applied a move
// to a state whose log had length n gets the move's events with Since(n).
// It never returns nil.
func (l Log) Since(n int) []Event {
	k := 0
	for e := l.last; e != nil && e.event.Seq > n; e = e.prev {
		k++
	}
	events := make([]Event, k)
	for e := l.last; k > 0; e = e.prev {
		k--
		events[k] = e.event
	}
	return events
}

// For returns what viewer v reads of the events held in the log, oldest
// first. It never returns nil.
func (l Log) For(v Player) []Entry { return EventsFor(l.Since(0), v) }

// sprintf is fmt.Sprintf for the formats of events, faster: it writes the
// verbs %s and %v of strings and fmt.Stringers, %d and %v of integers of
// the built-in types, and %%
// itself, and leaves any other format, or arguments of other types, to
// fmt.
func sprintf(text string, args ...any) (s string) {
	defer func() {
		if recover() != nil { // a String method that panics: fmt says so
			s = fmt.Sprintf(text, args...)
		}
	}()
	format := text    // what is left to write
	var buf [128]byte // most texts fit, and it stays on the stack
	b := buf[:0]
	n := 0
	for {
		// The text up to the next verb, at once.
		i := strings.IndexByte(format, '%')
		if i < 0 {
			b = append(b, format...)
			break
		}
		b = append(b, format[:i]...)
		if i+1 == len(format) {
			return fmt.Sprintf(text, args...)
		}
		verb := format[i+1]
		format = format[i+2:]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if n == len(args) {
			return fmt.Sprintf(text, args...)
		}
		var ok bool
		if b, ok = appendArg(b, verb, args[n]); !ok {
			return fmt.Sprintf(text, args...)
		}
		n++
	}
	if n != len(args) {
		return fmt.Sprintf(text, args...)
	}
	return string(b)
}

// appendArg appends arg as the verb %s, %d or %v writes it, and reports
// whether it could.
func appendArg(b []byte, verb byte, arg any) ([]byte, bool) {
	if verb != 's' && verb != 'd' && verb != 'v' {
		return b, false
	}
	switch a := arg.(type) {
	case string:
		return appendString(b, verb, a)
	case int:
		return appendInt(b, verb, int64(a))
	case int8:
		return appendInt(b, verb, int64(a))
	case int16:
		return appendInt(b, verb, int64(a))
	case int32:
		return appendInt(b, verb, int64(a))
	case int64:
		return appendInt(b, verb, a)
	case uint:
		return appendUint(b, verb, uint64(a))
	case uint8:
		return appendUint(b, verb, uint64(a))
	case uint16:
		return appendUint(b, verb, uint64(a))
	case uint32:
		return appendUint(b, verb, uint64(a))
	case uint64:
		return appendUint(b, verb, a)
	// This package's Stringers, before the question whether arg is one:
	// a costly question in WebAssembly.
	case Player:
		return appendString(b, verb, a.String())
	case Card:
		return appendString(b, verb, a.String())
	case Set:
		return appendString(b, verb, a.String())
	case Rank:
		return appendString(b, verb, a.String())
	case Suit:
		return appendString(b, verb, a.String())
	case PlayerSet:
		return appendString(b, verb, a.String())
	case error, fmt.Formatter:
		// fmt has its own ways with these
	case fmt.Stringer:
		if verb != 'd' {
			return append(b, a.String()...), true
		}
	}
	return b, false
}

// appendString appends a string, or a Stringer's text, as %s and %v
// write it; %d of either is fmt's.
func appendString(b []byte, verb byte, text string) ([]byte, bool) {
	if verb == 'd' {
		return b, false
	}
	return append(b, text...), true
}

// appendInt appends n as %d and %v write it; %s of a number is fmt's.
func appendInt(b []byte, verb byte, n int64) ([]byte, bool) {
	if verb == 's' {
		return b, false
	}
	return strconv.AppendInt(b, n, 10), true
}

// appendUint appends n as %d and %v write it; %s of a number is fmt's.
func appendUint(b []byte, verb byte, n uint64) ([]byte, bool) {
	if verb == 's' {
		return b, false
	}
	return strconv.AppendUint(b, n, 10), true
}
