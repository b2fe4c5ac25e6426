// The page: a form of a new game, then the game on its table, to the
// end. Every rule is the bundle's: the page shows views and offers
// exactly the moves a view lists. A game plays in the browser, on the
// bundle in a worker (engine.mjs), its state and events kept in the
// browser's storage for the bundle's calls and a reload and never shown;
// or, when the server beside the page offers the games' API, on the
// server, each person in their own browser with their seat's link.
import { API, joinOf } from "./api.mjs";
import { choose } from "./chooser.mjs";
import { Engine } from "./client.mjs";
import { SetupForm, seatLabel } from "./form.mjs";
import { forgetGame, loadGame, loadInvites, loadPrefs, saveGame, saveInvites, savePrefs } from "./store.mjs";
import { tableFor } from "./tables/index.mjs";
import { el, pname, sleep } from "./ui.mjs";

const $ = (id) => document.getElementById(id);
const started = performance.now();
const engine = new Engine(new URL("./engine.mjs", import.meta.url));
const prefs = loadPrefs();

/**
 * How often a game on the server is asked for news while others play: a
 * person's move takes a while, a bot's a moment (the server plays the
 * bots after the move that leaves them to act).
 */
const pollEvery = 1000;
const pollBots = 250;

const pace = $("pace");
if ([...pace.options].some((o) => o.value === String(prefs.pace))) {
	pace.value = String(prefs.pace);
}
pace.addEventListener("change", () => {
	prefs.pace = Number(pace.value);
	savePrefs(prefs);
});

/** Shows a message above the page; null hides it. */
function notice(message) {
	$("notice").textContent = message ?? "";
	$("notice").hidden = !message;
}

/** A seed for a new game: 53 random bits. */
function randomSeed() {
	const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
	return (hi >>> 11) * 2 ** 32 + lo;
}

/** Names a list of players: "P1", "P1 and P3", "P1, P2 and P4". */
function names(players) {
	const n = players.map(pname);
	return n.length <= 1 ? (n[0] ?? "") : `${n.slice(0, -1).join(", ")} and ${n.at(-1)}`;
}

/** What the page shows of a game, whoever runs it: table, log, turn, result. */
const screen = {
	open(title) {
		$("game-title").textContent = title;
		$("play").hidden = false;
		$("log").replaceChildren();
		$("actions").replaceChildren();
		$("side").replaceChildren();
	},

	table(table, view, ctx) {
		$("table").replaceChildren(table.render(view, ctx));
	},

	log(entries) {
		const list = $("log");
		list.append(...entries.map((e) => el("li", { value: e.seq }, e.text)));
		list.scrollTop = list.scrollHeight;
	},

	status(text) {
		$("turn").textContent = text;
	},

	/** Offers the viewer's moves on the table; a promise of the move chosen. */
	ask(table, view, who) {
		this.status(view.decision ? `${who}: ${view.decision.replace(/^P\d+: /, "")}` : who);
		return new Promise((resolve) => {
			choose({
				root: $("table"),
				bar: $("actions"),
				moves: view.moves,
				partsOf: (m) => table.partsOf(m, view),
				onMove: resolve,
				prompt: "Click a highlighted card or place, or a button.",
			});
		});
	},

	/** The end: who won, the scores, and what to do next. */
	result(view, humans, buttons) {
		const { winners, scores, drawn } = view.result;
		let head;
		if (winners.length === 0) {
			head = "A draw: nobody wins";
		} else if (drawn) {
			head = `${names(winners)} drew`;
		} else if (winners.length === 1) {
			head = `${pname(winners[0])} wins`;
		} else {
			head = `${names(winners)} share the win`;
		}
		const mine = humans.filter((p) => winners.includes(p));
		const cheer = humans.length === 1 ? (mine.length > 0 ? "Well played!" : "Better luck next time.") : "";
		this.status(`Game over: ${head}.`);
		$("actions").replaceChildren(
			el(
				"div",
				{ class: "result", id: "result" },
				el("h2", {}, `${head}.`),
				cheer ? el("p", {}, cheer) : null,
				el("p", { class: "scores" }, "Scores: ", scores.map((s, p) => `${pname(p)} ${s}`).join(" · ")),
				el("div", { class: "buttons" }, buttons),
			),
		);
		$("actions").querySelector("button")?.focus();
	},
};

/**
 * A game played in the browser: the record of it that the storage keeps,
 * and the loop that asks the bots and the people for their moves.
 */
