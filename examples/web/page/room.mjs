// The waiting room of a game on the server that waits for its players:
// its seats as they fill (a name appears as a person claims a seat), the
// invitation to send and the spectators' link, leaving, and, for the
// host, giving the open seats to bots and starting. The room is built
// once and its parts updated, so that the keyboard's focus stays where it
// is while the seats fill. Names are strangers' input: set as text only.
import { botLabel, el, optionLabel, pname } from "./ui.mjs";

/** How a seat of a SeatView reads in the room. */
function seatText(kind, name, p, me) {
	if (kind === "open") {
		return name ? { who: name, what: "invited back: not here yet", open: true } : { who: "open", what: "waiting for a player", open: true };
	}
	if (kind === "human") {
		return { who: name || "a person", what: p === me ? "you" : name ? "here" : "a person with the seat's link" };
	}
	const b = botLabel(kind);
	return { who: b.label, what: b.detail || "a bot" };
}

/** A link of the page, with a button that copies it. */
function linkRow(id, label, help, href) {
	const input = el("input", { id, readonly: true, value: href, "aria-describedby": `${id}-help`, onfocus: (e) => e.target.select() });
	const copy = el(
		"button",
		{
			type: "button",
			class: "copy",
			"aria-label": `Copy the ${label.toLowerCase()}`,
			onclick: async () => {
				try {
					await navigator.clipboard.writeText(href);
					copy.textContent = "Copied";
				} catch {
					input.focus();
					input.select();
					copy.textContent = "Select and copy";
				}
				setTimeout(() => (copy.textContent = "Copy"), 2000);
			},
		},
		"Copy",
	);
	return el("div", { class: "link-row" }, el("label", { for: id }, label), el("div", { class: "invite" }, input, copy), el("p", { class: "help", id: `${id}-help` }, help));
}

export class Room {
	#root;
	#parts;
	#names = [];

	/** root is the room's section. */
	constructor(root) {
		this.#root = root;
	}

	/**
	 * Opens the room of a game: info its metadata (with its bots), and
	 * the page's part: seat (-1 for a spectator, null for a guest with
	 * the invitation), host (the host's key, if the page holds it), links
	 * {invite, watch, seats} to show, options the game's options if known;
	 * and what the buttons do: onLeave(), onStart(bot), onClaim(name).
	 */
	open({ info, id, seat, host, links, name, options, onLeave, onStart, onClaim }) {
		this.handlers = { onLeave, onStart, onClaim };
		this.id = id;
		this.seat = seat;
		this.#names = [];
		const title = el("h2", { id: "room-title", tabindex: -1 }, seat === null ? (info.title ? `You are invited to a game of ${info.title}` : "You are invited to a game") : `${info.title}: waiting for players`);
		const what = el("p", { class: "help", id: "room-what" }, optionsText(info, options));
		const count = el("p", { class: "room-count", id: "room-count" });
		const seats = el("ol", { class: "room-seats", id: "room-seats", "aria-labelledby": "room-count" });
		const news = el("p", { class: "room-news", id: "room-news", role: "status", "aria-live": "polite" });
		const error = el("p", { class: "error", id: "room-error", role: "alert", hidden: true });
		const linksBox = el(
			"div",
			{ class: "room-links" },
			links.invite ? linkRow("invite-link", "Invitation", "Send it to the people you want at the table: each opens it and names themselves.", links.invite) : null,
			links.watch ? linkRow("watch-link", "Spectators' link", "Whoever opens it watches the game, without seeing anyone's hand.", links.watch) : null,
			(links.seats ?? []).map((l) => linkRow(`invite${l.seat}`, `${pname(l.seat)}'s link`, "This seat's own link: send it to the one person who plays it.", l.href)),
		);
		const actions = el("div", { class: "room-actions" });
		if (seat === -1) {
			actions.append(el("p", { class: "banner", id: "room-banner" }, "You are watching as a spectator: the game shows here when its seats are full."));
		}
		let start = null;
		if (host) {
			const bots = info.bots ?? [];
			const bot = el(
				"select",
				{ id: "room-bot", "aria-label": "The bot for the open seats" },
				bots.map((b) => el("option", { value: b.name, title: b.summary }, botLabel(b.name).label)),
			);
			start = el("button", { type: "button", class: "primary", id: "room-start", onclick: () => this.handlers.onStart(bot.value) }, "Fill the open seats with bots and start");
			actions.append(el("div", { class: "row host" }, el("label", { for: "room-bot" }, "Open seats to"), bot, start));
		}
		if (seat === null) {
			const input = el("input", { id: "room-name", maxlength: 64, autocomplete: "nickname", spellcheck: "false", value: name ?? "", required: true });
			const claim = el("form", {
				class: "row claim",
				onsubmit: (e) => {
					e.preventDefault();
					this.handlers.onClaim(input.value);
				},
			});
			claim.append(el("label", { for: "room-name" }, "Your name"), input, el("button", { type: "submit", class: "primary", id: "room-claim" }, "Take a seat"));
			actions.append(claim);
		} else if (seat >= 0) {
			actions.append(el("div", { class: "buttons" }, el("button", { type: "button", id: "room-leave", onclick: () => this.handlers.onLeave() }, "Leave the table")));
		}
		this.#parts = { seats, count, news, error, start };
		this.#root.replaceChildren(title, what, count, seats, news, error, actions, linksBox);
		this.#root.hidden = false;
	}

