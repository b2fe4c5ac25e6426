// Benchmark of the WebAssembly bundle in Node.js: its size, the time from
// load() to ready, and random playouts through the JavaScript API.
//
//	go run ./wasm/build && node wasm/bench.mjs [-moves N] [-warmup N] [-nolog | -events] [game ...]
//
// A playout deals a game and plays random legal moves to its end, calling
// legalMoves and apply once per move, as a program of the API would. The
// benchmark reports moves per second (wall) and CPU µs per move for each
// game. Games keep their logs, as they do by default; with -nolog they
// play with the option noLog, as search and simulation are meant to, and
// skip building the texts of their events. A move's events are sent to
// JavaScript only when the program reads them: with -events it reads
// them all, as a program that shows or records them does. The first moves run while the engine still compiles the bundle's
// hot functions with its optimizing compiler, in the background: the
// warm-up plays them unmeasured, so that the figures are those of a
// program that has run for a while. These machines are noisy: compare,
// side by side in one session, with
// the peer benchmark (boardgame.io, see the project's notes) and with the
// native figure of the same playouts:
//
//	go test -run '^$' -bench Playout ./wasm/bridge
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { argv, cpuUsage, exit } from "node:process";
import { random } from "./test/random.mjs";

const usage = `usage: node wasm/bench.mjs [-moves N] [-warmup N] [-nolog | -events] [game ...]

Measures the bundle built in wasm/dist (go run ./wasm/build): its size, raw
and gzipped; the time from load() to ready; and, for each game (all by
default), random playouts through the JavaScript API (legalMoves and apply
per move): moves per second and CPU µs per move.

  -moves N    moves to measure per game (default 30000)
  -warmup N   moves to play first, unmeasured, while the engine optimizes
              the bundle's hot code (default 30000)
  -nolog      play with the option noLog: no events, as for search and
              simulation (by default games keep their logs)
  -events     read every move's events, as a program that shows or
              records them does (by default they are not read, and so
              never sent from the WebAssembly)
`;

const flags = { moves: 30000, warmup: 30000, nolog: false, events: false };
const games = [];
for (let i = 2; i < argv.length; i++) {
	const a = argv[i];
	if (a === "-h" || a === "-help" || a === "--help") {
		console.log(usage);
		exit(0);
	}
	if (a === "-nolog" || a === "-events") {
		flags[a.slice(1)] = true;
	} else if (a === "-moves" || a === "-warmup") {
		const n = Number(argv[++i]);
		if (!Number.isInteger(n) || n < 0) {
			console.error(`bench: ${a} takes a whole number\n\n${usage}`);
			exit(2);
		}
		flags[a.slice(1)] = n;
	} else if (a.startsWith("-")) {
		console.error(`bench: unknown flag ${a}\n\n${usage}`);
		exit(2);
	} else {
		games.push(a);
	}
}

if (flags.nolog && flags.events) {
	console.error(`bench: -nolog and -events exclude each other: with noLog there are no events\n\n${usage}`);
	exit(2);
}

const dist = new URL("./dist/", import.meta.url);
let mod;
try {
	mod = await import(new URL("index.mjs", dist));
} catch {
	console.error("bench: the bundle is not built: run go run ./wasm/build");
	exit(1);
}

const wasm = await readFile(new URL("games.wasm", dist));
console.log(`games.wasm: ${mb(wasm.length)} raw, ${mb(gzipSync(wasm, { level: 9 }).length)} gzipped`);

const loads = [];
let lib;
for (let i = 0; i < 5; i++) {
	const t = performance.now();
	lib = await mod.load();
	loads.push(performance.now() - t);
}
console.log(`load() to ready: ${loads[0].toFixed(0)} ms the first time, then ${median(loads.slice(1)).toFixed(0)} ms`);

for (const name of games.length > 0 ? games : lib.games) {
	let g;
	try {
		g = lib.game(name);
	} catch (e) {
		console.error(`bench: ${e.message}`);
		exit(2);
	}
	const rnd = random(1);
	let seed = 0;
	const options = (seed) => (flags.nolog ? { seed, noLog: true } : { seed });
	let state = g.newGame(options(seed));
	let events = 0;
	const playout = (moves) => {
		for (let n = 0; n < moves; ) {
			const legal = g.legalMoves(state);
			if (legal.length === 0) {
				state = g.newGame(options(++seed));
				continue;
			}
			const step = g.apply(state, legal[Math.floor(rnd() * legal.length)]);
			if (flags.events) {
				events += step.events.length;
			}
			state = step.state;
			n++;
		}
	};
	playout(flags.warmup);
	const games0 = seed;
	const cpu = cpuUsage();
	const t = performance.now();
	playout(flags.moves);
	const wall = (performance.now() - t) / 1000;
	const used = cpuUsage(cpu);
	const perMove = (used.user + used.system) / flags.moves;
	const how = flags.nolog ? " (noLog)" : flags.events ? ` (events read: ${(events / (flags.warmup + flags.moves)).toFixed(2)} a move)` : "";
	console.log(`${name}${how}: ${Math.round(flags.moves / wall)} moves/s, ${perMove.toFixed(1)} µs of CPU per move (${flags.moves} moves, ${seed - games0} games ended)`);
}

function mb(n) {
	return `${(n / 1e6).toFixed(2)} MB`;
}

function median(xs) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.floor(s.length / 2)];
}
