package cardjson

import (
	"github.com/cardrules/games/cards"
)

// A Header opens the JSON of every game state: the game it is a state of,
// the version of its encoding, and where its log stands. A game's state
// encoding embeds it, and its fields start with the header's.
type Header struct {
	// Game is the short name of the game ("bastards").
	Game string `json:"game"`
	// Version is the version of the game's state encoding.
	Version int `json:"version"`
	// Events is the number of events the game has produced.
	Events int `json:"events"`
	// NoLog is set when the state records no events (its game is played
	// without a log, or it was dealt for search).
	NoLog bool `json:"noLog,omitzero"`
}

// HeaderOf returns the header of a state of game at the given encoding
// version, whose log is l.
func HeaderOf(game string, version int, l cards.Log) Header {
	return Header{Game: game, Version: version, Events: l.Len(), NoLog: !l.On()}
}

// Log returns a log that goes on where the header says the game's log
// stands: empty, numbering its next event Events+1, or off.
func (h Header) Log() cards.Log {
	if h.NoLog {
		return cards.OffFrom(h.Events)
	}
	return cards.LogFrom(h.Events)
}

// AppendFields appends the header's fields to fs: game, version, events
// and noLog. A state's encoding lists its fields after them, in room of
// its own:
//
//	func (j *stateJSON) Fields() []cardjson.Field {
//		return append(j.Header.AppendFields(j.fields[:0]), cardjson.Field{Name: "players", Ptr: &j.Players}, …)
//	}
func (h *Header) AppendFields(fs []Field) []Field {
	return append(fs,
		Field{Name: "game", Ptr: &h.Game}, Field{Name: "version", Ptr: &h.Version}, Field{Name: "events", Ptr: &h.Events}, Field{Name: "noLog", Ptr: &h.NoLog, OmitZero: true})
}

// AppendJSON appends the header's JSON to b, an object of its fields.
func (h Header) AppendJSON(b []byte) ([]byte, error) { return AppendFields(b, h.AppendFields(nil)) }

// MarshalJSON encodes the header as AppendJSON does.
func (h Header) MarshalJSON() ([]byte, error) { return h.AppendJSON(nil) }

// UnmarshalJSON decodes what AppendJSON appends.
func (h *Header) UnmarshalJSON(v []byte) error {
	_, err := DecodeFields(v, "a state's header", h.AppendFields(nil))
	return err
}

// header returns the header; a state encoding gets it by embedding Header.
func (h Header) header() Header { return h }

// check returns why h is not a header of game's states at version.
func (h Header) check(game string, version int) error {
	switch {
	case h.Game != game:
		return cards.BadInput("this is a state of %q, not of %q", h.Game, game)
	case h.Version != version:
		return cards.BadInput("a %s state of encoding version %d: this library reads version %d", game, h.Version, version)
	case h.Events < 0:
		return cards.BadInput("a state's event count is a number from 0")
	}
	return nil
}

// An Encoding is the JSON form of a value, listed as fields: a game's
// state encoding is a struct that embeds Header and lists the header's
// fields and its own.
type Encoding interface {
	Fields() []Field
}

// DecodeState is the body of a game state's UnmarshalJSON: it decodes v, a
// valid JSON object, into the state's encoding E, checks that the header
// names game at version, builds the state from the encoding with build,
// checks the state, and only then stores it in *dst, so that a decoded
// state is always one that keeps the rules and a failed decoding leaves
// *dst as it was. Every failure wraps cards.ErrBadInput:
//
//	func (s *State) UnmarshalJSON(b []byte) error {
//		return cardjson.DecodeState(s, b, gameName, stateVersion, stateJSON.state)
//	}
func DecodeState[E any, PE interface {
	*E
	Encoding
	header() Header
}, S interface{ Check() error }](dst *S, v []byte, game string, version int, build func(E) (S, error)) error {
	return DecodeForm(dst, v, game, version, func(e PE) (S, error) { return build(*e) })
}

// DecodeForm is DecodeState with a build function that takes the
// encoding by its pointer, as the state codec that jsongen writes does:
//
//	func (s *State) UnmarshalJSON(b []byte) error {
//		return cardjson.DecodeForm(s, b, gameName, stateVersion, (*stateForm).state)
//	}
func DecodeForm[E any, PE interface {
	*E
	Encoding
	header() Header
}, S interface{ Check() error }](dst *S, v []byte, game string, version int, build func(PE) (S, error)) error {
	e := PE(new(E))
	if _, err := DecodeFields(v, "a "+game+" state", e.Fields()); err != nil {
		return err
	}
	if err := e.header().check(game, version); err != nil {
		return err
	}
	s, err := build(e)
	if err != nil {
		return err
	}
	if err := s.Check(); err != nil {
		return err
	}
	*dst = s
	return nil
}

// A StateEncoding is a game state's encoding, or why it could not be
// built, as StateOf gives it: the body of the state's AppendJSON and
// Fields, written once.
//
//	func (s State) AppendJSON(b []byte) ([]byte, error) { return cardjson.StateOf(s.encoding()).AppendJSON(b) }
//	func (s State) Fields() []cardjson.Field           { return cardjson.StateOf(s.encoding()).Fields() }
type StateEncoding struct {
	e   Encoding
	err error
}

// StateOf returns the encoding e of a state, or the error of building it.
func StateOf(e Encoding, err error) StateEncoding { return StateEncoding{e, err} }

// AppendJSON appends the state's JSON, the fields of its encoding, to b.
func (x StateEncoding) AppendJSON(b []byte) ([]byte, error) {
	if x.err != nil {
		return b, x.err
	}
	return AppendFields(b, x.e.Fields())
}

// Fields returns the fields of the state's encoding, or none if it could
// not be built.
func (x StateEncoding) Fields() []Field {
	if x.err != nil {
		return nil
	}
	return x.e.Fields()
}

// ViewFields lists the members of a view's JSON that every view has, from
// its base: viewer, players, toAct, over, result, moves and events. A
// game's view lists its own after them:
//
//	func (v *View) Fields() []cardjson.Field {
//		return append(cardjson.ViewFields(&v.ViewBase), cardjson.Field{Name: "hand", Ptr: &v.Hand}, …)
//	}
func ViewFields[M comparable](b *cards.ViewBase[M]) []Field {
	return append(make([]Field, 0, fieldsRoom),
		Field{Name: "viewer", Ptr: &b.Viewer}, Field{Name: "players", Ptr: &b.Players}, Field{Name: "toAct", Ptr: &b.ToAct},
		Field{Name: "over", Ptr: &b.Over}, Field{Name: "result", Ptr: &b.Result}, Field{Name: "moves", Ptr: (*List[M])(&b.Moves)},
		Field{Name: "events", Ptr: &b.Events},
	)
}
