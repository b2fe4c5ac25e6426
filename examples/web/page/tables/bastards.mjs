// Kings & Bastards: the others' hands as backs, the play to beat and the
// trick's earlier plays, in order, in the centre, who passed, who is out, the King and
// the Bastard, and the rounds each has been King and Bastard.
import { backs, el, faces, stat } from "../ui.mjs";
import { badge, keys, myHand, ranked, table, theirHand, zone } from "./common.mjs";

const sizes = ["", "a single", "a pair", "a triple", "four of a kind"];

function ordinal(n) {
	return ["1st", "2nd", "3rd"][n - 1] ?? `${n}th`;
}

function badges(view, p) {
	const b = [];
	if (p === view.dealer) {
		b.push(badge("dealer", "", "dealt this round"));
	}
	if (p === view.king) {
		b.push(badge("♔ King", "king", "King of the last round"));
	}
	if (p === view.bastard) {
		b.push(badge("Bastard", "bastard", "Bastard of the last round"));
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
	return [stat("King", view.kings[p], "rounds as King: the score"), stat("Bastard", view.bastards[p], "rounds as Bastard")];
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
			view.phase === "exchange" ? " · the exchange: the King gives the Bastard two cards" : "",
			view.decks > 1 ? ` · ${view.decks} decks` : "",
		),
		zone(
			"To beat",
			top.cards.length > 0
				? [faces(top.cards, null), el("p", { class: "caption" }, `${what}, by ${ctx.pname(top.by)}`)]
				: el("p", { class: "caption" }, view.phase === "play" ? "a new trick: any play leads" : "—"),
		),
		earlier.length > 0
			? zone(
					"Earlier in this trick",
					earlier.map((pl) => [faces(pl.cards, null, { small: true }), el("p", { class: "caption" }, `by ${ctx.pname(pl.by)}`)]),
				)
			: null,
		zone("Tricks won this round", backs(view.pile.length)),
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
