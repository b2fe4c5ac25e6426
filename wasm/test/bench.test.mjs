// The benchmark runs: a few moves of a game, reading events, and side by
// side with a second bundle (here the same one).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const bench = fileURLToPath(new URL("../bench.mjs", import.meta.url));
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const run = (...args) => execFileSync(process.execPath, [bench, "-moves", "40", "-warmup", "10", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

test("the benchmark plays, reads events, and compares two bundles", () => {
	assert.match(run("crown"), /^crown: \d+ moves\/s, [\d.]+ µs of CPU per move \(40 moves/m);
	assert.match(run("-events", "crown"), /^crown \(events read\): .*, [\d.]+ events a move\)$/m);
	assert.match(run("-nolog", "bastards"), /^bastards \(noLog\): /m);
	assert.match(run("-against", dist, "-chunk", "15", "packs"), /^packs: [\d.]+ µs of CPU per move, against [\d.]+: [\d.]+ \(40 moves each, in 3 chunks taken in turn\)$/m);
	assert.throws(() => run("-nolog", "-events"), /exclude each other/);
});
