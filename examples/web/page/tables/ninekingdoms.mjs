// Nine Kingdoms: the nine kingdoms and who holds each, every tableau,
// the pair revealed this turn and what it makes, the scoring piles (the
// viewer's own face up), hands as backs, the deck and the discards.
import { backs, el, face, faces, pname, stat } from "../ui.mjs";
import { badge, keys, myHand, orNone, table, theirHand, zone } from "./common.mjs";

/** Cards of Nine Kingdoms sorted: 1 to 9, then $. */
function sorted(cards) {
	const order = (c) => (c === "$" ? 10 : Number(c));
	return [...cards].sort((a, b) => order(a) - order(b));
}

function kingdoms(view, ctx) {
	return el(
		"ol",
		{ class: "kingdoms", "aria-label": "The nine kingdoms" },
		view.kingdoms.map((holder, i) =>
			el(
				"li",
				{
					class: holder < 0 ? "kingdom free" : `kingdom held p${holder}`,
					"data-key": `kingdom:${i + 1}`,
					"data-kingdom": i + 1,
					role: "img",
					"aria-label": `Kingdom ${i + 1}, ${holder < 0 ? "in the centre" : `held by ${ctx.pname(holder)}`}`,
				},
				el("span", { class: "kingdom-number" }, String(i + 1)),
				el("span", { class: "kingdom-holder" }, holder < 0 ? "centre" : pname(holder)),
				holder >= 0 && ctx.name?.(holder) ? el("span", { class: "kingdom-name", title: ctx.name(holder) }, ctx.name(holder)) : null,
			),
		),
	);
}

function badges(view, p) {
	const b = [];
	if (p === view.first) {
		b.push(badge("first", "", "first player this round"));
	}
	if (view.phase === "choose" && view.hasChosen.includes(p)) {
		b.push(badge("has chosen", "passed"));
	}
	if (view.phase !== "choose" && p === view.turn && !view.over) {
		b.push(badge("turn", "", "whose turn it is"));
	}
	if (p === view.reactor) {
		b.push(badge("Kingdom 7 answer", "act"));
	}
	return b;
}

function figures(view, p) {
	const f = [stat("points", view.points[p]), stat("scoring pile", view.pileSizes[p]), stat("discarded", view.faceDown[p], "cards discarded face down")];
	if (view.match) {
		f.push(stat("match total", view.totals[p]));
	}
	return f;
}

function tableau(view, p) {
	const cards = sorted(view.tableaus[p]);
	return zone(`Tableau · ${cards.length}`, el("div", { class: "cards tableau" }, orNone(cards.map((c) => face(c, { key: `tableau${p}:${c}` })))));
}

export function render(view, ctx) {
	const centre = [
		el(
			"p",
			{ class: "round" },
			view.match ? `Game ${view.game} of the match · ` : "",
			`Round ${view.round} of 6 · ${ctx.pname(view.first)} first`,
			view.phase === "choose" ? " · everyone chooses two cards in secret" : "",
		),
		kingdoms(view, ctx),
		el(
			"div",
			{ class: "centre-row" },
			view.revealed.length > 0
				? zone(`${ctx.pname(view.turn)} revealed`, faces(sorted(view.revealed), null), el("p", { class: "caption" }, view.combination || ""))
				: null,
			zone("Deck", backs(view.deck)),
			zone(`Discards · ${view.discards}`, view.seen.length > 0 ? [el("p", { class: "caption" }, "seen:"), faces(sorted(view.seen), null, { small: true })] : backs(view.discards)),
		),
		view.decision ? el("p", { class: "decision" }, ctx.text(view.decision)) : null,
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => figures(view, p),
		zones: (p, mine) =>
			mine
				? [
						tableau(view, p),
						zone(`Your scoring pile · ${view.pile.length}`, faces(sorted(view.pile), null, { small: true })),
						zone("Your face-down discards", faces(sorted(view.yourDiscards), null, { small: true })),
						view.chosen.length > 0 ? zone("Your pair", faces(sorted(view.chosen), null, { small: true })) : null,
						myHand(view.hand, sorted),
					]
				: [theirHand(view.handSizes[p]), tableau(view, p)],
	});
}

export function partsOf(move, view) {
	switch (move.kind) {
		case "choose":
			return keys("hand", move.cards);
		case "claim":
			return [`kingdom:${move.kingdom}`];
		case "bribe":
		case "siege":
		case "flank":
			return [`tableau${move.target}:${move.card}`];
		case "stash":
			return [`tableau${move.player}:${move.card}`];
		case "counter":
			return [`tableau${view.turn}:${move.card}`];
		default:
			return [];
	}
}
