// Refusals: illegal moves and bad input throw a GameError with the right
// code, and no input stops the instance.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, GameError, play } from "./helpers.mjs";

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
