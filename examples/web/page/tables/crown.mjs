// Claim the Crown: each player's court and discard pile (every card, the
// top last), the other's hand as backs (or face up while a Bribe shows
// it), the draw pile, the card in play and the decree exchange over it.
import { backs, el, face, stat } from "../ui.mjs";
import { badge, myHand, orNone, ranked, table, theirHand, zone } from "./common.mjs";

function court(view, p) {
	return zone(
		`Court · ${view.courts[p].length}`,
		el(
			"div",
			{ class: "cards court" },
			orNone(view.courts[p].map((c) => face(c, { key: `court${p}:${c}`, note: c === view.played && p === view.mover ? "in play" : undefined }))),
		),
	);
}

function pile(view, p) {
	const cards = view.piles[p];
	return zone(
		`Discard pile · ${cards.length}`,
		el(
			"div",
			{ class: "cards pile stacked" },
			orNone(cards.map((c, i) => face(c, { small: true, key: i === cards.length - 1 ? `pile${p}:${c}` : undefined, note: i === cards.length - 1 ? "top" : undefined }))),
		),
	);
}

function badges(view, p) {
	const b = [];
	if (p === view.mover && !view.over) {
		b.push(badge("mover", "", "whose turn it is"));
	}
	if (p === view.answering) {
		b.push(badge("to answer", "act", "to decree or decline"));
	}
	return b;
}

function variants(view, ctx) {
	const on = ctx.info.options.filter((o) => o.type === "bool" && Object.hasOwn(view, o.name) && o.name !== "noLog" && view[o.name]);
	return on.length > 0 ? el("p", { class: "caption" }, "Variants: ", on.map((o, i) => [i > 0 ? ", " : "", el("span", { title: o.description }, o.description.replace(/^adds the win condition /, ""))])) : null;
}

export function render(view, ctx) {
	const exchange = view.decrees.map((d) =>
		el("li", {}, `${ctx.pname(d.by)} decreed: `, face(d.face, { small: true }), " on ", face(d.other, { small: true })),
	);
	const centre = [
		el("p", { class: "round" }, `Turn ${view.turn}`, view.maxTurns > 0 ? ` of ${view.maxTurns}` : "", ` · ${ctx.pname(view.mover)} to play`),
		variants(view, ctx),
		el(
			"div",
			{ class: "centre-row" },
			zone("Draw pile", backs(view.drawSize)),
			view.played
				? zone(
						`In play: ${ctx.pname(view.mover)}'s card`,
						face(view.played, {}),
						view.pending ? el("p", { class: "caption" }, `its ability: ${view.pending}`) : null,
					)
				: null,
			exchange.length > 0 || view.phase === "decree"
				? zone("Decrees", el("ol", { class: "decrees" }, orNone(exchange, "none yet")), view.answering >= 0 ? el("p", { class: "caption" }, `${ctx.pname(view.answering)} to decree or decline`) : null)
				: null,
		),
		view.over ? el("p", { class: "caption" }, view.winner >= 0 ? `${ctx.pname(view.winner)} completed ${view.wonWith}` : view.drawn ? "called a draw at the turn limit" : "") : null,
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => (p === view.viewer ? [] : [stat("hand", view.handSizes[p])]),
		zones: (p, mine) =>
			mine
				? [court(view, p), pile(view, p), myHand(view.hand, (h) => ranked(h, ctx.info))]
				: [
						view.revealed.length > 0
							? zone("Hand, shown by your Bribe", el("div", { class: "cards" }, view.revealed.map((c) => face(c, { key: `revealed:${c}` }))))
							: theirHand(view.handSizes[p]),
						court(view, p),
						pile(view, p),
					],
	});
}

export function partsOf(move, view) {
	switch (move.kind) {
		case "play":
			return [`hand:${move.card}`];
		case "decree":
			return [`hand:${move.card}`, `hand:${move.other}`];
		case "club": {
			const p = view.courts.findIndex((c) => c.includes(move.card));
			return p < 0 ? [] : [`court${p}:${move.card}`];
		}
		case "bribe":
			return [`revealed:${move.card}`];
		case "dig":
			return [`pile${move.from}:${move.card}`];
		default:
			return [];
	}
}
