// The lobby: the public games that wait for players, by game, newest
// first, in pages, refreshed while it shows; a game is joined with the
// person's name, or watched when anyone may watch it; and a game is made
// from here with the setup form. Names are strangers' input: set as text
// only.
import { optionsText } from "./room.mjs";
import { botLabel, el, pname } from "./ui.mjs";

/** How often the lobby's page is read again while it shows. */
const refreshEvery = 5000;
/** The games of a page of the lobby. */
const pageSize = 8;

/** "just now", "4 min ago", "2 h ago". */
function ago(seconds) {
	if (seconds < 60) {
		return "just now";
	}
	if (seconds < 3600) {
		return `${Math.floor(seconds / 60)} min ago`;
	}
	return `${Math.floor(seconds / 3600)} h ago`;
}

export class Lobby {
	#root;
	#api;
	#catalog;
	#pages = [""]; // the cursors of the pages read, the current one last
	#timer = 0;
	#last = "";
	#shown = false;

	/**
	 * root holds the lobby's elements (index.html); handlers: onCreate(name),
	 * onJoin(game, name), onWatch(game), onName(name).
	 */
	constructor(root, api, catalog, name, handlers) {
		this.#root = root;
		this.#api = api;
		this.#catalog = catalog;
		this.handlers = handlers;
		const $ = (s) => root.querySelector(s);
		this.nameInput = $("#lobby-name");
		this.nameInput.value = name ?? "";
		this.nameInput.addEventListener("change", () => handlers.onName(this.nameInput.value));
		this.filter = $("#lobby-game");
		this.filter.append(...catalog.games.map((g) => el("option", { value: g.name }, g.title)));
		this.filter.addEventListener("change", () => {
			this.#pages = [""];
			this.refresh();
		});
		$("#lobby-refresh").addEventListener("click", () => this.refresh());
		$("#lobby-create").addEventListener("click", () => handlers.onCreate(this.nameInput.value.trim()));
		this.older = $("#lobby-older");
		this.newer = $("#lobby-newer");
		this.older.addEventListener("click", () => {
			if (this.next) {
				this.#pages.push(this.next);
				this.refresh(true);
			}
		});
		this.newer.addEventListener("click", () => {
			if (this.#pages.length > 1) {
				this.#pages.pop();
				this.refresh(true);
			}
		});
		this.list = $("#lobby-list");
		this.status = $("#lobby-status");
		document.addEventListener("visibilitychange", () => this.#shown && document.visibilityState === "visible" && this.refresh());
	}

	show(error) {
		this.#root.hidden = false;
		this.#shown = true;
		this.error(error);
		this.refresh();
		(this.nameInput.value ? this.#root.querySelector("#lobby-title") : this.nameInput).focus();
	}

	hide() {
		this.#root.hidden = true;
		this.#shown = false;
		clearTimeout(this.#timer);
	}

	error(message) {
		const p = this.#root.querySelector("#lobby-error");
		p.textContent = message ?? "";
		p.hidden = !message;
	}

	/** Reads the lobby's current page again, and again every few seconds while it shows. */
	async refresh(moved = false) {
		clearTimeout(this.#timer);
		if (!this.#shown) {
			return;
		}
		let lobby;
		try {
			lobby = await this.#api.lobby({ game: this.filter.value, after: this.#pages.at(-1), limit: pageSize });
		} catch (e) {
			this.status.textContent = `The lobby could not be read: ${e.message}.`;
			this.#timer = setTimeout(() => this.refresh(), Math.max(refreshEvery, e.retryAfter ?? 0));
			return;
		}
		if (!this.#shown) {
			return;
		}
		this.#timer = setTimeout(() => this.refresh(), refreshEvery);
		if (lobby.games.length === 0 && this.#pages.length > 1) {
			this.#pages.pop(); // the page emptied: back to the one before
			this.refresh();
			return;
		}
		this.next = lobby.next ?? "";
		this.older.disabled = !this.next;
		this.newer.disabled = this.#pages.length <= 1;
		this.#show(lobby.games, moved);
	}

	#show(games, moved) {
		const key = JSON.stringify(games.map(({ age, ...g }) => g));
		const n = games.length;
		const page = this.#pages.length > 1 ? ` (page ${this.#pages.length})` : "";
		this.status.textContent = n === 0 ? (this.filter.value ? "No game of this kind waits for players." : "No game waits for players: create one!") : `${n} game${n === 1 ? "" : "s"} waiting${page}.`;
		if (key === this.#last) {
			// Only the ages moved: change them in place, and nothing else.
			for (const g of games) {
				const e = this.list.querySelector(`[data-game-id="${CSS.escape(g.id)}"] .lobby-age`);
				if (e) {
					e.textContent = ago(g.age);
				}
			}
			return;
		}
		this.#last = key;
		// Keep the keyboard's place: the button focused, in the game it was in.
		const focused = document.activeElement?.closest?.("[data-game-id]") ? { id: document.activeElement.closest("[data-game-id]").dataset.gameId, action: document.activeElement.dataset.action } : null;
		this.list.replaceChildren(...games.map((g) => this.#game(g)));
		if (focused) {
			const again = this.list.querySelector(`[data-game-id="${CSS.escape(focused.id)}"] [data-action="${focused.action}"]`) ?? this.list.querySelector("button");
			again?.focus();
		} else if (moved) {
			(this.list.querySelector("button") ?? this.status).focus?.();
		}
	}

	#game(g) {
		const info = this.#catalog.games.find((c) => c.name === g.game) ?? { title: g.game, options: [] };
		const host = g.names.find((n, p) => n && g.seats[p] === "human");
		const label = `${info.title}${host ? `, with ${host}` : ""}`;
		const open = g.seats.filter((s, p) => s === "open" && !g.names[p]).length;
		const seats = g.seats.map((kind, p) => {
			let who;
			let cls = "lobby-seat";
			if (kind === "open") {
				who = g.names[p] ? `kept for ${g.names[p]}` : "open";
				cls += " open";
			} else if (kind === "human") {
				who = g.names[p] || "a person";
			} else {
				who = botLabel(kind).label;
				cls += " bot";
			}
			return el("li", { class: cls }, el("span", { class: "seat-number" }, pname(p)), " ", el("span", { class: "lobby-who" }, who));
		});
		return el(
			"li",
			{ class: "lobby-game", "data-game-id": g.id },
			el("div", { class: "lobby-head" }, el("span", { class: "game-name" }, info.title), " ", el("span", { class: "help lobby-age" }, ago(g.age))),
			el("p", { class: "help lobby-options" }, optionsText(info, { players: g.seats.length, ...g.options })),
			el("ol", { class: "lobby-seats", "aria-label": `Seats, ${open} open` }, seats),
			el(
				"div",
				{ class: "buttons" },
				open > 0
					? el("button", { type: "button", class: "primary", "data-action": "join", "aria-label": `Join the game of ${label}`, onclick: () => this.handlers.onJoin(g, this.nameInput.value) }, "Join")
					: null,
				g.spectators ? el("button", { type: "button", "data-action": "watch", "aria-label": `Watch the game of ${label}`, onclick: () => this.handlers.onWatch(g) }, "Watch") : null,
			),
		);
	}
}
