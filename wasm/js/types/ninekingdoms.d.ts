// Nine Kingdoms: its options, states, moves and views.

import type { Player, Seed, StateHeader, ViewBase } from "./common.js";

export interface Options {
	/** 2 to 4. */
	players: number;
	seed: Seed;
	noLog: boolean;
	/** Plays games on, the first player rotating, until a total reaches 100. */
	match: boolean;
}

/** A card of Nine Kingdoms: a value from 1 to 9, or "$". */
export type Card = "$" | "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9";

/** Every move names its player and its kind; `text` reads it for people. */
export type Move =
	/** Choose the two cards to play this round. */
	| { player: Player; kind: "choose"; cards: [Card, Card]; text: string }
	/** Claim a kingdom, 1 to 9. */
	| { player: Player; kind: "claim"; kingdom: number; text: string }
	/** Use a Bribe, Siege or Flank on target's card. */
	| { player: Player; kind: "bribe" | "siege" | "flank"; target: Player; card: Card; text: string }
	/** Use Kingdom 8 on one's tableau card, or Kingdom 7 on the attacker's card. */
	| { player: Player; kind: "stash" | "counter"; card: Card; text: string }
	/** Decline what is left to decide, or end the turn. */
	| { player: Player; kind: "decline" | "end"; text: string };

export type Phase = "choose" | "turn" | "react" | "over";

/** What is left of the pair revealed this turn. */
export type Stage = "none" | "use" | "second";

/** The whole game, secrets included: keep it from the players. */
export interface State extends StateHeader<"ninekingdoms"> {
	players: number;
	match: boolean;
	matchGame: number;
	totals: number[];
	round: number;
	first: Player;
	phase: Phase;
	turn: Player;
	shown: Card[];
	stage: Stage;
	reactor: Player;
	stashed: boolean;
	reacted: boolean;
	/** The holder of each of Kingdoms 1 to 9; -1 for the centre. */
	kingdoms: Player[];
	hands: Card[][];
	pairs: Card[][];
	tableaus: Card[][];
	piles: Card[][];
	faceDown: Card[][];
	seen: Card[];
	deck: Card[];
	rand: string;
}

export interface View extends ViewBase<Move> {
	match: boolean;
	/** The game of the match, from 1. */
	game: number;
	round: number;
	first: Player;
	phase: Phase;
	turn: Player;
	/** Whose decision it is and what it is, in words. */
	decision: string;
	hand: Card[];
	chosen: Card[];
	hasChosen: Player[];
	handSizes: number[];
	revealed: Card[];
	/** What the revealed pair makes; "" before pairs are revealed. */
	combination: "" | "no combination" | "Bury" | "Bribe" | "Siege" | "Flank";
	stage: Stage;
	reactor: Player;
	reacted: boolean;
	stashed: boolean;
	tableaus: Card[][];
	/** The holder of each of Kingdoms 1 to 9; -1 for the centre. */
	kingdoms: Player[];
	pileSizes: number[];
	/** The viewer's own scoring pile. */
	pile: Card[];
	deck: number;
	discards: number;
	seen: Card[];
	faceDown: number[];
	yourDiscards: Card[];
	points: number[];
	totals: number[];
}
