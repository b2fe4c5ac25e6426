// Kings & Bastards: its options, states, moves and views.

import type { Card, Player, Rank, Seed, StateHeader, ViewBase } from "./common.js";

export interface Options {
	/** 3 to 10; two decks from 7. */
	players: number;
	/** Jokers in each deck, 0 to 2. */
	jokers: number;
	/** Rounds to play; 0 plays on without end. */
	rounds: number;
	seed: Seed;
	noLog: boolean;
}

/** Every move names its player and its kind; `text` reads it for people. */
export type Move =
	/** Play cards; a lone joker names the rank it stands for as `as`. */
	| { player: Player; kind: "play"; cards: Card[]; as?: Rank; text: string }
	| { player: Player; kind: "pass"; text: string }
	/** The King gives two cards to the Bastard before a round. */
	| { player: Player; kind: "give"; cards: Card[]; text: string };

export type Phase = "exchange" | "play" | "over";

/** Cards on the table: their rank and who played them (-1 for none). */
export interface TablePlay {
	cards: Card[];
	rank: Rank;
	by: Player;
}

/** What states and views share: the setup, the round and the table. */
export interface Table {
	decks: number;
	jokers: number;
	/** The round limit; 0 for none. */
	rounds: number;
	round: number;
	phase: Phase;
	dealer: Player;
	/** The plays of the current trick, in the order they were made. */
	plays: TablePlay[];
	/** The cards of the tricks won this round. */
	pile: Card[];
	/** Who passed since the last play. */
	passed: Player[];
	/** Who went out this round, in order. */
	out: Player[];
	/** The King and Bastard of the last finished round; -1 before. */
	king: Player;
	bastard: Player;
	/** Each player's rounds as King and as Bastard. */
	kings: number[];
	bastards: number[];
}

/** The whole game, secrets included: keep it from the players. */
export interface State extends StateHeader<"bastards">, Table {
	players: number;
	toAct: Player;
	hands: Card[][];
	kingGave: Card[];
	bastardGave: Card[];
	rand: string;
}

export interface View extends ViewBase<Move>, Table {
	/** The viewer's hand; empty for the spectator. */
	hand: Card[];
	handSizes: number[];
	/** The play to beat, the last of plays; no cards when a trick is to be led. */
	top: TablePlay;
	/** What the viewer gave and received in this round's exchange. */
	gave: Card[];
	received: Card[];
}
