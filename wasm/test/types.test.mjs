// The TypeScript declarations: a typed program compiles (and its marked
// mistakes do not), and real values of every game — states, moves, views,
// events, options, answers — type-check against the declared types, so
// that every member they have is declared, with its type.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { load, dist, play, tables, options } from "./helpers.mjs";

const lib = await load();
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

function compile(project) {
	try {
		execFileSync(process.execPath, [tsc, "-p", project], { encoding: "utf8" });
	} catch (e) {
		assert.fail(`tsc -p ${project}:\n${e.stdout}${e.stderr}`);
	}
}

test("every game of the bundle has its declarations", () => {
	for (const name of lib.games) {
		assert.ok(existsSync(new URL(`types/${name}.d.ts`, dist)), `wasm/js/types/${name}.d.ts is missing: declare the options, state, move and view of ${name} there`);
	}
});

test("a typed program compiles, without and with the DOM's types", () => {
	const typed = fileURLToPath(new URL("typed/", import.meta.url));
	compile(join(typed, "tsconfig.json"));
	compile(join(typed, "tsconfig.dom.json"));
});

// shape returns what of v a sample stands for: its members, their types,
// and the short strings of its members (kinds, phases, ranks …).
function shape(v, key) {
	if (Array.isArray(v)) {
		return `[${[...new Set(v.map((x) => shape(x, null)))].sort().join("|")}]`;
	}
	if (v !== null && typeof v === "object") {
		return `{${Object.keys(v).sort().map((k) => `${k}:${shape(v[k], k)}`).join(",")}}`;
	}
	if (typeof v === "string" && key !== null && v.length <= 16 && !/\s/.test(v) && key !== "rand") {
		return JSON.stringify(v);
	}
	return typeof v;
}

// Samples gathers values of distinct shapes, each with its type.
class Samples {
	lines = [];
	#seen = new Set();

	add(type, value) {
		const key = `${type} ${shape(value, "")}`;
		if (!this.#seen.has(key)) {
			this.#seen.add(key);
			this.lines.push(`export const v${this.lines.length}: ${type} = ${JSON.stringify(value)};`);
		}
	}
}

test("real values of every game have the declared types", () => {
	const samples = new Samples();
	samples.add("readonly GameName[]", lib.games);
	samples.add("readonly BotInfo[]", lib.bots);
	for (const name of lib.games) {
		const g = lib.game(name);
		const N = JSON.stringify(name);
		samples.add(`GameInfo<${N}>`, g.info);
		samples.add(`Options<${N}>`, g.defaultOptions);
		// Every size of table, and each option that is a switch turned on.
		const games = tables(g).map((players) => options(g, players, players, 2));
		for (const o of g.info.options.filter((o) => o.type === "bool")) {
			games.push({ ...options(g, g.defaultOptions.players, 1, 2), [o.name]: true });
		}
		for (const opts of games) {
			const start = g.start(opts);
			samples.add(`Step<${N}>`, start);
			let n = 0;
			const { record } = play(g, opts, 1, (step, move, before) => {
				samples.add(`Step<${N}>`, step);
				samples.add(`State<${N}>`, before);
				for (const m of g.legalMoves(before)) {
					samples.add(`Move<${N}>`, m);
				}
				if (n++ % 3 === 0) {
					samples.add(`Status`, g.status(before));
					samples.add(`MoveInfo<Move<${N}>>`, g.moveInfo(move));
					for (let p = -1; p < before.players; p++) {
						samples.add(`View<${N}>`, g.view(before, p));
						samples.add(`Entry[]`, g.eventsFor(step.events, p));
					}
				}
			});
			samples.add(`GameRecord<${N}>`, record);
			samples.add(`Event[]`, lib.replay(record).events);
		}
		// The check catches a member no type declares.
		const move = g.legalMoves(g.newGame())[0];
		samples.lines.push(`// @ts-expect-error a member no type declares\nexport const bogus${name}: Move<${N}> = ${JSON.stringify({ ...move, bogus: 1 })};`);
	}
	const dir = mkdtempSync(join(tmpdir(), "games-types-"));
	try {
		const index = fileURLToPath(new URL("index.mjs", dist));
		writeFileSync(join(dir, "samples.ts"), [
			`import type { BotInfo, Entry, Event, GameInfo, GameName, GameRecord, Move, MoveInfo, Options, State, Status, Step, View } from ${JSON.stringify(index)};`,
			...samples.lines,
		].join("\n"));
		writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({
			compilerOptions: { strict: true, noEmit: true, target: "es2022", lib: ["es2022"], types: [], module: "nodenext", moduleResolution: "nodenext", exactOptionalPropertyTypes: true },
			files: ["samples.ts"],
		}));
		compile(dir);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
	assert.ok(samples.lines.length > 20, `${samples.lines.length} samples`);
});
