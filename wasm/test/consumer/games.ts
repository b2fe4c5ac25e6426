// A consumer of every game's declarations, type-checked with tsc --strict
// in CI: it uses a state, a view and a move of each game, and every kind
// of event each game tells, reading the members the kind names. A kind
// added to a game and not handled here fails the check (absurd), as does
// a member that a kind no longer names.
import type { EventData, Move, State, View } from "../../dist/index.mjs";

/** Fails to compile when a switch over kinds misses one. */
function absurd(x: never): never {
	throw new Error(`no kind ${JSON.stringify(x)}`);
}

const n = (p: number): string => `P${p + 1}`;

// Claim the Crown.
export function tellCrown(e: EventData<"crown">): string {
	switch (e.kind) {
		case "began":
			return ["began", e.conditions.join(" "), (e.maxTurns?.toFixed(0) ?? "")].join(" ");
		case "dealt":
			return ["dealt", n(e.player), (e.cards?.join(" ") ?? ""), e.count.toFixed(0)].join(" ");
		case "drew":
			return ["drew", n(e.player), (e.card ?? "")].join(" ");
		case "drewNothing":
			return ["drewNothing", n(e.player)].join(" ");
		case "reshuffled":
			return ["reshuffled", n(e.player), e.count.toFixed(0)].join(" ");
		case "stuck":
			return ["stuck", n(e.player)].join(" ");
		case "drawn":
			return ["drawn", e.count.toFixed(0)].join(" ");
		case "played":
			return ["played", n(e.player), e.card].join(" ");
		case "decreed":
			return ["decreed", n(e.player), e.card, e.other].join(" ");
		case "declined":
			return ["declined", n(e.player)].join(" ");
		case "canceled":
			return ["canceled", n(e.player), e.card].join(" ");
		case "inspired":
			return ["inspired", n(e.player), e.ability].join(" ");
		case "idle":
			return ["idle", n(e.player), (e.target === undefined ? "" : n(e.target)), e.ability].join(" ");
		case "clubbed":
			return ["clubbed", n(e.player), n(e.target), e.card].join(" ");
		case "bribed":
			return ["bribed", n(e.player), n(e.target), e.card].join(" ");
		case "dug":
			return ["dug", n(e.player), n(e.from), e.card].join(" ");
		case "recruited":
			return ["recruited", n(e.player), (e.card ?? "")].join(" ");
		case "recruitedNothing":
			return ["recruitedNothing", n(e.player)].join(" ");
		case "won":
			return ["won", n(e.player), e.condition].join(" ");
		default:
			return absurd(e);
	}
}

// Packs Kingdoms.
export function tellPacks(e: EventData<"packs">): string {
	switch (e.kind) {
		case "coinsDealt":
			return ["coinsDealt", e.dealt.join(" ")].join(" ");
		case "marketDealt":
			return ["marketDealt", e.cards.join(" ")].join(" ");
		case "headStart":
			return ["headStart", n(e.player), e.card].join(" ");
		case "headStartDiscarded":
			return ["headStartDiscarded", n(e.player), e.card].join(" ");
		case "passed":
			return ["passed", n(e.player)].join(" ");
		case "bought":
			return ["bought", n(e.player), e.card, e.price.toFixed(0), e.took.toFixed(0)].join(" ");
		case "boughtNothing":
			return ["boughtNothing", n(e.player)].join(" ");
		case "discarded":
			return ["discarded", n(e.player), e.card].join(" ");
		case "misfit":
			return ["misfit", n(e.player), e.card].join(" ");
		case "played":
			return ["played", n(e.player), e.card, (e.run ? "run" : "")].join(" ");
		case "placed":
			return ["placed", n(e.player), e.card, (e.run ? "run" : "")].join(" ");
		case "won":
			return ["won", n(e.player)].join(" ");
		case "buysAgain":
			return ["buysAgain", n(e.player)].join(" ");
		case "ended":
			return ["ended", n(e.player)].join(" ");
		case "instructionsShuffled":
			return ["instructionsShuffled", n(e.player), e.count.toFixed(0)].join(" ");
		case "instruction":
			return ["instruction", n(e.player), e.card].join(" ");
		case "refilled":
			return ["refilled", e.cards.join(" ")].join(" ");
		case "marketShort":
			return ["marketShort", e.count.toFixed(0)].join(" ");
		case "reshuffled":
			return ["reshuffled", e.count.toFixed(0)].join(" ");
		case "noIncome":
			return ["noIncome", n(e.player)].join(" ");
		case "income":
			return ["income", n(e.player), e.count.toFixed(0)].join(" ");
		case "tookCoin":
			return ["tookCoin", n(e.player), (e.card ?? ""), (e.column?.toFixed(0) ?? "")].join(" ");
		case "owedNothing":
			return ["owedNothing", n(e.player), n(e.target), e.clubs.toFixed(0), e.spades.toFixed(0)].join(" ");
		case "owed":
			return ["owed", n(e.player), n(e.target), e.count.toFixed(0)].join(" ");
		case "paid":
			return ["paid", n(e.player), n(e.target), e.count.toFixed(0)].join(" ");
		case "paidCoin":
			return ["paidCoin", n(e.player), n(e.target)].join(" ");
		case "hadNothing":
			return ["hadNothing", n(e.player), n(e.target)].join(" ");
		case "gaveAll":
			return ["gaveAll", n(e.player), n(e.target), (e.cards?.join(" ") ?? ""), e.count.toFixed(0), e.cardCount.toFixed(0)].join(" ");
		case "gaveAllDiscarded":
			return ["gaveAllDiscarded", n(e.player), n(e.target), e.cards.join(" "), e.count.toFixed(0), e.cardCount.toFixed(0)].join(" ");
		case "gave":
			return ["gave", n(e.player), n(e.target), (e.card ?? "")].join(" ");
		case "gaveDiscarded":
			return ["gaveDiscarded", n(e.player), n(e.target), e.card].join(" ");
		case "received":
			return ["received", n(e.player), (e.cards?.join(" ") ?? ""), e.cardCount.toFixed(0)].join(" ");
		case "discardedDown":
			return ["discardedDown", n(e.player), e.cards.join(" ")].join(" ");
		case "called":
			return ["called", e.count.toFixed(0), e.players.join(" "), e.runs.toFixed(0), e.kingdomCards.toFixed(0), e.coins.toFixed(0)].join(" ");
		case "calledDrawn":
			return ["calledDrawn", e.count.toFixed(0), e.players.join(" "), e.runs.toFixed(0), e.kingdomCards.toFixed(0), e.coins.toFixed(0)].join(" ");
		default:
			return absurd(e);
	}
}

