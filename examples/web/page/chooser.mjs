// The chooser turns clicks on the table into one of the viewer's legal
// moves, and nothing else. Each game's table names, for every move of
// the view, the things on the table the move acts on (its parts: keys
// such as "hand:7D", "market:9H", "kingdom:4"); the elements that show
// them carry the same key in data-key. A click selects an element; the
// moves still possible are those whose parts hold the selection, so only
// elements of those moves can be clicked next. What cannot be taken back
// is chosen, shown, then confirmed: when the selection is exactly one
// move's parts, that move is offered as a button to confirm, the
// selection lifted on the table; only a move of one part that no other
// move shares, which the game says needs no confirmation, is made on its
// click. When several moves fit (a card to play or to discard) they are
// offered as buttons, as are the moves that act on nothing on the table
// (pass, decline, end the turn); many moves that differ by one word (a
// joker played as each rank) as a compact picker of that word.
import { el, plainText, rich } from "./ui.mjs";

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
 * on; onMove(move) receives the move chosen, once. needsConfirm(move)
 * tells whether a move of one part waits for a confirmation (moves of
 * several parts always do); describe(move) says what a move does, for
 * its button of confirmation (its text by default). focus tells where the
 * keyboard's focus goes: by default to the first thing to do; {key} or
 * {text} to the element of that key or the button of that text, if it
 * is there (the same question asked again on a table drawn anew); false
 * nowhere.
 */
export function choose({ root, bar, moves, partsOf, onMove, prompt, focus, needsConfirm = () => false, describe = (m) => m.text }) {
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
		if (complete.length === 1) {
			const c = complete[0];
			buttons.push(el("button", { type: "button", class: "move primary confirm", "aria-label": `Confirm: ${plainText(describe(c.move))}`, onclick: () => finish(c.move) }, "Confirm: ", rich(describe(c.move))));
		} else {
			buttons.push(...group(complete.map((c) => c.move), finish, "move primary"));
		}
		buttons.push(...group(entries.filter((e) => e.size === 0).map((e) => e.move), finish, "move"));
		if (selected.length > 0) {
			buttons.push(el("button", { type: "button", class: "move clear", onclick: () => ((selected = []), update()) }, "Clear the choice"));
		}
		let hint = prompt;
		if (selected.length > 0) {
			hint = complete.length === 0 ? "Choose more to complete the move, or click a chosen card to put it back." : complete.length === 1 ? "Confirm the move below, or change the choice." : "Choose how to make the move.";
		}
		bar.replaceChildren(el("p", { class: "prompt", id: "prompt" }, hint), el("div", { class: "buttons" }, buttons));
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
		if (complete.length === 1 && candidates.length === 1 && complete[0].size === 1 && !needsConfirm(complete[0].move)) {
			finish(complete[0].move);
			return;
		}
		update();
		// The keyboard goes on to the confirmation once the move is whole.
		if (complete.length === 1 && candidates.length === 1) {
			bar.querySelector("button.confirm")?.focus({ preventScroll: true });
		}
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

/**
 * Buttons of moves, as they read: each move a button, but for many moves
 * (more than four) whose texts differ only at their ends ("play 🃏 as
 * 3" … "play 🃏 as A"): those make a compact picker, the common start
 * as its label and a small button for each end.
 */
function group(moves, finish, cls) {
	const out = [];
	const byStart = new Map();
	for (const m of moves) {
		const cut = m.text.lastIndexOf(" ");
		const start = cut > 0 ? m.text.slice(0, cut) : m.text;
		if (!byStart.has(start)) {
			byStart.set(start, []);
		}
		byStart.get(start).push(m);
	}
	for (const [start, ms] of byStart) {
		if (ms.length <= 4) {
			out.push(...ms.map((m) => el("button", { type: "button", class: cls, "aria-label": plainText(m.text), onclick: () => finish(m) }, rich(m.text))));
			continue;
		}
		out.push(
			el(
				"div",
				{ class: "picker", role: "group", "aria-label": plainText(start) },
				el("span", { class: "picker-label" }, rich(start), ":"),
				ms.map((m) => el("button", { type: "button", class: `${cls} pick`, "aria-label": plainText(m.text), onclick: () => finish(m) }, m.text.slice(start.length + 1))),
			),
		);
	}
	return out;
}
