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
// A Game value says more: the options to draw (variants, limits),
// hand-built starting states, arbitrary moves to offer, a bound on a
// game's length, names for its endings:
//
//	func TestProperties(t *testing.T) {
//		cardstest.Run(t, cardstest.Game[Options, State, Move, View]{
//			Rules:   Rules{},
//			Options: rapid.Custom(func(t *rapid.T) Options { … }),
//		})
//	}
//
// Run checks, over games of random legal moves drawn with
// pgregory.net/rapid — from deals of drawn options, and from the game's
// own hand-built starting states (Game.Starts), where random play from a
// deal seldom goes — legality (every listed move applies; moves not
// listed are refused with an error wrapping cards.ErrIllegalMove, and the
// state is left as it was), purity and independent branches,
// determinism, conservation (State.Check after every move), secrecy (a
// view is a function of what its viewer may know: the view of a state
// re-dealt by Determinize equals the original), progress (every game
// ends), and JSON round trips of options, states, moves and views. The number of random games follows rapid's
// -rapid.checks flag (100 a property by default). Run then logs a coverage
// line (go test -v shows it): the moves played by kind, the kinds met but
// never played, and the endings reached. A failure prints its case as a
// person reads it: the move's text and JSON, and the mover's view as
// JSON; rapid's log of what it drew shows options and states as JSON.
//
// CheckSampling checks, on small cases, that Determinize deals every world
// a view allows: each game's tests call it beside Run, with views built by
// hand (SmallCase) if they like.
//
// States and LegalMove are rapid generators of reachable states and legal
// moves, for properties of one's own. FuzzState, FuzzMove and FuzzApply are
// the bodies of the fuzz targets every game has, and Golden records and
// compares whole seeded playthroughs in text files.
//
// What the harness expects of a game beyond the interfaces is the
// contract's, said in one place in the documentation of package cards
// ("What a game must also do"). One thing is the harness's own: the
// -update flag that rewrites golden files is defined here, and a game's
// tests must not define their own.
package cardstest
