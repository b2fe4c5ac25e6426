// Packs Kingdoms: its options, states, moves and views.

import type { Card, Player, Seed, StateHeader, ViewBase } from "./common.js";

export interface Options {
	/** 2 to 4 seats (2 in the solo game: you and the automaton). */
	players: number;
	seed: Seed;
	noLog: boolean;
	/** Plays alone against the automaton, which takes P2's seat. */
	solo: boolean;
	/** Cards dealt into the automaton's kingdom before the first turn (solo only). */
	headStart: number;
	/** The turns each after which the game is called. */
	turns: number;
}

/** Every move names its player and its kind; `text` reads it for people. */
export type Move =
	/** Buy a market card, play a card of one's hand, discard one, or give one for a ♠ attack. */
	| { player: Player; kind: "buy" | "play" | "discard" | "give"; card: Card; text: string }
	/** Take a coin of ♦ income from under a market card. */
	| { player: Player; kind: "take"; card: Card; text: string }
	/** Take a coin of ♦ income lying loose in a market column (0 to 5). */
	| { player: Player; kind: "take"; column: number; text: string }
	/** Pass a turn without action, or pay a coin of a ♠ attack. */
	| { player: Player; kind: "pass" | "pay"; text: string };

/** What the game waits for. */
export type Phase = "action" | "income" | "pay" | "discard" | "over";

/** The whole game, secrets included: keep it from the players. */
export interface State extends StateHeader<"packs"> {
	players: number;
	solo: boolean;
	headStart: number;
	turns: number;
	phase: Phase;
	turn: Player;
	actions: number;
	played: number;
	winner: Player;
	payer: Player;
	owed: number;
	hands: Card[][];
	kingdoms: Card[][];
	coins: number[];
	/** By row and column; "" for an empty position. */
	market: Card[][];
	under: number[][];
	loose: number[];
	deck: Card[];
	/** The deck's cards everyone knows: what is left of the discard pile it was made from. */
	deckKnown: Card[];
	discards: Card[];
	coinCards: Card[];
	coined: Card[];
	received: Card[];
	usedInstructions: Card[];
	/** The automaton's last instruction; "" for none. */
	instruction: Card;
	rand: string;
}

export interface View extends ViewBase<Move> {
	/** The solo game, P2 being the automaton dealt a head start. */
	solo: boolean;
	headStart: number;
	phase: Phase;
	/** Whose turn it is, and the actions they have taken. */
	turn: Player;
	actions: number;
	round: number;
	/** The turns played by all; the game is called after turnLimit each. */
	turns: number;
	turnLimit: number;
	/** Whose decision it is and what it is, in words. */
	decision: string;
	hand: Card[];
	handSizes: number[];
	handLimits: number[];
	coins: number[];
	kingdoms: Card[][];
	runs: number[];
	/** By row and column; "" for an empty position. Column 0 costs 5, column 5 costs 0. */
	market: Card[][];
	/** The coins under each market card. */
	under: number[][];
	/** The coins lying loose in each column. */
	loose: number[];
	deck: number;
	/** The deck's cards everyone knows: what is left of the discard pile it was made from. */
	deckKnown: Card[];
	discards: Card[];
	/** Market cards the turn player put a coin under this turn. */
	coined: Card[];
	/** Who pays a ♠ attack now (-1 for nobody), and what is still owed or to take. */
	payer: Player;
	owed: number;
	/** The cards received in this attack, for the attacker only; their number for all. */
	received: Card[];
	receivedCount: number;
	/** The automaton's last instruction ("" for none), its deck's size, and those turned over. */
	instruction: Card;
	instructions: number;
	usedInstructions: Card[];
	/** Who completed three runs (-1 if nobody did); a called game that ended in a draw. */
	winner: Player;
	drawn: boolean;
}
