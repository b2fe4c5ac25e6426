// Package cardstest checks that a game keeps the properties every game of
// this module promises, and helps write more.
//
// A game's tests run the whole harness with Run. Of describes a game by its
// rules alone, dealt by its default options with a drawn seed:
//
//	func TestProperties(t *testing.T) {
//		cardstest.Run(t, cardstest.Of(crown.Rules{}))
//	}
//
// A Game value says more: the options to draw (variants, limits), arbitrary
// moves to offer, a bound on a game's length:
//
//	func TestProperties(t *testing.T) {
//		cardstest.Run(t, cardstest.Game[Options, State, Move, View]{
//			Rules:   Rules{},
//			Options: rapid.Custom(func(t *rapid.T) Options { … }),
//		})
//	}
//
// Run checks, over games of random legal moves drawn with pgregory.net/rapid:
// legality (every listed move applies; moves not listed are refused with an
// error wrapping cards.ErrIllegalMove, and the state is left as it was),
// purity and independent branches, determinism, conservation (State.Check
// after every move), secrecy (a view is a function of what its viewer may
// know: the view of a state re-dealt by Determinize equals the original),
// progress (every game ends), and JSON round trips of options, states,
// moves and views. The number of random games follows rapid's
// -rapid.checks flag (100 a property by default).
//
// CheckSampling checks, on small cases, that Determinize deals every world
// a view allows: each game's tests call it beside Run.
//
// States and LegalMove are rapid generators of reachable states and legal
// moves, for properties of one's own. FuzzState, FuzzMove and FuzzApply are
// the bodies of the fuzz targets every game has, and Golden records and
// compares whole seeded playthroughs in text files.
//
// What the harness expects of a game beyond the interfaces:
//   - States, moves, views and options round-trip through encoding/json
//     exactly; decoding a state runs State.Check.
//   - A view's String renders the table for a person — hands, piles,
//     scores — but neither its log nor its moves, which tools show from
//     Base; it may be several lines.
//   - Determinize returns a state whose log is off (cards.Off): the
//     harness compares views without their logs.
//   - The -update flag that rewrites golden files is defined here; a
//     game's tests must not define their own.
package cardstest