class Local {
	constructor(desc, saved) {
		this.desc = desc; // the game's description: name, info, bots
		this.g = saved; // {game, options, seats, home, state, events, moves}
		this.table = tableFor(saved.game);
		this.humans = saved.seats.flatMap((s, p) => (s === "human" ? [p] : []));
		this.stopped = false;
	}

	seatLabel(p) {
		return seatLabel(this.g.seats[p], this.humans.length);
	}

	/** Plays on until the end, or until stopped. */
	async run() {
		screen.open(`${this.desc.info.title} · seed ${this.g.options.seed}`);
		await this.look(this.g.home, this.g.events);
		while (!this.stopped) {
			const view = this.view;
			if (view.over) {
				screen.result(view, this.humans, [
					el("button", { type: "button", class: "primary", id: "again", onclick: () => app.again(this.g) }, "Play again"),
					el("button", { type: "button", onclick: () => app.setup() }, "New game"),
				]);
				return;
			}
			const bot = view.toAct.find((p) => this.g.seats[p] !== "human");
			if (bot !== undefined) {
				await this.botTurn(bot);
				continue;
			}
			const p = view.toAct.find((q) => this.g.seats[q] === "human");
			if (p !== this.g.home) {
				await this.handOver(p);
				continue;
			}
			const move = await screen.ask(this.table, view, this.humans.length > 1 ? `${pname(p)}, your move` : "Your move");
			if (!this.stopped) {
				await this.play(move);
			}
		}
	}

	/**
	 * Takes the view of viewer and their reading of events, then shows
	 * them: the new view replaces the table, the entries join the log.
	 */
	async look(viewer, events) {
		const view = await engine.call("view", this.g.game, this.g.state, viewer);
		const entries = events.length > 0 ? await engine.call("eventsFor", events, viewer) : [];
		const viewText = this.table.plain ? await engine.call("viewText", this.g.game, view) : undefined;
		if (this.stopped) {
			return;
		}
		// The storage and the table change together, in one task.
		if (!saveGame(this.g)) {
			notice("This browser refused to keep the game: a reload will lose it.");
		}
		this.view = view;
		screen.table(this.table, view, { info: this.desc.info, seatLabel: (p) => this.seatLabel(p), viewText });
		screen.log(entries);
	}

	async botTurn(p) {
		screen.status(`${pname(p)} (${this.seatLabel(p)}) is thinking…`);
		$("actions").replaceChildren();
		const seed = this.g.moves.length + 1;
		const [move] = await Promise.all([engine.call("botMove", this.g.game, this.g.state, p, { bot: this.g.seats[p], seed }), sleep(Number(pace.value))]);
		if (!this.stopped) {
			await this.play(move);
		}
	}

	/** Hides the table until the next person at the screen says who they are. */
	async handOver(p) {
		$("table").replaceChildren(el("div", { class: "curtain" }, el("p", {}, `${pname(p)} to play: pass the screen to ${pname(p)}.`)));
		$("log").replaceChildren();
		screen.status(`${pname(p)}'s move`);
		await new Promise((resolve) => {
			const shown = () => {
				$("actions").replaceChildren();
				resolve();
			};
			const b = el("button", { type: "button", class: "primary", id: "reveal", onclick: shown }, `I am ${pname(p)}: show my cards`);
			$("actions").replaceChildren(b);
			b.focus();
		});
		this.g.home = p;
		await this.look(p, this.g.events);
	}

	/** Applies a move, keeps the game, and shows what follows. */
	async play(move) {
		let step;
		try {
			step = await engine.call("apply", this.g.game, this.g.state, move);
		} catch (e) {
			notice(`The move was refused: ${e.message}`);
			return;
		}
		const { text, ...input } = move;
		this.g.state = step.state;
		this.g.events.push(...step.events);
		this.g.moves.push(input);
		await this.look(this.g.home, step.events);
	}

	stop() {
		this.stopped = true;
	}
}

/**
 * A game on the server, played from one seat with its secret token: the
 * server keeps the state and plays the bots; the page shows the seat's
 * view, sends its moves, and asks for news while the others play.
 */
class Online {
	constructor(api, info, join) {
		this.api = api;
		this.info = info; // the game's metadata, from the server's catalog
		this.id = join.id;
		this.token = join.token;
		this.table = tableFor(info.name);
		this.seq = 0; // the last event read
		this.stopped = false;
	}

	seatLabel(p) {
		const s = this.seats[p];
		if (p === this.seat) {
			return "you";
		}
		return s === "human" ? "a person" : seatLabel(s, 0);
	}

