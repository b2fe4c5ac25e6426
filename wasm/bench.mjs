// Benchmark of the WebAssembly bundle in Node.js: its size, the time from
// load() to ready, and random playouts through the JavaScript API.
//
//	go run ./wasm/build && node wasm/bench.mjs [-moves N] [-warmup N] [-nolog | -events] [-against DIR [-chunk N]] [game ...]
//
// A playout deals a game and plays random legal moves to its end, calling
// legalMoves and apply once per move, as a program of the API would. The
// benchmark reports moves per second (wall) and CPU µs per move for each
// game. Games keep their logs, as they do by default; with -nolog they
// play with the option noLog, as search and simulation are meant to, and
// skip building the texts of their events. A move's events are sent to
// JavaScript only when the program reads them: with -events it reads them
// all, as a program that shows or records them does. The first moves run
// while the engine still compiles the bundle's hot functions with its
// optimizing compiler, in the background: the warm-up plays them
// unmeasured, so that the figures are those of a program that has run for
// a while.
//
// With -against, it plays the same playouts with a second bundle (another
// build's, as go run ./wasm/build -o DIR writes it) in the same process,
// in chunks taken in turn, and reports the ratio of the two: on a noisy
// machine, the comparison of two builds that holds steady (runs of the
// benchmark one after another may swing by half). Compare also, side by
// side in one session, with the peer benchmark (boardgame.io, see the
// project's notes) and with the native figure of the same playouts:
//
//	go test -run '^$' -bench Playout ./wasm/bridge
import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { resolve, sep } from "node:path";
import { argv, cpuUsage, exit } from "node:process";
import { pathToFileURL } from "node:url";
import { random } from "./test/random.mjs";

const usage = `usage: node wasm/bench.mjs [-moves N] [-warmup N] [-nolog | -events] [-against DIR [-chunk N]] [game ...]

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
  -against D  play the same playouts with the bundle in folder D too (say,
              an older build's: go run ./wasm/build -o D), in chunks taken
              in turn in this one process, and report the CPU per move of
              this bundle against that one's, as a ratio
  -chunk N    moves a chunk, with -against (default 3000)
`;

const flags = { moves: 30000, warmup: 30000, nolog: false, events: false, against: "", chunk: 3000 };
const games = [];
for (let i = 2; i < argv.length; i++) {
	const a = argv[i];
	if (a === "-h" || a === "-help" || a === "--help") {
		console.log(usage);
		exit(0);
	}
	if (a === "-nolog" || a === "-events") {
		flags[a.slice(1)] = true;
	} else if (a === "-against") {
		if (i + 1 >= argv.length) {
			console.error(`bench: -against takes a folder\n\n${usage}`);
			exit(2);
		}
		flags.against = argv[++i];
	} else if (a === "-moves" || a === "-warmup" || a === "-chunk") {
		const n = Number(argv[++i]);
		if (!Number.isInteger(n) || n < (a === "-chunk" ? 1 : 0)) {
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
console.log(`games.wasm: ${sizes(wasm)}`);

const loads = [];
let lib;
for (let i = 0; i < 5; i++) {
	const t = performance.now();
	lib = await mod.load();
	loads.push(performance.now() - t);
}
console.log(`load() to ready: ${loads[0].toFixed(0)} ms the first time, then ${median(loads.slice(1)).toFixed(0)} ms`);

let other;
if (flags.against !== "") {
	const folder = pathToFileURL(resolve(flags.against) + sep);
	try {
		other = await (await import(new URL("index.mjs", folder))).load();
	} catch (e) {
		console.error(`bench: no bundle to compare with in ${flags.against}: ${e.message}`);
		exit(1);
	}
	const theirs = await readFile(new URL("games.wasm", folder)).catch(() => null);
	console.log(`against ${flags.against}${theirs ? `: games.wasm ${sizes(theirs)}` : ""}`);
}

// player returns a player of random playouts of g: play(moves) plays on.
function player(g) {
	const rnd = random(1);
	const options = (seed) => (flags.nolog ? { seed, noLog: true } : { seed });
	let seed = 0;
	let state = g.newGame(options(seed));
	const p = { ended: 0, events: 0, moves: 0 };
	p.play = (moves) => {
		for (let n = 0; n < moves; ) {
			const legal = g.legalMoves(state);
			if (legal.length === 0) {
				state = g.newGame(options(++seed));
				p.ended++;
				continue;
			}
			const step = g.apply(state, legal[Math.floor(rnd() * legal.length)]);
			if (flags.events) {
				p.events += step.events.length;
			}
			state = step.state;
			n++;
		}
		p.moves += moves;
	};
	return p;
}

// measure plays moves with p and returns the CPU µs and the wall seconds
// they took.
function measure(p, moves) {
	const cpu = cpuUsage();
	const t = performance.now();
	p.play(moves);
	const wall = (performance.now() - t) / 1000;
	const used = cpuUsage(cpu);
	return { cpu: used.user + used.system, wall };
}

// game returns lib's game of that name, or exits.
function game(lib, name) {
	try {
		return lib.game(name);
	} catch (e) {
		console.error(`bench: ${e.message}`);
		exit(2);
	}
}

const how = flags.nolog ? " (noLog)" : flags.events ? " (events read)" : "";
for (const name of games.length > 0 ? games : lib.games) {
	const p = player(game(lib, name));
	p.play(flags.warmup);
	if (other === undefined) {
		const ended = p.ended;
		const { cpu, wall } = measure(p, flags.moves);
		const read = flags.events ? `, ${(p.events / p.moves).toFixed(2)} events a move` : "";
		console.log(`${name}${how}: ${Math.round(flags.moves / wall)} moves/s, ${(cpu / flags.moves).toFixed(1)} µs of CPU per move (${flags.moves} moves, ${p.ended - ended} games ended${read})`);
		continue;
	}
	// Side by side: chunks of moves of each bundle in turn, the order
	// swapped at every round, so that both see the same machine.
	const q = player(game(other, name));
	q.play(flags.warmup);
	const used = [0, 0];
	const sides = [p, q];
	let k = 0;
	for (let done = 0; done < flags.moves; done += flags.chunk, k++) {
		const n = Math.min(flags.chunk, flags.moves - done);
		for (const i of k % 2 === 0 ? [0, 1] : [1, 0]) {
			used[i] += measure(sides[i], n).cpu;
		}
	}
	const [a, b] = used.map((u) => u / flags.moves);
	console.log(`${name}${how}: ${a.toFixed(1)} µs of CPU per move, against ${b.toFixed(1)}: ${(a / b).toFixed(3)} (${flags.moves} moves each, in ${k} chunks taken in turn)`);
}

// sizes tells the size of a file's bytes, raw and gzipped.
function sizes(bytes) {
	return `${mb(bytes.length)} raw, ${mb(gzipSync(bytes, { level: 9 }).length)} gzipped`;
}

function mb(n) {
	return `${(n / 1e6).toFixed(2)} MB`;
}

function median(xs) {
	const s = [...xs].sort((a, b) => a - b);
	return s[Math.floor(s.length / 2)];
}
