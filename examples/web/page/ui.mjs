// Small helpers of the page: elements, cards, seats' names.

/**
 * Makes an element: attrs are attributes (a class list as "class", data as
 * "data-…", handlers as "on…"); children are nodes, strings, or arrays of
 * them; null and false are left out.
 */
export function el(tag, attrs = {}, ...children) {
	const e = document.createElement(tag);
	for (const [k, v] of Object.entries(attrs ?? {})) {
		if (v === null || v === undefined || v === false) {
			continue;
		}
		if (k.startsWith("on") && typeof v === "function") {
			e.addEventListener(k.slice(2), v);
		} else {
			e.setAttribute(k, v === true ? "" : String(v));
		}
	}
	append(e, children);
	return e;
}

function append(e, children) {
	for (const c of children) {
		if (c === null || c === undefined || c === false) {
			continue;
		}
		if (Array.isArray(c)) {
			append(e, c);
		} else {
			e.append(c instanceof Node ? c : String(c));
		}
	}
}

const suits = {
	C: { symbol: "♣", name: "clubs", red: false },
	D: { symbol: "♦", name: "diamonds", red: true },
	H: { symbol: "♥", name: "hearts", red: true },
	S: { symbol: "♠", name: "spades", red: false },
};

/**
 * A card's code read: its rank and suit, or a joker; null for other codes.
 * A card of a second deck (7 to 10 players of Kings & Bastards) has its
 * twin's code and an apostrophe ("AC'"), and shows as its twin does.
 */
export function parseCard(code) {
	const twin = typeof code === "string" && code.endsWith("'");
	const plain = twin ? code.slice(0, -1) : code;
	const m = /^(10|[2-9AJQK])([CDHS])$/.exec(plain);
	if (m) {
		return { rank: m[1], suit: m[2], ...suits[m[2]], twin };
	}
	if (/^X[12]$/.test(plain)) {
		return { rank: "joker", suit: "", symbol: "", name: "joker", red: plain === "X1", joker: true, twin };
	}
	return null;
}

/** The suit of a card's code ("D" for "7D"); "" for a joker or another code. */
export function suitOf(code) {
	return parseCard(code)?.suit ?? "";
}

/** The suit's symbol, ♣ ♦ ♥ ♠. */
export function suitSymbol(suit) {
	return suits[suit]?.symbol ?? "";
}

/** A card's code as people write it: "7♦", "joker". */
export function cardText(code) {
	const c = parseCard(code);
	if (!c) {
		return code;
	}
	return c.joker ? "joker" : c.rank + c.symbol;
}

/**
 * A card face up. A key ("hand:7D") names what the card is to moves:
 * the chooser makes it clickable when a legal move acts on it. Every face
 * carries its code in data-card; backs carry none.
 */
export function face(code, { key, small = false, note, tag } = {}) {
	const c = parseCard(code);
	const classes = ["card", "face"];
	if (small) {
		classes.push("small");
	}
	let body;
	if (c === null) {
		classes.push("plain", code === "$" ? "money" : "value");
		body = [el("span", { class: "corner", "aria-hidden": "true" }, code), el("span", { class: "pip", "aria-hidden": "true" }, code)];
	} else if (c.joker) {
		classes.push("joker", c.red ? "red" : "black");
		body = [
			el("span", { class: "corner", "aria-hidden": "true" }, jokerMark()),
			el("span", { class: "pip", "aria-hidden": "true" }, jokerMark(true), el("span", { class: "joker-word" }, "joker")),
			el("span", { class: "corner end", "aria-hidden": "true" }, jokerMark()),
		];
	} else {
		classes.push(c.red ? "red" : "black");
		const court = "JQK".includes(c.rank);
		if (court) {
			classes.push("court");
		}
		body = [
			el("span", { class: "corner", "aria-hidden": "true" }, c.rank, el("br"), c.symbol),
			el("span", { class: "pip", "aria-hidden": "true" }, court ? courtFigure(c.rank, c.symbol) : c.symbol),
			el("span", { class: "corner end", "aria-hidden": "true" }, c.rank, el("br"), c.symbol),
		];
	}
	const label = cardText(code) + (note ? `, ${note}` : "");
	if (tag) {
		body.push(el("span", { class: "tag", "aria-hidden": "true" }, tag));
	}
	return el("div", { class: classes.join(" "), "data-card": code, "data-key": key, role: "img", "aria-label": label, title: label }, body);
}

const svgNS = "http://www.w3.org/2000/svg";

/** An element of SVG, attrs its attributes. */
function svg(tag, attrs = {}, ...children) {
	const e = document.createElementNS(svgNS, tag);
	for (const [k, v] of Object.entries(attrs)) {
		e.setAttribute(k, String(v));
	}
	e.append(...children);
	return e;
}