	/** Plays on from first, the seat's first view, until the end or until stopped. */
	async run(first) {
		screen.open(`${this.info.title} · on the server`);
		await this.show(first);
		this.invites();
		while (!this.stopped) {
			const view = this.view;
			if (view.over) {
				screen.result(view, [this.seat], [el("button", { type: "button", class: "primary", id: "again", onclick: () => app.setup() }, "New game")]);
				return;
			}
			if (view.moves.length > 0) {
				const { move, sv } = await this.ask(view);
				if (this.stopped) {
					return;
				}
				if (sv) {
					await this.show(sv); // the person's moves changed meanwhile: ask again
					continue;
				}
				const { text, ...input } = move;
				screen.status("Sending your move…");
				try {
					await this.show(await this.send(input, move));
				} catch (e) {
					notice(e.status === 409 ? "The game moved on before your move: here it is now." : `The move was refused: ${e.message}`);
					await sleep(e.retryAfter ?? 0);
					await this.show(await this.api.view(this.id, this.token, this.seq));
				}
				continue;
			}
			if (this.closed) {
				screen.status(`The server closed this game: ${this.closed}.`);
				$("actions").replaceChildren();
				return;
			}
			screen.status(`Waiting for ${names(view.toAct)}…`);
			$("actions").replaceChildren();
			const bots = view.toAct.some((p) => this.seats[p] !== "human");
			await sleep(bots ? pollBots : pollEvery);
			try {
				const sv = await this.api.view(this.id, this.token, this.seq, this.version);
				if (sv) {
					notice(null);
					await this.show(sv);
				}
			} catch (e) {
				notice(`The server: ${e.message}. Trying again…`);
				await sleep(e.retryAfter ?? 0);
			}
		}
	}

	/**
	 * Sends the person's move. If another's move came first (409), and
	 * the person's is still one of their moves, their choice stands: it
	 * goes again on the game as it is now.
	 */
	async send(input, move) {
		for (let tries = 0; ; tries++) {
			try {
				return await this.api.move(this.id, this.token, this.version, input, this.seq);
			} catch (e) {
				if (e.status !== 409 || tries === 2) {
					throw e;
				}
				const sv = await this.api.view(this.id, this.token, this.seq);
				if (sv.more || !sv.view.moves.some((m) => JSON.stringify(m) === JSON.stringify(move))) {
					throw e;
				}
				this.version = sv.version;
				screen.log(sv.events);
				this.seq = sv.events.at(-1)?.seq ?? this.seq;
			}
		}
	}

	/**
	 * Asks the person for a move of view, and meanwhile asks the server
	 * for news: others may move during the person's turn (a simultaneous
	 * choice, the bots that play after a move). News that leaves the
	 * person's moves as they were is logged, and the move goes on the new
	 * version; news that changes them ends the question. It resolves to
	 * {move} or {sv}, the news.
	 */
	async ask(view) {
		let asking = true;
		const news = (async () => {
			while (asking && !this.stopped) {
				await sleep(pollEvery);
				if (!asking) {
					return null;
				}
				let sv;
				try {
					sv = await this.api.view(this.id, this.token, this.seq, this.version);
				} catch (e) {
					await sleep(e.retryAfter ?? 0);
					continue;
				}
				if (!asking || !sv) {
					continue;
				}
				if (!sv.more && JSON.stringify(sv.view.moves) === JSON.stringify(view.moves)) {
					this.version = sv.version;
					screen.log(sv.events);
					this.seq = sv.events.at(-1)?.seq ?? this.seq;
					continue;
				}
				return sv;
			}
			return null;
		})();
		const asked = screen.ask(this.table, view, "Your move").then((move) => ({ move }));
		const answer = await Promise.race([asked, news.then((sv) => (sv ? { sv } : asked))]);
		asking = false;
		return answer;
	}

	/**
	 * Shows a seat's view from the server, and the events it brings,
	 * reading on while more follow than one answer holds.
	 */
	async show(sv) {
		while (!this.stopped) {
			this.seat = sv.seat;
			this.seats = sv.seats;
			this.version = sv.version;
			this.view = sv.view;
			this.closed = sv.closed ?? "";
			screen.table(this.table, sv.view, { info: this.info, seatLabel: (p) => this.seatLabel(p) });
			screen.log(sv.events);
			this.seq = sv.events.at(-1)?.seq ?? this.seq;
			if (!sv.more) {
				return;
			}
			sv = await this.api.view(this.id, this.token, this.seq);
		}
	}

