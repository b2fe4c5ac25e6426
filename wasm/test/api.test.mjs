// The JavaScript API: the library, whole random games of every game, views,
// events, bots, replays, and the ways load finds the bundle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { load, GameError, dist, play, options, tables, random } from "./helpers.mjs";

const lib = await load();

test("the library describes every game", () => {
	assert.ok(lib.games.includes("bastards") && lib.games.includes("ninekingdoms"), `games: ${lib.games}`);
	assert.ok(Object.isFrozen(lib.games));
	for (const name of lib.games) {
		const g = lib.game(name);
		assert.equal(g, lib.game(name));
		assert.equal(g.name, name);
		assert.equal(g.info.name, name);
		assert.ok(g.info.title && g.info.summary && g.info.minPlayers <= g.info.maxPlayers);
		assert.deepEqual(Object.keys(g.defaultOptions), g.info.options.map((o) => o.name));
		for (const o of g.info.options) {
			assert.ok(["int", "bool", "seed"].includes(o.type), `${name}: option ${o.name} of type ${o.type}`);
			assert.equal(typeof o.description, "string");
		}
		assert.ok(g.bots.includes("random"));
		assert.ok(Object.isFrozen(g.info) && Object.isFrozen(g.info.options[0]) && Object.isFrozen(g.defaultOptions));
	}
});

test("every game gives its rules for people", () => {
	for (const name of lib.games) {
		const { howToPlay, glossary, legend } = lib.game(name).info;
		assert.ok(howToPlay.length > 3 && howToPlay.every((s) => s.title && s.paragraphs.length > 0), `${name}: ${JSON.stringify(howToPlay)}`);
		const text = howToPlay.flatMap((s) => [s.title, ...s.paragraphs]).join("\n").toLowerCase();
		for (const { term, meaning } of glossary) {
			assert.ok(text.includes(term.toLowerCase()) && meaning.endsWith("."), `${name}: ${term}: ${meaning}`);
		}
		assert.ok(legend.every((l) => l.term && l.meaning), name);
		assert.ok(Object.isFrozen(howToPlay[0].paragraphs) && Object.isFrozen(glossary[0]));
	}
});

test("the description the build wrote in the module is the program's, with the how-to-play texts its WebAssembly leaves out", async () => {
	const module = await readFile(new URL("index.mjs", dist), "utf8");
	const written = JSON.parse(module.match(/^const described = (.*);$/m)[1]);
	const go = new globalThis.Go();
	const { instance } = await WebAssembly.instantiate(await readFile(new URL("games.wasm", dist)), go.importObject);
	go.run(instance);
	const n = instance.exports.library();
	const answer = JSON.parse(new TextDecoder().decode(new Uint8Array(instance.exports.mem.buffer, instance.exports.output(), n)));
	for (const g of written.games) {
		assert.ok(g.info.howToPlay.length > 3 && g.info.glossary.length > 0, g.info.name);
		delete g.info.howToPlay;
		delete g.info.glossary;
	}
	assert.deepEqual(answer, written);
});

