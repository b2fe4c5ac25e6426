// A game played in JavaScript from a seed reaches exactly the state, as
// JSON, that the native Go engine reaches with the same options and moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { load, play, options, tables, root } from "./helpers.mjs";

const lib = await load();

test("games played in JavaScript end where the native engine ends", () => {
	const games = [];
	for (const name of lib.games) {
		const g = lib.game(name);
		for (const players of tables(g)) {
			for (const seed of [1, 2 ** 40 + 3, "18446744073709551557"]) {
				const opts = { ...options(g, players, seed), seed };
				const { record, state } = play(g, opts, players);
				games.push({ record, state: JSON.stringify(state), name: `${name}/${players}/${seed}` });
			}
		}
	}
	const input = games.map((game) => JSON.stringify(game.record)).join("\n") + "\n";
	const output = execFileSync("go", ["run", "./wasm/internal/nativereplay"], { cwd: root, input, encoding: "utf8", maxBuffer: 64 << 20 });
	const states = output.trimEnd().split("\n");
	assert.equal(states.length, games.length);
	games.forEach((game, i) => assert.equal(states[i], game.state, game.name));
});
