// The bundle as a package: packed with npm pack, installed into a new
// project and imported by its name — from an ES module, from CommonJS, and
// from TypeScript — and the README's example runs there as written.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { dist, root, load } from "./helpers.mjs";

const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
const pkg = JSON.parse(readFileSync(new URL("package.json", dist), "utf8"));
const games = (await load()).games.join(",");
let dir;
let project;

function run(file, args, cwd) {
	try {
		return execFileSync(file, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
	} catch (e) {
		assert.fail(`${file} ${args.join(" ")}:\n${e.stdout}${e.stderr}`);
	}
}

before(() => {
	dir = mkdtempSync(join(tmpdir(), "games-pack-"));
	const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", dir], fileURLToPath(dist)));
	project = join(dir, "project");
	mkdirSync(project);
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
	run("npm", ["install", "--offline", "--no-audit", "--no-fund", join(dir, packed[0].filename)], project);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("the package holds the bundle and nothing else", () => {
	const files = JSON.parse(run("npm", ["pack", "--dry-run", "--json"], fileURLToPath(dist)))[0].files.map((f) => f.path).sort();
	// The entry of every game, and an entry of each game alone.
	const entries = ["index", ...games.split(",")].flatMap((e) => [`${e}.d.mts`, `${e}.d.ts`, `${e}.mjs`, `${e === "index" ? "games" : e}.wasm`]);
	assert.deepEqual(files.filter((f) => !f.startsWith("types/")), [
		"CHANGELOG.md", "LICENSE", "README.md", "api.d.ts", ...entries, "loader.mjs", "package.json", "wasm_exec.js",
	].sort());
	assert.deepEqual(files.filter((f) => f.startsWith("types/")), ["common", ...games.split(",")].map((n) => `types/${n}.d.ts`).sort());
});

test("npm publish --dry-run runs clean and lists the package's files", () => {
	const r = spawnSync("npm", ["publish", "--dry-run"], { cwd: fileURLToPath(dist), encoding: "utf8" });
	assert.equal(r.status, 0, r.stderr);
	// npm warns, in a dry run, that publishing needs a login: that is not
	// about the package.
	const warnings = r.stderr.split("\n").filter((l) => /\bwarn/i.test(l) && !/requires you to be logged in/.test(l));
	assert.deepEqual(warnings, [], r.stderr);
	const listed = [...r.stderr.matchAll(/^npm notice [\d.]+[kMG]?B (\S+)$/gm)].map((m) => m[1]).sort();
	const packed = JSON.parse(run("npm", ["pack", "--dry-run", "--json"], fileURLToPath(dist)))[0].files.map((f) => f.path).sort();
	assert.deepEqual(listed, packed);
	console.log(r.stderr.split("\n").filter((l) => l.startsWith("npm notice")).join("\n"));
});

test("the package's licence is the module's, then Go's; its version is the CHANGELOG's", () => {
	assert.equal(pkg.license, "MIT");
	const licence = readFileSync(new URL("LICENSE", dist), "utf8");
	assert.ok(licence.startsWith(readFileSync(join(root, "LICENSE"), "utf8")), "the module's licence first");
	assert.match(licence, /Copyright \d+ The Go Authors/);
	const changelog = readFileSync(join(root, "CHANGELOG.md"), "utf8");
	const first = changelog.match(/^## (\d+\.\d+\.\d+)/m);
	assert.ok(first, "the CHANGELOG has a version's heading");
	assert.equal(pkg.version, first[1], "package.json's version is the CHANGELOG's first");
	assert.match(pkg.version, /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, "a semantic version");
});

test("an ES module imports it by its name", () => {
	writeFileSync(join(project, "main.mjs"), `
import { load, GameError } from ${JSON.stringify(pkg.name)};
const lib = await load();
const g = lib.game("ninekingdoms");
const state = g.newGame({ seed: 1 });
const step = g.apply(state, g.legalMoves(state)[0]);
try { g.apply(state, { player: 0 }); } catch (e) { console.log(e instanceof GameError, e.code); }
console.log(lib.games.join(","), step.events.length > 0);
`);
	assert.equal(run(process.execPath, ["main.mjs"], project), `true bad_input\n${games} true\n`);
});

test("CommonJS imports it", () => {
	writeFileSync(join(project, "main.cjs"), `
import(${JSON.stringify(pkg.name)}).then((m) => m.load()).then((lib) => console.log(lib.games.join(",")));
`);
	assert.equal(run(process.execPath, ["main.cjs"], project), `${games}\n`);
});

test("TypeScript finds its types by its name", () => {
	writeFileSync(join(project, "main.ts"), `
import { load, type Move, type bastards } from ${JSON.stringify(pkg.name)};
const lib = await load();
const g = lib.game("bastards");
const moves: Move<"bastards">[] = g.legalMoves(g.newGame({ seed: 1n }));
const first: bastards.Move | undefined = moves[0];
export const text: string | undefined = first?.text;
// @ts-expect-error no such game
lib.game("chess");
`);
	for (const resolution of [{ module: "nodenext", moduleResolution: "nodenext" }, { module: "esnext", moduleResolution: "bundler" }]) {
		writeFileSync(join(project, "tsconfig.json"), JSON.stringify({
			compilerOptions: { strict: true, noEmit: true, target: "es2022", lib: ["es2022"], types: [], ...resolution },
			files: ["main.ts"],
		}));
		run(process.execPath, [tsc, "-p", project], project);
	}
});

test("the README's example runs as written and prints what the README says", () => {
	const readme = readFileSync(join(root, "README.md"), "utf8");
	const section = readme.slice(readme.indexOf("## JavaScript"));
	const code = section.match(/```js\n([\s\S]*?)```/)[1];
	const prints = section.match(/It prints:\n\n```text\n([\s\S]*?)```/)[1];
	assert.ok(code.includes(`from "${pkg.name}"`), "the example imports the package by its name");
	assert.ok(code.trim().split("\n").length <= 14, "a short example");
	writeFileSync(join(project, "readme.mjs"), code);
	assert.equal(run(process.execPath, ["readme.mjs"], project), prints);
});