// Nine Kingdoms.
export function tellNinekingdoms(e: EventData<"ninekingdoms">): string {
	switch (e.kind) {
		case "gameBegan":
			return ["gameBegan", e.game.toFixed(0)].join(" ");
		case "roundBegan":
			return ["roundBegan", n(e.player), e.round.toFixed(0)].join(" ");
		case "dealt":
			return ["dealt", e.count.toFixed(0)].join(" ");
		case "dealtHand":
			return ["dealtHand", n(e.player), (e.hand ?? ""), e.count.toFixed(0)].join(" ");
		case "reshuffled":
			return ["reshuffled", e.count.toFixed(0)].join(" ");
		case "chose":
			return ["chose", n(e.player), (e.chosen ?? ""), (e.discarded ?? ""), e.count.toFixed(0)].join(" ");
		case "revealed":
			return ["revealed", n(e.player), e.pair.join(" "), e.combination].join(" ");
		case "buried":
			return ["buried", n(e.player)].join(" ");
		case "noEffect":
			return ["noEffect", n(e.player), e.combination].join(" ");
		case "claimed":
			return ["claimed", n(e.player), e.kingdom.toFixed(0)].join(" ");
		case "claimedFrom":
			return ["claimedFrom", n(e.player), n(e.target), e.kingdom.toFixed(0)].join(" ");
		case "bribed":
			return ["bribed", n(e.player), n(e.target), e.card].join(" ");
		case "bribedOwn":
			return ["bribedOwn", n(e.player), n(e.target), e.card].join(" ");
		case "attacked":
			return ["attacked", n(e.player), n(e.target), e.card, e.combination].join(" ");
		case "canAnswer":
			return ["canAnswer", n(e.player)].join(" ");
		case "countered":
			return ["countered", n(e.player), n(e.target), e.card].join(" ");
		case "notAnswered":
			return ["notAnswered", n(e.player)].join(" ");
		case "secondDiscard":
			return ["secondDiscard", n(e.player)].join(" ");
		case "declinedSecond":
			return ["declinedSecond", n(e.player)].join(" ");
		case "declined":
			return ["declined", n(e.player), e.combination].join(" ");
		case "discardedBribe":
			return ["discardedBribe", n(e.player)].join(" ");
		case "stashed":
			return ["stashed", n(e.player), e.card].join(" ");
		case "lostKingdom":
			return ["lostKingdom", n(e.player), e.kingdom.toFixed(0)].join(" ");
		case "ended":
			return ["ended", n(e.player)].join(" ");
		case "roundEnded":
			return ["roundEnded", e.round.toFixed(0)].join(" ");
		case "gameEnded":
			return ["gameEnded", e.points.join(" "), e.players.join(" ")].join(" ");
		case "matchGameEnded":
			return ["matchGameEnded", e.game.toFixed(0), e.points.join(" ")].join(" ");
		case "matchTotals":
			return ["matchTotals", e.game.toFixed(0), e.points.join(" "), (e.players?.join(" ") ?? "")].join(" ");
		default:
			return absurd(e);
	}
}

