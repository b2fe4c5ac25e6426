package cards

import (
	"encoding/json"
	"fmt"
)

// An Event is one entry of a game's log: what happened, in words, and who
// may read it.
type Event struct {
	// Text is what happened, as the players in To may read it.
	Text string `json:"text"`
	// To is who may read Text. The empty set means everyone, spectators
	// included.
	To PlayerSet `json:"to,omitempty"`
	// Others is what everyone outside To reads instead; if it is empty,
	// they read nothing of this event.
	Others string `json:"others,omitempty"`
}

// Public returns an event everyone may read.
func Public(format string, args ...any) Event {
	return Event{Text: fmt.Sprintf(format, args...)}
}

// Private returns an event that only p may read as text; everyone else
// reads others (nothing if others is empty).
func Private(p Player, text, others string) Event {
	return Event{Text: text, To: PlayersOf(p), Others: others}
}

// For returns what viewer v reads of the event, and false if v reads
// nothing of it.
func (e Event) For(v Player) (string, bool) {
	if e.To == 0 || e.To.Has(v) {
		return e.Text, true
	}
	return e.Others, e.Others != ""
}

// A Log is a game's record of events. It is a persistent list: adding to a
// log returns a new log and leaves the old one as it was, so states that
// share a history share its entries and each branch of a game has its own.
// Copying a Log copies one pointer.
//
// A log can be off (see Off): adding to it does nothing, and a game skips
// describing its events, so that Apply allocates nothing. Search and
// simulation use states without a log.
//
// The zero Log is on and empty. In JSON a log is an array of events, or
// null when it is off.
type Log struct {
	last *logEntry
	off  bool
}

type logEntry struct {
	prev  *logEntry
	n     int
	event Event
}

// Off returns an empty log that records nothing.
func Off() Log { return Log{off: true} }

// On reports whether the log records events. Games test it before they
// build an event's text.
func (l Log) On() bool { return !l.off }

// Len returns the number of events in the log.
func (l Log) Len() int {
	if l.last == nil {
		return 0
	}
	return l.last.n
}

// Add returns the log with e appended, or l itself if the log is off.
func (l Log) Add(e Event) Log {
	if l.off {
		return l
	}
	return Log{last: &logEntry{prev: l.last, n: l.Len() + 1, event: e}}
}

// Events returns the events of the log, oldest first.
func (l Log) Events() []Event {
	es := make([]Event, l.Len())
	for e := l.last; e != nil; e = e.prev {
		es[e.n-1] = e.event
	}
	return es
}

// For returns the texts of the log that viewer v may read, oldest first.
// It never returns nil, so that a view's log encodes as an array.
func (l Log) For(v Player) []string {
	texts := make([]string, 0, l.Len())
	for _, e := range l.Events() {
		if t, ok := e.For(v); ok {
			texts = append(texts, t)
		}
	}
	return texts
}

// MarshalJSON encodes the log as an array of events, or null if it is off.
func (l Log) MarshalJSON() ([]byte, error) {
	if l.off {
		return []byte("null"), nil
	}
	return json.Marshal(l.Events())
}

// UnmarshalJSON decodes what MarshalJSON encodes.
func (l *Log) UnmarshalJSON(b []byte) error {
	var es []Event
	if err := json.Unmarshal(b, &es); err != nil {
		return fmt.Errorf("%w: a log is an array of events: %v", ErrBadInput, err)
	}
	if es == nil {
		*l = Off()
		return nil
	}
	var t Log
	for _, e := range es {
		t = t.Add(e)
	}
	*l = t
	return nil
}
