// Package cardjson is the strict JSON codec of the games' encodings: the
// options, states, moves and views of every game, and the values of the
// JSON face (package anygame), the bundle and the server. A game writes
// its encodings with it; package cards' own types (cards, sets, players,
// the random source, events, results, descriptions) encode themselves and
// are values it knows.
//
// An encoding lists its members once, as Fields (a name and a pointer to
// the value), for encoding (AppendFields) and decoding (DecodeFields)
// alike; a state's encoding embeds Header and is decoded through
// DecodeState, which builds the state and checks it, so that a decoded
// state keeps the rules. A field's value is a type the package knows
// (numbers, bools, strings, the cards' types and slices of them), a List
// or Slice of other values, or a type that encodes itself (an Appender,
// or a text appender). Nothing is encoded or decoded by reflection:
// Marshal and Unmarshal refuse any other type.
//
// What it writes: compact JSON, members in their fields' order, numbers
// as JavaScript writes them, strings quoted as encoding/json/v2 quotes
// them, cards as codes ("7D", "10S", "X1") and card lists as arrays of
// codes, never base64. encoding/json reads it as written.
//
// What it refuses, every refusal an error wrapping cards.ErrBadInput (or
// cards.ErrBadOptions, where a value's own decoder says so) that names the
// value and the member: text that is not JSON (RFC 8259: invalid UTF-8
// and lone surrogates included), trailing data, null for an object, a
// member no field names or named twice, a name in another case, a value
// of the wrong type, a number out of range, a card code that is no card,
// and a state that breaks its game's rules.
//
// Its limits: Unmarshal reads at most MaxInput bytes (64 KB; a state
// encodes in under 2 KB), UnmarshalLimit more for inputs larger by
// nature (a game's record); arrays and objects nest at most 10,000 deep;
// an object lists at most 64 fields; whole numbers have at most 18
// digits.
//
// Why not encoding/json: strictness, speed and the bundle. encoding/json
// takes members in any case, ignores unknown ones and lets a repeated
// one win; the games' decoders refuse all three. Measured on a state of
// fifteen members (cards, sets, piles, a random source), on one machine
// and in one run, encoding/json, calling the same methods for the cards'
// types, took 5 times as long to encode it (4.9 µs against 0.9 µs, with
// 31 allocations against one) and twice as long to decode it (7.7 µs
// against 3.4 µs). And reflective JSON costs the WebAssembly bundle: the
// reflective codec this module once used made it 1.78 MB gzipped, 1.38 MB
// without.
//
// The bundle sends a state as a patch of the last (Object, ApplyPatch):
// whether a member is compared with the last one rather than encoded
// again is decided here, by its type, so that a game's fields say what
// its members are and nothing of how they travel.
package cardjson