test("whole random games of every game, at every size of table", () => {
	for (const name of lib.games) {
		const g = lib.game(name);
		for (const players of tables(g)) {
			const opts = options(g, players, players * 7);
			let seq = g.start(opts).events.length;
			let checks = 0;
			const { record, state, events } = play(g, opts, players, (step, move, before) => {
				const text = JSON.stringify(before);
				for (const e of step.events) {
					assert.equal(e.seq, ++seq, `${name}: events are numbered on`);
				}
				// One move in seven, every seat's view and reading of the events.
				if (checks++ % 7 !== 0) {
					return;
				}
				const legal = g.legalMoves(before);
				assert.ok(legal.some((m) => JSON.stringify(m) === JSON.stringify(move)));
				const status = g.status(before);
				for (let p = -1; p < players; p++) {
					const view = g.view(before, p);
					assert.equal(view.viewer, p);
					assert.equal(view.players, players);
					const own = legal.filter((m) => m.player === p);
					assert.deepEqual(view.moves, status.toAct.includes(p) ? own : []);
					const read = g.eventsFor(step.events, p);
					assert.deepEqual(read.map((e) => e.seq), step.events.map((e) => e.seq));
				}
				assert.equal(JSON.stringify(before), text, `${name}: apply leaves the state as it was`);
			});
			const status = g.status(state);
			assert.ok(status.over, `${name}: the game is over`);
			assert.deepEqual(status.toAct, []);
			assert.equal(status.events, seq);
			assert.equal(events.length, seq, `${name}: every event, numbered from 1`);
			const replay = lib.replay(record);
			assert.deepEqual(replay.state, state, `${name}: the replay ends in the same state`);
			assert.deepEqual(replay.events, events, `${name}: the replay has the same events`);
		}
	}
});

test("newGame deals as start does; options not given keep their defaults", () => {
	for (const name of lib.games) {
		const g = lib.game(name);
		const { state, events } = g.start({ seed: 5 });
		assert.deepEqual(g.newGame({ seed: 5 }), state);
		assert.equal(events[0].seq, 1);
		assert.equal(g.status(state).players, g.defaultOptions.players);
		assert.deepEqual(g.newGame(), g.newGame({}));
		// A seed beyond 2^53, as a string or a bigint.
		assert.deepEqual(g.newGame({ seed: "18446744073709551615" }), g.newGame({ seed: 18446744073709551615n }));
		assert.notDeepEqual(g.newGame({ seed: 1 }), g.newGame({ seed: 2 }));
	}
});

test("a move's events read late, or after many calls, are those read at once", () => {
	for (const name of lib.games) {
		const g = lib.game(name);
		const first = g.start({ seed: 8 });
		const move = g.legalMoves(first.state)[0];
		const now = g.apply(first.state, move).events;
		assert.ok(now.length > 0 && now[0].seq === first.events.length + 1, `${name}: ${JSON.stringify(now)}`);
		// The same move as the program's own object, and the state as a
		// copy: both crossed as texts.
		const own = JSON.parse(JSON.stringify(move));
		const copy = JSON.parse(JSON.stringify(first.state));
		const steps = [g.apply(first.state, move), g.apply(first.state, own), g.apply(copy, own)];
		// More calls than the positions the program keeps: the steps'
		// positions are no longer kept when their events are read.
		for (let i = 0; i < 300; i++) {
			g.status(g.newGame({ seed: 100 + i }));
		}
		own.kind = "changed after the move";
		for (const step of steps) {
			assert.deepEqual(step.events, now, name);
			assert.equal(step.events, step.events, `${name}: read once, then the same array`);
		}
		const step = g.apply(first.state, move);
		assert.deepEqual(new Proxy(g.apply(first.state, move), {}).events, now, `${name}: read through a proxy (a framework's reactive state)`);
		assert.deepEqual(Object.create(g.apply(first.state, move)).events, now, `${name}: read through a prototype`);
		assert.deepEqual(structuredClone(g.apply(first.state, move)), { state: step.state, events: now }, `${name}: a clone (postMessage) holds the events`);
		assert.deepEqual(g.apply(first.state, move), { state: step.state, events: now }, `${name}: a step is a plain object with its state and events`);
		assert.deepEqual(JSON.parse(JSON.stringify(step)), { state: step.state, events: now }, `${name}: a step in JSON holds its events`);
		assert.deepEqual({ ...step }.events, now);
		step.events = [];
		assert.deepEqual(step.events, [], `${name}: a step's events can be set, as any member`);
	}
});

