// The form of a new game, built from each game's metadata: its player
// range, its options with their types, defaults, ranges and a line each,
// and the bots with the options of their specs.
import { botLabel, botName, botSummary, el, optionLabel, pname, strengthText } from "./ui.mjs";

// Options the page sets itself: the number of players comes from the
// seats, the seed has a field of its own, and the page needs the log.
const own = new Set(["players", "seed", "noLog"]);

/** The strength option of a bot, if its specs take one. */
function strengthOf(bots, name) {
	return bots.find((b) => b.name === name)?.options.find((o) => o.name === "strength" && o.type === "int") ?? null;
}

/** A seat's spec from its form values: "human", "open", "random", "ismcts:strength=2". */
export function seatSpec(kind, strength, bots) {
	if (kind === "human" || kind === "open") {
		return kind;
	}
	return strengthOf(bots, kind) && strength ? `${kind}:strength=${strength}` : kind;
}

/** How a seat reads: "you", "a person", "search bot, strength 2". */
export function seatLabel(spec, humans) {
	if (spec === "human") {
		return humans > 1 ? "a person" : "you";
	}
	return botLabel(spec).label;
}

/**
 * The setup form. desc is the engine's description of the games; prefs
 * the choices made last time, which the form starts from and keeps.
 */
export class SetupForm {
	#form;
	#desc;
	#prefs;
	#onStart;
	#pick;

	constructor(form, desc, prefs, onStart, online = false) {
		this.#form = form;
		// A game on the server is dealt from the server's secret seed.
		const where = form.querySelector("#where");
		where.hidden = !online;
		// There it has people who name themselves, open seats, and may be
		// listed in the lobby and watched.
		const seedRow = form.querySelector("#seed-row");
		const people = form.querySelector("#people");
		const pick = () => {
			const server = this.#where() === "server";
			seedRow.hidden = server;
			people.hidden = !server;
			const g = this.#game(form.querySelector("input[name=game]:checked")?.value);
			if (g) {
				this.#showSeats(g, Number(form.querySelector("#players").value));
			}
		};
		this.#pick = pick;
		for (const r of where.querySelectorAll("input")) {
			r.checked = r.value === (online && prefs.where === "server" ? "server" : "browser");
			r.addEventListener("change", pick);
		}
		form.querySelector("#setup-name").value = prefs.name ?? "";
		form.querySelector("#public").checked = prefs.public ?? true;
		form.querySelector("#spectators").checked = prefs.spectators ?? true;
		this.#desc = desc;
		this.#prefs = prefs;
		this.#onStart = onStart;
		const choices = form.querySelector("#game-choices");
		const current = desc.games.some((g) => g.name === prefs.game) ? prefs.game : desc.games[0].name;
		choices.replaceChildren(
			...desc.games.map((g) =>
				el(
					"label",
					{ class: "game-choice" },
					el("input", { type: "radio", name: "game", value: g.name, checked: g.name === current, onchange: () => this.#showGame(g.name) }),
					el("span", { class: "game-name" }, g.info.title),
					el("span", { class: "help" }, g.info.summary),
				),
			),
		);
		form.addEventListener("submit", (e) => {
			e.preventDefault();
			this.#submit();
		});
		this.#showGame(current);
		pick();
	}

	/** Shows the form for a game on the server, by the person named. */
	showServer(name) {
		const server = this.#form.querySelector("input[name=where][value=server]");
		if (!server.checked) {
			server.checked = true;
			this.#pick();
		}
		if (name) {
			this.#form.querySelector("#setup-name").value = name;
		}
		this.show();
	}

	/** Shows the form; error is a message from the last start, if any. */
	show(error) {
		this.#form.hidden = false;
		this.error(error);
		this.#form.querySelector("input[name=game]:checked")?.focus();
	}

	hide() {
		this.#form.hidden = true;
	}

	error(message) {
		const p = this.#form.querySelector("#setup-error");
		p.textContent = message ?? "";
		p.hidden = !message;
	}

	#game(name) {
		return this.#desc.games.find((g) => g.name === name);
	}

	#saved(name) {
		return this.#prefs.games?.[name] ?? {};
	}

	#showGame(name) {
		const g = this.#game(name);
		const saved = this.#saved(name);
		const info = g.info;
		const players = Math.min(info.maxPlayers, Math.max(info.minPlayers, saved.players ?? g.defaultOptions.players ?? info.minPlayers));
		const row = this.#form.querySelector("#players-row");
		if (info.minPlayers === info.maxPlayers) {
			row.replaceChildren(el("span", {}, `${info.minPlayers} players`), el("input", { type: "hidden", id: "players", value: info.minPlayers }));
		} else {
			const select = el(
				"select",
				{ id: "players", onchange: () => this.#showSeats(g, Number(select.value)) },
				Array.from({ length: info.maxPlayers - info.minPlayers + 1 }, (_, i) => {
					const n = info.minPlayers + i;
					return el("option", { value: n, selected: n === players }, String(n));
				}),
			);
			const desc = info.options.find((o) => o.name === "players")?.description;
			row.replaceChildren(el("label", { for: "players" }, "Players"), select, desc ? el("span", { class: "help" }, desc) : null);
		}
		this.#showSeats(g, players);
		this.#showOptions(g, saved.options ?? {});
		this.#form.querySelector("#seed").value = "";
		this.error(null);
	}

