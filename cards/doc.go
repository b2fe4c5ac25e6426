// Package cards is the shared vocabulary of the card games of this module
// and the contract every game meets.
//
// The vocabulary: suits, ranks and cards of the standard deck with its
// jokers (Card), sets of cards held as bitsets (Set), deck builders, a
// seeded random source that lives inside a game state (Rand), players
// (Player, PlayerSet), a game's numbered events (Event, Log), descriptions
// of games and their options and rules for people (GameInfo, OptionInfo,
// Section, Term), results (Result), the words of refusals and of counts
// (Reason, Plural, Series), and the sentinel errors every game wraps
// (ErrIllegalMove, ErrBadInput, …). Each of these types encodes itself
// as JSON, as the standard library's types do (MarshalJSON and
// UnmarshalJSON, or MarshalText and UnmarshalText): a card as its code
// ("7D", "10S", "X1"), a set of cards as an array of codes.
//
// The contract: every game package offers NewGame, LegalMoves, Apply, ViewOf
// and Determinize over its own Options, State, Move and View types, and a
// zero-size type that implements Rules with them. Code written once over
// Rules serves every game: the JSON face (package anygame), bots (package
// bot) and the property-test harness (package cardstest).
//
// Properties every game keeps, and that cardstest checks:
//   - Purity: Apply never changes its input; a state may be continued with
//     different moves, each branch independent.
//   - Determinism: the same options, seed and moves give the same states,
//     views and events on every platform.
//   - Legality: every listed move applies; any other is refused with an
//     error wrapping ErrIllegalMove that says why.
//   - Conservation: no card is created, lost or duplicated (State.Check).
//   - Secrecy: a view holds nothing its viewer may not know, and neither do
//     the events the viewer reads.
//   - Progress: a game of random legal moves ends, and the default options
//     describe a game that ends.
//   - Bounded states: a state's JSON holds no history and stays under 2 KB.
//   - No panics: bad input of any kind gives an error.
//
// # Adding a game
//
// The shortest complete example is examples/crazyeights in this module's
// repository: Crazy Eights, written the way a designer writes a game in a
// module of their own — one package meeting the contract, its rules
// tests, the property harness — and served by every tool, as the
// README's "Write your own game" shows step by step. The smallest game
// that meets the contract, in one file, is the duel of package
// cardstest's example; the module's four games follow the same
// conventions at length.
//
// A game meets the contract below; anygame.Of(Rules{}) then gives it the
// JSON face the module's tools take, beside the module's own games
// (package catalog) or instead of them.
//
// # What a game must also do
//
// The interfaces say the shapes. The rest of the contract, which the
// tools rely on and the harness (package cardstest) checks, is here:
//   - Options, State, Move and View encode to JSON and back without loss,
//     with package cardjson and nothing by reflection: each is a
//     cardjson.Appender with MarshalJSON and UnmarshalJSON methods, and
//     decoding is strict. A state lists the members of its JSON as fields
//     (cardjson.Encoding), which the JSON face needs (package anygame).
//     The command jsongen writes all of it from the types' declarations:
//     see "JSON" below.
//   - Options decode from their defaults: Options.UnmarshalJSON starts
//     from DefaultOptions, so that a member left out takes its default,
//     whatever the Options decoded into held, and {} is the game of
//     DefaultOptions. Their JSON names every option, in the order Info
//     lists them, and Info gives each the default DefaultOptions holds;
//     every game has "seed" and "noLog". DefaultOptions describe a game
//     that ends.
//   - A state's JSON opens with cardjson.Header (game, version, events,
//     noLog), holds the game as it stands and no history, and stays under
//     2 KB; decoding a state checks it (State.Check, through
//     cardjson.DecodeState).
//   - A move's JSON names its "player" (0 for P1) and, in a game of
//     several kinds of moves, its "kind"; a move decoded for a seat
//     beyond the game's largest table is an error. String reads the move
//     without its player, short and lower case.
//   - A view embeds ViewBase. Its String renders the table for a person
//     — hands, piles, scores, on several lines if need be — but neither
//     its log nor its moves, which programs show from Base. A view given
//     back from outside (to a bot, or to be rendered) is checked with
//     ViewBase.Check and with the view's own Check method, if it has
//     one.
//   - Determinize returns a state whose viewer's view equals the view
//     given, its log off at the view's count of events (cards.OffFrom).
//   - Result: Scores holds a score for each player, before the end too,
//     and a higher score is better (points won, rounds as King, how near
//     a court is to a win); Winners is empty until the game is over.
//   - A game of random legal moves ends.
//   - Events: a game's events say in words what happened, and may say it
//     as data too (Event.With: a kind and members, declared as the game's
//     EventData); the data are optional, and a game that tells its events
//     in words alone is served by every tool, its events reaching
//     programs as text only (TypeScript: EventData never). A game that
//     gives data gives them to every event, and to its every reader: the
//     readers of Others read OthersData, which tells no more than Others
//     does. Give them: a page animates, translates and counts events by
//     their data, not by parsing English (the tutorial game does, in its
//     events.go).
//   - Optionally, a game's Rules is a cards.Explainer (the moves a player
//     might try, so that a program can say why a card is not offered)
//     and its view a cards.Briefer (its text without the legend).
//
// A game of this module also keeps the conventions below.
//
// Files: doc.go (what the game is, how to use the package, and every ruling
// and every decision taken where the rules are silent), options.go (Options,
// DefaultOptions, bounds), state.go (State, Phase, accessors), move.go
// (Kind, Move, constructors, String), legal.go (LegalMoves,
// AppendLegalMoves, and checkMove, the one function that says why a move is
// illegal), apply.go (Apply and the steps it carries out), view.go (View,
// ViewOf, View.String), events.go (EventKind, EventData), json.go (its
// generate directive, and the JSON of the few types that encode themselves),
// json_gen.go (the codec jsongen writes), check.go (State.Check),
// determinize.go, rules.go (Rules, Info). Tests:
// rules_test.go (TestRule… for every sentence of the rules),
// rulings_test.go (TestRuling… for every ruling and TestDecision… for every
// decision), helpers_test.go (a state built from a one-line notation, so
// that a test sets up its situation in a line), harness_test.go
// (cardstest.Run, Golden, CheckSampling, the fuzz targets), bench_test.go
// (cardstest.BenchApply, BenchLegalMoves, BenchPlayout, NoAllocs),
// example_test.go, json_test.go, view_test.go; testdata/ holds golden
// playthroughs and the fuzz corpus.
//
// Options hold literal values: zero means zero, never "the default".
// DefaultOptions returns the game as its rules set it up, and a game that
// ends (a game without end in its rules gets a limit, with endless play
// kept as an explicit option). Every game has Seed (JSON "seed") and NoLog
// ("noLog"). Rules.Info describes every option in the order of the options'
// JSON members, with its type, default, range and a line of text;
// cardstest checks that they agree.
//
// A Move is a small comparable value: Who (the player, JSON "player"), Kind
// (an exported enumeration whose zero is no kind, JSON "kind", its names
// kept in an Enum), and the fields its kinds use. Player returns Who;
// String reads the move without its player, short and lower case ("play
// 7♦ 7♣", "pass"). A move is legal exactly when it equals one of
// AppendLegalMoves's, and equivalent moves are listed once: moves that
// leave the same state but for which of two identical cards moved (two
// jokers, the twin cards of two decks) are one move. Decisions taken out
// of turn (an answer to an attack, a simultaneous choice) are ordinary
// moves of the player who takes them; chance happens inside Apply from the
// state's Rand, never as a move.
//
// A State is a small value of fixed arrays and Sets, copied by assignment;
// Apply allocates nothing when the log is off. Its Phase is an exported
// enumeration. Check reports every broken invariant.
//
// Events are written in the past tense with the actor first: "P2 played
// 3♣ 3♦", "P1 claimed Kingdom 3", "P3 bought 7♦ for 3 coins". Games build
// their text only when Log.On. Public formats its text as fmt.Sprintf
// does, and faster for the verbs of events (%s, %d and %v of strings,
// numbers and Stringers). An event meant for some players always says
// something to the others (Private(p, "P1 drew 7♦", "P1 drew a card"), two
// texts the game writes as strings), so that every reader reads every
// event and the count of events is public. Counts are written with
// Plural: "1 card", "2 cards".
//
// Events carry data beside their text (Event.With, Event.WithOthers): a
// game declares an enumeration of its events' kinds, EventKind, one kind
// a text, and their data, EventData, a union by kind as a move is, whose
// members are the parts of the text (the player, the cards, the counts,
// the kingdom claimed, the win condition): enough for a program to tell
// the event in another language, animate it or count it. The data of an
// event meant for some players is theirs alone, as its text is: the
// others read the data of what Others tells, which leaves the secret
// members out (a card drawn). cardstest checks it with the secrecy of the
// events, and that a game that tells data tells it of every event.
//
// JSON: a game declares each of its JSON types once, on the type itself,
// and the command jsongen (package
// github.com/cardrules/games/cards/jsongen) writes their codec, with
// package cardjson and nothing by reflection, and their TypeScript, from
// that declaration. A type's doc comment says what it is (//cards:json
// options, view, state gameName stateVersion, move text=appendText,
// event, object, or enum "a phase"); its fields are its members, named
// after them ("handSizes" of HandSizes) or by a cards tag, a state's
// tagged by name (cards:"turn"), a per-seat array as seats, an array
// of a counted length as len=field; a move's or an event's members by
// the kinds that name them (kinds:"play,decree"). A state's JSON opens
// with cardjson.Header (game, version, events, noLog), from its cards.Log,
// and decoding a state checks it. Each game's json.go holds the line that
// runs it, //go:generate go run ../cards/jsongen -ts
// ../wasm/js/types/NAME.d.ts; in a module of one's own, go run
// github.com/cardrules/games/cards/jsongen, at the version one's go.mod
// requires. CI runs go generate ./... and fails if anything changed.
// How the WebAssembly bundle sends a state as a patch of the last is the
// codec's business. Cards are codes, card lists arrays of codes. A
// state's JSON stays under 2 KB (cardstest checks it).
//
// A View embeds ViewBase and holds what its viewer may know, nothing more:
// cardstest checks that a state re-dealt by Determinize from a view gives
// the same view, and that the events tell no more than the views. The
// view's String renders the table for a person; programs show the moves
// and the events from the view's base.
package cards