test("events read late: of two games in turn, of a state copied then changed, of a game without a log", () => {
	const [a, b] = [lib.game(lib.games[0]), lib.game(lib.games[1])];
	const once = (g, state, move) => g.apply(state, move).events;
	const steps = [];
	let [sa, sb] = [a.newGame({ seed: 3 }), b.newGame({ seed: 3 })];
	for (let i = 0; i < 150; i++) {
		for (const [g, s] of [[a, sa], [b, sb]]) {
			const legal = g.legalMoves(s);
			if (legal.length === 0) {
				continue;
			}
			const copy = structuredClone(s); // crosses as text
			const move = legal[i % legal.length];
			const step = g.apply(copy, move);
			steps.push([g, s, move, step]);
			copy.changed = "after the move";
			if (g === a) {
				sa = step.state;
			} else {
				sb = step.state;
			}
		}
	}
	for (const [g, s, move, step] of steps) {
		assert.deepEqual(step.events, once(g, s, move), `${g.name}: a step's events read late`);
	}
	const quiet = a.newGame({ seed: 4, noLog: true });
	const late = a.apply(quiet, a.legalMoves(quiet)[0]);
	for (let i = 0; i < 200; i++) {
		a.newGame({ seed: i });
	}
	assert.deepEqual(late.events, [], "a game without a log has no events, read late too");
});

test("bots choose a move of the view", () => {
	assert.deepEqual(lib.bots.map((b) => b.name), lib.game(lib.games[0]).bots);
	for (const name of lib.games) {
		const g = lib.game(name);
		const state = g.newGame({ seed: 3 });
		const view = g.view(state, g.status(state).toAct[0]);
		for (const bot of lib.bots) {
			// Each bot as it plays by default, then at its cheapest: each
			// whole-number option that has a default at its least.
			const cheap = bot.options.filter((o) => o.type === "int" && o.default !== "").map((o) => `${o.name}=${o.min}`);
			const specs = [[bot.name, 7], ...[0, "18446744073709551615", 2n ** 64n - 1n].map((seed) => [`${bot.name}${cheap.length ? ":" : ""}${cheap}`, seed])];
			for (const [spec, seed] of specs) {
				const move = g.botMove(view, { bot: spec, seed });
				assert.ok(view.moves.some((m) => JSON.stringify(m) === JSON.stringify(move)), `${name}: ${spec} chose ${move.text}`);
			}
		}
		assert.deepEqual(g.botMove(view), g.botMove(view, { bot: "random", seed: 0 }));
		assert.throws(() => g.botMove(view, { bot: "ismcts:strength=9" }), (e) => e.code === "unknown_bot" || e.code === "bad_input");
	}
});

test("views read as text; moves tell whose they are", () => {
	for (const name of lib.games) {
		const g = lib.game(name);
		const state = g.newGame({ seed: 4 });
		const move = g.legalMoves(state)[0];
		const info = g.moveInfo(move);
		assert.equal(info.player, move.player);
		assert.equal(info.text, move.text);
		assert.deepEqual(info.move, move);
		const { text, ...bare } = move;
		assert.deepEqual(g.moveInfo(bare).move, move, "a move's text is optional");
		assert.deepEqual(g.apply(state, bare), g.apply(state, move));
		assert.match(g.viewText(g.view(state, -1)), /\S/);
	}
});

test("states and moves the bundle returns are frozen, and a move it listed applies as its copy", () => {
	const outcome = (f) => {
		try {
			return f();
		} catch (e) {
			return e.code;
		}
	};
	const frozen = (v) => typeof v !== "object" || v === null || (Object.isFrozen(v) && Object.values(v).every(frozen));
	for (const name of lib.games) {
		const g = lib.game(name);
		let before;
		play(g, { seed: 4 }, 4, (step, move, state) => {
			assert.ok(frozen(step.state) && frozen(move), `${name}: a state or a move is not frozen`);
			assert.throws(() => {
				step.state.game = "other";
			}, TypeError);
			const legal = g.legalMoves(state);
			assert.ok(!Object.isFrozen(legal), "the list of moves is the caller's");
			// Each listed move, and a move listed for the state before,
			// applies as a copy of it does, given by its JSON.
			for (const m of [legal[0], legal.at(-1), ...(before ? [g.legalMoves(before)[0]] : [])]) {
				assert.deepEqual(outcome(() => g.apply(state, m)), outcome(() => g.apply(structuredClone(state), structuredClone(m))));
			}
			before = state;
		});
	}
});

