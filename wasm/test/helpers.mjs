// Shared by the tests: the built bundle, a seeded random source, and random
// games played through the JavaScript API.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { random } from "./random.mjs";

export { random };

export const dist = new URL("../dist/", import.meta.url);
export const root = fileURLToPath(new URL("../../", import.meta.url));

if (!existsSync(new URL("index.mjs", dist))) {
	throw new Error("the bundle is not built: run go run ./wasm/build first");
}

export const { load, GameError } = await import(new URL("index.mjs", dist));

// play plays a game of g from options with random legal moves drawn from
// seed, calling each(step, move, before) after every move, and returns the
// game's record, its last state and every event.
export function play(g, options, seed, each = () => {}) {
	const rnd = random(seed);
	let { state, events } = g.start(options);
	const all = [...events];
	const moves = [];
	for (let n = 0; ; n++) {
		if (n > 20000) {
			throw new Error(`a game of ${g.name} from ${JSON.stringify(options)} has not ended`);
		}
		const legal = g.legalMoves(state);
		if (legal.length === 0) {
			break;
		}
		const move = legal[Math.floor(rnd() * legal.length)];
		const step = g.apply(state, move);
		each(step, move, state);
		all.push(...step.events);
		moves.push(move);
		state = step.state;
	}
	return { record: { game: g.name, options, moves }, state, events: all };
}

// options returns options of g for the given number of players and seed,
// with a short game of the given rounds where the game has a rounds
// option.
export function options(g, players, seed, rounds = 1) {
	const o = { players, seed };
	if (g.info.options.some((opt) => opt.name === "rounds")) {
		o.rounds = rounds;
	}
	return o;
}

// tables returns the numbers of players of g to test: the least, the
// default and the most.
export function tables(g) {
	return [...new Set([g.info.minPlayers, g.defaultOptions.players, g.info.maxPlayers])];
}
