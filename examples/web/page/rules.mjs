// The rules at hand: a game's How to play in a panel (the sections of
// g.info.howToPlay, its legend and its glossary: the same text the
// terminal prints), and the glossary's terms explained where they appear
// on the page: a term is a small button whose meaning shows on hover, on
// focus and on a tap, in one tooltip the term points to
// (aria-describedby), so that a screen reader reads it too.
import { el, optionLabel, rich } from "./ui.mjs";

/** The tooltip of the terms: one for the page. */
let tip = null;
/** The term whose meaning shows, if any. */
let shown = null;
/** The terms of the game on show: [{term, meaning, re}], longest first. */
let known = [];

function tipOf() {
	if (!tip) {
		tip = el("div", { id: "term-tip", class: "term-tip", role: "tooltip", hidden: true });
		document.body.append(tip);
	}
	return tip;
}

/** Shows the meaning of term button b beside it. */
function show(b) {
	const t = known.find((k) => k.term === b.dataset.term);
	if (!t) {
		return;
	}
	const box = tipOf();
	box.replaceChildren(el("b", {}, rich(t.term)), ": ", rich(t.meaning));
	box.hidden = false;
	shown = b;
	const r = b.getBoundingClientRect();
	const w = Math.min(320, window.innerWidth - 16);
	box.style.maxWidth = `${w}px`;
	const left = Math.max(8, Math.min(r.left, window.innerWidth - w - 8));
	box.style.left = `${left}px`;
	const below = r.bottom + 6;
	box.style.top = `${below}px`;
	const h = box.getBoundingClientRect().height;
	if (below + h > window.innerHeight - 4 && r.top - h - 6 > 0) {
		box.style.top = `${r.top - h - 6}px`;
	}
}

/** Hides the tooltip. */
export function hideTip() {
	if (tip) {
		tip.hidden = true;
	}
	shown = null;
}

/** Listens for the terms of the whole page, once. */
function listen() {
	const termOf = (e) => e.target?.closest?.("button.term");
	document.addEventListener("pointerover", (e) => termOf(e) && e.pointerType === "mouse" && show(termOf(e)));
	document.addEventListener("pointerout", (e) => termOf(e) && e.pointerType === "mouse" && document.activeElement !== termOf(e) && hideTip());
	document.addEventListener("focusin", (e) => (termOf(e) ? show(termOf(e)) : hideTip()));
	document.addEventListener("focusout", (e) => termOf(e) && hideTip());
	document.addEventListener("click", (e) => {
		const b = termOf(e);
		if (b) {
			e.stopPropagation();
			if (shown === b && !tip.hidden) {
				hideTip();
			} else {
				show(b);
			}
		} else if (shown) {
			hideTip();
		}
	});
	document.addEventListener("keydown", (e) => e.key === "Escape" && hideTip());
	window.addEventListener("scroll", hideTip, { passive: true, capture: true });
}
listen();

/** Learns the glossary of the game on show (info.glossary and info.legend). */
export function learnTerms(info) {
	const seen = new Set();
	known = [];
	for (const t of [...(info?.glossary ?? []), ...(info?.legend ?? [])]) {
		if (seen.has(t.term) || !/[\p{L}\p{N}]/u.test(t.term)) {
			continue;
		}
		seen.add(t.term);
		// A capitalized term is a name (King, Royal Council): matched as
		// it is written; a term in lower case in any case, and with an s.
		const esc = t.term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
		const flags = /^\p{Lu}/u.test(t.term) ? "u" : "iu";
		const re = new RegExp(`(?<![\\p{L}\\p{N}])${esc}(?:s|es)?(?![\\p{L}\\p{N}])`, flags);
		known.push({ term: t.term, meaning: t.meaning, re });
	}
	known.sort((a, b) => b.term.length - a.term.length);
}

/** A term's button: the text as written, its meaning on hover, focus and tap. */
export function termButton(term, text = term) {
	return el("button", { type: "button", class: "term", "data-term": term, "aria-describedby": "term-tip" }, rich(text));
}

/**
 * A text with the glossary's terms in it made terms (each the first time
 * only, of a text); the joker's emoji as the page's mark. skip lists the
 * terms not to mark (those marked nearby already).
 */
export function termify(text, skip = new Set()) {
	let parts = [String(text)];
	for (const k of known) {
		if (skip.has(k.term)) {
			continue;
		}
		let done = false;
		parts = parts.flatMap((p) => {
			if (done || typeof p !== "string") {
				return [p];
			}
			const m = k.re.exec(p);
			if (!m) {
				return [p];
			}
			done = true;
			return [p.slice(0, m.index), { term: k.term, text: m[0] }, p.slice(m.index + m[0].length)];
		});
	}
	return parts.flatMap((p) => (typeof p === "string" ? rich(p) : [termButton(p.term, p.text)])).filter((p) => p !== "");
}

/** A paragraph of the rules as people read it: options named in words. */
function readable(text) {
	return text.replace(/\b[a-z]+[A-Z]\w*\b/g, (w) => optionLabel(w));
}

/**
 * The panel of the rules: dialog is the <dialog> of index.html. open(info)
 * fills it with the game's How to play, its legend and its glossary, and
 * shows it; Escape or its button closes it, and the focus goes back.
 */
export class RulesPanel {
	#dialog;

	constructor(dialog) {
		this.#dialog = dialog;
		dialog.addEventListener("click", (e) => {
			// A click on the backdrop closes it.
			if (e.target === dialog) {
				dialog.close();
			}
		});
	}

	get open() {
		return this.#dialog.open;
	}

	show(info) {
		learnTerms(info);
		const d = this.#dialog;
		const close = el("button", { type: "button", class: "close", id: "rules-close", onclick: () => d.close() }, "Close");
		const sections = (info.howToPlay ?? []).map((s, i) =>
			el("section", { class: "rules-section" }, el("h3", { id: `rules-s${i}` }, s.title), s.paragraphs.map((p) => el("p", {}, termify(readable(p))))),
		);
		const legend = info.legend?.length
			? el("section", { class: "rules-section" }, el("h3", {}, "At a glance"), el("dl", { class: "legend" }, info.legend.map((t) => [el("dt", {}, rich(t.term)), el("dd", {}, rich(t.meaning))])))
			: null;
		const glossary = info.glossary?.length
			? el(
					"section",
					{ class: "rules-section" },
					el("h3", {}, "Glossary"),
					el("dl", { class: "glossary" }, info.glossary.map((t) => [el("dt", {}, el("dfn", {}, rich(t.term))), el("dd", {}, rich(t.meaning))])),
				)
			: null;
		const toc = el(
			"nav",
			{ class: "rules-toc", "aria-label": "Sections" },
			(info.howToPlay ?? []).map((s, i) => el("a", { href: `#rules-s${i}`, onclick: (e) => (e.preventDefault(), d.querySelector(`#rules-s${i}`)?.scrollIntoView()) }, s.title)),
		);
		d.replaceChildren(
			el("header", { class: "rules-head" }, el("h2", { id: "rules-title" }, `How to play ${info.title}`), close),
			el("div", { class: "rules-body", id: "rules-body" }, el("p", { class: "help" }, info.summary ?? ""), toc, sections, legend, glossary),
		);
		d.setAttribute("aria-labelledby", "rules-title");
		if (!d.open) {
			d.showModal();
		}
		close.focus();
	}

	close() {
		this.#dialog.close();
	}
}