test("states beyond the positions the bundle keeps are decoded again", () => {
	const g = lib.game(lib.games[0]);
	const states = [];
	play(g, { seed: 9 }, 9, (_, __, before) => states.push([before, g.legalMoves(before)]));
	assert.ok(states.length > 300, `a game of ${states.length} moves`);
	for (const [state, legal] of [...states.slice(0, 20), ...states.slice(-20)]) {
		assert.deepEqual(g.legalMoves(state), legal);
		assert.deepEqual(g.legalMoves(structuredClone(state)), legal);
	}
});

test("states of games played in turn, new and old, apply as their copies do", () => {
	// The program keeps the last positions of all games together; every
	// state, kept or not, and whichever game's, applies as its copy does.
	const [a, b] = [lib.game(lib.games[0]), lib.game(lib.games.at(-1))];
	const rnd = random(3);
	const seen = [];
	let states = [a.newGame({ seed: 1 }), b.newGame({ seed: 1 })];
	for (let n = 0; n < 400; n++) {
		const i = Math.floor(rnd() * 2);
		const g = [a, b][i];
		const legal = g.legalMoves(states[i]);
		if (legal.length === 0) {
			states[i] = g.newGame({ seed: n });
			continue;
		}
		seen.push([g, states[i], legal[Math.floor(rnd() * legal.length)]]);
		states[i] = g.apply(states[i], seen.at(-1)[2]).state;
	}
	for (const [g, state, move] of [...seen.slice(0, 10), ...seen.slice(-10), ...seen.slice(-10).reverse()]) {
		assert.deepEqual(g.apply(state, move), g.apply(structuredClone(state), structuredClone(move)));
	}
});

test("the same seed and moves give the same game in two instances", async () => {
	const other = await load();
	for (const name of lib.games) {
		const a = play(lib.game(name), { seed: 6 }, 6);
		const b = play(other.game(name), { seed: 6 }, 6);
		assert.deepEqual(b, a);
	}
});

test("load finds the bundle by path, URL, bytes, module or response", async (t) => {
	const wasm = new URL("games.wasm", dist);
	const bytes = await readFile(wasm);
	const server = createServer(async (req, res) => {
		if (req.url !== "/games.wasm") {
			res.writeHead(404).end("not found");
			return;
		}
		res.writeHead(200, { "content-type": "application/wasm" }).end(bytes);
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	t.after(() => server.close());
	const http = `http://127.0.0.1:${server.address().port}/`;
	for (const [how, source] of [
		["a file URL", wasm],
		["a path", wasm.pathname],
		["an HTTP URL", `${http}games.wasm`],
		["bytes", bytes],
		["an ArrayBuffer", bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)],
		["a module", new WebAssembly.Module(bytes)],
		["a response", new Response(bytes, { headers: { "content-type": "application/wasm" } })],
		["a promise of a response", fetch(`${http}games.wasm`)],
	]) {
		const l = await load(source);
		assert.deepEqual(l.games, lib.games, how);
		assert.deepEqual(l.game("crown").info.howToPlay, lib.game("crown").info.howToPlay, `${how}: the texts the WebAssembly leaves out`);
		assert.equal(l.game("bastards").legalMoves(l.game("bastards").newGame()).length > 0, true, how);
	}
	for (const [how, source] of [
		["a missing file", `${http}missing.wasm`],
		["a number", 42],
	]) {
		await assert.rejects(load(source), (e) => e instanceof GameError && e.code === "bad_input", how);
	}
});

test("random is seeded", () => {
	assert.equal(random(1)(), random(1)());
});