/**
 * The figure of a Jack, a Queen or a King, drawn: a head and shoulders
 * under the rank's headwear (a cap and feather, a coronet, a crown), the
 * suit on the chest, in the suit's colour (currentColor).
 */
function courtFigure(rank, symbol) {
	const hats = {
		J: [svg("path", { d: "M13 17 Q20 8 28 16 L28 18 L13 18 Z", fill: "currentColor" }), svg("path", { d: "M26 15 Q33 6 31 3 Q27 9 24 13 Z", fill: "#d9a400" })],
		Q: [svg("path", { d: "M13 18 L14 11 L17 15 L20.5 9 L24 15 L27 11 L28 18 Z", fill: "#d9a400", stroke: "currentColor", "stroke-width": 0.8 }), svg("circle", { cx: 20.5, cy: 8.5, r: 1.6, fill: "currentColor" })],
		K: [svg("path", { d: "M12 18 L12 9 L16 13 L20.5 6 L25 13 L29 9 L29 18 Z", fill: "#d9a400", stroke: "currentColor", "stroke-width": 0.8 }), svg("rect", { x: 12, y: 16, width: 17, height: 2.4, fill: "currentColor" })],
	};
	return svg(
		"svg",
		{ viewBox: "0 0 41 56", class: "figure", "aria-hidden": "true", focusable: "false" },
		svg("rect", { x: 4, y: 3, width: 33, height: 50, rx: 3, fill: "#f7eccd", stroke: "currentColor", "stroke-width": 0.8 }),
		svg("circle", { cx: 20.5, cy: 23, r: 6, fill: "#f3d7b6", stroke: "currentColor", "stroke-width": 0.8 }),
		rank === "K" ? svg("path", { d: "M15 26 Q20.5 36 26 26 Q24 31 20.5 31 Q17 31 15 26 Z", fill: "currentColor", opacity: 0.8 }) : null,
		svg("path", { d: "M8 53 Q8 33 20.5 31 Q33 33 33 53 Z", fill: "currentColor", opacity: 0.85 }),
		svg("path", { d: "M15 53 L20.5 36 L26 53 Z", fill: "#f7eccd", opacity: 0.9 }),
		...hats[rank],
		svg("text", { x: 20.5, y: 49, "text-anchor": "middle", "font-size": 9, fill: "currentColor" }, symbol),
	);
}

/**
 * The page's joker mark: a star in a ring, the same on cards, in
 * buttons and in the log, drawn rather than written, so that no emoji
 * font is needed. big for the middle of a card.
 */