	/** Shows the seats of a SeatView (or of a lobby's game: its seats and names). */
	update({ seats, names }) {
		const { seats: list, count, news, start } = this.#parts;
		const items = seats.map((kind, p) => {
			const s = seatText(kind, names[p], p, this.seat);
			return el(
				"li",
				{ class: s.open ? "room-seat open" : p === this.seat ? "room-seat me" : "room-seat", "data-seat": p },
				el("span", { class: "seat-number" }, pname(p)),
				el("span", { class: "room-who" }, s.who),
				el("span", { class: "help" }, s.what),
			);
		});
		list.replaceChildren(...items);
		const open = seats.filter((k) => k === "open").length;
		count.textContent = open === 0 ? "Every seat is taken: the game starts." : `${seats.length - open} of ${seats.length} seats taken; ${open} open.`;
		if (start) {
			start.disabled = open === 0;
		}
		// Tell who came and who went, once each.
		const came = names.filter((n, p) => n && seats[p] !== "open" && !this.#names.includes(n) && p !== this.seat);
		const went = this.#names.filter((n) => n && !names.some((m, p) => m === n && seats[p] !== "open"));
		if (this.#names.length > 0 && (came.length > 0 || went.length > 0)) {
			news.textContent = [...came.map((n) => `${n} joined.`), ...went.map((n) => `${n} left.`)].join(" ");
		}
		this.#names = names.map((n, p) => (seats[p] === "open" ? "" : n));
	}

	error(message) {
		const e = this.#parts?.error;
		if (e) {
			e.textContent = message ?? "";
			e.hidden = !message;
		}
	}

	close() {
		this.#root.hidden = true;
		this.#root.replaceChildren();
		this.#parts = null;
	}
}


/** A game's options in a line: "3 players · rounds 1 · jokers 2". */
export function optionsText(info, options) {
	if (!options) {
		return info.summary ?? "";
	}
	const parts = [];
	for (const o of info.options ?? []) {
		const v = options[o.name];
		if (v === undefined || o.name === "noLog" || o.type === "seed") {
			continue;
		}
		if (o.name === "players") {
			parts.unshift(`${v} players`);
		} else if (typeof v === "boolean") {
			parts.push(v ? optionLabel(o.name) : `no ${optionLabel(o.name)}`);
		} else if (typeof v === "number" || typeof v === "string") {
			parts.push(`${optionLabel(o.name)} ${v}`);
		}
	}
	return parts.join(" · ");
}
