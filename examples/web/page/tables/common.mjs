// What every game's table shares: the seats around it, the viewer's own
// seat at the bottom, badges and zones.
import { termify } from "../rules.mjs";
import { backs, el, face, parseCard, pname, rich } from "../ui.mjs";

/**
 * The seats of a table in the order people sit: the others from the
 * viewer's left, then the viewer (absent for the spectator).
 */
function seatOrder(view) {
	const n = view.players;
	const me = view.viewer;
	if (me < 0) {
		return { others: Array.from({ length: n }, (_, i) => i), me: -1 };
	}
	return { others: Array.from({ length: n - 1 }, (_, i) => (me + 1 + i) % n), me };
}

/** A badge on a seat: "to act", "passed", "King"… (text may be nodes: a term). */
export function badge(text, kind = "", title) {
	return el("span", { class: `badge ${kind}`.trim(), title }, text);
}

/**
 * A seat: its name (the player's, with the seat's number beside it, or
 * the seat's), who plays it, badges, figures and zones. ctx names the
 * seats (ctx.name, ctx.pname, ctx.seatLabel); p is the player.
 */
function seat(view, ctx, p, { badges = [], figures = [], zones = [], wide = false } = {}) {
	const toAct = view.toAct.includes(p) && !view.over;
	const classes = ["seat"];
	if (p === view.viewer) {
		classes.push("me");
	}
	if (toAct) {
		classes.push("to-act");
	}
	if (view.over && view.result.winners.includes(p)) {
		classes.push("winner");
	}
	if (wide) {
		classes.push("wide");
	}
	const last = ctx.lastMove && ctx.lastMove.player === p && !view.over ? ctx.lastMove : null;
	if (last) {
		classes.push("last-mover");
	}
	return el(
		"section",
		{ class: classes.join(" "), "aria-label": `${ctx.pname(p)}, ${ctx.seatLabel(p)}`, "data-seat": p },
		el(
			"header",
			{ class: "seat-head" },
			el("span", { class: "seat-name" }, ctx.name?.(p) ?? pname(p)),
			ctx.name?.(p) ? el("span", { class: "seat-number" }, pname(p)) : null,
			el("span", { class: "seat-who", title: ctx.seatDetail?.(p) || null }, ctx.seatLabel(p)),
			toAct && !badges.some((b) => b.classList.contains("act")) ? badge("to act", "act") : null,
			view.over && view.result.winners.includes(p) ? badge("winner", "win") : null,
			badges,
		),
		last ? el("p", { class: "last-move", title: last.plain, "aria-label": `last move: ${last.plain}` }, el("span", { class: "last-label" }, "just now: "), rich(last.text)) : null,
		figures.length > 0 ? el("div", { class: "figures" }, figures) : null,
		el("div", { class: "zones" }, zones),
	);
}

/**
 * A zone of a seat or of the centre: a caption and what lies there. The
 * caption's first part ("Court" of "Court · 3") names the zone
 * (data-zone), for the page to see what arrived there since the last
 * move; its terms are explained where terms is set.
 */
export function zone(caption, ...content) {
	return zoneOf(caption, false, ...content);
}

/** A zone whose caption's terms are explained (the centre's, the viewer's). */
export function termZone(caption, ...content) {
	return zoneOf(caption, true, ...content);
}

function zoneOf(caption, terms, ...content) {
	const name = String(caption).split(" · ")[0];
	return el("div", { class: "zone", "data-zone": name }, el("div", { class: "zone-caption" }, terms ? termify(caption) : caption), content);
}

/**
 * The table: the others' seats, the centre, and the viewer's seat below,
 * wide. Each seat has its badges(p), figures(p) and zones(p, mine), mine
 * telling whether it is the viewer's.
 */
export function table(view, ctx, { centre, badges = () => [], figures = () => [], zones }) {
	const { others, me } = seatOrder(view);
	const seatOf = (p) => seat(view, ctx, p, { badges: badges(p), figures: figures(p), zones: zones(p, p === me), wide: p === me });
	return el(
		"div",
		{ class: "layout" },
		el("div", { class: "others" }, others.map(seatOf)),
		el("div", { class: "centre" }, centre),
		me >= 0 ? el("div", { class: "mine" }, seatOf(me)) : null,
	);
}

/**
 * The viewer's hand, face up, each card a choice of the moves that play
 * it ("hand:7D"); order sorts it for showing.
 */
export function myHand(hand, order = (h) => h, tag = () => undefined) {
	return zone(`Your hand · ${hand.length}`, el("div", { class: "cards hand" }, orNone(order(hand).map((c) => face(c, { key: `hand:${c}`, note: tag(c), tag: tag(c) })), "empty")));
}

/** Another seat's hand: its backs. */
export function theirHand(n) {
	return zone("Hand", backs(n));
}

/**
 * What to do, said for people: the text of a view's decision (its "P1: "
 * cut off), its terms explained.
 */
export function todoText(text, ctx) {
	const t = String(text ?? "").replace(/^(P\d+(, | and | ))*P\d+: /, "");
	return termify(ctx ? ctx.text(t) : t);
}

/** Keys of a list of codes in one zone: "hand:7D" … */
export function keys(zone, codes) {
	return codes.map((c) => `${zone}:${c}`);
}

/** "none" for an empty list, else the list. */
export function orNone(items, none = "none") {
	return items.length === 0 ? el("span", { class: "none" }, none) : items;
}

/**
 * A hand in the order its game ranks cards (info.rankOrder, from the
 * lowest), suits in the order ♣ ♦ ♥ ♠ within a rank, jokers last; in the
 * view's order when the game gives no rank order.
 */
export function ranked(codes, info) {
	const order = info.rankOrder;
	if (!order?.length) {
		return codes;
	}
	const key = (code) => {
		const c = parseCard(code);
		if (!c || c.joker) {
			return 1000 + (c ? 0 : 1);
		}
		return order.indexOf(c.rank) * 4 + "CDHS".indexOf(c.suit);
	};
	return [...codes].sort((a, b) => key(a) - key(b));
}