export function jokerMark(big = false) {
	return el(
		"span",
		{ class: big ? "joker-mark big" : "joker-mark", role: "img", "aria-label": "joker" },
		svg(
			"svg",
			{ viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
			svg("circle", { cx: 10, cy: 10, r: 9, fill: "none", stroke: "currentColor", "stroke-width": 1.6 }),
			svg("path", { d: "M10 3.2 L11.9 7.7 L16.6 8 L13 11.1 L14.1 15.8 L10 13.3 L5.9 15.8 L7 11.1 L3.4 8 L8.1 7.7 Z", fill: "currentColor" }),
		),
	);
}

/**
 * A text of the engine's as nodes: the joker's emoji (🃏) as the page's
 * joker mark. Everything else stays text.
 */
export function rich(text) {
	const parts = String(text).split("\u{1F0CF}");
	return parts.flatMap((t, i) => (i === 0 ? [t] : [jokerMark(), t])).filter((x) => x !== "");
}

/** A text of the engine's as plain words: the joker's emoji as "joker". */
export function plainText(text) {
	return String(text).replaceAll("\u{1F0CF}", "joker");
}

/** A card face down. */
export function back({ small = false } = {}) {
	return el("div", { class: small ? "card back small" : "card back", "aria-hidden": "true" });
}

/** A row of faces, each with its key made by keyOf(code); "none" for no cards. */
export function faces(codes, keyOf, opts = {}) {
	return el("div", { class: "cards" }, codes.length === 0 ? el("span", { class: "none" }, "none") : codes.map((c) => face(c, { ...opts, key: keyOf?.(c) })));
}

/**
 * A hidden hand or pile of n cards: a fan of backs (a few at most) and
 * its count in words.
 */
export function backs(n, what = "card") {
	const shown = Math.min(n, 6);
	return el(
		"div",
		{ class: "backs", "aria-label": `${n} ${what}${n === 1 ? "" : "s"}`, role: "img" },
		el("div", { class: "fan" }, Array.from({ length: shown }, () => back({ small: true }))),
		el("span", { class: "count" }, String(n)),
	);
}

/** A label and a value, for a seat's figures; label may be nodes (a term). */
export function stat(label, value, title) {
	return el("span", { class: "stat", title }, el("span", { class: "stat-label" }, label), " ", el("b", {}, String(value)));
}

/** "1 card", "3 cards". */
export function plural(n, word, words = `${word}s`) {
	return `${n} ${n === 1 ? word : words}`;
}

/** "a", "a and b", "a, b and c". */
export function series(items, and = "and") {
	return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}`;
}

/** "lineOfSuccession" as "line of succession". */
export function words(name) {
	return String(name).replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** Player p as the log names them: P1 is player 0. */
export function pname(p) {
	return `P${p + 1}`;
}

/**
 * The names of a table's players, as the page shows them. names[p] is
 * player p's name ("" or missing for none: a bot, a seat nobody named);
 * a named player reads "Ann (P1)", their seat beside their name (names
 * are strangers' input, and two may look alike), and the others "P1".
 * Names are only ever set as text, each isolated (U+2068 … U+2069), so
 * that a name written right to left never turns the text around it.
 */
export function namer(names = []) {
	const name = (p) => (typeof names[p] === "string" && names[p] !== "" ? names[p] : null);
	const full = (p) => (name(p) ? `\u2068${name(p)}\u2069 (${pname(p)})` : pname(p));
	return {
		/** Player p's name, or null. */
		name,
		/** Player p as text names them: "Ann (P1)", or "P1". */
		pname: full,
		/** A text of the engine's, its players ("P1") named. */
		text: (s) => (names.some((n) => n) ? String(s).replace(/\bP([1-9][0-9]?)\b/g, (m, n) => full(Number(n) - 1)) : s),
	};
}

/** Milliseconds of waiting, as a promise. */
export function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The bots as people call them, by their names in the bundle. */
const botNames = { random: "random bot", montecarlo: "Monte Carlo bot", ismcts: "search bot" };

/** What each bot does, in a line. */
const botHelp = {
	random: "plays any of its legal moves, at random: the easiest",
	montecarlo: "tries each move in deals of the cards it cannot see, played on at random, and keeps the best",
	ismcts: "searches the moves ahead in deals of the cards it cannot see: the stronger, the more positions it weighs",
};

/** The positions the search bot weighs a move at each strength, from its option's description ("1 to 5: 50, 200, 1000, 3000 or 10000 iterations a move"). */
let strengths = [50, 200, 1000, 3000, 10000];

/** Learns the strengths from the bots' options, if they say them. */
export function learnBots(bots) {
	const o = bots?.find((b) => b.name === "ismcts")?.options.find((x) => x.name === "strength");
	const m = /:\s*([\d, ]+)\s+or\s+(\d+)\s+iterations/.exec(o?.description ?? "");
	if (m) {
		const ns = [...m[1].split(/[,\s]+/).filter(Boolean), m[2]].map(Number);
		if (ns.length === o.max - o.min + 1 && ns.every((n) => n > 0)) {
			strengths = ns;
		}
	}
}

/** What a strength of the search bot means: "thinks about 1,000 positions a move". */
export function strengthText(n) {
	const it = strengths[n - 1];
	return it ? `thinks about ${it.toLocaleString("en-US")} positions a move` : "";
}

/** A bot's name for people ("search bot"), by its name in the bundle. */
export function botName(name) {
	return botNames[name] ?? `${name} bot`;
}

/** What a bot does, in a line, by its name in the bundle. */
export function botSummary(name, fallback = "") {
	return botHelp[name] ?? fallback;
}

/**
 * A seat's spec as people read it: {label: "search bot, strength 3",
 * detail: "strength 3: thinks about 1,000 positions a move"}.
 */
export function botLabel(spec) {
	const [name, opts] = String(spec).split(":");
	const strength = Number(/strength=(\d+)/.exec(opts ?? "")?.[1]);
	if (strength) {
		return { label: `${botName(name)}, strength ${strength}`, detail: `strength ${strength}: ${strengthText(strength)}` };
	}
	return { label: botName(name), detail: botSummary(name) };
}

/**
 * Options as people name them, where their names in the bundle do not
 * say it well; the others by their words ("jokers", "rounds").
 */
const labels = {
	royalBloc: "Royal Bloc",
	unitedHouse: "United House",
	lineOfSuccession: "Line of Succession",
	maxTurns: "turn limit",
	headStart: "head start",
	match: "a match to 100",
	solo: "solo, against the automaton",
	turns: "rounds (a turn each)",
};

/** An option's name for people. */
export function optionLabel(name) {
	return labels[name] ?? words(name);
}

