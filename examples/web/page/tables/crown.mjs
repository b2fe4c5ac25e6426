// Claim the Crown: each player's court and discard pile (every card, the
// top last), how far each court is from each win condition, the other's
// hand as backs (or face up while a Bribe shows it), the draw pile, the
// card in play and the decree exchange over it; the viewer's hand with
// each card's ability.
import { termButton, termify } from "../rules.mjs";
import { backs, cardText, el, face, parseCard, plural, stat } from "../ui.mjs";
import { badge, myHand, orNone, ranked, table, termZone, theirHand, zone } from "./common.mjs";

/** The win conditions by their names in the view, as people name them. */
const conditions = {
	royalCouncil: "Royal Council",
	factionSupremacy: "Faction Supremacy",
	royalBloc: "Royal Bloc",
	unitedHouse: "United House",
	lineOfSuccession: "Line of Succession",
};

/** The abilities by their names in the view. */
const abilities = { club: "Club", bribe: "Bribe", dig: "Dig", inspire: "Inspire", recruit: "Recruit" };

/** A name of the view's as people say it: "Royal Council" for royalCouncil. */
function named(name) {
	return conditions[name] ?? abilities[String(name).toLowerCase()] ?? String(name).replace(/([a-z])([A-Z])/g, "$1 $2");
}

/** The ability of a card: its suit's for a Number card, Recruit for a Face card. */
export function abilityOf(code) {
	const c = parseCard(code);
	if (!c || c.joker) {
		return "";
	}
	if ("JQK".includes(c.rank)) {
		return "Recruit";
	}
	return { C: "Club", D: "Bribe", S: "Dig", H: "Inspire" }[c.suit];
}

/**
 * How many cards a court lacks for each win condition that counts, as
 * the rules count them (crown's lack): [{name, short}].
 */
export function progress(view, court) {
	const cs = court.map(parseCard).filter((c) => c && !c.joker);
	const face = (c) => "JQK".includes(c.rank);
	const numbers = cs.filter((c) => !face(c));
	const faces = cs.filter(face);
	const bySuit = (list, s) => list.filter((c) => c.suit === s).length;
	const suits = ["C", "D", "H", "S"];
	const out = [];
	out.push({ name: "Royal Council", short: (faces.length === 0 ? 1 : 0) + suits.filter((s) => bySuit(numbers, s) === 0).length });
	out.push({ name: "Faction Supremacy", short: Math.max(0, 5 - Math.max(faces.length, ...suits.map((s) => bySuit(numbers, s)))) });
	if (view.royalBloc) {
		const ranks = new Map();
		cs.forEach((c) => ranks.set(c.rank, (ranks.get(c.rank) ?? 0) + 1));
		out.push({ name: "Royal Bloc", short: 4 - Math.max(0, ...ranks.values()) });
	}
	if (view.unitedHouse) {
		out.push({ name: "United House", short: Math.max(0, 5 - Math.max(...suits.map((s) => bySuit(cs, s)))) });
	}
	if (view.lineOfSuccession) {
		const order = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
		const have = new Set(cs.map((c) => c.rank));
		let most = 0;
		for (let low = 0; low + 5 <= order.length; low++) {
			most = Math.max(most, order.slice(low, low + 5).filter((r) => have.has(r)).length);
		}
		out.push({ name: "Line of Succession", short: 5 - most });
	}
	return out;
}

function progressList(view, p) {
	const list = progress(view, view.courts[p]);
	const best = Math.min(...list.map((x) => x.short));
	return el(
		"ul",
		{ class: "progress", "aria-label": "How far this court is from each win condition" },
		list.map((x) =>
			el("li", { class: x.short === best ? "near" : null }, termButton(x.name), ": ", x.short === 0 ? "complete" : `${plural(x.short, "card")} short`),
		),
	);
}

function court(view, p, mine) {
	return (mine ? termZone : zone)(
		`Court · ${view.courts[p].length}`,
		el(
			"div",
			{ class: "cards court" },
			orNone(view.courts[p].map((c) => face(c, { key: `court${p}:${c}`, small: true, note: c === view.played && p === view.mover ? "in play" : abilityOf(c) }))),
		),
		progressList(view, p),
	);
}

function pile(view, p, mine) {
	const cards = view.piles[p];
	return (mine ? termZone : zone)(
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
		b.push(badge(["to ", termify("decree"), " or decline"], "act", "to decree or decline"));
	}
	return b;
}

function abilityLegend() {
	return el("p", { class: "caption abilities" }, "Abilities: ", ["Club", "Bribe", "Dig", "Inspire", "Recruit"].map((a, i) => [i > 0 ? " · " : "", termButton(a)]));
}

