// Card games by their exact rules, in WebAssembly: the types of the API,
// shared by every entry of the package. An entry's own declarations
// (index.d.ts for every game of the bundle, crown.d.ts for Claim the Crown
// alone …) name its games and their types in a GameTypes interface, and
// give these generic types their games.

import type { Entry, Event, GameInfo, MoveInfo, MoveInput, Player, Seed, Status } from "./types/common.js";

/** The types of a game: its options, states, moves, views and events' data. */
export interface GameShape {
	options: unknown;
	state: unknown;
	move: unknown;
	view: unknown;
	event: unknown;
}

/** The games of an entry, by their short names: T is GameMap<T>. */
export type GameMap<T> = { [N in keyof T]: GameShape };

/** The short name of a game of T. */
export type NameOf<T extends GameMap<T>> = keyof T & string;

/** Options as a program gives them: any of them, the seed a bigint too. */
export type OptionsInputOf<T extends GameMap<T>, N extends NameOf<T>> = {
	[K in keyof T[N]["options"]]?: T[N]["options"][K] extends Seed ? Seed | bigint : T[N]["options"][K];
};

/** A state and the events that led to it. */
export interface StepOf<T extends GameMap<T>, N extends NameOf<T>> {
	state: T[N]["state"];
	/**
	 * The events. Those of a move cross from the WebAssembly when first
	 * read, so that a program that plays on without reading them does not
	 * pay for them; read once the library no longer keeps the position,
	 * they are those of the same move applied again. Reading them may
	 * throw a GameError (code "internal") if the instance has stopped.
	 */
	events: Event<T[N]["event"]>[];
}

/** The canonical history of a game: its options and every move in order. */
export interface GameRecordOf<T extends GameMap<T>, N extends NameOf<T>> {
	game: N;
	options: OptionsInputOf<T, N>;
	moves: MoveInput<T[N]["move"]>[];
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
export interface GameOf<T extends GameMap<T>, N extends NameOf<T> = NameOf<T>> {
	readonly name: N;
	/**
	 * The game's title, player range and options, for a form or a lobby,
	 * and its rules for people: howToPlay, glossary and legend.
	 */
	readonly info: Readonly<GameInfo<N>>;
	/** The options as the rules set the game up. */
	readonly defaultOptions: Readonly<T[N]["options"]>;
	/** The names of the bots that play the game. */
	readonly bots: readonly string[];

	/** Deals a game; options not given keep their defaults. The state is frozen. */
	newGame(options?: OptionsInputOf<T, N>): T[N]["state"];
	/** Deals a game and returns its state with the events of the deal. */
	start(options?: OptionsInputOf<T, N>): StepOf<T, N>;
	/**
	 * Every move legal in state, for every player who must act. It tells
	 * secrets (a simultaneous choice's other players' moves): show players
	 * their views. The moves are frozen, and the library returns the same
	 * object for the same move each time: apply takes one of them by a
	 * number, without reading it.
	 */
	legalMoves(state: T[N]["state"]): T[N]["move"][];
	/**
	 * The state after move and the events the move produced. The state is
	 * frozen, and shares with the state before it the members and elements
	 * that did not change: a state the library returned is known without
	 * being read (copy it with structuredClone to edit it).
	 */
	apply(state: T[N]["state"], move: MoveInput<T[N]["move"]>): StepOf<T, N>;
	/** What player (or -1, the spectator) may know of state, with that player's legal moves. */
	view(state: T[N]["state"], player: Player): T[N]["view"];
	/** Who must act in state, whether it is over, and the result. */
	status(state: T[N]["state"]): Status;
	/** What player (or -1, the spectator) may read of events: each one's text and data. */
	eventsFor(events: readonly Event<T[N]["event"]>[], player: Player): Entry<T[N]["event"]>[];
	/** The move a bot chooses from view, one of view.moves. */
	botMove(view: T[N]["view"], options?: BotOptions): T[N]["move"];
	/** The view as text for a person. */
	viewText(view: T[N]["view"]): string;
	/** Whose move is it and how does it read. */
	moveInfo(move: MoveInput<T[N]["move"]>): MoveInfo<T[N]["move"]>;
	/** Replays a record of this game: its final state and every event. */
	replay(record: GameRecordOf<T, N>): StepOf<T, N>;
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

/** The library: every game of an entry. */
export interface LibraryOf<T extends GameMap<T>> {
	/** The short names of the games. */
	readonly games: readonly NameOf<T>[];
	/** The bots every game offers, with their options. */
	readonly bots: readonly Readonly<BotInfo>[];
	/** The game of the given short name. */
	game<N extends NameOf<T>>(name: N): GameOf<T, N>;
	/** Replays a game's record: its final state and every event. */
	replay<N extends NameOf<T>>(record: GameRecordOf<T, N>): StepOf<T, N>;
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

/** How a load goes, as load tells its options' onProgress. */
export interface Progress {
	/**
	 * "download" while the bytes come in (the first report at 0 bytes);
	 * "compile" once they are all in, while WebAssembly compiles them.
	 */
	phase: "download" | "compile";
	/** The bytes received so far. */
	loaded: number;
	/**
	 * The bytes of the whole file, when known: the file's size, or the
	 * length its response says.
	 */
	total: number | undefined;
}

/** What load takes beside the source. */
export interface LoadOptions {
	/** Told how the loading goes: bytes received of the total, then compiling. */
	onProgress?: (progress: Progress) => void;
}

/** A game as an entry describes it before it loads: what a form or a lobby shows. */
export interface GameDescription<T extends GameMap<T>, N extends NameOf<T> = NameOf<T>> {
	readonly name: N;
	readonly info: Readonly<GameInfo<N>>;
	readonly defaultOptions: Readonly<T[N]["options"]>;
	readonly bots: readonly string[];
}

/** The games of an entry and the bots' options, known without loading them. */
export interface Description<T extends GameMap<T>> {
	readonly games: readonly GameDescription<T>[];
	readonly bots: readonly Readonly<BotInfo>[];
}
