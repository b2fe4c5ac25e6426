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

/** A card's code read: its rank and suit, or a joker; null for other codes. */
export function parseCard(code) {
	const m = /^(10|[2-9AJQK])([CDHS])$/.exec(code);
	if (m) {
		return { rank: m[1], suit: m[2], ...suits[m[2]] };
	}
	if (/^X[12]$/.test(code)) {
		return { rank: "★", suit: "", symbol: "", name: "joker", red: code === "X1", joker: true };
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
export function face(code, { key, small = false, note } = {}) {
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
		body = [el("span", { class: "corner", "aria-hidden": "true" }, "★"), el("span", { class: "pip", "aria-hidden": "true" }, "Joker")];
	} else {
		classes.push(c.red ? "red" : "black");
		if ("JQK".includes(c.rank)) {
			classes.push("court");
		}
		body = [
			el("span", { class: "corner", "aria-hidden": "true" }, c.rank, el("br"), c.symbol),
			el("span", { class: "pip", "aria-hidden": "true" }, c.symbol),
			el("span", { class: "corner end", "aria-hidden": "true" }, c.rank, el("br"), c.symbol),
		];
	}
	const label = cardText(code) + (note ? `, ${note}` : "");
	return el("div", { class: classes.join(" "), "data-card": code, "data-key": key, role: "img", "aria-label": label, title: label }, body);
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

/** A label and a value, for a seat's figures. */
export function stat(label, value, title) {
	return el("span", { class: "stat", title }, el("span", { class: "stat-label" }, label), " ", el("b", {}, String(value)));
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
 * Names are only ever set as text.
 */
export function namer(names = []) {
	const name = (p) => (typeof names[p] === "string" && names[p] !== "" ? names[p] : null);
	const full = (p) => (name(p) ? `${name(p)} (${pname(p)})` : pname(p));
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