	#showSeats(g, n) {
		const saved = this.#saved(g.name).seats ?? [];
		const bots = this.#desc.bots.filter((b) => g.bots.includes(b.name));
		const body = this.#form.querySelector("#seats tbody");
		const server = this.#where() === "server";
		// On the server, the others' seats are open by default: for people to take.
		const def = server ? "open" : (bots.find((b) => strengthOf(bots, b.name))?.name ?? bots[0]?.name);
		const kinds = new Set(["human", ...(server ? ["open"] : []), ...bots.map((b) => b.name)]);
		body.replaceChildren(
			...Array.from({ length: n }, (_, p) => {
				let [kind, opts] = (saved[p] ?? (p === 0 ? "human" : def)).split(":");
				if (!kinds.has(kind)) {
					kind = p === 0 ? "human" : def;
				}
				const strengthOpt = () => strengthOf(bots, who.value);
				const savedStrength = Number(/strength=(\d+)/.exec(opts ?? "")?.[1]);
				const strength = el("select", { name: `strength${p}`, "aria-label": `${pname(p)}: the bot's strength` });
				const fill = () => {
					const o = strengthOpt();
					strength.hidden = !o;
					if (!o) {
						strength.replaceChildren();
						return;
					}
					const current = Number(strength.value) || savedStrength || Number(o.default);
					strength.replaceChildren(
						...Array.from({ length: o.max - o.min + 1 }, (_, i) => {
							const s = o.min + i;
							return el("option", { value: s, selected: s === current }, `${s}: ${strengthText(s)}`);
						}),
					);
				};
				const who = el(
					"select",
					{ name: `seat${p}`, "aria-label": `${pname(p)}: played by`, onchange: fill },
					el("option", { value: "human", selected: kind === "human" }, "a person"),
					server ? el("option", { value: "open", selected: kind === "open", title: "a seat that anyone with the invitation takes with their name" }, "an open seat") : null,
					bots.map((b) => el("option", { value: b.name, selected: kind === b.name, title: botSummary(b.name, b.summary) }, botName(b.name))),
				);
				fill();
				return el("tr", {}, el("th", { scope: "row" }, pname(p)), el("td", {}, who), el("td", {}, strength));
			}),
		);
		this.#form.querySelector("#bots-help").replaceChildren(
			...[
				server
				? el(
						"span",
						{ class: "bot-help" },
						el("b", {}, "a person"),
						": the first is yours, each other's is a link to pass on; ",
						el("b", {}, "an open seat"),
						": anyone with the invitation (or from the lobby) takes it with their name.",
					)
					: null,
				...bots.map((b) => el("span", { class: "bot-help" }, el("b", {}, botName(b.name)), `: ${botSummary(b.name, b.summary)}.`)),
			].filter(Boolean),
		);
	}

	#showOptions(g, saved) {
		const box = this.#form.querySelector("#options");
		const fields = g.info.options
			.filter((o) => !own.has(o.name) && (o.type === "int" || o.type === "bool"))
			.map((o) => {
				const id = `opt-${o.name}`;
				const value = saved[o.name] ?? o.default;
				const help = el("span", { class: "help", id: `${id}-help` }, o.description.replace(/\b[a-z]+[A-Z]\w*\b/g, (w) => optionLabel(w)));
				if (o.type === "bool") {
					const input = el("input", { type: "checkbox", id, name: o.name, checked: value === true, "aria-describedby": `${id}-help` });
					return el("div", { class: "row check" }, el("label", { for: id }, input, " ", optionLabel(o.name)), help);
				}
				const input = el("input", { type: "number", id, name: o.name, value, min: o.min ?? 0, max: o.max, step: 1, required: true, inputmode: "numeric", "aria-describedby": `${id}-help` });
				return el("div", { class: "row" }, el("label", { for: id }, optionLabel(o.name)), input, help);
			});
		box.replaceChildren(...(fields.length > 0 ? fields : [el("p", { class: "help" }, "This game has no options.")]));
	}

	#where() {
		return this.#form.querySelector("input[name=where]:checked")?.value ?? "browser";
	}

	/** What the form says: the game, its options and the seats, and where to play. */
	values() {
		const f = this.#form;
		const name = f.querySelector("input[name=game]:checked").value;
		const g = this.#game(name);
		const players = Number(f.querySelector("#players").value);
		const bots = this.#desc.bots.filter((b) => g.bots.includes(b.name));
		const options = {};
		for (const o of g.info.options) {
			const input = f.querySelector(`#opt-${o.name}`);
			if (!input) {
				continue;
			}
			options[o.name] = o.type === "bool" ? input.checked : Number(input.value);
		}
		const seats = Array.from({ length: players }, (_, p) =>
			seatSpec(f.querySelector(`[name=seat${p}]`).value, f.querySelector(`[name=strength${p}]`).value, bots),
		);
		return {
			game: name,
			players,
			options,
			seats,
			seed: f.querySelector("#seed").value.trim(),
			where: this.#where(),
			name: f.querySelector("#setup-name").value.trim(),
			public: f.querySelector("#public").checked,
			spectators: f.querySelector("#spectators").checked,
		};
	}

	#submit() {
		if (!this.#form.reportValidity()) {
			return;
		}
		const v = this.values();
		if (v.seed !== "" && !/^[0-9]{1,20}$/.test(v.seed)) {
			this.error("The seed is a whole number (up to 20 digits), or empty for a random deal.");
			return;
		}
		if (v.where === "server" && !v.seats.some((s) => s === "human" || s === "open")) {
			this.error("A game on the server needs a person or an open seat in one seat at least.");
			return;
		}
		this.#prefs.game = v.game;
		this.#prefs.where = v.where;
		if (v.where === "server") {
			this.#prefs.name = v.name;
			this.#prefs.public = v.public;
			this.#prefs.spectators = v.spectators;
		}
		this.#prefs.games = { ...this.#prefs.games, [v.game]: { players: v.players, options: v.options, seats: v.seats } };
		this.#onStart(v);
	}
}
