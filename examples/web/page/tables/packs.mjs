// Packs Kingdoms: the market's two rows under their prices with the
// coins under each card and those loose in a column, why a card is not
// for sale, the deck and the discard pile, and each player's kingdom by
// suit, coins, hand and runs; in the solo game, the automaton's last
// instruction.
import { termButton, termify } from "../rules.mjs";
import { backs, el, face, faces, plural, stat, suitOf, suitSymbol } from "../ui.mjs";
import { badge, myHand, ranked, table, termZone, theirHand, todoText, zone } from "./common.mjs";

const suitOrder = ["S", "H", "D", "C"];

function coins(n, label) {
	return el("span", { class: "coins", title: label, "aria-label": label }, "●".repeat(Math.min(n, 5)), n > 5 ? `×${n}` : "");
}

/**
 * Why the viewer cannot buy a market card now, in words, or "" if they
 * may (as far as the view tells: coins, hand limit, coins put this turn).
 */
function whyNot(view, card, price) {
	const me = view.viewer;
	if (me < 0 || view.turn !== me || view.over || view.phase !== "action") {
		return "";
	}
	if (view.coined.includes(card)) {
		return "not for sale: you put a coin under it this turn";
	}
	if (view.handSizes[me] >= view.handLimits[me]) {
		return `your hand is full (hand limit ${view.handLimits[me]})`;
	}
	if (price > view.coins[me]) {
		return `costs ${price}; you have ${plural(view.coins[me], "coin")}`;
	}
	return "";
}

function market(view) {
	const columns = view.market[0]?.length ?? 0;
	// The view's market runs from the deck's side: column 0 costs the most
	// and the far column nothing.
	const price = (c) => columns - 1 - c;
	const head = el("tr", {}, el("th", { scope: "col" }, termButton("price")), Array.from({ length: columns }, (_, c) => el("th", { scope: "col" }, String(price(c)))));
	const rows = view.market.map((row, r) =>
		el(
			"tr",
			{},
			el("th", { scope: "row" }, r === 0 ? "top" : "bottom"),
			row.map((card, c) => {
				const under = view.under[r][c];
				if (card === "") {
					return el("td", { class: "slot empty" }, el("div", { class: "card gap small", "aria-label": "empty" }));
				}
				const coined = view.coined.includes(card);
				const why = whyNot(view, card, price(c));
				const note = [`price ${price(c)}`, under > 0 ? `${plural(under, "coin")} under it` : "", why].filter(Boolean).join(", ");
				return el(
					"td",
					{ class: coined ? "slot coined" : "slot" },
					face(card, { key: `market:${card}`, small: true, note, tag: coined ? "not for sale" : undefined }),
					under > 0 ? coins(under, `${plural(under, "coin")} under it`) : null,
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
					el("td", {}, n > 0 ? el("span", { class: "loose-coins", "data-key": `loose:${c}`, role: "img", "aria-label": `${n} loose coin${n === 1 ? "" : "s"} in the column of price ${price(c)}` }, coins(n, `${n} loose`)) : null),
				),
			)
		: null;
	return el("table", { class: "market", "aria-label": "The market" }, el("thead", {}, head), el("tbody", {}, rows, loose));
}

/** What the viewer can buy, in a line, on their turn. */
function buying(view) {
	const me = view.viewer;
	if (me < 0 || view.turn !== me || view.over || view.phase !== "action") {
		return null;
	}
	const full = view.handSizes[me] >= view.handLimits[me];
	const text = full
		? `Your hand is full (hand limit ${view.handLimits[me]}): play or discard a card before you buy.`
		: `You have ${plural(view.coins[me], "coin")}: you can buy a card priced up to ${view.coins[me]}${view.coined.length > 0 ? `; ${view.coined.join(", ")} not for sale to you this turn` : ""}.`;
	return el("p", { class: "caption buying" }, termify(text.replace(/(\d*10|[2-9AJQK])([CDHS])/g, (m, r, s) => r + suitSymbol(s))));
}

function kingdom(view, p, mine) {
	const cards = view.kingdoms[p];
	return (mine ? termZone : zone)(
		`Kingdom · ${view.runs[p]} of 3 runs`,
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
		b.push(badge(`turn · action ${Math.min(view.actions + 1, 2)} of 2`, ""));
	}
	if (p === view.payer) {
		b.push(badge(`pays ${view.owed}`, "act", "pays a ♠ attack"));
	}
	if (view.solo && p === 1) {
		b.push(badge(termify("automaton"), ""));
	}
	return b;
}

function figures(view, p) {
	return [
		stat("coins", view.coins[p]),
		stat("hand", `${view.handSizes[p]} of ${view.handLimits[p]}`, "cards in hand, of the hand limit: 1, and 1 more for each ♥ in the kingdom"),
		stat("runs", `${view.runs[p]} of 3`),
	];
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
		buying(view),
		view.solo
			? el(
					"div",
					{ class: "centre-row" },
					zone("Automaton's instruction", view.instruction ? face(view.instruction, { small: true }) : el("span", { class: "none" }, "none yet")),
					zone("Instructions left", backs(view.instructions)),
				)
			: null,
		view.receivedCount > 0 ? el("p", { class: "caption" }, `${ctx.pname(view.turn)} received ${plural(view.receivedCount, "card")} in this attack`) : null,
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => figures(view, p),
		zones: (p, mine) =>
			mine
				? [
						myHand(view.hand, (h) => ranked(h, ctx.info)),
						view.received.length > 0 ? zone("You received", faces(view.received, null, { small: true })) : null,
						kingdom(view, p, true),
					]
				: [view.solo && p === 1 ? null : theirHand(view.handSizes[p]), kingdom(view, p, false)],
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

/** What the person may do now, in words. */
export function todo(view, ctx) {
	return todoText(view.decision, ctx);
}

export const prompt = "Click a highlighted card: a card with one use is bought or played at once; one with several offers them as buttons.";

/** A score in words: runs. */
export function scoreText(s) {
	return `${plural(s, "run")} of 3`;
}