export function render(view, ctx) {
	const exchange = view.decrees.map((d) =>
		el("li", {}, `${ctx.pname(d.by)} decreed: `, face(d.face, { small: true }), " on ", face(d.other, { small: true })),
	);
	const wins = ["Royal Council", "Faction Supremacy", view.royalBloc && "Royal Bloc", view.unitedHouse && "United House", view.lineOfSuccession && "Line of Succession"].filter(Boolean);
	const centre = [
		el(
			"p",
			{ class: "round" },
			`Turn ${view.turn}`,
			view.maxTurns > 0 ? ` of ${view.maxTurns}` : "",
			` · ${ctx.pname(view.mover)} to play · win with `,
			wins.map((w, i) => [i > 0 ? (i === wins.length - 1 ? " or " : ", ") : "", termButton(w)]),
		),
		el(
			"div",
			{ class: "centre-row" },
			termZone("Draw pile", backs(view.drawSize)),
			view.played
				? zone(
						`In play: ${ctx.pname(view.mover)}'s card`,
						face(view.played, { tag: abilityOf(view.played) }),
						view.pending ? el("p", { class: "caption" }, ["its ability: ", termButton(named(view.pending))]) : null,
					)
				: null,
			exchange.length > 0 || view.phase === "decree"
				? termZone(
						"Decrees",
						el("ol", { class: "decrees" }, orNone(exchange, "none yet")),
						view.answering >= 0 ? el("p", { class: "caption" }, `${ctx.pname(view.answering)} to decree or decline`) : null,
					)
				: null,
		),
		view.over ? el("p", { class: "caption" }, view.winner >= 0 ? termify(`${ctx.pname(view.winner)} completed ${named(view.wonWith)}`) : view.drawn ? "a draw, called at the turn limit" : "") : null,
		view.viewer >= 0 && !view.over ? abilityLegend() : null,
	];
	return table(view, ctx, {
		centre,
		badges: (p) => badges(view, p),
		figures: (p) => (p === view.viewer ? [] : [stat("hand", view.handSizes[p])]),
		zones: (p, mine) =>
			mine
				? [
						myHand(
							view.hand,
							(h) => ranked(h, ctx.info),
							(c) => abilityOf(c),
						),
						court(view, p, true),
						pile(view, p, true),
					]
				: [
						view.revealed.length > 0
							? zone("Hand, shown by your Bribe", el("div", { class: "cards" }, view.revealed.map((c) => face(c, { key: `revealed:${c}` }))))
							: theirHand(view.handSizes[p]),
						court(view, p, false),
						pile(view, p, false),
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

/** What the person may do now, in words. */
export function todo(view, ctx) {
	const q = ctx.pname(view.mover === 0 ? 1 : 0);
	const kinds = new Set(view.moves.map((m) => m.kind));
	if (kinds.has("play")) {
		return termify(`Play a card of your hand into your court: click it and it is played. Then ${q} may decree against it; if it stands, its ability acts.`);
	}
	if (kinds.has("decree") || (view.phase === "decree" && kinds.has("decline"))) {
		const target = view.decrees.length > 0 ? `${ctx.pname(view.decrees.at(-1).by)}'s decree` : `${ctx.pname(view.mover)}'s ${cardText(view.played)}`;
		const fate = view.decrees.length % 2 === 1 ? "is canceled" : "stands and its ability acts";
		const how = kinds.has("decree") ? `Decree against ${target}: choose a Face card and one other card of your hand, then confirm; or decline` : `You hold no decree against ${target}: decline`;
		return termify(`${how} (then ${ctx.pname(view.mover)}'s card ${fate}).`);
	}
	const other = ctx.pname(view.viewer === 0 ? 1 : 0);
	const asks = {
		club: `Club: click a card of ${other}'s court; it goes to their discard pile.`,
		bribe: `Bribe: you see ${other}'s hand; click a card of it to send it to their discard pile.`,
		dig: "Dig: click the top card of either discard pile to take it into your hand.",
		inspire: "Inspire: choose another card of your court (not a ♥ Number card) to use its ability.",
		recruit: "Recruit: draw a card.",
	};
	return termify(asks[String(view.pending).toLowerCase()] ?? "Choose a move.");
}

export const prompt = "Click a highlighted card: a lone card is played at once; a decree takes two cards, then a confirmation.";

/** A score in words: Crown's score is 5 less the fewest cards a court lacks for a win. */
export function scoreText(s) {
	return s >= 5 ? "a win condition complete" : `${plural(5 - s, "card")} short of a win`;
}
