// Kings & Bastards: the others' hands as backs, the play to beat and the
// trick's earlier plays, in order, in the centre, who passed, who is out, the King and
// the Bastard, and the rounds each has been King and Bastard; between
// rounds, who became King and Bastard and which cards changed hands.
import { termify } from "../rules.mjs";
import { backs, el, faces, plural, stat } from "../ui.mjs";
import { badge, keys, myHand, ranked, table, termZone, theirHand, zone } from "./common.mjs";

const sizes = ["", "a single", "a pair", "a triple", "a quad"];
const plurals = ["", "single", "pair", "triple", "quad"];

function ordinal(n) {
	return ["1st", "2nd", "3rd"][n - 1] ?? `${n}th`;
}

function badges(view, p) {
	const b = [];
	if (p === view.dealer) {
		b.push(badge("dealer", "", "dealt this round"));
	}
	if (p === view.king) {
		b.push(badge(["♔ ", termify("King")], "king", "King of the last round"));
	}
	if (p === view.bastard) {
		b.push(badge(termify("Bastard"), "bastard", "Bastard of the last round"));
	}
	const out = view.out.indexOf(p);
	if (out >= 0) {
		b.push(badge(`out ${ordinal(out + 1)}`, "out", out === 0 ? "first out: this round's King" : "out of this round"));
	}
	if (view.passed.includes(p)) {
		b.push(badge("passed", "passed"));
	}
	return b;
}

function figures(view, p) {
	return [stat("as King", view.kings[p], "rounds as King: the score"), stat("as Bastard", view.bastards[p], "rounds as Bastard")];
}

/**
 * Between rounds: who went out first and who was left holding cards, and
 * the exchange, from the log since the last round ended; shown until the
 * viewer has played or passed in the new round (a trick may be won by a 2
 * before their turn comes), or, for a spectator, until the first trick is
 * won.
 */
function summary(view, ctx) {
	if (view.round <= 1 || view.over) {
		return null;
	}
	const log = ctx.log ?? [];
	const from = log.findLastIndex((e) => /round \d+ ended/.test(e.text));
	const me = view.viewer >= 0 ? new RegExp(`\\bP${view.viewer + 1}\\)? (played|passed)\\b`) : null;
	const acted = me ? from >= 0 && log.slice(from).some((e) => me.test(e.text)) : view.pile.length > 0;
	if (acted || (from < 0 && view.pile.length > 0)) {
		return null;
	}
	const lines = [];
	if (from >= 0) {
		for (const e of log.slice(from)) {
			if (/ended|King|Bastard|gave|chose/.test(e.text) && !/was dealt/.test(e.text)) {
				lines.push(e.text);
			}
		}
	} else if (view.king >= 0) {
		lines.push(`${ctx.pname(view.king)} was King of the last round, ${view.bastard >= 0 ? `${ctx.pname(view.bastard)} its Bastard` : ""}`);
	}
	if (view.phase === "exchange") {
		lines.push(`now the exchange: ${ctx.pname(view.king)}, the King, chooses two cards to give ${ctx.pname(view.bastard)}, the Bastard`);
	}
	if (lines.length === 0) {
		return null;
	}
	return el(
		"div",
		{ class: "summary", id: "round-summary", role: "note", "aria-label": `Round ${view.round - 1} over` },
		el("h3", {}, `Round ${view.round - 1} is over`),
		el("ul", {}, lines.map((t) => el("li", {}, termify(cap(t))))),
	);
}

function cap(t) {
	return t.charAt(0).toUpperCase() + t.slice(1);
}

export function render(view, ctx) {
	const top = view.top;
	const earlier = view.plays.slice(0, -1);
	const what = top.cards.length > 0 ? `${sizes[top.cards.length] ?? `${top.cards.length} cards`} of ${top.rank}` : "";
	const centre = [
		el(
			"p",
			{ class: "round" },
			`Round ${view.round}${view.rounds > 0 ? ` of ${view.rounds}` : ""}`,
			view.phase === "exchange" ? [" · the ", termify("exchange"), ": the King gives the Bastard two cards"] : "",
			view.decks > 1 ? ` · ${view.decks} decks` : "",
		),
		summary(view, ctx),
		el(
			"div",
			{ class: "centre-row" },
			termZone(
				"To beat",
				top.cards.length > 0
					? [faces(top.cards, null), el("p", { class: "caption" }, `${what}, by ${ctx.pname(top.by)}`)]
					: el("p", { class: "caption" }, view.phase === "play" ? termify("a new trick: its lead may be any play") : "—"),
			),
			earlier.length > 0
				? zone(
						"Earlier in this trick",
						el(
							"div",
							{ class: "earlier" },
							earlier.map((pl) => el("div", { class: "earlier-play" }, faces(pl.cards, null, { small: true }), el("p", { class: "caption" }, `by ${ctx.pname(pl.by)}`))),
						),
					)
				: null,
			zone("Played this round", backs(view.pile.length), el("p", { class: "caption" }, "out of play")),
		),
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => figures(view, p),
		zones: (p, mine) =>
			mine
				? [
						view.gave.length > 0 ? zone("You gave", faces(view.gave, null, { small: true })) : null,
						view.received.length > 0 ? zone("You received", faces(view.received, null, { small: true })) : null,
						myHand(view.hand, (h) => ranked(h, ctx.info)),
					]
				: [theirHand(view.handSizes[p])],
	});
}

export function partsOf(move) {
	return move.cards ? keys("hand", move.cards) : [];
}

/** What the person may do now, in words. */
export function todo(view, ctx) {
	const moves = view.moves;
	if (moves.some((m) => m.kind === "give")) {
		return termify(`You are the King: choose two cards of your hand to give ${ctx.pname(view.bastard)}, the Bastard, then confirm.`);
	}
	const plays = moves.filter((m) => m.kind === "play");
	const canPass = moves.some((m) => m.kind === "pass");
	const top = view.top;
	if (top.cards.length === 0) {
		if (plays.length > 0 && plays.every((m) => m.cards.includes("3C"))) {
			return termify("You lead the first trick: play the 3♣, alone or with other 3s.");
		}
		return termify("You lead this trick: play any single, pair, triple or quad (a joker may fill a set).");
	}
	const n = top.cards.length;
	const trump = plays.some((m) => m.cards.length === 1 && m.cards[0].startsWith("2"));
	const beat = plays.some((m) => m.cards.length === n && !m.cards[0].startsWith("2"));
	const parts = [];
	if (beat) {
		parts.push(`play ${sizes[n] ?? `${n} cards`} higher than ${top.rank}`);
	}
	if (trump) {
		parts.push("play a 2 alone to win the trick at once");
	}
	if (canPass) {
		parts.push("pass");
	}
	const head = `Beat ${ctx.pname(top.by)}'s ${plurals[n] ?? "play"} of ${top.rank}: `;
	return termify(plays.length === 0 ? `You hold nothing that beats ${ctx.pname(top.by)}'s ${plurals[n] ?? "play"} of ${top.rank}: pass.` : `${head}${parts.join(", or ")}.`);
}

/** The prompt under the table. */
export const prompt = "Click a card: one that can only go alone is played at once; for a set, click each card, then confirm.";

/** A score in words: rounds as King. */
export function scoreText(s) {
	return `${plural(s, "round")} as King`;
}