	/** The links of the other people's seats, for the one who made the game. */
	invites() {
		const links = loadInvites()[this.id] ?? [];
		if (links.length === 0) {
			return;
		}
		$("side").replaceChildren(
			el(
				"section",
				{ class: "invites", id: "invites" },
				el("h2", {}, "Invite the others"),
				el("p", { class: "help" }, "Send each person the link of their seat; it is theirs alone."),
				links.map((l) => {
					const url = new URL(l.join, location.href).href;
					return el("p", { class: "invite" }, el("label", { for: `invite${l.seat}` }, pname(l.seat)), el("input", { id: `invite${l.seat}`, readonly: true, value: url, onfocus: (e) => e.target.select() }));
				}),
			),
		);
	}

	stop() {
		this.stopped = true;
	}
}

/** The page: loads the engine, then a game in progress or the form. */
const app = {
	desc: null,
	game: null, // the game being played: a Local or an Online
	form: null,
	api: null,
	catalog: null,

	async boot() {
		const join = joinOf(location.hash);
		this.api = await this.site();
		try {
			this.desc = await engine.call("describe");
		} catch (e) {
			$("loading").replaceChildren(el("p", { class: "error" }, `The games could not start: ${e.message}.`));
			return;
		}
		document.documentElement.dataset.ready = String(Math.round(performance.now() - started));
		$("loading").hidden = true;
		$("new-game").hidden = false;
		$("new-game").addEventListener("click", () => this.setup());
		this.form = new SetupForm($("setup"), this.desc, prefs, (v) => this.start(v), Boolean(this.api));
		window.addEventListener("hashchange", () => {
			const j = joinOf(location.hash);
			if (j) {
				this.join(j);
			}
		});
		const saved = loadGame();
		if (join && this.api) {
			this.join(join);
		} else if (saved && this.gameDesc(saved.game)) {
			this.resume(saved);
		} else {
			this.setup();
		}
	},

	/** The API of the server beside the page, or null. */
	async site() {
		try {
			const resp = await fetch(new URL("site.json", location.href));
			const site = resp.ok ? await resp.json() : {};
			return site.api ? new API(new URL(site.api, location.href).pathname) : null;
		} catch {
			return null;
		}
	},

	gameDesc(name) {
		return this.desc.games.find((g) => g.name === name);
	},

	stop() {
		this.game?.stop();
		this.game = null;
	},

	setup(error) {
		this.stop();
		if (location.hash) {
			history.replaceState(null, "", location.pathname + location.search);
		}
		$("play").hidden = true;
		$("game-title").textContent = "";
		screen.status("");
		this.form.show(error);
	},

	async start(v) {
		savePrefs(prefs);
		if (v.where === "server") {
			return this.create(v);
		}
		const { game, players, options, seats, seed } = v;
		const opts = { ...options, players, seed: seed === "" ? randomSeed() : Number(seed) <= Number.MAX_SAFE_INTEGER ? Number(seed) : seed };
		let step;
		try {
			step = await engine.call("start", game, opts);
		} catch (e) {
			this.form.error(e.message);
			return;
		}
		forgetGame();
		this.resume({ game, options: opts, seats, home: seats.indexOf("human"), state: step.state, events: step.events, moves: [] });
	},

	/** Starts a game like g, with a new deal. */
	again(g) {
		return this.start({ game: g.game, players: g.seats.length, options: g.options, seats: g.seats, seed: "" });
	},

	resume(saved) {
		this.form.hide();
		notice(null);
		this.stop();
		this.game = new Local(this.gameDesc(saved.game), saved);
		this.game.run().catch((e) => notice(`The game stopped: ${e.message}`));
	},

	/** Creates a game on the server; the person who made it takes its first human seat. */
	async create({ game, players, options, seats }) {
		let created;
		try {
			created = await this.api.create({ game, options: { ...options, players }, seats });
		} catch (e) {
			this.form.error(e.message);
			return;
		}
		const humans = created.seats.filter((s) => s.token);
		saveInvites(created.id, humans.slice(1).map(({ seat, join }) => ({ seat, join })));
		location.hash = new URL(humans[0].join, location.href).hash; // hashchange joins it
	},

	async join(join) {
		this.form.hide();
		notice(null);
		this.stop();
		try {
			this.catalog ??= await this.api.catalog();
			const first = await this.api.view(join.id, join.token, 0);
			const info = this.catalog.games.find((g) => g.name === first.game);
			const online = new Online(this.api, info, join);
			this.game = online;
			await online.run(first);
		} catch (e) {
			this.setup(`The game on the server could not be joined: ${e.message}`);
		}
	},
};

app.boot();
