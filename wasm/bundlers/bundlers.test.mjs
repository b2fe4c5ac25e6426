// The npm package as browser apps take it. The package built in ../dist
// (go run ./wasm/build) is packed with npm pack and installed here from
// its tarball; this folder is a small app (index.html, src/main.js) that
// imports it, built with each of Vite, webpack, esbuild and Rollup by the
// README's recipes, run here as they are written; each build is served
// and played in a headless Chromium, from the entry of Claim the Crown
// alone (?entry=crown) and from the entry of every game (?entry=all), each
// to the end of a game; and each page must have fetched the WebAssembly of
// its entry only. It prints a table of what each bundler built and
// shipped. It needs Chromium (/usr/bin/chromium, or the CHROMIUM variable)
// and the packages of package-lock.json (npm ci here).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const bin = (name) => join(here, "node_modules", ".bin", name);
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
const missing = !existsSync(join(dist, "index.mjs"))
	? "the package is not built: go run ./wasm/build"
	: !existsSync(chromiumPath)
		? `Chromium is not at ${chromiumPath} (apt-get install chromium, or set CHROMIUM)`
		: !existsSync(bin("vite"))
			? "the bundlers are not installed: npm ci in wasm/bundlers"
			: "";
if (missing && process.env.CI === "true") {
	throw new Error(missing);
}

function run(file, args, cwd = here) {
	try {
		return execFileSync(file, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
	} catch (e) {
		assert.fail(`${file} ${args.join(" ")}:\n${e.stdout}${e.stderr}`);
	}
}

function version(pkg) {
	return JSON.parse(readFileSync(join(here, "node_modules", pkg, "package.json"), "utf8")).version;
}

// The README's recipes: for each bundler, the shell block after its name
// in bold, and Rollup's config.
const readme = readFileSync(join(here, "..", "..", "README.md"), "utf8");
function recipe(name) {
	const m = readme.match(new RegExp(`\\*\\*${name}\\*\\*[^*]*?\`\`\`sh\\n([\\s\\S]*?)\`\`\``));
	assert.ok(m, `the README has no recipe for ${name}`);
	return m[1];
}

// The bundlers, as the README names them, with their packages and
// whether their build writes the page (the others' is written by hand,
// loading dist/main.js, as a module or, for webpack, a script).
const bundlers = [
	{ name: "Vite", pkg: "vite", page: true },
	{ name: "webpack", pkg: "webpack", module: false },
	{ name: "esbuild", pkg: "esbuild", module: true },
	{ name: "Rollup", pkg: "rollup", module: true },
];

// build runs b's recipe here and moves what it built into out.
function build(b, out) {
	rmSync(join(here, "dist"), { recursive: true, force: true });
	run("bash", ["-euo", "pipefail", "-c", recipe(b.name)]);
	renameSync(join(here, "dist"), out);
	if (!b.page) {
		const html = readFileSync(join(here, "index.html"), "utf8");
		writeFileSync(join(out, "index.html"), html.replace('<script type="module" src="./src/main.js"></script>', b.module ? '<script type="module" src="./main.js"></script>' : '<script src="./main.js"></script>'));
	}
}

test("the README's Rollup config is the app's", () => {
	const m = readme.match(/```js\n\/\/ rollup\.config\.mjs\n([\s\S]*?)```/);
	assert.ok(m, "the README shows rollup.config.mjs");
	assert.equal(m[1], readFileSync(join(here, "rollup.config.mjs"), "utf8"));
});

const types = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm" };

// serve serves the folder out on a port of its own and returns its address.
async function serve(out) {
	const server = createServer((req, res) => {
		const path = join(out, decodeURIComponent(new URL(req.url, "http://x").pathname));
		if (!path.startsWith(out) || !existsSync(path) || statSync(path).isDirectory() && !existsSync(join(path, "index.html"))) {
			res.writeHead(404).end();
			return;
		}
		const file = statSync(path).isDirectory() ? join(path, "index.html") : path;
		res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" });
		res.end(readFileSync(file));
	});
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

const every = missing ? [] : (await import(join(dist, "index.mjs"))).describe().games.map((g) => g.name);
let tmp;
let browser;
const rows = [];
const sizes = {
	crown: statSync(join(dist, "crown.wasm")).size,
	all: statSync(join(dist, "games.wasm")).size,
};

before(async () => {
	if (missing) {
		return;
	}
	tmp = mkdtempSync(join(tmpdir(), "bundlers-"));
	const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", tmp], dist));
	run("npm", ["install", "--no-save", "--offline", "--no-audit", "--no-fund", join(tmp, packed[0].filename)]);
	browser = await chromium.launch({
		executablePath: chromiumPath,
		args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
	});
});

after(async () => {
	await browser?.close();
	if (tmp) {
		rmSync(tmp, { recursive: true, force: true });
	}
	if (rows.length > 0) {
		console.log(["bundler | version | built in | entry | played to the end | WebAssembly fetched | bytes shipped (gzipped)", "--- | --- | --- | --- | --- | --- | ---", ...rows].join("\n"));
	}
});

for (const b of bundlers) {
	test(`${b.name} builds the app, and Chromium plays it to the end`, { skip: missing || false }, async (t) => {
		const out = join(tmp, b.pkg);
		const start = performance.now();
		build(b, out);
		const built = ((performance.now() - start) / 1000).toFixed(1);
		const { server, url } = await serve(out);
		t.after(() => server.close());
		for (const entry of ["crown", "all"]) {
			const page = await browser.newPage();
			const shipped = [];
			page.on("response", async (r) => {
				try {
					const body = await r.body();
					shipped.push({ url: r.url(), bytes: body.length, gzipped: gzipSync(body, { level: 9 }).length });
				} catch {
					// a response without a body
				}
			});
			await page.goto(`${url}?entry=${entry}`);
			await page.waitForFunction(() => document.body.dataset.result || document.body.dataset.error, null, { timeout: 120_000 });
			const error = await page.evaluate(() => document.body.dataset.error);
			assert.equal(error, undefined, `${b.name}, ?entry=${entry}`);
			const result = JSON.parse(await page.evaluate(() => document.body.dataset.result));
			await page.close();
			assert.equal(result.over, true);
			assert.deepEqual(result.games, entry === "crown" ? ["crown"] : every);
			assert.ok(result.moves > 10, `${result.moves} moves`);
			assert.ok(result.reports.download >= 2 && result.reports.compile === 1, `the page's progress: ${JSON.stringify(result.reports)}`);
			const wasm = shipped.filter((s) => s.url.endsWith(".wasm"));
			assert.deepEqual(wasm.map((s) => s.bytes), [sizes[entry]], `${b.name}, ?entry=${entry}: the page fetched ${JSON.stringify(wasm)}, not its entry's file alone`);
			const bytes = shipped.reduce((n, s) => n + s.bytes, 0);
			const gzipped = shipped.reduce((n, s) => n + s.gzipped, 0);
			rows.push(`${b.name} | ${version(b.pkg)} | ${built} s | ${entry === "crown" ? "@cardrules/games/crown" : "@cardrules/games"} | yes, ${result.moves} moves | ${wasm.map((s) => s.url.slice(url.length)).join(", ")} | ${bytes.toLocaleString("en")} (${gzipped.toLocaleString("en")})`);
		}
	});
}
