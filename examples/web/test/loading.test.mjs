// Loading a game's engine, in a real browser: the page fetches the
// WebAssembly of the game it plays, and of no other game; on a slow
// network (emulated) it shows a bar of the bytes received of the file's
// size, then that it compiles, and the game starts; a download that fails
// shows why, with a button that tries again and then plays; and the
// engines already loaded start at once. Screenshots: loading.png and
// loading-error.png.
import assert from "node:assert/strict";
import { test } from "node:test";
import { laptop, shots, url, useBrowser } from "./browser.mjs";

const browser = useBrowser();

/** A page whose network is slow (bytes a second), and the .wasm files it fetched. */
async function slowPage(errors, rate) {
	const context = await browser().newContext({ viewport: laptop, deviceScaleFactor: 1, reducedMotion: "reduce" });
	const page = await context.newPage();
	page.on("console", (m) => m.type() === "error" && !m.text().includes("net::ERR_FAILED") && errors.push(`console: ${m.text()}`));
	page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
	const wasm = [];
	context.on("request", (r) => r.url().endsWith(".wasm") && wasm.push(new URL(r.url()).pathname.split("/").at(-1)));
	if (rate) {
		const cdp = await context.newCDPSession(page);
		await cdp.send("Network.enable");
		await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 40, downloadThroughput: rate, uploadThroughput: rate });
	}
	await page.goto(url);
	await page.waitForSelector("html[data-ready]", { timeout: 120_000 });
	return { context, page, wasm };
}

/** Starts a game of Claim the Crown against a random bot, from the form. */
async function startCrown(page) {
	await page.check("input[name=game][value=crown]");
	await page.selectOption("[name=seat1]", "random");
	await page.selectOption("#pace", "0");
	await page.click("#start");
}

/** Waits until the table shows the game. */
async function playing(page) {
	await page.waitForFunction(() => document.querySelector("#table")?.children.length > 0 && !document.querySelector("#play")?.hidden, null, { timeout: 120_000 });
}

test("the engine of the game played loads alone, its progress shown: bytes of the size, then compiling", async () => {
	const errors = [];
	const { context, page, wasm } = await slowPage(errors, 400 << 10);
	await startCrown(page);
	// The bar moves through the download.
	const seen = [];
	for (;;) {
		const s = await page.evaluate(() => ({
			shown: !document.getElementById("loading").hidden,
			heading: document.querySelector("#loading p")?.textContent,
			size: document.getElementById("loading-size")?.textContent ?? "",
			value: document.getElementById("loading-bar")?.value,
			max: document.getElementById("loading-bar")?.max,
			playing: document.querySelector("#table")?.children.length > 0,
		}));
		if (s.playing || !s.shown) {
			break;
		}
		seen.push(s);
		if (shots && s.value > s.max / 3 && !seen.shot) {
			seen.shot = true;
			await page.screenshot({ path: `${shots}/loading.png` });
		}
		await page.waitForTimeout(100);
	}
	await playing(page);
	const downloading = seen.filter((s) => /^\d+\.\d MB of \d+\.\d MB \(\d+%\)$/.test(s.size));
	assert.ok(downloading.length >= 3, `the bar moved through ${downloading.length} steps: ${JSON.stringify(seen.map((s) => s.size))}`);
	assert.ok(downloading.every((s, i) => i === 0 || s.value >= downloading[i - 1].value), "the bytes only grow");
	assert.equal(seen[0].heading, "Loading Claim the Crown…");
	assert.ok(seen.some((s) => s.value > 0 && s.value < s.max), "the bar stood between empty and full");
	assert.deepEqual(wasm, ["crown.wasm"], "the page fetched the WebAssembly of the game played, and no other");
	assert.deepEqual(errors, []);

	// Back to the form and again: the engine is there, no loading.
	await page.click("#new-game");
	if (await page.locator("#confirm-yes").isVisible()) {
		await page.click("#confirm-yes");
	}
	await page.waitForSelector("#setup:not([hidden])");
	await startCrown(page);
	await playing(page);
	assert.deepEqual(wasm, ["crown.wasm"], "an engine loaded once");
	await context.close();
});

test("a download that fails says so, and Try again plays", async () => {
	const errors = [];
	const { context, page, wasm } = await slowPage(errors, 0);
	await context.route("**/*.wasm", (route) => route.abort("connectionfailed"));
	await startCrown(page);
	await page.waitForSelector("#loading-retry", { timeout: 60_000 });
	const said = await page.locator("#loading .error").textContent();
	assert.equal(said, "Claim the Crown could not load.");
	assert.match(await page.locator("#loading .help").textContent(), /^Check your connection and try again\. What the browser said: /);
	assert.ok(await page.locator("#loading-back").isVisible(), "a way back to the form");
	if (shots) {
		await page.screenshot({ path: `${shots}/loading-error.png` });
	}
	await context.unroute("**/*.wasm");
	await page.click("#loading-retry");
	await playing(page);
	assert.ok(wasm.filter((f) => f === "crown.wasm").length >= 2, `fetched: ${wasm}`);
	assert.ok(!wasm.includes("games.wasm"));
	assert.deepEqual(errors, []);
	await context.close();
});

test("a game from outside the module, in the bundle, plays to its end on the plain table from its own file", async () => {
	const errors = [];
	const { context, page, wasm } = await slowPage(errors, 0);
	assert.ok(await page.locator("input[name=game][value=crazyeights]").count(), "the bundle has no Crazy Eights: build it with -games …,./examples/crazyeights");
	await page.check("input[name=game][value=crazyeights]");
	if (await page.locator("select#players").count()) {
		await page.selectOption("select#players", "2");
	}
	await page.selectOption("[name=seat1]", "random");
	await page.selectOption("#pace", "0");
	await page.click("#start");
	await playing(page);
	let clicks = 0;
	for (;;) {
		const h = await page.waitForFunction(() => (document.querySelector("#result") ? "over" : document.querySelector("#actions button.move") ? "act" : null), null, { timeout: 60_000, polling: 20 });
		if ((await h.jsonValue()) === "over") {
			break;
		}
		assert.ok(await page.locator("#table pre.view-text").isVisible(), "the plain table shows the view's text");
		const moves = page.locator("#actions button.move:not(.clear)");
		await moves.nth(clicks % (await moves.count())).click();
		clicks++;
		assert.ok(clicks < 500, "the game does not end");
	}
	const heading = await page.locator("#result h2").textContent();
	assert.match(heading, /^(P[12] wins|A draw)/);
	if (shots) {
		await page.screenshot({ path: `${shots}/crazyeights.png` });
	}
	assert.deepEqual(wasm, ["crazyeights.wasm"], "the outside game's own file, and no other");
	assert.deepEqual(errors, []);
	await context.close();
});
