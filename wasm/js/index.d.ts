// Card games by their exact rules, in WebAssembly: the types of the API.
// Each game's options, states, moves and views are declared in types/,
// and games.d.ts lists the games of the bundle.

import type { GameTypes } from "./games.js";
import type { Entry, Event, GameInfo, MoveInfo, MoveInput, Player, Seed, Status } from "./types/common.js";

export type * from "./types/common.js";
export type * from "./games.js";

/** The short name of a game of the bundle. */
export type GameName = keyof GameTypes & string;
/** The options of game N, every one named. */
export type Options<N extends GameName> = GameTypes[N]["options"];
/** A state of game N: the whole game, secrets included. */
export type State<N extends GameName> = GameTypes[N]["state"];
/** A move of game N, as the game lists it. */
export type Move<N extends GameName> = GameTypes[N]["move"];
/** What a player may know of a state of game N. */
export type View<N extends GameName> = GameTypes[N]["view"];

/** Options as a program gives them: any of them, the seed a bigint too. */
export type OptionsInput<N extends GameName> = {
	[K in keyof Options<N>]?: Options<N>[K] extends Seed ? Seed | bigint : Options<N>[K];
};

/** A state and the events that led to it. */
export interface Step<N extends GameName> {
	state: State<N>;
	events: Event[];
}

/** The canonical history of a game: its options and every move in order. */
export interface GameRecord<N extends GameName> {
	game: N;
	options: OptionsInput<N>;
	moves: MoveInput<Move<N>>[];
}

/**
 * The bot that chooses a move, and the seed of its randomness: an object,
 * of which botMove reads these two members only.
 */
export interface BotOptions {
	/**
	 * The bot's spec: a name from the game's bots ("random", "montecarlo",
	 * "ismcts" …), alone or with options after a colon
	 * ("ismcts:strength=4", "montecarlo:samples=50,depth=200"; see
	 * Library.bots). "random" when absent.
	 */
	bot?: string;
	/** 0 when absent. */
	seed?: Seed | bigint;
}

/** One game of the library. Every function leaves its arguments unchanged. */
export interface Game<N extends GameName = GameName> {
	readonly name: N;
	/**
	 * The game's title, player range and options, for a form or a lobby,
	 * and its rules for people: howToPlay, glossary and legend.
	 */
	readonly info: Readonly<GameInfo<N>>;
	/** The options as the rules set the game up. */
	readonly defaultOptions: Readonly<Options<N>>;
	/** The names of the bots that play the game. */
	readonly bots: readonly string[];

	/** Deals a game; options not given keep their defaults. The state is frozen. */
	newGame(options?: OptionsInput<N>): State<N>;
	/** Deals a game and returns its state with the events of the deal. */
	start(options?: OptionsInput<N>): Step<N>;
	/**
	 * Every move legal in state, for every player who must act. It tells
	 * secrets (a simultaneous choice's other players' moves): show players
	 * their views. The moves are frozen, and the library returns the same
	 * object for the same move each time: apply takes one of them by a
	 * number, without reading it.
	 */
	legalMoves(state: State<N>): Move<N>[];
	/**
	 * The state after move and the events the move produced. The state is
	 * frozen, and shares with the state before it the members and elements
	 * that did not change: a state the library returned is known without
	 * being read (copy it with structuredClone to edit it).
	 */
	apply(state: State<N>, move: MoveInput<Move<N>>): Step<N>;
	/** What player (or -1, the spectator) may know of state, with that player's legal moves. */
	view(state: State<N>, player: Player): View<N>;
	/** Who must act in state, whether it is over, and the result. */
	status(state: State<N>): Status;
	/** What player (or -1, the spectator) may read of events. */
	eventsFor(events: readonly Event[], player: Player): Entry[];
	/** The move a bot chooses from view, one of view.moves. */
	botMove(view: View<N>, options?: BotOptions): Move<N>;
	/** The view as text for a person. */
	viewText(view: View<N>): string;
	/** Whose move is it and how does it read. */
	moveInfo(move: MoveInput<Move<N>>): MoveInfo<Move<N>>;
	/** Replays a record of this game: its final state and every event. */
	replay(record: GameRecord<N>): Step<N>;
}

/** A bot, and the options a spec may give it. */
export interface BotInfo {
	/** The bot's name in a spec ("ismcts"). */
	name: string;
	/** How the bot plays, in a line. */
	summary: string;
	options: BotOption[];
}

/** An option of a bot, given in a spec as key=value ("ismcts:strength=4"). */
export interface BotOption {
	name: string;
	/** A whole number, a decimal number, or a duration ("250ms", "2s"). */
	type: "int" | "number" | "duration";
	/** Its value when a spec leaves it out, as a spec writes it; "" for none. */
	default: string;
	/** The bounds of its value; for a duration, in seconds. */
	min: number;
	max: number;
	description: string;
}

/** The library: every game of the bundle. */
export interface Library {
	/** The short names of the games. */
	readonly games: readonly GameName[];
	/** The bots every game offers, with their options. */
	readonly bots: readonly Readonly<BotInfo>[];
	/** The game of the given short name. */
	game<N extends GameName>(name: N): Game<N>;
	/** Replays a game's record: its final state and every event. */
	replay<N extends GameName>(record: GameRecord<N>): Step<N>;
	/** What player (or -1, the spectator) may read of events. */
	eventsFor(events: readonly Event[], player: Player): Entry[];
}

/** The machine-readable code of a GameError. */
export type ErrorCode =
	| "not_your_turn"
	| "game_over"
	| "illegal_move"
	| "bad_options"
	| "bad_input"
	| "unknown_bot"
	| "internal";

/**
 * What every function throws, and all it throws whatever its input (a
 * cycle, a bigint, nesting too deep, a getter or Proxy that throws are
 * "bad_input"): a message for people and a code. "internal" is a fault of
 * the library.
 */
export declare class GameError extends Error {
	constructor(code: ErrorCode, message: string);
	readonly code: ErrorCode;
}

type Global<K extends string> = typeof globalThis extends { [P in K]: abstract new (...args: any) => infer T } ? T : never;

/**
 * Where load finds the bundle's WebAssembly: a URL or a path, its bytes, a
 * compiled module, or a fetch Response (or a promise of one).
 */
export type Source =
	| string
	| Global<"URL">
	| ArrayBuffer
	| ArrayBufferView
	| WebAssembly_Module
	| Global<"Response">
	| PromiseLike<Global<"Response">>;

type WebAssembly_Module = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any) => infer T } } ? T : never;

/**
 * Loads the bundle and returns a fresh instance of the library. Node.js
 * reads games.wasm beside the module and a browser fetches it, unless
 * source says where it is. It rejects with a GameError: "bad_input" when
 * source is no bundle.
 */
export declare function load(source?: Source): Promise<Library>;
