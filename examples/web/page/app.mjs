// The page: a form of a new game, then the game on its table, to the
// end. Every rule is the bundle's: the page shows the views of the
// bundle (engine.mjs) and offers exactly the moves a view lists. The
// state and the events are kept in the browser's storage for the
// bundle's calls and a reload, and never shown.
import { choose } from "./chooser.mjs";
import { Engine } from "./client.mjs";
import { SetupForm, seatLabel } from "./form.mjs";
import { forgetGame, loadGame, loadPrefs, saveGame, savePrefs } from "./store.mjs";
import { tableFor } from "./tables/index.mjs";
import { el, pname, sleep } from "./ui.mjs";

const $ = (id) => document.getElementById(id);
const started = performance.now();
const engine = new Engine(new URL("./engine.mjs", import.meta.url));
const prefs = loadPrefs();

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

/**
 * A game being played: the record of it that the storage keeps, and the
 * loop that asks the bots and the people for their moves.
 */
class Play {
	constructor(desc, saved) {
		this.desc = desc; // the game's description: name, info, bots
		this.g = saved; // {game, options, seats, home, state, events, moves}
		this.table = tableFor(saved.game);
		this.humans = saved.seats.flatMap((s, p) => (s === "human" ? [p] : []));
		this.stopped = false;
		this.entries = [];
	}

	seatLabel(p) {
		return seatLabel(this.g.seats[p], this.humans.length);
	}

	/** Plays on until the end, or until stopped. */
	async run() {
		$("game-title").textContent = `${this.desc.info.title} · seed ${this.g.options.seed}`;
		$("play").hidden = false;
		$("log").replaceChildren();
		await this.look(this.g.home, this.g.events);
		while (!this.stopped) {
			const now = this.view;
			if (now.over) {
				this.showEnd();
				return;
			}
			const bot = now.toAct.find((p) => this.g.seats[p] !== "human");
			if (bot !== undefined) {
				await this.botTurn(bot);
				continue;
			}
			const p = now.toAct.find((q) => this.g.seats[q] === "human");
			if (p !== this.g.home) {
				await this.handOver(p);
				continue;
			}
			const move = await this.ask();
			if (move) {
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
		const text = this.table.plain ? await engine.call("viewText", this.g.game, view).catch(() => "") : undefined;
		if (this.stopped) {
			return view;
		}
		// The storage and the table change together, in one task.
		if (!saveGame(this.g)) {
			notice("This browser refused to keep the game: a reload will lose it.");
		}
		this.view = view;
		this.render(view, text);
		this.log(entries);
		return view;
	}

	render(view, viewText) {
		this.viewText = viewText ?? this.viewText;
		const ctx = { info: this.desc.info, seatLabel: (p) => this.seatLabel(p), viewText: this.viewText };
		$("table").replaceChildren(this.table.render(view, ctx));
		$("table").className = `table game-${this.g.game}`;
	}

	log(entries) {
		const list = $("log");
		list.append(...entries.map((e) => el("li", { value: e.seq }, e.text)));
		list.scrollTop = list.scrollHeight;
	}

	status(text) {
		$("turn").textContent = text;
	}

	async botTurn(p) {
		this.status(`${pname(p)} (${this.seatLabel(p)}) is thinking…`);
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
		this.status(`${pname(p)}'s move`);
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

	/** Offers the viewer's moves on the table; the move chosen. */
	ask() {
		const view = this.view;
		const who = this.humans.length > 1 ? `${pname(view.viewer)}, your move` : "Your move";
		this.status(view.decision ? `${who}: ${view.decision.replace(/^P\d+: /, "")}` : who);
		return new Promise((resolve) => {
			this.cancel = () => resolve(null);
			choose({
				root: $("table"),
				bar: $("actions"),
				moves: view.moves,
				partsOf: (m) => this.table.partsOf(m, view),
				onMove: resolve,
				prompt: "Click a highlighted card or place, or a button.",
			});
		});
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

	showEnd() {
		const { winners, scores } = this.view.result;
		let head;
		if (winners.length === 0) {
			head = "A draw: nobody wins";
		} else if (winners.length === 1) {
			head = `${pname(winners[0])} wins`;
		} else {
			head = `${names(winners)} share the win`;
		}
		const mine = this.humans.filter((p) => winners.includes(p));
		const cheer = this.humans.length === 1 ? (mine.length > 0 ? "Well played!" : "Better luck next time.") : "";
		this.status(`Game over: ${head}.`);
		$("actions").replaceChildren(
			el(
				"div",
				{ class: "result", id: "result" },
				el("h2", {}, `${head}.`),
				cheer ? el("p", {}, cheer) : null,
				el("p", { class: "scores" }, "Scores: ", scores.map((s, p) => `${pname(p)} ${s}`).join(" · ")),
				el(
					"div",
					{ class: "buttons" },
					el("button", { type: "button", class: "primary", id: "again", onclick: () => app.again(this.g) }, "Play again"),
					el("button", { type: "button", onclick: () => app.setup() }, "New game"),
				),
			),
		);
		$("again").focus();
	}

	stop() {
		this.stopped = true;
		this.cancel?.();
	}
}

/** The page: loads the engine, then a saved game or the form. */
const app = {
	desc: null,
	play: null,
	form: null,

	async boot() {
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
		this.form = new SetupForm($("setup"), this.desc, prefs, (v) => this.start(v));
		const saved = loadGame();
		if (saved && this.game(saved.game)) {
			this.resume(saved);
		} else {
			this.setup();
		}
	},

	game(name) {
		return this.desc.games.find((g) => g.name === name);
	},

	setup(error) {
		this.play?.stop();
		this.play = null;
		$("play").hidden = true;
		$("game-title").textContent = "";
		$("turn").textContent = "";
		this.form.show(error);
	},

	async start({ game, players, options, seats, seed }) {
		savePrefs(prefs);
		const opts = { ...options, players, seed: seed === "" ? randomSeed() : Number(seed) <= Number.MAX_SAFE_INTEGER ? Number(seed) : seed };
		let step;
		try {
			step = await engine.call("start", game, opts);
		} catch (e) {
			this.form.error(e.message);
			return;
		}
		const home = seats.indexOf("human");
		forgetGame();
		this.resume({ game, options: opts, seats, home, state: step.state, events: step.events, moves: [] });
	},

	/** Starts a game like g, with a new deal. */
	again(g) {
		return this.start({ game: g.game, players: g.seats.length, options: g.options, seats: g.seats, seed: "" });
	},

	resume(saved) {
		this.form.hide();
		notice(null);
		this.play?.stop();
		this.play = new Play(this.game(saved.game), saved);
		this.play.run().catch((e) => {
			notice(`The game stopped: ${e.message}`);
		});
	},
};

app.boot();