// Kings & Bastards.
export function tellBastards(e: EventData<"bastards">): string {
	switch (e.kind) {
		case "began":
			return ["began", e.count.toFixed(0), e.decks.toFixed(0), e.jokers.toFixed(0), (e.rounds?.toFixed(0) ?? "")].join(" ");
		case "roundDealt":
			return ["roundDealt", n(e.player), e.round.toFixed(0)].join(" ");
		case "dealt":
			return ["dealt", n(e.player), (e.cards?.join(" ") ?? ""), e.count.toFixed(0)].join(" ");
		case "leads":
			return ["leads", n(e.player), e.card].join(" ");
		case "kingChose":
			return ["kingChose", n(e.player), n(e.target), (e.cards?.join(" ") ?? "")].join(" ");
		case "bastardGave":
			return ["bastardGave", n(e.player), n(e.target), (e.cards?.join(" ") ?? "")].join(" ");
		case "played":
			return ["played", n(e.player), e.cards.join(" "), (e.as ?? "")].join(" ");
		case "wentOutFirst":
			return ["wentOutFirst", n(e.player)].join(" ");
		case "wentOut":
			return ["wentOut", n(e.player)].join(" ");
		case "passed":
			return ["passed", n(e.player)].join(" ");
		case "wonTrick":
			return ["wonTrick", n(e.player), n(e.leader), (e.trump ? "trump" : "")].join(" ");
		case "roundEnded":
			return ["roundEnded", n(e.king), n(e.bastard), e.round.toFixed(0)].join(" ");
		case "gameEnded":
			return ["gameEnded", e.count.toFixed(0), e.players.join(" ")].join(" ");
		default:
			return absurd(e);
	}
}

// A state, a view and a move of each game, and the events of a step read
// by their data: what a program that animates or translates them does.
import type { Entry, Step } from "../../dist/index.mjs";

export function crownTable(s: State<"crown">, v: View<"crown">, m: Move<"crown">): string {
	const move = m.kind === "decree" ? `${m.card} over ${m.other}` : m.kind === "dig" ? `${m.card} from ${n(m.from)}` : m.text;
	return [s.turn, s.phase, s.piles.map((p) => p.at(-1) ?? "").join(), v.hand.join(), v.decrees.map((d) => d.face).join(), move].join(" ");
}

export function packsTable(s: State<"packs">, v: View<"packs">, m: Move<"packs">): string {
	const move = m.kind === "take" ? (m.card ?? `column ${m.column ?? 0}`) : m.text;
	return [s.played, s.market.flat().join(), v.coins.join(), v.under.flat().join(), move].join(" ");
}

export function nineTable(s: State<"ninekingdoms">, v: View<"ninekingdoms">, m: Move<"ninekingdoms">): string {
	const move = m.kind === "choose" ? m.cards.join(" ") : m.kind === "claim" ? `Kingdom ${m.kingdom}` : m.text;
	return [s.matchGame, s.kingdoms.join(), v.tableaus.map((t) => t.join("")).join(), v.combination, move].join(" ");
}

export function bastardsTable(s: State<"bastards">, v: View<"bastards">, m: Move<"bastards">): string {
	const move = m.kind === "play" ? `${m.cards.join(" ")}${m.as ? ` as ${m.as}` : ""}` : m.text;
	return [s.round, s.out.map(n).join(), v.top.rank, v.plays.map((p) => p.cards.join("")).join(), move].join(" ");
}

/** The events of a move of Claim the Crown, told from their data. */
export function crownNews(step: Step<"crown">, mine: Entry<EventData<"crown">>[]): string[] {
	const told = step.events.map((e) => (e.data ? tellCrown(e.data) : e.text));
	const read = mine.map((e) => (e.data ? tellCrown(e.data) : e.text));
	return [...told, ...read];
}

export const news = {
	packs: (step: Step<"packs">) => step.events.map((e) => (e.data ? tellPacks(e.data) : e.text)),
	ninekingdoms: (step: Step<"ninekingdoms">) => step.events.map((e) => (e.data ? tellNinekingdoms(e.data) : e.text)),
	bastards: (step: Step<"bastards">) => step.events.map((e) => (e.othersData ? tellBastards(e.othersData) : e.text)),
};
