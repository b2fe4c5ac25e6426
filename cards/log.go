package cards

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardrules/games/cards/internal/strict"
)

// An Event is one entry of a game's log: what happened, in words, and who
// may read it.
//
// Every reader reads something of every event: an event meant for some
// players (To) tells the others what they may know of it (Others), such as
// "P1 drew a card" beside "P1 drew 7♦". So the number of events, and each
// event's sequence number, are public.
type Event struct {
	// Seq numbers the events of a game from 1, in the order they happened.
	Seq int `json:"seq"`
	// Text is what happened, as the players in To may read it.
	Text string `json:"text"`
	// To is who may read Text. The empty set means everyone, spectators
	// included.
	To PlayerSet `json:"to,omitzero"`
	// Others is what everyone outside To reads instead.
	Others string `json:"others,omitzero"`
}

// AppendJSON appends the event's JSON to b: {"seq":7,"text":"…"}, with
// "to" and "others" when the event is meant for some players. The JSON
// face writes every move's events, so they are written member by member,
// without a list of fields, and an event stays off the heap.
func (e Event) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
	b, err := strict.AppendQuote(append(b, `,"text":`...), e.Text)
	if err != nil {
		return b, err
	}
	if e.To != 0 {
		b, _ = e.To.AppendJSON(append(b, `,"to":`...))
		if b, err = strict.AppendQuote(append(b, `,"others":`...), e.Others); err != nil {
			return b, err
		}
	}
	return append(b, '}'), nil
}

// MarshalJSON encodes the event as AppendJSON does.
func (e Event) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (e *Event) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "an event", []field{
		{Name: "seq", Ptr: &e.Seq}, {Name: "text", Ptr: &e.Text}, {Name: "to", Ptr: &e.To}, {Name: "others", Ptr: &e.Others},
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

// For returns what viewer v reads of the event.
func (e Event) For(v Player) Entry {
	if e.To == 0 || e.To.Has(v) {
		return Entry{Seq: e.Seq, Text: e.Text}
	}
	return Entry{Seq: e.Seq, Text: e.Others}
}

// An Entry is an event as one reader reads it.
type Entry struct {
	Seq  int    `json:"seq"`
	Text string `json:"text"`
}

// AppendJSON appends the entry's JSON to b: {"seq":7,"text":"…"}.
func (e Entry) AppendJSON(b []byte) ([]byte, error) {
	b = strconv.AppendInt(append(b, `{"seq":`...), int64(e.Seq), 10)
	b, err := strict.AppendQuote(append(b, `,"text":`...), e.Text)
	return append(b, '}'), err
}

// MarshalJSON encodes the entry as AppendJSON does.
func (e Entry) MarshalJSON() ([]byte, error) { return e.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (e *Entry) UnmarshalJSON(v []byte) error {
	_, err := decodeFields(v, "an event", []field{{Name: "seq", Ptr: &e.Seq}, {Name: "text", Ptr: &e.Text}})
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
