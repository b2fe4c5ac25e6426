// Packs Kingdoms: the market's two rows under their prices with the
// coins under each card and those loose in a column, the deck and the
// discard pile, and each player's kingdom by suit, coins, hand and runs;
// in the solo game, the automaton's last instruction.
import { backs, el, face, faces, stat, suitOf, suitSymbol } from "../ui.mjs";
import { badge, myHand, ranked, table, theirHand, zone } from "./common.mjs";

const suitOrder = ["S", "H", "D", "C"];

function coins(n, label) {
	return el("span", { class: "coins", title: label, "aria-label": label }, "●".repeat(Math.min(n, 5)), n > 5 ? `×${n}` : "");
}

function market(view) {
	const columns = view.market[0]?.length ?? 0;
	// The view's market runs from the deck's side: column 0 costs the most
	// and the far column nothing.
	const price = (c) => columns - 1 - c;
	const head = el("tr", {}, el("th", { scope: "col" }, "price"), Array.from({ length: columns }, (_, c) => el("th", { scope: "col" }, String(price(c)))));
	const rows = view.market.map((row, r) =>
		el(
			"tr",
			{},
			el("th", { scope: "row" }, r === 0 ? "top" : "bottom"),
			row.map((card, c) => {
				const under = view.under[r][c];
				if (card === "") {
					return el("td", { class: "slot empty" }, el("div", { class: "card gap", "aria-label": "empty" }));
				}
				const coined = view.coined.includes(card);
				return el(
					"td",
					{ class: coined ? "slot coined" : "slot" },
					face(card, { key: `market:${card}`, note: `price ${price(c)}${under > 0 ? `, ${under} coin${under === 1 ? "" : "s"} under it` : ""}${coined ? ", coin put under it this turn" : ""}` }),
					under > 0 ? coins(under, `${under} coin${under === 1 ? "" : "s"} under it`) : null,
				);
			}),
		),
	);
	const loose = view.loose.some((n) => n > 0)
		? el(
				"tr",
				{ class: "loose" },
				el("th", { scope: "row" }, "loose"),
				view.loose.map((n, c) =>
					el("td", {}, n > 0 ? el("span", { class: "loose-coins", "data-key": `loose:${c}`, role: "img", "aria-label": `${n} loose coin${n === 1 ? "" : "s"} in column ${c}` }, coins(n, `${n} loose`)) : null),
				),
			)
		: null;
	return el("table", { class: "market", "aria-label": "The market" }, el("thead", {}, head), el("tbody", {}, rows, loose));
}

function kingdom(view, p) {
	const cards = view.kingdoms[p];
	return zone(
		`Kingdom · ${view.runs[p]} run${view.runs[p] === 1 ? "" : "s"}`,
		el(
			"div",
			{ class: "suits" },
			suitOrder.map((s) => {
				const of = cards.filter((c) => suitOf(c) === s);
				return el(
					"div",
					{ class: of.length >= 3 ? "suit run" : "suit", "aria-label": `${suitSymbol(s)}: ${of.length}` },
					el("span", { class: `suit-name ${s === "H" || s === "D" ? "red" : "black"}` }, suitSymbol(s)),
					el("div", { class: "cards" }, of.map((c) => face(c, { small: true }))),
				);
			}),
		),
	);
}

function badges(view, p) {
	const b = [];
	if (p === view.turn && !view.over) {
		b.push(badge(`turn · ${view.actions} of 2 actions`, ""));
	}
	if (p === view.payer) {
		b.push(badge(`pays ${view.owed}`, "act", "pays a ♠ attack"));
	}
	if (view.solo && p === 1) {
		b.push(badge("automaton", ""));
	}
	return b;
}

function figures(view, p) {
	return [stat("coins", view.coins[p]), stat("hand", `${view.handSizes[p]}/${view.handLimits[p]}`, "cards in hand / hand limit"), stat("runs", `${view.runs[p]}/3`)];
}

export function render(view, ctx) {
	const top = view.discards.at(-1);
	const centre = [
		el("p", { class: "round" }, `Round ${view.round} of ${view.turnLimit} · ${ctx.pname(view.turn)}'s turn`),
		el(
			"div",
			{ class: "centre-row" },
			zone("Deck", backs(view.deck)),
			el("div", { class: "market-wrap" }, market(view)),
			zone(`Discard pile · ${view.discards.length}`, top ? face(top, { small: true, note: "top" }) : el("span", { class: "none" }, "empty")),
		),
		view.solo
			? el(
					"div",
					{ class: "centre-row" },
					zone("Automaton's instruction", view.instruction ? face(view.instruction, { small: true }) : el("span", { class: "none" }, "none yet")),
					zone("Instructions left", backs(view.instructions)),
				)
			: null,
		view.receivedCount > 0 ? el("p", { class: "caption" }, `${ctx.pname(view.turn)} received ${view.receivedCount} card${view.receivedCount === 1 ? "" : "s"} in this attack`) : null,
		view.decision ? el("p", { class: "decision" }, ctx.text(view.decision)) : null,
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => figures(view, p),
		zones: (p, mine) =>
			mine
				? [
						kingdom(view, p),
						view.received.length > 0 ? zone("You received", faces(view.received, null, { small: true })) : null,
						myHand(view.hand, (h) => ranked(h, ctx.info)),
					]
				: [view.solo && p === 1 ? null : theirHand(view.handSizes[p]), kingdom(view, p)],
	});
}

export function partsOf(move) {
	switch (move.kind) {
		case "buy":
			return [`market:${move.card}`];
		case "take":
			return move.card !== undefined ? [`market:${move.card}`] : [`loose:${move.column}`];
		case "play":
		case "discard":
		case "give":
			return [`hand:${move.card}`];
		default:
			return [];
	}
}
