// Refusals: illegal moves and bad input throw a GameError with the right
// code, and no input stops the instance.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GameError, play, options } from "./helpers.mjs";

const lib = await load();

function throwsCode(f, code, what) {
	assert.throws(f, (e) => {
		assert.ok(e instanceof GameError, `${what}: ${e}`);
		assert.ok(e instanceof Error);
		assert.equal(e.code, code, `${what}: ${e.message}`);
		assert.ok(e.message.length > 0);
		return true;
	}, what);
}

// movesOf returns, for each state of a random game of g, the state and the
// move made in it.
function history(g, seed) {
	const out = [];
	const { state } = play(g, { seed }, seed, (_, move, before) => out.push({ state: before, move }));
	return { steps: out, end: state };
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

test("moves the state does not list are refused: not your turn, illegal, game over", () => {
	for (const name of lib.games) {
		const g = lib.game(name);
		const { steps, end } = history(g, 21);
		const codes = new Set();
		for (const [i, { state }] of steps.entries()) {
			const toAct = g.status(state).toAct;
			const legal = g.legalMoves(state);
			// Moves made in other states of the game, unlisted here.
			for (const { move } of steps.slice(Math.max(0, i - 12), i + 12)) {
				if (legal.some((m) => same(m, move))) {
					continue;
				}
				const code = toAct.includes(move.player) ? "illegal_move" : "not_your_turn";
				throwsCode(() => g.apply(state, move), code, `${name}: ${move.text} (by P${move.player + 1}) in state ${i}`);
				codes.add(code);
			}
		}
		assert.deepEqual([...codes].sort(), ["illegal_move", "not_your_turn"], name);
		throwsCode(() => g.apply(end, steps.at(-1).move), "game_over", `${name}: a move after the end`);
	}
});

// bad lists bad values of every kind, each with a name.
function bad(g, other) {
	const cyclic = {};
	cyclic.self = cyclic;
	const state = g.newGame({ seed: 1 });
	return [
		["undefined", undefined],
		["null", null],
		["a number", 42],
		["NaN", NaN],
		["a string", "state"],
		["an array", []],
		["an empty object", {}],
		["a function", () => {}],
		["a symbol", Symbol("s")],
		["a bigint", 10n],
		["a cyclic object", cyclic],
		["a 10 MB string", "x".repeat(10 << 20)],
		["a state of another game", other],
		["a state with an unknown member", { ...state, extra: 1 }],
		["a state with a member missing", { ...state, players: undefined }],
		["a state with a wrong type", { ...state, players: "4" }],
		["a state that breaks the rules", { ...state, events: -1 }],
		["a state of another version", { ...state, version: 99 }],
	];
}

test("bad states, moves, views, players and options are bad input", () => {
	for (const [i, name] of lib.games.entries()) {
		const g = lib.game(name);
		const other = lib.game(lib.games[(i + 1) % lib.games.length]).newGame();
		const state = g.newGame({ seed: 1 });
		const move = g.legalMoves(state)[0];
		const view = g.view(state, g.status(state).toAct[0]);
		for (const [what, value] of bad(g, other)) {
			throwsCode(() => g.legalMoves(value), "bad_input", `${name}: legalMoves(${what})`);
			throwsCode(() => g.apply(value, move), "bad_input", `${name}: apply(${what}, move)`);
			throwsCode(() => g.view(value, 0), "bad_input", `${name}: view(${what}, 0)`);
			throwsCode(() => g.status(value), "bad_input", `${name}: status(${what})`);
			throwsCode(() => g.viewText(value), "bad_input", `${name}: viewText(${what})`);
			throwsCode(() => g.botMove(value), "bad_input", `${name}: botMove(${what})`);
			throwsCode(() => g.replay(value), "bad_input", `${name}: replay(${what})`);
			if (value !== null && typeof value === "object" && !Array.isArray(value)) {
				continue; // an object may be a move or events of the right shape
			}
			throwsCode(() => g.apply(state, value), "bad_input", `${name}: apply(state, ${what})`);
			throwsCode(() => g.moveInfo(value), "bad_input", `${name}: moveInfo(${what})`);
			if (!Array.isArray(value)) {
				throwsCode(() => g.eventsFor(value, 0), "bad_input", `${name}: eventsFor(${what}, 0)`);
			}
		}
		for (const player of [undefined, null, "0", 1.5, 99, -2, NaN, Infinity, [0], 2 ** 40]) {
			throwsCode(() => g.view(state, player), "bad_input", `${name}: view(state, ${String(player)})`);
			throwsCode(() => g.eventsFor([], player), "bad_input", `${name}: eventsFor([], ${String(player)})`);
		}
		for (const m of [{}, { player: 0 }, { ...move, player: 99 }, { ...move, extra: 1 }, { ...move, player: "0" }]) {
			throwsCode(() => g.apply(state, m), "bad_input", `${name}: apply(state, ${JSON.stringify(m)})`);
		}
		for (const o of [{ players: 99 }, { players: "2" }, { unknown: 1 }, { seed: -1 }, { seed: 1.5 }, { seed: "x" }, null, [], "x", 7]) {
			throwsCode(() => g.newGame(o), "bad_options", `${name}: newGame(${JSON.stringify(o)})`);
		}
		throwsCode(() => g.botMove(view, { bot: "genius" }), "unknown_bot", `${name}: an unknown bot`);
		throwsCode(() => g.botMove(view, { seed: -1 }), "bad_input", `${name}: a negative seed`);
		throwsCode(() => g.botMove(view, { seed: 2n ** 64n }), "bad_input", `${name}: a seed of 2^64`);
		throwsCode(() => g.botMove({ ...view, players: 1e8 }), "bad_input", `${name}: a view of a huge table`);
		throwsCode(() => g.botMove({ ...view, moves: [move, move] }), "bad_input", `${name}: a view listing a move twice`);
		throwsCode(() => g.replay({ game: name, options: {}, moves: [{}] }), "bad_input", `${name}: a record of a bad move`);
		throwsCode(() => g.replay({ game: other.game, options: {}, moves: [] }), "bad_input", `${name}: a record of another game`);
	}
	throwsCode(() => lib.game("chess"), "bad_input", "an unknown game");
	throwsCode(() => lib.game(undefined), "bad_input", "no game");
	throwsCode(() => lib.replay({ game: "chess", options: {}, moves: [] }), "bad_input", "a record of an unknown game");
	throwsCode(() => lib.replay("x".repeat(10 << 20)), "bad_input", "a 10 MB record");
	throwsCode(() => lib.eventsFor([{ seq: "1", text: "x" }], 0), "bad_input", "an event of a wrong type");
	throwsCode(() => lib.eventsFor([{ seq: 1, text: "x", to: [0, 0] }], 0), "bad_input", "an event for P1 twice");
});

test("the instance still answers after 10,000 bad calls", () => {
	const g = lib.game(lib.games[0]);
	const state = g.newGame({ seed: 2 });
	const move = g.legalMoves(state)[0];
	const calls = [
		() => g.legalMoves({ game: g.name }),
		() => g.apply(state, { ...move, player: 99 }),
		() => g.apply(undefined, move),
		() => g.view(state, 77),
		() => g.newGame({ players: -1 }),
		() => g.botMove({}),
		() => g.viewText("\u0000"),
		() => g.replay({ game: g.name, options: {}, moves: [null] }),
		() => g.eventsFor("[", 0),
		() => g.status("\ud800 lone surrogate"),
	];
	let refused = 0;
	for (let i = 0; i < 10000; i++) {
		try {
			calls[i % calls.length]();
		} catch (e) {
			assert.ok(e instanceof GameError && e.code !== "internal", `${e.code}: ${e.message}`);
			refused++;
		}
	}
	assert.equal(refused, 10000);
	assert.deepEqual(g.apply(state, move), g.apply(structuredClone(state), move));
	play(g, { seed: 2 }, 2);
});

// The codes a GameError may have, as index.d.ts lists them.
const codes = ["not_your_turn", "game_over", "illegal_move", "bad_options", "bad_input", "unknown_bot", "internal"];

// hostile returns values of every kind a program may pass by mistake or in
// malice, each with its name and kind: "unreadable" if it cannot be read as
// JSON at all (a cycle, a bigint, nesting too deep, code that throws), which
// is bad input wherever it is; "bigint" for bigints, which options and
// records take as seeds; and "garbage" for the rest, which is readable and
// wrong, or right where an input may be left out. Large values are heavy:
// the test gives them to the functions of one game.
function hostile(state) {
	const values = [];
	const add = (what, value, kind = "garbage", heavy = false) => values.push({ what, value, kind, heavy });
	const trap = () => {
		throw new Error("a Proxy's trap");
	};
	const traps = {};
	for (const k of Object.getOwnPropertyNames(Reflect)) {
		traps[k] = trap;
	}
	const trapping = new Proxy({}, traps);
	const revocable = Proxy.revocable({}, {});
	revocable.revoke();
	// What code may throw.
	const thrown = [
		["an Error", new Error("boom")],
		["a TypeError", new TypeError("Converting circular structure")],
		["a RangeError", new RangeError("Maximum call stack size exceeded")],
		["a forged GameError", new GameError("illegal_move", "forged")],
		["null", null],
		["undefined", undefined],
		["a symbol", Symbol("thrown")],
		["a bigint", 7n],
		["a Proxy whose traps throw", trapping],
		["an Error whose message throws", Object.defineProperty(new Error(), "message", { get: trap })],
		["an object of no prototype", Object.create(null)],
	];
	for (const [what, t] of thrown) {
		add(`a getter that throws ${what}`, {
			get x() {
				throw t;
			},
		}, "unreadable");
	}
	for (const [what, t] of thrown.slice(0, 6)) {
		add(`a toJSON that throws ${what}`, {
			toJSON() {
				throw t;
			},
		}, "unreadable");
	}
	const cyclic = { a: 1 };
	cyclic.self = cyclic;
	const cyclicArray = [1];
	cyclicArray.push(cyclicArray);
	const ring = { next: { next: { next: null } } };
	ring.next.next.next = ring;
	add("a cyclic object", cyclic, "unreadable");
	add("a cyclic array", cyclicArray, "unreadable");
	add("a cycle three deep", ring, "unreadable");
	add("a cycle a toJSON returns", { toJSON: () => cyclic }, "unreadable");
	add("a state with a cyclic member", { ...state, extra: cyclic }, "unreadable");
	add("globalThis", globalThis, "unreadable", true);
	let deepArray = 0;
	let deepObject = 0;
	for (let i = 0; i < 100000; i++) {
		deepArray = [deepArray];
		deepObject = { v: deepObject };
	}
	add("an array nested 100,000 deep", deepArray, "unreadable", true);
	add("an object nested 100,000 deep", deepObject, "unreadable", true);
	add("a state with a member nested 100,000 deep", { ...state, extra: deepArray }, "unreadable", true);
	let deep = 0;
	for (let i = 0; i < 10001; i++) {
		deep = [deep];
	}
	add("an array nested 10,001 deep", deep, "garbage", true);
	add("a Proxy whose traps throw", trapping, "unreadable");
	add("a revoked Proxy", revocable.proxy, "unreadable");
	add("an array Proxy whose get throws", new Proxy([1, 2], { get: trap }), "unreadable");
	add("an object whose prototype is a Proxy whose traps throw", Object.create(trapping), "unreadable");
	add("a Number whose valueOf throws", Object.assign(new Number(1), { valueOf: trap }), "unreadable");
	add("a String whose toString throws", Object.assign(new String("x"), { toString: trap }), "unreadable");
	add("a bigint", 10n, "bigint");
	add("a huge bigint", 2n ** 200n, "bigint");
	add("an array of a bigint", [1n], "bigint");
	add("an object with a bigint deep in it", { a: { b: [2n] } }, "bigint");
	add("undefined", undefined);
	add("null", null);
	add("true", true);
	add("0", 0);
	add("-0", -0);
	add("-1", -1);
	add("NaN", NaN);
	add("-Infinity", -Infinity);
	add("2^53", 2 ** 53);
	add("an empty string", "");
	add("a lone surrogate", "\ud800");
	add("a NUL", "\u0000");
	add("a string over the limit of an input", "{".repeat(100 << 10), "garbage", true);
	add("a symbol", Symbol("s"));
	add("a function", () => {});
	add("a class", class {});
	add("a sparse array", [, , 1]); // eslint-disable-line no-sparse-arrays
	add("an empty array of length 20,000", new Array(20000), "garbage", true);
	add("an array of 50,000 zeros", new Array(50000).fill(0), "garbage", true);
	add("an object of 10,000 members", Object.fromEntries(Array.from({ length: 10000 }, (_, i) => [`k${i}`, i])), "garbage", true);
	add("a typed array", new Float64Array([1, NaN]));
	add("an ArrayBuffer", new ArrayBuffer(8));
	add("a DataView", new DataView(new ArrayBuffer(8)));
	add("a Date", new Date(0));
	add("an invalid Date", new Date(NaN));
	add("a Map", new Map([[1, 2]]));
	add("a Set", new Set([1]));
	add("a WeakMap", new WeakMap());
	add("a RegExp", /x/);
	add("a Promise", Promise.resolve(1));
	add("an Error", new Error("e"));
	add("a frozen object", Object.freeze({ a: Object.freeze([1]) }));
	add("an object of no prototype", Object.create(null));
	add("an object inheriting a state", Object.create(state));
	add("an own __proto__ member", JSON.parse('{"__proto__": {"players": 4}}'));
	add("an object whose prototype is an array", Object.setPrototypeOf({ length: 1, 0: 1 }, Array.prototype));
	add("an object whose coercions throw", { [Symbol.toPrimitive]: trap, valueOf: trap, toString: trap });
	add("a function with members", Object.assign(() => {}, { game: "bastards" }));
	return values;
}

// kindOf names what a call threw, whatever it is (a Proxy whose traps throw
// too), and tells whether it is a GameError.
function kindOf(e) {
	try {
		return e instanceof GameError ? ["GameError", true] : [e?.constructor?.name ?? typeof e, false, String(e?.message ?? e)];
	} catch {
		return ["a value that throws when read", false];
	}
}

test("any input whatever to any function throws a GameError, and the instance plays on", async () => {
	const failures = [];
	const refused = new Map(); // code: count
	// attempt calls f with value and records a failure unless it throws a
	// GameError of a documented code other than internal, bad input for
	// values that cannot be read, or returns where it may.
	function attempt(f, what, value, may) {
		const must = may === "members" || (value.kind === "bigint" && may === "bigint") || value.kind === "garbage" ? undefined : "bad_input";
		let e;
		let threw = false;
		try {
			f(value.value);
		} catch (thrown) {
			[e, threw] = [thrown, true];
		}
		const call = `${what} with ${value.what}`;
		if (!threw) {
			if (must !== undefined || !may) {
				failures.push({ kind: "returned", call });
			}
			return;
		}
		const [kind, ours, message] = kindOf(e);
		if (!ours) {
			failures.push({ kind, call, message });
		} else if (typeof e.code !== "string" || !codes.includes(e.code) || e.code === "internal" || (must !== undefined && e.code !== must)) {
			failures.push({ kind: `GameError ${String(e.code)}`, call, message: e.message });
		} else if (typeof e.message !== "string" || e.message === "") {
			failures.push({ kind: "GameError without a message", call });
		} else {
			refused.set(e.code, (refused.get(e.code) ?? 0) + 1);
		}
	}

	const replayed = new Map();
	let calls = 0;
	for (const name of lib.games) {
		const g = lib.game(name);
		const { record, state: end, events } = play(g, options(g, g.info.minPlayers, 5), 5);
		const state = g.newGame({ seed: 5 });
		const move = g.legalMoves(state)[0];
		const view = g.view(state, g.status(state).toAct[0]);
		replayed.set(name, JSON.stringify(g.replay(record)));
		// Each call with x in one position, the other arguments right; those
		// marked true may answer for some values (an input left out, a
		// member dropped from JSON, a value that is right), "bigint" where a
		// bigint is a seed, and "members" where only some members of x are
		// read (a bot's options: bot and seed).
		const positions = [
			["g.newGame(x)", (x) => g.newGame(x), "bigint"],
			["g.start(x)", (x) => g.start(x), "bigint"],
			["g.newGame({seed: x})", (x) => g.newGame({ seed: x }), "bigint"],
			["g.start({players: x})", (x) => g.start({ players: x }), "bigint"],
			["g.legalMoves(x)", (x) => g.legalMoves(x)],
			["g.legalMoves({...state, extra: x})", (x) => g.legalMoves({ ...state, extra: x }), true],
			["g.apply(x, move)", (x) => g.apply(x, move)],
			["g.apply(state, x)", (x) => g.apply(state, x)],
			["g.apply(state, {...move, player: x})", (x) => g.apply(state, { ...move, player: x }), true],
			["g.apply(end, x)", (x) => g.apply(end, x)],
			["g.view(x, 0)", (x) => g.view(x, 0)],
			["g.view(state, x)", (x) => g.view(state, x), true],
			["g.status(x)", (x) => g.status(x)],
			["g.status({...state, players: x})", (x) => g.status({ ...state, players: x }), true],
			["g.eventsFor(x, 0)", (x) => g.eventsFor(x, 0)],
			["g.eventsFor(events, x)", (x) => g.eventsFor(events, x), true],
			["g.eventsFor([x], 0)", (x) => g.eventsFor([x], 0), true],
			["g.botMove(x)", (x) => g.botMove(x)],
			["g.botMove(view, x)", (x) => g.botMove(view, x), "members"],
			["g.botMove(view, {bot: x})", (x) => g.botMove(view, { bot: x }), true],
			["g.botMove(view, {seed: x})", (x) => g.botMove(view, { seed: x }), "bigint"],
			["g.botMove({...view, moves: x})", (x) => g.botMove({ ...view, moves: x }), true],
			["g.viewText(x)", (x) => g.viewText(x)],
			["g.moveInfo(x)", (x) => g.moveInfo(x)],
			["g.moveInfo({...move, player: x})", (x) => g.moveInfo({ ...move, player: x }), true],
			["g.replay(x)", (x) => g.replay(x)],
			["g.replay({...record, options: x})", (x) => g.replay({ ...record, options: x }), "bigint"],
			["g.replay({...record, moves: [x]})", (x) => g.replay({ ...record, moves: [x] }), "bigint"],
			["lib.game(x)", (x) => lib.game(x)],
			["lib.replay(x)", (x) => lib.replay(x)],
			["lib.replay({...record, game: x})", (x) => lib.replay({ ...record, game: x })],
			["lib.replay({...record, moves: x})", (x) => lib.replay({ ...record, moves: x }), "bigint"],
			["lib.eventsFor(x, -1)", (x) => lib.eventsFor(x, -1)],
			["lib.eventsFor(events, x)", (x) => lib.eventsFor(events, x), true],
			// Methods called on something else than their game or library.
			["g.legalMoves.call(x, state)", (x) => g.legalMoves.call(x, state)],
			["g.apply.call(x, state, move)", (x) => g.apply.call(x, state, move)],
			["g.botMove.call(x, view)", (x) => g.botMove.call(x, view)],
			["lib.game.call(x, name)", (x) => lib.game.call(x, name)],
		];
		for (const value of hostile(state)) {
			if (value.heavy && name !== lib.games[0]) {
				continue;
			}
			for (const [what, f, may] of positions) {
				attempt(f, `${name}: ${what}`, value, may);
				calls++;
			}
		}

		// A bigint seed is a seed.
		assert.deepEqual(g.newGame({ seed: 42n }), g.newGame({ seed: 42 }), `${name}: a bigint seed`);
		assert.deepEqual(g.botMove(view, { seed: 9n }), g.botMove(view, { seed: 9 }), `${name}: a bot's bigint seed`);
		const big = { ...record, options: { ...record.options, seed: BigInt(record.options.seed) } };
		assert.deepEqual(g.replay(big), g.replay(record), `${name}: a record of a bigint seed`);
	}

	// The messages say what was wrong.
	const said = (f) => {
		try {
			f();
		} catch (e) {
			return e.message;
		}
	};
	const g = lib.game(lib.games[0]);
	const state = g.newGame();
	const cyclic = {};
	cyclic.self = cyclic;
	let deep = 0;
	for (let i = 0; i < 100000; i++) {
		deep = [deep];
	}
	assert.equal(said(() => g.newGame({ rules: cyclic })), "the options cannot be read as JSON: a cycle");
	assert.equal(said(() => g.apply(state, { player: 0n })), "a move cannot be read as JSON: a bigint");
	assert.equal(said(() => g.legalMoves(deep)), "a state cannot be read as JSON: nested too deeply");
	assert.equal(said(() => g.status({ get x() { throw new Error("boom"); } })), "a state cannot be read as JSON: reading it threw Error: boom");
	assert.equal(said(() => g.view(state, { toJSON: () => { throw null; } })), "a player cannot be read as JSON: reading it threw null");
	assert.match(said(() => g.botMove(g.view(state, 0), null)), /^a bot's options are an object/);
	assert.match(said(() => g.botMove(g.view(state, 0), { bot: deep })), /^a bot is named by its spec, a string .*, not an array$/);
	assert.match(said(() => lib.game(cyclic)), /^a game is named by a string, not an object/);
	assert.match(said(() => g.apply.call(undefined, state)), /^apply is a method of a game: it was called on undefined/);

	const huge = { what: "a 17 MB string", value: "x".repeat(17 << 20), kind: "garbage" };
	attempt((x) => lib.replay(x), "lib.replay(x)", huge);
	attempt((x) => lib.eventsFor(x, 0), "lib.eventsFor(x, 0)", huge);

	// load itself, given places that are no bundle.
	const notWasm = new Response("not wasm", { headers: { "content-type": "application/wasm" } });
	const empty = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]); // a module of nothing
	const sources = [
		...hostile({}).filter((v) => v.value !== undefined && !v.heavy),
		...[
			["a path to no file", "no/such/games.wasm"],
			["a URL that does not parse", "http://["],
			["a data URL of no module", "data:application/wasm;base64,AAAA"],
			["bytes of no module", new Uint8Array([1, 2, 3])],
			["a module of nothing, as bytes", empty],
			["a module of nothing", new WebAssembly.Module(empty)],
			["a Response of no module", notWasm],
			["a Response of 404", new Response("", { status: 404 })],
			["a response whose arrayBuffer throws", { ok: true, arrayBuffer: () => { throw null; } }],
			["a thenable that rejects with null", { then: (_, reject) => reject(null) }],
			["a thenable whose then throws", { then: () => { throw new Error("then"); } }],
			["a thenable whose then getter throws", { get then() { throw Symbol("then"); } }],
		].map(([what, value]) => ({ what, value, kind: "unreadable" })),
	];
	for (const value of sources) {
		let e;
		let threw = false;
		try {
			await load(value.value);
		} catch (thrown) {
			[e, threw] = [thrown, true];
		}
		const [kind, ours, message] = kindOf(e);
		if (!ours || e.code !== "bad_input" || typeof e.message !== "string") {
			failures.push({ kind: ours ? `GameError ${e.code}` : threw ? kind : "returned", call: `load(x) with ${value.what}`, message: ours ? e.message : message });
		}
	}

	const kinds = {};
	for (const f of failures) {
		kinds[f.kind] = (kinds[f.kind] ?? 0) + 1;
	}
	assert.deepEqual(failures, [], `${failures.length} of ${calls} calls and ${sources.length} loads failed: ${JSON.stringify(kinds)}; ${failures.slice(0, 20).map((f) => `${f.call}: ${f.kind} ${f.message ?? ""}`).join("; ")}`);
	assert.ok(refused.get("bad_input") > 1000, `refusals: ${JSON.stringify(Object.fromEntries(refused))}`);

	// The instance answers as a fresh one does, and load loads.
	const fresh = await load();
	for (const name of lib.games) {
		const g = lib.game(name);
		assert.deepEqual(g.info, fresh.game(name).info);
		assert.deepEqual(g.defaultOptions, fresh.game(name).defaultOptions);
		const o = options(g, g.info.minPlayers, 5);
		const here = play(g, o, 5);
		const there = play(fresh.game(name), o, 5);
		assert.equal(JSON.stringify(here), JSON.stringify(there), name);
		assert.equal(JSON.stringify(g.replay(here.record)), replayed.get(name), name);
	}
});
