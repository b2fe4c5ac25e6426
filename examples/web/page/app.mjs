// The page: a form of a new game, then the game on its table, to the
// end. Every rule is the bundle's: the page shows views and offers
// exactly the moves a view lists. A game plays in the browser, on the
// bundle in a worker (engine.mjs), its state and events kept in the
// browser's storage for the bundle's calls and a reload and never shown;
// or, when the server beside the page offers the games' API, on the
// server, each person in their own browser with their seat's link: met
// in the lobby, gathered in a game's waiting room, named at the table,
// watched by spectators, and playing again at the same table. A game on
// the server comes live through its stream (live.mjs).
import { API, joinOf, linkOf } from "./api.mjs";
import { choose } from "./chooser.mjs";
import { happened } from "./happened.mjs";
import { EngineError, Engine } from "./client.mjs";
import { SetupForm, seatLabel } from "./form.mjs";
import { Feed } from "./live.mjs";
import { Lobby } from "./lobby.mjs";
import { optionsText, Room } from "./room.mjs";
import { hideTip, learnTerms, RulesPanel, termify } from "./rules.mjs";
import { forgetGame, loadGame, loadInvites, loadKeys, loadPrefs, saveGame, saveInvites, saveKeys, savePrefs } from "./store.mjs";
import { tableFor } from "./tables/index.mjs";
import { botLabel, el, learnBots, namer, plainText, pname, rich, sleep } from "./ui.mjs";

const $ = (id) => document.getElementById(id);
const started = performance.now();
const engine = new Engine(new URL("./engine.mjs", import.meta.url));
const prefs = loadPrefs();
const rules = new RulesPanel($("rules"));

// The actions' bar sticks to the bottom of the screen, and the viewer's
// seat just above it: the seat needs the bar's height.
new ResizeObserver(([e]) => $("board").style.setProperty("--actions-h", `${Math.ceil(e.borderBoxSize?.[0]?.blockSize ?? e.contentRect.height)}px`)).observe($("actions"));

// On a phone the log is a panel of its own, opened from the status.
function showLog(open) {
	$("side-panel").classList.toggle("open", open);
	$("log-open").setAttribute("aria-expanded", String(open));
	if (open) {
		$("log-close").focus();
		const list = $("log");
		list.scrollTop = list.scrollHeight;
	}
}
$("log-open").addEventListener("click", () => showLog(!$("side-panel").classList.contains("open")));
$("log-close").addEventListener("click", () => (showLog(false), $("log-open").focus()));
document.addEventListener("keydown", (e) => e.key === "Escape" && $("side-panel").classList.contains("open") && (showLog(false), $("log-open").focus()));

/**
 * Asks whether to leave the game shown for another screen; a promise of
 * yes. text says what leaving means.
 */
function confirmLeave(text) {
	const d = $("confirm");
	$("confirm-text").textContent = text;
	return new Promise((resolve) => {
		const done = (yes) => {
			d.removeEventListener("close", onClose);
			$("confirm-yes").onclick = $("confirm-no").onclick = null;
			if (d.open) {
				d.close();
			}
			resolve(yes);
		};
		const onClose = () => done(false);
		d.addEventListener("close", onClose);
		$("confirm-yes").onclick = () => done(true);
		$("confirm-no").onclick = () => done(false);
		d.showModal();
		$("confirm-no").focus();
	});
}

/**
 * How often a game on the server is asked for news while its stream is
 * away and others play: a person's move takes a while, a bot's a moment
 * (the server plays the bots after the move that leaves them to act).
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
/** A number of bytes in megabytes, for people. */
function megabytes(n) {
	return `${(n / 1e6).toFixed(1)} MB`;
}

function randomSeed() {
	const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
	return (hi >>> 11) * 2 ** 32 + lo;
}

/** Names a list of players: "P1", "P1 and P3", "P1, P2 and P4"; pn names one ("Ann (P1)"). */
function names(players, pn = pname) {
	const n = players.map(pn);
	return n.length <= 1 ? (n[0] ?? "") : `${n.slice(0, -1).join(", ")} and ${n.at(-1)}`;
}

/**
 * The places of the cards a table shows: for each seat and zone, the
 * faces there, counted; so that the page can tell what arrived since.
 */
function placesOf(root) {
	const m = new Map();
	for (const e of root.querySelectorAll("[data-card]")) {
		const k = `${e.closest("[data-seat]")?.dataset.seat ?? "c"}|${e.closest("[data-zone]")?.dataset.zone ?? ""}|${e.dataset.card}`;
		m.set(k, (m.get(k) ?? 0) + 1);
	}
	return m;
}

