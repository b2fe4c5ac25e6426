// Nine Kingdoms: the nine kingdoms, who holds each and what each gives,
// every tableau, the pair revealed this turn and what it makes, what
// each pair of the viewer's hand would make, the scoring piles (the
// viewer's own face up), hands as backs, the deck and the discards;
// between rounds, the points so far.
import { termButton, termify } from "../rules.mjs";
import { backs, el, face, faces, pname, stat } from "../ui.mjs";
import { badge, keys, myHand, orNone, table, termZone, theirHand, todoText, zone } from "./common.mjs";

/** Cards of Nine Kingdoms sorted: 1 to 9, then $. */
function sorted(cards) {
	const order = (c) => (c === "$" ? 10 : Number(c));
	return [...cards].sort((a, b) => order(a) - order(b));
}

/** The power of Kingdom k, from the legend. */
function powerOf(ctx, k) {
	return ctx.info.legend?.find((t) => t.term === `Kingdom ${k}`)?.meaning ?? "";
}

/** "a 4", "an 8", "a 3, 4 or 5". */
function values(vs) {
	const ok = vs.filter((v) => v >= 1 && v <= 9);
	if (ok.length === 0) {
		return "nothing";
	}
	const article = ok[0] === 8 ? "an" : "a";
	const list = ok.length === 1 ? String(ok[0]) : `${ok.slice(0, -1).join(", ")} or ${ok.at(-1)}`;
	return `${article} ${list}`;
}

/**
 * What a pair makes, as the rules say (and the terminal writes it): "4 $:
 * a Bribe — take a 3, 4 or 5", "3 5: a Siege — discard a 4", "4 8: no
 * combination".
 */
export function pairText(a, b) {
	[a, b] = sorted([a, b]);
	const head = `${a} ${b}: `;
	if (a === "$" && b === "$") {
		return `${head}a Bury — both go to your scoring pile`;
	}
	if (b === "$") {
		const x = Number(a);
		return `${head}a Bribe — take ${values([x - 1, x, x + 1])}`;
	}
	const x = Number(a);
	const y = Number(b);
	if (y === x + 2) {
		return `${head}a Siege — discard ${values([x + 1])}`;
	}
	if (y === x + 1) {
		return `${head}a Flank — discard ${values([x - 1, y + 1])}`;
	}
	return `${head}no combination`;
}

function kingdoms(view, ctx) {
	return el(
		"ol",
		{ class: "kingdoms", "aria-label": "The nine kingdoms" },
		view.kingdoms.map((holder, i) => {
			const power = powerOf(ctx, i + 1);
			const who = holder < 0 ? "in the centre" : `held by ${ctx.pname(holder)}`;
			return el(
				"li",
				{
					class: holder < 0 ? "kingdom free" : `kingdom held p${holder}`,
					"data-key": `kingdom:${i + 1}`,
					"data-kingdom": i + 1,
					role: "img",
					"aria-label": `Kingdom ${i + 1}, ${who}: ${power}`,
					title: `Kingdom ${i + 1}, ${who}: ${power}`,
				},
				el("span", { class: "kingdom-number" }, String(i + 1)),
				el("span", { class: "kingdom-holder" }, holder < 0 ? "—" : pname(holder)),
				holder >= 0 && ctx.name?.(holder) ? el("span", { class: "kingdom-name", title: ctx.name(holder) }, ctx.name(holder)) : null,
			);
		}),
	);
}

