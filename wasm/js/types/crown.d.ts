// Claim the Crown: its options, states, moves and views.

import type { Card, Player, Seed, StateHeader, ViewBase } from "./common.js";

export interface Options {
	/** Always 2. */
	players: number;
	seed: Seed;
	noLog: boolean;
	/** Adds the win condition Royal Bloc: four cards of one rank. */
	royalBloc: boolean;
	/** Adds the win condition United House: five cards of one suit. */
	unitedHouse: boolean;
	/** Adds the win condition Line of Succession: five ranks in a row. */
	lineOfSuccession: boolean;
	/** Calls a draw after that many turns without a win; 0 for none. */
	maxTurns: number;
}

/** A card's ability, in lower case. */
export type Ability = "club" | "bribe" | "dig" | "inspire" | "recruit";

/** A win condition, as its option spells it. */
export type Condition = "royalCouncil" | "factionSupremacy" | "royalBloc" | "unitedHouse" | "lineOfSuccession";

/** Every move names its player and its kind; `text` reads it for people. */
export type Move =
	/** Play a card, or use a Club or a Bribe on a card. */
	| { player: Player; kind: "play" | "club" | "bribe"; card: Card; text: string }
	/** Decree against the card in play with a Face card on top of another. */
	| { player: Player; kind: "decree"; card: Card; other: Card; text: string }
	/** Decline to decree. */
	| { player: Player; kind: "decline"; text: string }
	/** Dig a card from the discard pile of player `from`. */
	| { player: Player; kind: "dig"; card: Card; from: Player; text: string }
	/** Inspire: use another ability. */
	| { player: Player; kind: "inspire"; ability: Ability; text: string };

/** What the game waits for. */
export type Phase = "play" | "decree" | "ability" | "over";

/** What states and views share: the variants, the turn and the table. */
export interface Table {
	royalBloc: boolean;
	unitedHouse: boolean;
	lineOfSuccession: boolean;
	/** The turn limit; 0 for none. */
	maxTurns: number;
	/** The turn, from 1; its mover; what the game waits for. */
	turn: number;
	mover: Player;
	phase: Phase;
	/** The mover's card in play this turn; "" for none. */
	played: Card;
	/** The ability that waits for the mover's choice; "" for none. */
	pending: "" | Ability;
	/** The winner (-1 for none) and the condition completed. */
	winner: Player;
	wonWith: "" | Condition;
	courts: Card[][];
	/** Each discard pile from the bottom up: the last card is the top. */
	piles: Card[][];
}

/** The whole game, secrets included: keep it from the players. */
export interface State extends StateHeader<"crown">, Table {
	players: number;
	/** The decrees issued against the card in play. */
	decrees: number;
	hands: Card[][];
	draw: Card[];
	rand: string;
}

/** One decree of an exchange: who issued it, its Face card on top of its other card. */
export interface Decreed {
	by: Player;
	face: Card;
	other: Card;
}

export interface View extends ViewBase<Move>, Table {
	/** The viewer's hand; empty for the spectator. */
	hand: Card[];
	handSizes: number[];
	drawSize: number;
	/** The decrees issued against the card in play, in order. */
	decrees: Decreed[];
	/** Whose answer it is in the decree exchange; -1 for nobody. */
	answering: Player;
	/** The opponent's hand, shown while the mover chooses the card of a Bribe. */
	revealed: Card[];
	/** A game called a draw at its turn limit. */
	drawn: boolean;
}
