// The values every game shares, as the library's JSON encodes them.

/** A player by number: 0 for P1, 1 for P2 …; -1 is the spectator. */
export type Player = number;

/**
 * A playing card by its code: rank then suit, "7D", "10S", "QH", "AC";
 * jokers "X1" and "X2".
 */
export type Card = string;

/** A rank by its code: "A", "2" … "10", "J", "Q", "K"; "" for none. */
export type Rank = "" | "A" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "J" | "Q" | "K";

/**
 * A seed: a whole number from 0 to 2^64-1. Up to 2^53 it is a number, and
 * beyond it a string of decimal digits.
 */
export type Seed = number | string;

/**
 * What an event tells as data: its kind, and the members its kind names
 * (each game declares its own, as its EventData).
 */
export interface AnyEventData {
	kind: string;
	[member: string]: unknown;
}

/**
 * One entry of a game's log: what happened, in words and as data, and who
 * may read it. D is the game's EventData.
 */
export interface Event<D = AnyEventData> {
	/** The event's number: a game's events are numbered from 1. */
	seq: number;
	/** What happened, as the players in `to` may read it. */
	text: string;
	/** What happened as data, for the readers of `text`; absent for a game that tells none. */
	data?: D;
	/** Who may read `text` and `data`; everyone when absent. */
	to?: Player[];
	/** What everyone outside `to` reads instead. */
	others?: string;
	/** What everyone outside `to` reads as data instead. */
	othersData?: D;
}

/** An event as one reader reads it: its text and its data. */
export interface Entry<D = AnyEventData> {
	seq: number;
	text: string;
	data?: D;
}

/** The standing of a game: the scores, and once it is over its winners. */
export interface Result {
	/** The winners once the game is over: several share a win, or a draw. */
	winners: Player[];
	/** Each player's score, in the game's own terms. */
	scores: number[];
	/** Present and true when the game ended in a draw: `winners` drew. */
	drawn?: boolean;
	/** The seats the game plays itself (solo Packs Kingdoms' automaton). */
	automata?: Player[];
}

/** What a state tells of its progress. */
export interface Status {
	players: number;
	/** Who must move now: usually one, several for a simultaneous choice. */
	toAct: Player[];
	over: boolean;
	result: Result;
	/** The number of events the game has produced. */
	events: number;
}

/** The members that open every game's state. */
export interface StateHeader<Name extends string> {
	/** The game's short name. */
	game: Name;
	/** The version of the game's state encoding. */
	version: number;
	/** The number of events the game has produced. */
	events: number;
	/** Set when the state records no events. */
	noLog?: boolean;
}

/** The members every game's view shares. */
export interface ViewBase<M> {
	/** Whose view this is: a player, or -1 for the spectator. */
	viewer: Player;
	players: number;
	toAct: Player[];
	over: boolean;
	result: Result;
	/** The viewer's legal moves now; empty when the viewer need not act. */
	moves: M[];
	/** The number of events the game has produced. */
	events: number;
}

/**
 * A move as a program gives it: as the game lists it, its text optional
 * (it is read and ignored).
 */
export type MoveInput<M> = M extends unknown ? Omit<M, "text"> & { text?: string } : never;

/** A move decoded: whose it is, how it reads, and the move as listed. */
export interface MoveInfo<M> {
	player: Player;
	text: string;
	move: M;
}

/** The type of an option's value. */
export type OptionType = "int" | "bool" | "seed";

/** One option of a game, for a form or a command line. */
export interface OptionInfo {
	/** Its member name in the options ("players"). */
	name: string;
	type: OptionType;
	/** Its value in the rules' setup. */
	default: number | boolean | Seed;
	/** The bounds of an int option (absent when 0). */
	min?: number;
	max?: number;
	/** What the option does, in a line. */
	description: string;
}

/** What a game tells of itself. */
export interface GameInfo<Name extends string = string> {
	/** The short name ("bastards"). */
	name: Name;
	/** The name as people write it ("Kings & Bastards"). */
	title: string;
	/** What the game is, in a line. */
	summary: string;
	minPlayers: number;
	maxPlayers: number;
	/** Every option, in the order a form shows them. */
	options: OptionInfo[];
	/** When present, every rank from the lowest to the highest. */
	rankOrder?: Rank[];
	/**
	 * The rules as written for people, in sections (the goal, the setup, a
	 * turn, the powers, the end and the score, the variants): a few
	 * minutes' reading.
	 */
	howToPlay?: Section[];
	/** The game's terms, each explained in a sentence; each appears in howToPlay. */
	glossary?: Term[];
	/**
	 * What the cards or powers do, a line each ("♣ Club", "Kingdom 7"), to
	 * keep at hand while playing.
	 */
	legend?: Term[];
}

/** A part of a game's rules: a title and its paragraphs, each plain text in one line. */
export interface Section {
	title: string;
	paragraphs: string[];
}

/** A word of a game ("King", "decree", "run") and what it means. */
export interface Term {
	term: string;
	meaning: string;
}