/** What the page shows of a game, whoever runs it: table, log, status, result. */
const screen = {
	entries: [],
	viewer: null,

	open(title, info) {
		$("game-title").textContent = title;
		$("play").hidden = false;
		$("table").replaceChildren();
		delete $("table").dataset.version;
		$("log").replaceChildren();
		$("actions").replaceChildren();
		$("side").replaceChildren();
		$("last").replaceChildren();
		this.entries = [];
		this.viewer = null;
		this.info = info;
		learnTerms(info);
		$("rules-open").onclick = () => rules.show(info);
		showLog(false);
	},

	/** The game's details, for who wants them: its seed, options and seats. */
	details(rows) {
		$("details-body").replaceChildren(el("dl", {}, rows.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])));
	},

	/**
	 * Draws the table anew; what arrived since the last drawing of the
	 * same seat's view (cards played, bought, taken, discarded, dealt) is
	 * marked, with a short animation where motion is welcome, and so are
	 * the cards the last move's events name in their data.
	 */
	table(table, view, ctx) {
		hideTip();
		const root = $("table");
		const before = this.viewer === view.viewer && root.querySelector(".layout") ? placesOf(root) : null;
		root.replaceChildren(table.render(view, { ...ctx, log: this.entries }));
		this.viewer = view.viewer;
		const named = ctx.lastMove?.cards;
		if (named?.size > 0 && !view.over) {
			for (const e of root.querySelectorAll("[data-card]")) {
				if (named.has(e.dataset.card)) {
					e.classList.add("named");
				}
			}
		}
		if (!before) {
			return;
		}
		const seen = new Map();
		for (const e of root.querySelectorAll("[data-card]")) {
			const k = `${e.closest("[data-seat]")?.dataset.seat ?? "c"}|${e.closest("[data-zone]")?.dataset.zone ?? ""}|${e.dataset.card}`;
			const n = (seen.get(k) ?? 0) + 1;
			seen.set(k, n);
			if (n > (before.get(k) ?? 0)) {
				e.classList.add("fresh");
			}
		}
	},

	log(entries) {
		const list = $("log");
		list.append(...entries.map((e) => el("li", { value: e.seq }, rich(e.text))));
		list.scrollTop = list.scrollHeight;
		this.entries.push(...entries);
		if (entries.length > 0) {
			const latest = entries.slice(-2);
			$("last").replaceChildren(el("span", { class: "last-label" }, "Just now: "), el("span", {}, latest.map((e, i) => [i > 0 ? "; " : "", rich(e.text)])));
		}
	},

	/** Says whose turn it is (text) and what to do (todo: nodes or text). */
	status(text, todo = null) {
		$("turn").textContent = text;
		$("todo").replaceChildren(...(todo === null ? [] : [todo].flat()));
	},

	/** Offers the viewer's moves on the table; a promise of the move chosen. */
	ask(table, view, who, ctx, focus) {
		const todo = table.todo ? table.todo(view, ctx) : view.decision ? termify(view.decision.replace(/^P\d+: /, "")) : null;
		this.status(who, todo);
		return new Promise((resolve) => {
			choose({
				root: $("table"),
				bar: $("actions"),
				moves: view.moves,
				partsOf: (m) => table.partsOf(m, view),
				onMove: resolve,
				prompt: table.prompt ?? "Click a highlighted card or place, or a button.",
				needsConfirm: (m) => table.needsConfirm?.(m, view) ?? false,
				describe: (m) => table.describe?.(m, view, ctx) ?? m.text,
				focus,
			});
		});
	},

	/** The end: who won, the scores in words, and what to do next; pn names a player, note says more. */
	result(view, humans, buttons, pn = pname, note = null, table = null) {
		const { winners, scores, drawn } = view.result;
		let head;
		if (winners.length === 0) {
			head = "A draw: nobody wins";
		} else if (drawn) {
			head = `${names(winners, pn)} drew`;
		} else if (winners.length === 1) {
			head = `${pn(winners[0])} wins`;
		} else {
			head = `${names(winners, pn)} share the win`;
		}
		const mine = humans.filter((p) => winners.includes(p));
		const cheer = humans.length === 1 ? (mine.length > 0 ? "Well played!" : "Better luck next time.") : "";
		const score = (s) => table?.scoreText?.(s) ?? String(s);
		const order = scores.map((s, p) => ({ s, p })).sort((a, b) => Number(winners.includes(b.p)) - Number(winners.includes(a.p)) || b.s - a.s || a.p - b.p);
		this.status(`Game over: ${head}.`, cheer || null);
		$("actions").replaceChildren(
			el(
				"div",
				{ class: "result", id: "result", role: "region", "aria-labelledby": "result-title" },
				el("h2", { id: "result-title" }, `${head}.`),
				cheer ? el("p", {}, cheer) : null,
				el(
					"ol",
					{ class: "scores", "aria-label": "Scores" },
					order.map(({ s, p }) => el("li", { class: winners.includes(p) ? "won" : null }, el("b", {}, pn(p)), humans.includes(p) && humans.length === 1 ? " (you)" : "", `: ${score(s)}`, winners.includes(p) ? (drawn ? " · drew" : " · winner") : "")),
				),
				note ? el("p", { class: "rematch-note", id: "rematch-note" }, note) : null,
				el("div", { class: "buttons" }, buttons),
			),
		);
		$("actions").querySelector("button")?.focus({ preventScroll: true });
		$("result").scrollIntoView?.({ block: "nearest" });
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

	seatDetail(p) {
		return this.g.seats[p] === "human" ? "" : botLabel(this.g.seats[p]).detail;
	}

	/** Whether the game is still to be played: leaving it loses it. */
	get inProgress() {
		return Boolean(this.view && !this.view.over && !this.stopped);
	}

	/** Plays on until the end, or until stopped. */
	async run() {
		const info = this.desc.info;
		screen.open(info.title, info);
		screen.details([
			["Game", info.title],
			["Options", optionsText(info, { ...this.g.options, players: this.g.seats.length })],
			["Seats", this.g.seats.map((s, p) => el("span", { class: "detail-seat" }, `${pname(p)}: ${this.seatLabel(p)}${this.seatDetail(p) ? ` (${this.seatDetail(p)})` : ""}`))],
			["Seed", el("code", {}, String(this.g.options.seed)), el("span", { class: "help" }, " the same seed and moves deal the same game")],
		]);
		await this.look(this.g.home, this.g.events);
		while (!this.stopped) {
			const view = this.view;
			if (view.over) {
				screen.result(
					view,
					this.humans,
					[
						el("button", { type: "button", class: "primary", id: "again", onclick: () => app.again(this.g) }, "Play again"),
						el("button", { type: "button", onclick: () => app.setup() }, "New game"),
					],
					pname,
					null,
					this.table,
				);
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
			const move = await screen.ask(this.table, view, this.humans.length > 1 ? `${pname(p)}, your turn` : "Your turn", this.ctx());
			if (!this.stopped) {
				await this.play(move);
			}
		}
	}

	/**
	 * Takes the view of viewer and their reading of events, then shows
	 * them: the new view replaces the table, the entries join the log.
	 */
	ctx(viewText) {
		return {
			info: this.desc.info,
			seatLabel: (p) => this.seatLabel(p),
			seatDetail: (p) => this.seatDetail(p),
			pname,
			name: () => null,
			text: (s) => s,
			viewText,
			lastMove: this.lastMove,
		};
	}

	async look(viewer, events, mover = -1) {
		const view = await engine.call("view", this.g.game, this.g.state, viewer);
		const entries = events.length > 0 ? await engine.call("eventsFor", this.g.game, events, viewer) : [];
		const viewText = this.table.plain ? await engine.call("viewText", this.g.game, view) : undefined;
		if (this.stopped) {
			return;
		}
		// The storage and the table change together, in one task.
		if (!saveGame(this.g)) {
			notice("This browser refused to keep the game: a reload will lose it.");
		}
		this.view = view;
		// The last move, as the viewer reads its events (a move's own text
		// may tell a secret: another's pair), its player and cards from their
		// data.
		if (mover >= 0 && entries.length > 0) {
			const { player, cards } = happened(entries);
			const text = entries.slice(0, 2).map((e) => e.text).join("; ");
			this.lastMove = { player: player >= 0 ? player : mover, cards, text, plain: plainText(text) };
		}
		screen.log(entries);
		screen.table(this.table, view, this.ctx(viewText));
	}

	async botTurn(p) {
		const detail = this.seatDetail(p);
		screen.status(`${pname(p)} (${this.seatLabel(p)}) is thinking…`, detail ? `It ${detail.replace(/^strength \d+: /, "")}.` : null);
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
		$("last").replaceChildren();
		screen.entries = [];
		screen.viewer = null;
		this.lastMove = null;
		screen.status(`${pname(p)}'s turn`, `Pass the screen to ${pname(p)}: the cards stay hidden until they say who they are.`);
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
		await this.look(this.g.home, step.events, move.player);
	}

	stop() {
		this.stopped = true;
	}
}

/** Whether two moves are the same, whatever their texts say. */
function sameMove(a, b) {
	const { text: _a, ...x } = a;
	const { text: _b, ...y } = b;
	return JSON.stringify(x) === JSON.stringify(y);
}

function sameMoves(a, b) {
	return a.length === b.length && a.every((m, i) => sameMove(m, b[i]));
}

/** A link of the page's, whole: the server's links are paths and fragments. */
function absolute(link) {
	return new URL(link, location.href).href;
}

/** Tells how the news of a game on the server comes: live, polled, or not yet. */
function showLive(mode) {
	const e = $("live");
	e.dataset.mode = mode;
	e.hidden = mode === "closed";
	e.textContent = { stream: "● live", poll: "○ reconnecting, polling meanwhile", connecting: "○ connecting" }[mode] ?? "";
	e.title = mode === "stream" ? "the game's news comes as it happens" : "the live stream is away: the page asks the server for news meanwhile";
}

/**
 * A game on the server, from one seat with its secret token or as a
 * spectator: the server keeps the state and plays the bots; the page
 * shows the game's waiting room until its seats are full, then the seat's
 * view, sends its moves, and follows the game's news (a Feed: its stream,
 * or polls while the stream is away) to the end and to the rematch.
 */
class Online {
	constructor(api, info, join) {
		this.api = api;
		this.info = info; // the game's metadata, from the server's catalog
		this.id = join.id;
		this.token = join.token ?? null;
		this.spectator = !join.token;
		// A seat's token, or a spectator's key (none for a game anyone may watch).
		this.key = join.token ?? (join.watch || undefined);
		this.keys = loadKeys(this.id);
		this.table = tableFor(info.name);
		this.seq = 0; // the last event read
		this.version = -1;
		this.names = namer([]);
		this.seats = [];
		this.stopped = false;
		this.dirty = false;
		this.more = false;
		this.roomOpen = false;
	}

	seatLabel(p) {
		const s = this.seats[p];
		if (p === this.seat) {
			return "you";
		}
		return s === "human" ? "a person" : s === "open" ? "open" : seatLabel(s, 0);
	}

	title() {
		const n = this.watchers;
		return `${this.info.title} · on the server${this.spectator ? " · you are watching" : ""}${n > 0 ? ` · ${n} spectator${n === 1 ? "" : "s"}` : ""}`;
	}

	seatDetail(p) {
		const s = this.seats[p];
		return s && s !== "human" && s !== "open" ? botLabel(s).detail : "";
	}

	/** Whether leaving the page's game loses a seat's turn: never on the server, whose link keeps it; but say so. */
	get inProgress() {
		return Boolean(this.started && this.view && !this.view.over && !this.spectator && !this.stopped);
	}

	ctx() {
		return { info: this.info, seatLabel: (p) => this.seatLabel(p), seatDetail: (p) => this.seatDetail(p), pname: this.names.pname, name: this.names.name, text: this.names.text, lastMove: this.lastMove };
	}

	/** Follows the game from first, the seat's first read of it, until the end (and on, for the rematch) or until stopped. */
	async run(first) {
		screen.open(this.title(), this.info);
		$("side").replaceChildren(el("div", { id: "side-invites" }), el("div", { id: "side-history" }));
		const opts = this.keys.options;
		screen.details([
			["Game", this.info.title],
			opts ? ["Options", optionsText(this.info, opts)] : null,
			["Where", "on the server: its secret seed deals the cards"],
		].filter(Boolean));
		this.absorb(first);
		await this.readOn();
		this.feed = new Feed(this.api, this.id, this.key, {
			version: this.version,
			since: this.seq,
			pollEvery: () => (this.view?.toAct.some((p) => this.seats[p] !== "human") ? pollBots : pollEvery),
			onMode: (mode) => !this.stopped && showLive(mode),
			onWatchers: (n) => {
				if (!this.stopped) {
					this.watchers = n;
					$("game-title").textContent = this.title();
				}
			},
		});
		showLive(this.feed.mode);
		try {
			while (!this.stopped) {
				this.draw();
				if (!this.started) {
					screen.status("");
					await this.news();
					continue;
				}
				const view = this.view;
				if (view.over) {
					this.end();
					await this.news();
					continue;
				}
				if (this.closed) {
					screen.status(`The server closed this game: ${this.closed}.`);
					$("actions").replaceChildren();
					return;
				}
				if (!this.spectator && view.moves.length > 0) {
					await this.turn(view);
					continue;
				}
				screen.status(view.toAct.length > 0 ? `Waiting for ${names(view.toAct, this.names.pname)}…` : "");
				$("actions").replaceChildren();
				await this.news();
			}
		} finally {
			this.feed.close();
		}
	}

	/**
	 * Takes in a SeatView, from a read, a move's answer or the stream:
	 * logs the events the page has not read, and keeps the game as it
	 * says if it is newer than the one shown (a stream's message of a
	 * version that is not the last of a batch brings its events only).
	 */
	absorb(sv) {
		const full = Array.isArray(sv.seats);
		if (full && sv.version > this.version) {
			this.names = namer(sv.names ?? []);
		}
		const fresh = (sv.events ?? []).filter((e) => e.seq > this.seq);
		if (fresh.length > 0) {
			screen.log(fresh.map((e) => ({ seq: e.seq, text: this.names.text(e.text) })));
			this.seq = fresh.at(-1).seq;
			const { player, cards } = happened(fresh);
			const text = fresh.slice(0, 2).map((e) => this.names.text(e.text)).join("; ");
			this.lastMove = player >= 0 ? { player, cards, text, plain: plainText(text) } : null;
		}
		if (full && sv.more && sv.version >= this.version) {
			this.more = true;
		}
		if (!full || sv.version <= this.version) {
			return;
		}
		this.sv = sv;
		this.version = sv.version;
		this.seat = sv.seat;
		this.seats = sv.seats;
		this.started = sv.started;
		this.next = sv.next ?? "";
		this.previous = sv.previous ?? "";
		this.watchers = sv.watchers ?? 0;
		this.view = sv.view;
		this.closed = sv.closed ?? "";
		this.dirty = true;
		this.feed?.saw(this.version, this.seq);
	}

	/** Reads on while an answer said that more events follow than it held. */
	async readOn() {
		while (this.more && !this.stopped) {
			this.more = false;
			const sv = await this.api.view(this.id, this.key, this.seq);
			this.absorb(sv);
			this.more = sv.more ?? false;
			this.feed?.saw(this.version, this.seq);
		}
	}

	/** Waits for news of the game, and takes it in. */
	async news() {
		await this.feed.wait();
		if (this.stopped) {
			return;
		}
		if (this.feed.mode === "closed") {
			throw this.feed.error ?? new EngineError("network", "the game's news stopped");
		}
		for (const sv of this.feed.take()) {
			this.absorb(sv);
		}
		await this.readOn();
	}

	/** Shows the game as it is now: its waiting room, or its table. */
	draw() {
		if (!this.dirty || this.stopped) {
			return;
		}
		this.dirty = false;
		$("game-title").textContent = this.title();
		if (!this.started) {
			$("play").hidden = true;
			if (!this.roomOpen) {
				this.openRoom();
			}
			app.room.update(this.sv);
			return;
		}
		if (this.roomOpen) {
			app.room.close();
			this.roomOpen = false;
			$("turn").focus({ preventScroll: true });
		}
		$("play").hidden = false;
		const banner = $("banner");
		banner.hidden = !this.spectator;
		banner.textContent = this.spectator ? "You are watching this game as a spectator: you see what the players show, no one's hand, and make no move." : "";
		screen.table(this.table, this.view, this.ctx());
		$("table").dataset.version = String(this.version);
		if (!this.shownSide) {
			this.shownSide = true;
			this.invites();
			if (this.previous) {
				this.history();
			}
		}
	}

	/** The waiting room: the seats as they fill, the links to share, leaving, and the host's start. */
	openRoom() {
		this.roomOpen = true;
		const k = this.keys;
		const invites = loadInvites()[this.id] ?? [];
		app.room.open({
			info: this.info,
			id: this.id,
			seat: this.spectator ? -1 : this.seat,
			host: k.host,
			options: k.options,
			links: {
				invite: k.invite !== undefined ? absolute(linkOf(this.id, "invite", k.invite)) : null,
				watch: k.watch !== undefined ? absolute(linkOf(this.id, "watch", k.watch)) : null,
				seats: invites.map((l) => ({ seat: l.seat, href: absolute(l.join) })),
			},
			onLeave: () => app.leave(this),
			onStart: (bot) => app.startGame(this, bot),
		});
		$("room-title").focus({ preventScroll: true });
	}

	/** The person's turn: their move, sent; or news that changed their moves. */
	async turn(view) {
		const answer = await this.ask(view);
		if (this.stopped || !answer.move) {
			return; // news changed the person's moves: the loop shows them
		}
		const { text, ...input } = answer.move;
		screen.status("Sending your move…");
		try {
			this.absorb(await this.send(input));
			this.dirty = true;
			await this.readOn();
		} catch (e) {
			notice(e.status === 409 ? "The game moved on before your move: here it is now." : `The move was refused: ${e.message}`);
			await sleep(e.status === 409 ? 0 : (e.retryAfter ?? 0));
			this.dirty = true;
		}
	}

	/**
	 * Sends the person's move. If another's move came first (409), the
	 * page waits for that news, and if the person's is still one of their
	 * moves their choice stands: it goes again on the game as it is now.
	 */
	async send(input) {
		for (let tries = 0; ; tries++) {
			const version = this.version;
			try {
				return await this.api.move(this.id, this.token, version, input, this.seq);
			} catch (e) {
				if (e.status !== 409 || tries === 2) {
					throw e;
				}
				await this.catchUp(version);
				if (!this.view?.moves.some((m) => sameMove(m, input))) {
					throw e;
				}
			}
		}
	}

	/** Waits until the game is past version: from the stream while it is up, else by a read. */
	async catchUp(version) {
		const until = Date.now() + 3000;
		while (this.feed.mode === "stream" && this.version <= version && Date.now() < until) {
			await Promise.race([this.feed.wait(), sleep(until - Date.now())]);
			for (const sv of this.feed.take()) {
				this.absorb(sv);
			}
		}
		if (this.version <= version) {
			this.absorb(await this.api.view(this.id, this.key, this.seq));
		}
		await this.readOn();
	}

	/**
	 * Asks the person for a move of view, and meanwhile takes the news:
	 * others may move during the person's turn (a simultaneous choice, the
	 * bots that play after a move). News that changes the person's moves
	 * ends the question; news that leaves them as they were shows the
	 * table anew and asks again, the keyboard's focus kept where it was,
	 * unless the person is choosing the parts of a move: then it is logged,
	 * the table stays, and the move goes on the new version. It resolves
	 * to {move}, or {} for news.
	 */
	async ask(view) {
		const text = this.names.text;
		const shown = {
			...view,
			decision: view.decision ? text(view.decision.replace(/^P\d+: /, "")) : view.decision,
			moves: view.moves.map((m) => ({ ...m, text: text(m.text) })),
		};
		const asked = screen.ask(this.table, shown, "Your turn", this.ctx(), this.refocus).then((move) => ({ move }));
		this.refocus = undefined;
		for (;;) {
			const answer = await Promise.race([asked, this.feed.wait().then(() => null)]);
			if (answer || this.stopped) {
				return answer ?? {};
			}
			await this.news();
			if (!this.started || this.view.over || !sameMoves(this.view.moves, view.moves)) {
				return {};
			}
			if (!$("table").querySelector(".selected")) {
				const a = document.activeElement;
				const inside = a && ($("table").contains(a) || $("actions").contains(a));
				this.refocus = !inside ? false : a.dataset.key !== undefined ? { key: a.dataset.key } : { text: a.textContent };
				return {};
			}
		}
	}

	/** The end: the result, the table's history, and its rematch. */
	end() {
		const key = `${this.version}|${this.next}|${this.keys.rematch ?? ""}`;
		if (this.ended === key) {
			return;
		}
		this.ended = key;
		const button = (id, text, onclick, primary = false) => el("button", { type: "button", id, class: primary ? "primary" : null, onclick }, text);
		const buttons = [];
		let note = null;
		if (this.spectator) {
			if (this.next) {
				note = "The players play again at this table.";
				buttons.push(button("watch-rematch", "Watch the rematch", () => (location.hash = linkOf(this.next, "watch", this.key ?? "")), true));
			}
		} else if (this.keys.rematch) {
			buttons.push(button("rematch", "Go to the rematch", () => (location.hash = new URL(this.keys.rematch, location.href).hash), true));
		} else if (this.next) {
			note = "A rematch is proposed at this table: the same people, the next one playing first.";
			buttons.push(button("rematch", "Accept the rematch", () => this.rematch(false), true), button("leave-table", "Leave the table", () => this.rematch(true)));
		} else {
			buttons.push(button("rematch", "Play again at this table", () => this.rematch(false), true));
		}
		buttons.push(button("again", "New game", () => app.setup()));
		buttons.push(button("back-to-lobby", "Lobby", () => app.goLobby()));
		screen.result(this.view, this.spectator ? [] : [this.seat], buttons, this.names.pname, note, this.table);
		this.history();
	}

	/** Proposes or accepts the rematch (and follows it), or leaves it. */
	async rematch(leave) {
		let m;
		try {
			m = await this.api.rematch(this.id, this.token, leave);
		} catch (e) {
			notice(`The rematch: ${e.message}.`);
			return;
		}
		if (leave || !m.seat) {
			app.goLobby();
			return;
		}
		const { host, invite, watch, public: pub, spectators, options } = this.keys;
		saveKeys(m.id, { host, invite, watch, public: pub, spectators, options });
		saveKeys(this.id, { rematch: m.seat.join });
		location.hash = new URL(m.seat.join, location.href).hash; // hashchange joins it
	}

	/** The table's history: each player's wins, and its latest games. */
	async history() {
		let h;
		try {
			h = await this.api.history(this.id, this.key);
		} catch {
			return; // the history is a bonus: the game goes on without it
		}
		// The server lists the newest games first, a page of them; and
		// counts the wins of every game of the table by player (a person
		// by who they are, whatever their name; a bot by its spec).
		const played = h.games.filter((g) => g.over).reverse();
		if (this.stopped || played.length === 0) {
			return;
		}
		const who = (name) => (this.seats.some((s) => s !== "human" && s !== "open" && s === name) ? botLabel(name).label : name);
		const wins = h.wins.map((w) => ({ name: w.bot ? botLabel(w.name).label : w.name, wins: w.wins }));
		this.seats.forEach((s, p) => {
			const n = this.names.name(p);
			if (s === "human" && n && !h.wins.some((w) => !w.bot && w.name === n)) {
				wins.push({ name: n, wins: 0 });
			}
		});
		wins.sort((a, b) => b.wins - a.wins || a.name.localeCompare(b.name));
		const drawn = played.filter((g) => g.drawn || g.winners.length === 0).length;
		const first = h.next ? null : 1; // games are numbered when the page holds them all
		$("side-history").replaceChildren(
			el(
				"section",
				{ class: "history", id: "history", "aria-labelledby": "history-title" },
				el("h2", { id: "history-title" }, "At this table"),
				el("p", { class: "help" }, h.next ? `the last ${played.length} games` : `${played.length} game${played.length === 1 ? "" : "s"} played`, drawn > 0 ? `, ${drawn} drawn` : ""),
				el(
					"ol",
					{ class: "wins", "aria-label": "Wins by player" },
					wins.map((w) => el("li", {}, el("span", { class: "who" }, w.name), " ", el("b", {}, String(w.wins)), ` win${w.wins === 1 ? "" : "s"}`)),
				),
				el(
					"ol",
					{ class: "played", "aria-label": "The table's games" },
					played.map((g, i) =>
						el("li", {}, first ? `Game ${first + i}: ` : "", g.drawn || g.winners.length === 0 ? "a draw" : [g.winners.map(who).join(" and "), g.winners.length === 1 ? " won" : " shared the win"]),
					),
				),
			),
		);
	}

	/** The links of the other people's seats, for the one who made the game. */
	invites() {
		const links = loadInvites()[this.id] ?? [];
		if (links.length === 0 || this.spectator) {
			return;
		}
		$("side-invites").replaceChildren(
			el(
				"section",
				{ class: "invites", id: "invites" },
				el("h2", {}, "Invite the others"),
				el("p", { class: "help" }, "Send each person the link of their seat; it is theirs alone."),
				links.map((l) => {
					const url = absolute(l.join);
					return el("p", { class: "invite" }, el("label", { for: `invite${l.seat}` }, pname(l.seat)), el("input", { id: `invite${l.seat}`, readonly: true, value: url, onfocus: (e) => e.target.select() }));
				}),
			),
		);
	}

	stop() {
		this.stopped = true;
		this.feed?.close();
	}
}

/** The page: the games' descriptions, then a game in progress or the form. */
const app = {
	desc: null,
	loaded: new Set(), // the games whose engines are loaded
	game: null, // the game being played: a Local or an Online
	form: null,
	api: null,
	catalog: null,
	lobbyScreen: null,
	room: new Room($("room")),

	async boot() {
		const site = await this.site();
		this.api = site.api ? new API(new URL(site.api, location.href).pathname) : null;
		// The bundle under the name of its content, kept by the browser for
		// good; its plain name where the server does not say it.
		engine.init(new URL(site.bundle || "./bundle/", location.href));
		try {
			this.desc = await engine.call("describe");
			learnBots(this.desc.bots);
		} catch (e) {
			$("loading").replaceChildren(el("p", { class: "error" }, `The games could not start: ${e.message}.`));
			return;
		}
		document.documentElement.dataset.ready = String(Math.round(performance.now() - started));
		$("loading").hidden = true;
		$("new-game").hidden = false;
		$("new-game").addEventListener("click", () => this.newGame());
		$("setup-rules").addEventListener("click", () => {
			const name = $("setup").querySelector("input[name=game]:checked")?.value;
			const g = this.gameDesc(name);
			if (g) {
				rules.show(g.info);
			}
		});
		const label = () => ($("setup-rules-game").textContent = this.gameDesc($("setup").querySelector("input[name=game]:checked")?.value)?.info.title ?? "");
		$("game-choices").addEventListener("change", label);
		if (this.api) {
			$("to-lobby").hidden = false;
			$("to-lobby").addEventListener("click", async () => {
				if (this.game instanceof Local && this.game.inProgress && !(await confirmLeave("The game in progress will be lost: this browser keeps one game at a time."))) {
					return;
				}
				this.goLobby();
			});
		}
		this.form = new SetupForm($("setup"), this.desc, prefs, (v) => this.start(v), Boolean(this.api));
		label();
		window.addEventListener("hashchange", () => this.route());
		const saved = loadGame();
		if (this.route()) {
			return;
		}
		if (saved && this.gameDesc(saved.game)) {
			this.resume(saved);
		} else {
			this.setup();
		}
	},

	/** Follows the link of the page's address, if it names a game on the server or the lobby. */
	route() {
		const j = joinOf(location.hash);
		if (!j || !this.api) {
			return false;
		}
		if (j.lobby) {
			this.lobby();
		} else if (j.token !== undefined || j.watch !== undefined) {
			this.join(j);
		} else {
			this.invited(j);
		}
		return true;
	},

	/** What the server beside the page offers: {api, bundle}, each "" if it says nothing. */
	async site() {
		try {
			const resp = await fetch(new URL("site.json", location.href));
			const site = resp.ok ? await resp.json() : {};
			return { api: site.api ?? "", bundle: site.bundle ?? "" };
		} catch {
			return { api: "", bundle: "" };
		}
	},

	/** The New game button: asks first if a game is under way. */
	async newGame() {
		const g = this.game;
		if (g?.inProgress) {
			const text =
				g instanceof Local
					? "The game in progress will be lost: this browser keeps one game at a time."
					: "The game goes on without you on the server; your seat's link (this page's address) takes you back to it.";
			if (!(await confirmLeave(text))) {
				return;
			}
		}
		this.setup();
	},

	gameDesc(name) {
		return this.desc.games.find((g) => g.name === name);
	},

	stop() {
		this.game?.stop();
		this.game = null;
		$("live").hidden = true;
	},

	/** Hides every screen, and stops the game shown. */
	clear() {
		this.stop();
		pace.closest("label").hidden = true; // bots on the server play at their own pace
		notice(null);
		this.form.hide();
		this.lobbyScreen?.hide();
		this.room.close();
		$("play").hidden = true;
		$("table").replaceChildren();
		delete $("table").dataset.version;
		$("banner").hidden = true;
		$("game-title").textContent = "";
		screen.status("");
		$("loading").hidden = true;
	},

	/**
	 * Loads the engine of game name, showing how it goes: a bar of the
	 * bytes received of the file's size, then that it compiles; and if it
	 * fails, why, with a button that tries again (again) and one back to
	 * the form. True once the engine is ready.
	 */
	async loadEngine(name, again) {
		if (this.loaded.has(name)) {
			return true;
		}
		const title = this.gameDesc(name)?.info.title ?? name;
		this.clear();
		const bar = el("progress", { id: "loading-bar", max: 1, value: 0, "aria-label": `Loading ${title}` });
		const size = el("p", { id: "loading-size", class: "help" }, "");
		const panel = $("loading");
		panel.replaceChildren(el("p", {}, `Loading ${title}…`), bar, size);
		panel.hidden = false;
		engine.onProgress = (p) => {
			if (p.game !== name) {
				return;
			}
			if (p.phase === "download" && p.total) {
				bar.max = p.total;
				bar.value = p.loaded;
				size.textContent = `${megabytes(p.loaded)} of ${megabytes(p.total)} (${Math.floor((100 * p.loaded) / p.total)}%)`;
			} else if (p.phase === "download") {
				bar.removeAttribute("value");
				size.textContent = megabytes(p.loaded);
			} else {
				bar.max = 1;
				bar.value = 1;
				size.textContent = `${megabytes(p.loaded)}, compiling…`;
			}
		};
		try {
			await engine.call("load", name);
			this.loaded.add(name);
			panel.hidden = true;
			return true;
		} catch (e) {
			panel.replaceChildren(
				el("p", { class: "error", role: "alert" }, `${title} could not load.`),
				el("p", { class: "help" }, `Check your connection and try again. What the browser said: ${e.message}`),
				el(
					"p",
					{ class: "buttons" },
					el("button", { type: "button", class: "primary", id: "loading-retry", onclick: () => again() }, "Try again"),
					el("button", { type: "button", id: "loading-back", onclick: () => this.setup() }, "Back to the games"),
				),
			);
			$("loading-retry").focus();
			return false;
		} finally {
			engine.onProgress = null;
		}
	},

	setup(error) {
		this.clear();
		if (location.hash) {
			history.replaceState(null, "", location.pathname + location.search);
		}
		pace.closest("label").hidden = false;
		this.form.show(error);
	},

	async start(v) {
		savePrefs(prefs);
		if (v.where === "server") {
			return this.create(v);
		}
		const { game, players, options, seats, seed } = v;
		if (!(await this.loadEngine(game, () => this.start(v)))) {
			return;
		}
		const opts = { ...options, players, seed: seed === "" ? randomSeed() : Number(seed) <= Number.MAX_SAFE_INTEGER ? Number(seed) : seed };
		let step;
		try {
			step = await engine.call("start", game, opts);
		} catch (e) {
			this.setup(e.message);
			return;
		}
		forgetGame();
		this.resume({ game, options: opts, seats, home: seats.indexOf("human"), state: step.state, events: step.events, moves: [] });
	},

	/** Starts a game like g, with a new deal. */
	again(g) {
		return this.start({ game: g.game, players: g.seats.length, options: g.options, seats: g.seats, seed: "" });
	},

	async resume(saved) {
		if (!(await this.loadEngine(saved.game, () => this.resume(saved)))) {
			return;
		}
		this.clear();
		pace.closest("label").hidden = false;
		this.game = new Local(this.gameDesc(saved.game), saved);
		this.game.run().catch((e) => notice(`The game stopped: ${e.message}`));
	},

	/**
	 * Creates a game on the server. The person who made it takes its first
	 * human seat, named; the others' seats' links are theirs to pass on;
	 * open seats wait for people to claim them, by the invitation or from
	 * the lobby. Without a seat of their own, the host watches.
	 */
	async create({ game, players, options, seats, name, public: pub, spectators }) {
		const mine = seats.includes("human");
		let created;
		try {
			created = await this.api.create({ game, options: { ...options, players }, seats, name: mine && name ? name : undefined, public: pub, spectators });
		} catch (e) {
			this.form.error(e.code === "bad_name" ? `Your name: ${e.message}.` : e.message);
			return;
		}
		saveKeys(created.id, {
			host: created.host,
			watch: created.watch.key,
			invite: created.invite?.key,
			public: pub,
			spectators,
			options: { ...options, players },
		});
		const humans = created.seats.filter((s) => s.token);
		saveInvites(created.id, humans.slice(1).map(({ seat, join }) => ({ seat, join })));
		location.hash = humans.length > 0 ? new URL(humans[0].join, location.href).hash : linkOf(created.id, "watch", created.watch.key); // hashchange joins it
	},

	/** Follows a game on the server: a seat's, or a spectator's. */
	async join(join) {
		this.clear();
		let online = null;
		try {
			this.catalog ??= await this.api.catalog();
			const first = await this.api.view(join.id, join.token ?? (join.watch || undefined), 0);
			const info = this.catalog.games.find((g) => g.name === first.game);
			online = new Online(this.api, info, join);
			this.game = online;
			await online.run(first);
		} catch (e) {
			if (!online?.stopped) {
				this.setup(`The game on the server could not be ${join.token ? "joined" : "watched"}: ${e.message}`);
			}
		}
	},

	/**
	 * serverCatalog reads the server's catalog once, and reports whether it
	 * has it; if not, the setup form says the server could not be reached.
	 */
	async serverCatalog() {
		try {
			this.catalog ??= await this.api.catalog();
			return true;
		} catch (e) {
			this.setup(`The server could not be reached: ${e.message}`);
			return false;
		}
	},

	/** An invitation's link: the person names themselves and takes a seat. */
	async invited({ id, invite }) {
		this.clear();
		if (!(await this.serverCatalog())) {
			return;
		}
		// The invitation's key reads nothing of the game: its seats show once
		// the person sits.
		const info = { title: "", bots: [], options: [] };
		$("game-title").textContent = "A game on the server";
		this.room.open({
			info,
			id,
			seat: null,
			links: {},
			name: prefs.name,
			options: loadKeys(id).options,
			onClaim: (name) => this.claim(id, invite, name, { invite }, (m) => this.room.error(m)),
		});
		$("room-name").focus();
	},

	/** Claims an open seat of game id with a name, and joins the game as that seat; report(message) tells a refusal. */
	async claim(id, invite, name, keys, report) {
		name = (name ?? "").trim();
		if (!name) {
			report("Name yourself first: the others see your name beside your seat.");
			return;
		}
		prefs.name = name;
		savePrefs(prefs);
		let st;
		try {
			st = await this.api.claim(id, invite, name);
		} catch (e) {
			const why = { bad_name: "That name cannot be used", name_taken: "That name is taken at this table", no_open_seat: "No seat is open any more", game_started: "The game started without you" }[e.code];
			report(why ? `${why}: ${e.message}.` : `The seat could not be taken: ${e.message}.`);
			return;
		}
		saveKeys(id, keys);
		location.hash = new URL(st.join, location.href).hash; // hashchange joins it
	},

	/** Leaves the seat of a game that waits for players, for the lobby. */
	async leave(online) {
		try {
			await this.api.leave(online.id, online.token, online.seat);
		} catch (e) {
			this.room.error(`Leaving: ${e.message}.`);
			return;
		}
		this.goLobby();
	},

	/** The host gives the open seats to bot and starts the game. */
	async startGame(online, bot) {
		try {
			await this.api.start(online.id, online.keys.host, bot);
		} catch (e) {
			this.room.error(`Starting: ${e.message}.`);
		}
	},

	/** Goes to the lobby, by its link. */
	goLobby() {
		if (location.hash === "#lobby") {
			this.lobby();
		} else {
			location.hash = "#lobby"; // hashchange shows it
		}
	},

	/** The lobby: the public games waiting for players, to join or watch, or a new one to create. */
	async lobby(error) {
		this.clear();
		if (!(await this.serverCatalog())) {
			return;
		}
		$("game-title").textContent = "Lobby";
		this.lobbyScreen ??= new Lobby($("lobby"), this.api, this.catalog, prefs.name, {
			onName: (name) => {
				prefs.name = name.trim();
				savePrefs(prefs);
			},
			onCreate: (name) => {
				if (name) {
					prefs.name = name;
					savePrefs(prefs);
				}
				this.setup();
				this.form.showServer(name);
			},
			onJoin: (g, name) =>
				this.claim(
					g.id,
					"",
					name,
					{ invite: "", public: true, spectators: g.spectators, watch: g.spectators ? "" : undefined, options: { players: g.seats.length, ...g.options } },
					(m) => this.lobbyScreen.error(m),
				),
			onWatch: (g) => {
				saveKeys(g.id, { watch: "", spectators: true, public: true, invite: "", options: { players: g.seats.length, ...g.options } });
				location.hash = linkOf(g.id, "watch", "");
			},
		});
		this.lobbyScreen.show(error);
	},
};

app.boot();