/** The powers of the kingdoms held, a line each: who holds it and what it gives. */
function powers(view, ctx) {
	const held = view.kingdoms.map((h, i) => ({ h, k: i + 1 })).filter((x) => x.h >= 0);
	const all = el(
		"details",
		{ class: "all-powers" },
		el("summary", {}, "The powers of the nine kingdoms"),
		el("ul", {}, view.kingdoms.map((h, i) => el("li", {}, `${i + 1}${h >= 0 ? ` (${ctx.pname(h)})` : ""}: ${powerOf(ctx, i + 1)}`))),
	);
	return el(
		"div",
		{ class: "powers" },
		all,
		held.length === 0
			? el("p", { class: "caption" }, termify("No kingdom is held yet: a claim takes one with the most cards of its number in a tableau."))
			: el(
					"ul",
					{ "aria-label": "The powers of the kingdoms held" },
					held.map(({ h, k }) => el("li", {}, termButton(`Kingdom ${k}`), ` (${ctx.pname(h)}): ${powerOf(ctx, k)}`)),
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
		b.push(badge("Kingdom 7: may counter", "act"));
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

function tableau(view, p, mine) {
	const cards = sorted(view.tableaus[p]);
	return (mine ? termZone : zone)(`Tableau · ${cards.length}`, el("div", { class: "cards tableau" }, orNone(cards.map((c) => face(c, { key: `tableau${p}:${c}`, small: !mine })))));
}

/** The pairs of the viewer's hand, and what each would make. */
function pairs(view) {
	if (view.phase !== "choose" || view.hand.length < 2 || view.chosen.length > 0) {
		return null;
	}
	const hand = sorted(view.hand);
	const seen = new Set();
	const lines = [];
	for (let i = 0; i < hand.length; i++) {
		for (let j = i + 1; j < hand.length; j++) {
			const t = pairText(hand[i], hand[j]);
			if (!seen.has(t)) {
				seen.add(t);
				lines.push(t);
			}
		}
	}
	return termZone("Your pairs: what each would make", el("ul", { class: "pairs" }, lines.map((t) => el("li", { class: /no combination/.test(t) ? "none" : null }, termify(t)))));
}

/** Between rounds: the points so far. */
function summary(view, ctx) {
	if (view.round <= 1 || view.phase !== "choose" || view.over) {
		return null;
	}
	const order = view.points.map((pts, p) => ({ p, pts })).sort((a, b) => b.pts - a.pts);
	return el(
		"div",
		{ class: "summary", id: "round-summary", role: "note" },
		el("h3", {}, `Round ${view.round - 1} is over`),
		el("p", {}, "Points so far: ", order.map(({ p, pts }, i) => `${i > 0 ? " · " : ""}${ctx.pname(p)} ${pts}`), `. Round ${view.round}: ${ctx.pname(view.first)} plays first.`),
	);
}

export function render(view, ctx) {
	const centre = [
		el(
			"p",
			{ class: "round" },
			view.match ? `Game ${view.game} of the match · ` : "",
			`Round ${view.round} of 6 · ${ctx.pname(view.first)} first`,
			view.phase === "choose" ? [" · everyone chooses a ", termButton("pair"), " in secret"] : "",
		),
		summary(view, ctx),
		kingdoms(view, ctx),
		powers(view, ctx),
		el(
			"div",
			{ class: "centre-row" },
			view.revealed.length > 0
				? zone(`${ctx.pname(view.turn)} revealed`, faces(sorted(view.revealed), null), el("p", { class: "caption" }, termify(view.revealed.length === 2 ? pairText(...view.revealed) : view.combination || "")))
				: null,
			zone("Deck", backs(view.deck)),
			zone(`Discards · ${view.discards}`, view.seen.length > 0 ? [el("p", { class: "caption" }, "seen:"), faces(sorted(view.seen), null, { small: true })] : backs(view.discards)),
		),
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => figures(view, p),
		zones: (p, mine) =>
			mine
				? [
						myHand(view.hand, sorted),
						pairs(view),
						view.chosen.length > 0 ? zone("Your pair", faces(sorted(view.chosen), null, { small: true }), el("p", { class: "caption" }, termify(pairText(...view.chosen)))) : null,
						tableau(view, p, true),
						termZone(`Scoring pile · ${view.pile.length}`, faces(sorted(view.pile), null, { small: true })),
						zone("Your face-down discards", faces(sorted(view.yourDiscards), null, { small: true })),
					]
				: [theirHand(view.handSizes[p]), tableau(view, p, false)],
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

/** What a move does, for its confirmation: the pair's combination. */
export function describe(move) {
	return move.kind === "choose" ? `your pair ${pairText(...move.cards)}` : move.text;
}

/** What the person may do now, in words. */
export function todo(view, ctx) {
	if (view.phase === "choose" && view.moves.some((m) => m.kind === "choose")) {
		return termify("Choose your pair in secret: click two cards, then confirm; the other three are discarded face down.");
	}
	return todoText(view.decision, ctx);
}

export const prompt = "Click a highlighted card or kingdom; a pair is chosen with two clicks and a confirmation.";

/** A score in words: points. */
export function scoreText(s) {
	return `${s} point${s === 1 ? "" : "s"}`;
}

/** Every move of two cards waits for its confirmation; a claim or a target is a click. */
export function needsConfirm() {
	return false;
}
