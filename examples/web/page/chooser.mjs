// The chooser turns clicks on the table into one of the viewer's legal
// moves, and nothing else. Each game's table names, for every move of
// the view, the things on the table the move acts on (its parts: keys
// such as "hand:7D", "market:9H", "kingdom:4"); the elements that show
// them carry the same key in data-key. A click selects an element; the
// moves still possible are those whose parts hold the selection, so only
// elements of those moves can be clicked next. When the selection is
// exactly one move's parts and no move holds more, that move is made;
// when several moves fit (a card to play or to discard) they are offered
// as buttons, as are the moves that act on nothing on the table (pass,
// decline, end the turn).
import { el } from "./ui.mjs";

/** Counts the keys of a list: a Map from key to count. */
function tally(keys) {
	const m = new Map();
	for (const k of keys) {
		m.set(k, (m.get(k) ?? 0) + 1);
	}
	return m;
}

function sameTally(a, b) {
	if (a.size !== b.size) {
		return false;
	}
	for (const [k, n] of a) {
		if (b.get(k) !== n) {
			return false;
		}
	}
	return true;
}

function holds(big, small) {
	for (const [k, n] of small) {
		if ((big.get(k) ?? 0) < n) {
			return false;
		}
	}
	return true;
}

/**
 * Makes the elements of root under data-key choosers of moves, and fills
 * bar with the buttons of moves. partsOf(move) lists the keys a move acts
 * on; onMove(move) receives the move chosen, once. focus tells where the
 * keyboard's focus goes: by default to the first thing to do; {key} or
 * {text} to the element of that key or the button of that text, if it
 * is there (the same question asked again on a table drawn anew); false
 * nowhere.
 */
export function choose({ root, bar, moves, partsOf, onMove, prompt, focus }) {
	const entries = moves.map((move) => {
		const parts = partsOf(move);
		const elems = parts.length === 0 ? [] : parts;
		return { move, parts: tally(elems), size: elems.length };
	});
	// Parts no element shows would make a move unreachable: such a move is
	// offered as a button.
	const shown = new Set([...root.querySelectorAll("[data-key]")].map((e) => e.dataset.key));
	for (const e of entries) {
		if ([...e.parts.keys()].some((k) => !shown.has(k))) {
			e.parts = new Map();
			e.size = 0;
		}
	}
	let selected = [];
	let done = false;

	const finish = (move) => {
		if (done) {
			return;
		}
		done = true;
		for (const e of root.querySelectorAll("[data-key]")) {
			e.classList.remove("playable", "selected");
			e.removeAttribute("tabindex");
			e.removeAttribute("aria-pressed");
			e.onclick = e.onkeydown = null;
			if (e.getAttribute("role") === "button") {
				e.setAttribute("role", "img");
			}
		}
		bar.replaceChildren(el("p", { class: "prompt" }, "…"));
		onMove(move);
	};

	const update = () => {
		const sel = tally(selected.map((e) => e.dataset.key));
		const candidates = entries.filter((e) => e.size > 0 && holds(e.parts, sel));
		const complete = selected.length === 0 ? [] : candidates.filter((e) => sameTally(e.parts, sel));
		for (const e of root.querySelectorAll("[data-key]")) {
			const k = e.dataset.key;
			const isSelected = selected.includes(e);
			const playable = !isSelected && candidates.some((c) => (c.parts.get(k) ?? 0) > (sel.get(k) ?? 0));
			e.classList.toggle("selected", isSelected);
			e.classList.toggle("playable", playable);
			if (playable || isSelected) {
				e.tabIndex = 0;
				e.setAttribute("role", "button");
				e.setAttribute("aria-pressed", String(isSelected));
			} else {
				e.removeAttribute("tabindex");
				e.removeAttribute("aria-pressed");
				e.setAttribute("role", "img");
			}
		}
		const buttons = [];
		for (const c of complete) {
			buttons.push(el("button", { type: "button", class: "move primary", onclick: () => finish(c.move) }, c.move.text));
		}
		for (const c of entries.filter((e) => e.size === 0)) {
			buttons.push(el("button", { type: "button", class: "move", onclick: () => finish(c.move) }, c.move.text));
		}
		if (selected.length > 0) {
			buttons.push(el("button", { type: "button", class: "move clear", onclick: () => ((selected = []), update()) }, "clear the choice"));
		}
		const hint = selected.length > 0 && complete.length === 0 ? "choose more to complete the move" : prompt;
		bar.replaceChildren(el("p", { class: "prompt" }, hint), el("div", { class: "buttons" }, buttons));
	};

	const click = (e) => {
		if (done) {
			return;
		}
		if (selected.includes(e)) {
			selected = selected.filter((x) => x !== e);
			update();
			return;
		}
		if (!e.classList.contains("playable")) {
			return;
		}
		selected.push(e);
		const sel = tally(selected.map((x) => x.dataset.key));
		const candidates = entries.filter((c) => c.size > 0 && holds(c.parts, sel));
		const complete = candidates.filter((c) => sameTally(c.parts, sel));
		if (complete.length === 1 && candidates.length === 1) {
			finish(complete[0].move);
			return;
		}
		update();
	};

	for (const e of root.querySelectorAll("[data-key]")) {
		e.onclick = () => click(e);
		e.onkeydown = (ev) => {
			if (ev.key === "Enter" || ev.key === " ") {
				ev.preventDefault();
				click(e);
			}
		};
	}
	update();
	// The first thing to do gets the focus, so that the keyboard starts
	// where the moves are.
	let first;
	if (focus === undefined) {
		first = root.querySelector(".playable") ?? bar.querySelector("button");
	} else if (focus?.key !== undefined) {
		first = [...root.querySelectorAll(".playable")].find((e) => e.dataset.key === focus.key);
	} else if (focus?.text !== undefined) {
		first = [...bar.querySelectorAll("button")].find((b) => b.textContent === focus.text);
	}
	first?.focus({ preventScroll: true });
}
