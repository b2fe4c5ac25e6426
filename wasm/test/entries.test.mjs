// The package's entries: the entry of every game and an entry of each game
// alone, whose WebAssembly holds no other game; what they describe before
// they load; how a load tells its progress; and that no entry imports a
// module of Node.js, for browsers' bundlers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { dist, load, GameError, play, options } from "./helpers.mjs";

const lib = await load();
const index = await import(new URL("index.mjs", dist));

test("an entry of each game loads that game alone, from a smaller file", async () => {
	const all = statSync(new URL("games.wasm", dist)).size;
	for (const name of lib.games) {
		const entry = await import(new URL(`${name}.mjs`, dist));
		assert.equal(entry.GameError, GameError, "one GameError for every entry");
		const one = await entry.load();
		assert.deepEqual(one.games, [name]);
		assert.deepEqual(one.game(name).info, lib.game(name).info);
		const g = one.game(name);
		const o = options(g, g.info.minPlayers, 3);
		assert.equal(JSON.stringify(play(g, o, 3)), JSON.stringify(play(lib.game(name), o, 3)), `${name} plays as in the entry of every game`);
		assert.throws(() => one.game(lib.games.find((n) => n !== name)), (e) => e instanceof GameError && e.code === "bad_input");
		const size = statSync(new URL(`${name}.wasm`, dist)).size;
		assert.ok(size < all * 0.8, `${name}.wasm is ${size} bytes, games.wasm ${all}`);
	}
});

test("describe tells the games without loading them", () => {
	const d = index.describe();
	assert.deepEqual(d.games.map((g) => g.name), lib.games);
	for (const g of d.games) {
		assert.deepEqual(g.info, lib.game(g.name).info);
		assert.deepEqual(g.defaultOptions, lib.game(g.name).defaultOptions);
		assert.deepEqual(g.bots, lib.game(g.name).bots);
		assert.equal(g.entry, `${g.name}.mjs`, "the module that loads the game alone");
	}
	assert.deepEqual(d.bots, lib.bots);
	assert.ok(Object.isFrozen(d) && Object.isFrozen(d.games[0].info), "frozen");
	assert.equal(index.describe(), d, "the same each time");
});

test("load tells the bytes received of the total, then that it compiles", async (t) => {
	const bytes = readFileSync(new URL("crown.wasm", dist));
	const server = createServer((req, res) => {
		const gz = req.url.endsWith("?gzip");
		const body = gz ? gzipSync(bytes) : bytes;
		const headers = { "content-type": "application/wasm", "content-length": body.length };
		if (gz) {
			headers["content-encoding"] = "gzip";
		}
		res.writeHead(200, headers);
		// In pieces, as a network brings them.
		let at = 0;
		const next = () => {
			if (at >= body.length) {
				return res.end();
			}
			res.write(body.subarray(at, at + (256 << 10)), next);
			at += 256 << 10;
		};
		next();
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	t.after(() => server.close());
	const url = `http://127.0.0.1:${server.address().port}/crown.wasm`;
	for (const [how, source, total] of [
		["a URL", url, bytes.length],
		["a compressed response, whose length is not the file's", fetch(`${url}?gzip`), undefined],
		["the entry's own file", undefined, bytes.length],
	]) {
		const reports = [];
		const entry = await import(new URL("crown.mjs", dist));
		const one = await entry.load(source, { onProgress: (p) => reports.push(p) });
		assert.deepEqual(one.games, ["crown"], how);
		const downloads = reports.filter((p) => p.phase === "download");
		const compiles = reports.filter((p) => p.phase === "compile");
		assert.equal(compiles.length, 1, `${how}: one report of compiling, ${JSON.stringify(reports)}`);
		assert.equal(reports.at(-1).phase, "compile", `${how}: compiling comes last`);
		assert.equal(compiles[0].loaded, bytes.length, how);
		if (source !== undefined) {
			assert.ok(downloads.length > 2, `${how}: ${downloads.length} reports of the download`);
			assert.equal(downloads[0].loaded, 0, how);
			assert.ok(downloads.every((p, i) => i === 0 || p.loaded > downloads[i - 1].loaded), `${how}: the bytes grow`);
			assert.ok(downloads.every((p) => p.total === total || (total === undefined && p.total === bytes.length)), `${how}: of the total ${JSON.stringify(downloads.at(-1))}`);
		}
		assert.ok(reports.every((p) => Object.isFrozen(p)));
	}
});

test("a load's options and a progress callback that throws are bad input", async () => {
	for (const [what, opts] of [
		["options that are a number", 7],
		["an onProgress that is no function", { onProgress: "yes" }],
		["options whose onProgress getter throws", { get onProgress() { throw new Error("no"); } }],
		["an onProgress that throws", { onProgress() { throw new Error("no"); } }],
	]) {
		await assert.rejects(load(undefined, opts), (e) => e instanceof GameError && e.code === "bad_input", what);
	}
	// The package's own loads go on.
	assert.deepEqual((await load()).games, lib.games);
});

test("no entry imports a module of Node.js, nor names one a bundler would resolve", () => {
	for (const f of readdirSync(dist).filter((f) => f.endsWith(".mjs") || f.endsWith(".js"))) {
		const text = readFileSync(new URL(f, dist), "utf8");
		assert.doesNotMatch(text, /\bimport\s*\(\s*["'`](node:)?(fs|path|url|module|process|fs\/promises)["'`]/, f);
		assert.doesNotMatch(text, /\bfrom\s*["'](node:)?(fs|path|url|module|fs\/promises)["']/, f);
		assert.doesNotMatch(text, /\brequire\s*\(/, f);
	}
	for (const name of ["index", ...lib.games]) {
		const wasm = name === "index" ? "games.wasm" : `${name}.wasm`;
		assert.match(readFileSync(new URL(`${name}.mjs`, dist), "utf8"), new RegExp(`new URL\\("\\./${wasm.replace(".", "\\.")}", import\\.meta\\.url\\)`), `${name}.mjs names its file as bundlers find it`);
	}
});
