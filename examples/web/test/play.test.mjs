// The web page in a real browser: for each game, one person against
// bots, played to the end by clicking the moves the table offers; no
// console errors; no face of a card the viewer may not see, at any
// moment; a reload in the middle continues the game. go test
// ./examples/web runs it against the page and a freshly built bundle:
//
//	WEB_URL=http://127.0.0.1:8000/ WEB_BUNDLE=wasm/dist [WEB_SHOTS=dir] node --test examples/web/test/
//
// WEB_SHOTS names a folder for the screenshots (the README's come from
// go test ./examples/web -screenshots).
import assert from "node:assert/strict";
import { resolve } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";
import { laptop, phone, random, shots, url, useBrowser } from "./browser.mjs";

const bundle = resolve(process.env.WEB_BUNDLE ?? "wasm/dist");
const { load } = await import(pathToFileURL(resolve(bundle, "index.mjs")).href);
const lib = await load();

const browser = useBrowser();

// Every card code a view or a state may hold: a playing card, a joker
// (of a second deck with an apostrophe), or a card of Nine Kingdoms.
const cardCode = /^((10|[2-9AJQK])[CDHS]'?|X[12]'?|[1-9$])$/;

/** Counts the card codes in a JSON value, leaving out members named in skip. */
function countCards(value, skip = new Set(), into = new Map()) {
	if (typeof value === "string") {
		if (cardCode.test(value)) {
			into.set(value, (into.get(value) ?? 0) + 1);
		}
	} else if (Array.isArray(value)) {
		value.forEach((v) => countCards(v, skip, into));
	} else if (value && typeof value === "object") {
		for (const [k, v] of Object.entries(value)) {
			if (!skip.has(k)) {
				countCards(v, skip, into);
			}
		}
	}
	return into;
}

function tally(list) {
	const m = new Map();
	for (const x of list) {
		m.set(x, (m.get(x) ?? 0) + 1);
	}
	return m;
}

/**
 * Records, at every change of the page, the faces of cards in it and the
 * game its storage holds; the test checks them in Node.
 */
function watch() {
	window.__snaps = [];
	let last = "";
	const snap = () => {
		const faces = [...document.querySelectorAll("[data-card]")].map((e) => e.dataset.card);
		const game = localStorage.getItem("cardrules.web.game");
		const key = faces.join() + "|" + (game?.length ?? 0) + (game ?? "").slice(-64);
		if (faces.length > 0 && key !== last) {
			last = key;
			window.__snaps.push({ faces, game });
		}
	};
	new MutationObserver(snap).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-card"] });
}

/**
 * Checks the page's snapshots: every face the page showed is a card of
 * the viewer's view (its moves left out), and no face is one of another
 * seat's hidden cards (their hands, and pairs chosen in secret), but for
 * the cards the view itself shows (a Bribe shows a hand).
 */
async function checkSecrets(page, copies) {
	const snaps = await page.evaluate(() => window.__snaps.splice(0));
	for (const { faces, game } of snaps) {
		assert.ok(game, "cards shown with no game in storage");
		const saved = JSON.parse(game);
		const g = lib.game(saved.game);
		const home = saved.home;
		const view = g.view(saved.state, home);
		const seen = countCards(view, new Set(["moves"]));
		const shown = tally(faces);
		for (const [c, n] of shown) {
			assert.ok(n <= (seen.get(c) ?? 0), `the page shows ${n} × ${c}, the view of P${home + 1} holds ${seen.get(c) ?? 0}`);
		}
		const hidden = new Map();
		saved.state.hands.forEach((h, p) => p !== home && countCards(h, undefined, hidden));
		(saved.state.pairs ?? []).forEach((h, p) => p !== home && countCards(h, undefined, hidden));
		for (const [c, n] of hidden) {
			const free = (copies.get(c) ?? 0) - n;
			const bound = free + Math.max(0, (seen.get(c) ?? 0) - free);
			assert.ok((shown.get(c) ?? 0) <= bound, `the page shows ${c}, held by another seat (${shown.get(c)} shown, ${bound} may be)`);
		}
	}
	return snaps.length;
}

/** Opens the page with its watchers; the errors it logs go to errors. */
async function open(errors, viewport = laptop) {
	// Motion reduced: the screenshots show the cards where they land.
	const context = await browser().newContext({ viewport, deviceScaleFactor: 1, reducedMotion: "reduce" });
	const page = await context.newPage();
	// A move on a version another's move passed answers 409, as the API
	// says, and the page goes on (it sends the move again, or asks again):
	// the browser's report of that answer is no error of the page.
	page.on("console", (m) => m.type() === "error" && !m.text().includes("status of 409") && errors.push(`console: ${m.text()}`));
	page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
	await page.addInitScript(watch);
	return { context, page };
}

/** Loads the page and waits until it can be played; its time to playable in ms. */
async function ready(page) {
	await page.goto(url);
	await page.waitForSelector("html[data-ready]", { timeout: 120_000 });
	return Number(await page.getAttribute("html", "data-ready"));
}

/** Fills the form: the game, players, seats, options, seed; and starts. */
async function start(page, { game, players, seats, options, seed }) {
	await page.check(`input[name=game][value=${game}]`);
	if (await page.locator("select#players").count()) {
		await page.selectOption("select#players", String(players));
	}
	for (const [p, spec] of seats.entries()) {
		const [kind, strength] = spec.split(":strength=");
		await page.selectOption(`[name=seat${p}]`, kind);
		if (strength) {
			await page.selectOption(`[name=strength${p}]`, strength);
		}
	}
	for (const [name, value] of Object.entries(options)) {
		if (typeof value === "boolean") {
			await page.setChecked(`#opt-${name}`, value);
		} else {
			await page.fill(`#opt-${name}`, String(value));
		}
	}
	if (await page.locator("#seed").isVisible()) {
		await page.fill("#seed", String(seed));
	}
	await page.selectOption("#pace", "0");
	await page.click("#start");
}

/** Waits until the person must act (true) or the game is over (false). */
async function turn(page) {
	const h = await page.waitForFunction(
		() => (document.querySelector("#result") ? "over" : document.querySelector("#table .playable, #actions button.move") ? "act" : null),
		null,
		{ timeout: 120_000, polling: 20 },
	);
	return (await h.jsonValue()) === "act";
}

/** One click of the person: a highlighted thing on the table or a move's button. */
async function act(page, pick, keyboard) {
	const targets = page.locator("#table .playable, #actions button.move:not(.clear)");
	const n = await targets.count();
	assert.ok(n > 0, "nothing to click on the person's turn");
	const target = targets.nth(pick(n));
	if (keyboard) {
		await target.focus();
		await page.keyboard.press("Enter");
	} else {
		await target.click();
	}
}

function savedGame(page) {
	return page.evaluate(() => JSON.parse(localStorage.getItem("cardrules.web.game")));
}

/** The heading the end screen must show for the result. */
function expectedResult({ winners, drawn }) {
	const names = winners.map((p) => `P${p + 1}`);
	if (names.length === 0) {
		return "A draw";
	}
	const all = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
	if (drawn) {
		return `${all} drew`;
	}
	return names.length === 1 ? `${all} wins` : `${all} share the win`;
}

const games = [
	{ game: "bastards", players: 3, seats: ["human", "ismcts:strength=1", "random"], options: { rounds: 1, jokers: 2 }, seed: 7, reloadAt: 6, shotAt: 4 },
	{ game: "ninekingdoms", players: 3, seats: ["human", "ismcts:strength=1", "random"], options: { match: false }, seed: 11, reloadAt: 5, shotAt: 14 },
	{ game: "crown", players: 2, seats: ["human", "ismcts:strength=1"], options: { maxTurns: 60, royalBloc: true }, seed: 5, reloadAt: 4, shotAt: 8, keyboard: true },
	{ game: "packs", players: 2, seats: ["human", "ismcts:strength=1"], options: { turns: 12, solo: false, headStart: 0 }, seed: 3, reloadAt: 5, shotAt: 10 },
];

for (const spec of games) {
	test(`${spec.game}: a person against bots, to the end`, async (t) => {
		const errors = [];
		const { context, page } = await open(errors);
		const pick = random(spec.seed);
		t.diagnostic(`playable after ${await ready(page)} ms`);
		await start(page, spec);
		const g = lib.game(spec.game);
		const copies = countCards(g.newGame({ ...spec.options, players: spec.players, seed: spec.seed }));

		let clicks = 0;
		let checked = 0;
		let reloaded = false;
		let shot = !shots;
		let mine = 0;
		while (await turn(page)) {
			// The page waits for the person: the storage holds the game shown.
			mine = (await savedGame(page)).moves.filter((m) => m.player === 0).length;
			if (!shot && mine >= spec.shotAt) {
				shot = true;
				await page.evaluate(() => window.scrollTo(0, 0));
				await page.screenshot({ path: `${shots}/${spec.game}.png` });
			}
			if (!reloaded && mine >= spec.reloadAt) {
				reloaded = true;
				const kept = await savedGame(page);
				const logged = await page.locator("#log li").count();
				t.diagnostic(`reloaded: playable after ${await ready(page)} ms`);
				assert.ok(await turn(page), "after the reload, the person's turn is gone");
				const back = await savedGame(page);
				assert.deepEqual(back.state, kept.state, "the reload changed the game");
				assert.equal(back.moves.length, kept.moves.length);
				assert.equal(await page.locator("#log li").count(), logged, "the log after the reload");
				continue;
			}
			await act(page, pick, spec.keyboard);
			clicks++;
			checked += await checkSecrets(page, copies);
			assert.ok(clicks < 3000, "the game does not end");
		}
		checked += await checkSecrets(page, copies);
		const saved = await savedGame(page);
		const status = g.status(saved.state);
		assert.ok(status.over, "the end screen shows before the end");
		const heading = await page.locator("#result h2").textContent();
		assert.ok(heading.startsWith(expectedResult(status.result)), `the end screen says ${JSON.stringify(heading)}, the result is ${JSON.stringify(status.result)}`);
		assert.ok(reloaded, "the game ended before the reload");
		assert.ok(checked > mine, `only ${checked} moments checked for secrets`);
		if (shots) {
			await page.screenshot({ path: `${shots}/${spec.game}-end.png`, fullPage: true });
		}
		assert.equal(await page.locator("#notice").isVisible(), false, "a notice showed");
		assert.deepEqual(errors, []);
		t.diagnostic(`${mine} moves of the person in ${clicks} clicks; ${saved.moves.length} moves in all; ${checked} moments checked; ${heading}`);
		await context.close();
	});
}

test("a game called a draw is told as a draw, not a shared win", async () => {
	const errors = [];
	const { context, page } = await open(errors);
	const spec = { game: "crown", players: 2, seats: ["human", "random"], options: { maxTurns: 2 }, seed: 5 };
	await ready(page);
	await start(page, spec);
	const pick = random(spec.seed);
	for (let clicks = 0; await turn(page); clicks++) {
		assert.ok(clicks < 100, "the game does not end");
		await act(page, pick, false);
	}
	const status = lib.game(spec.game).status((await savedGame(page)).state);
	assert.ok(status.result.drawn, `two turns of Claim the Crown end in a called draw: ${JSON.stringify(status.result)}`);
	assert.equal(await page.locator("#result h2").textContent(), "P1 and P2 drew.");
	assert.deepEqual(errors, []);
	await context.close();
});

test("a phone-sized screen: the table fits its width", async (t) => {
	const errors = [];
	const { context, page } = await open(errors, phone);
	await ready(page);
	await start(page, { game: "packs", players: 2, seats: ["human", "random"], options: { turns: 40, solo: false, headStart: 0 }, seed: 2 });
	assert.ok(await turn(page));
	const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
	assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);
	if (shots) {
		await page.screenshot({ path: `${shots}/phone.png`, fullPage: true });
	}
	assert.deepEqual(errors, []);
	await context.close();
});

test("seven players of Kings & Bastards: the second deck's cards show as faces", async () => {
	const errors = [];
	const { context, page } = await open(errors);
	await ready(page);
	const seats = ["human", ...Array(6).fill("random")];
	await start(page, { game: "bastards", players: 7, seats, options: { rounds: 1, jokers: 2 }, seed: 4 });
	assert.ok(await turn(page));
	const faces = await page.$$eval("#table .card.face", (es) => es.map((e) => ({ code: e.dataset.card, plain: e.classList.contains("plain") })));
	const twins = faces.filter((f) => f.code.endsWith("'"));
	assert.ok(twins.length > 0, `a hand of two decks holds a card of the second: ${faces.map((f) => f.code)}`);
	assert.deepEqual(
		twins.filter((f) => f.plain),
		[],
		"a card of the second deck shows as a face, not as its code",
	);
	assert.deepEqual(errors, []);
	await context.close();
});

test("two people at one screen: each sees only their own hand", async (t) => {
	const errors = [];
	const { context, page } = await open(errors);
	await ready(page);
	const spec = { game: "crown", players: 2, seats: ["human", "human"], options: { maxTurns: 12, royalBloc: false }, seed: 9 };
	await start(page, spec);
	const copies = countCards(lib.game("crown").newGame({ ...spec.options, players: 2, seed: spec.seed }));
	const pick = random(spec.seed);
	let handovers = 0;
	for (;;) {
		const h = await page.waitForFunction(
			() => (document.querySelector("#result") ? "over" : document.querySelector("#reveal") ? "curtain" : document.querySelector("#table .playable, #actions button.move") ? "act" : null),
			null,
			{ timeout: 60_000, polling: 20 },
		);
		const what = await h.jsonValue();
		if (what === "over") {
			break;
		}
		if (what === "curtain") {
			assert.equal(await page.locator("[data-card]").count(), 0, "cards show while the screen passes to the other player");
			await page.click("#reveal");
			handovers++;
			continue;
		}
		await act(page, pick);
		await checkSecrets(page, copies);
	}
	await checkSecrets(page, copies);
	assert.ok(handovers >= 4, `the screen passed ${handovers} times`);
	const status = lib.game("crown").status((await savedGame(page)).state);
	assert.ok((await page.locator("#result h2").textContent()).startsWith(expectedResult(status.result)));
	assert.deepEqual(errors, []);
	t.diagnostic(`${handovers} hand-overs`);
	await context.close();
});

/** The game a page plays on the server: its id and its seat's token. */
function joined(page) {
	const p = new URLSearchParams(new URL(page.url()).hash.slice(1));
	return { id: p.get("game"), token: p.get("token") };
}

/** The seat's view from the server. */
async function serverView(page) {
	const { id, token } = joined(page);
	const resp = await fetch(new URL(`api/games/${id}?since=0`, url), { headers: { Authorization: `Bearer ${token}` } });
	assert.equal(resp.status, 200);
	return (await resp.json()).view;
}

/** The events the server gives the page's seat, all of them. */
async function serverEvents(page) {
	const { id, token } = joined(page);
	let events = 0;
	for (let more = true; more; ) {
		const resp = await fetch(new URL(`api/games/${id}?since=${events}`, url), { headers: { Authorization: `Bearer ${token}` } });
		assert.equal(resp.status, 200);
		const sv = await resp.json();
		events += sv.events.length;
		more = sv.more ?? false;
	}
	return events;
}

/**
 * Waits until the page's log holds every event the server gives its seat
 * (the others may move during the person's turn: the bots play after the
 * move that leaves them to act), and returns their number.
 */
async function settled(page) {
	for (let i = 0; ; i++) {
		const [shown, events] = [await page.locator("#log li").count(), await serverEvents(page)];
		if (shown === events) {
			return shown;
		}
		assert.ok(i < 100, `the page logs ${shown} events, the server gives its seat ${events}`);
		await page.waitForTimeout(100);
	}
}

/**
 * Checks, while a page waits for its person's move (so that the server
 * waits too), that every face it shows is a card of its seat's view.
 */
async function checkOnline(page) {
	const view = await serverView(page);
	const seen = countCards(view, new Set(["moves"]));
	const shown = tally(await page.locator("[data-card]").evaluateAll((es) => es.map((e) => e.dataset.card)));
	for (const [c, n] of shown) {
		assert.ok(n <= (seen.get(c) ?? 0), `the page shows ${n} × ${c}, the view of P${view.viewer + 1} holds ${seen.get(c) ?? 0}`);
	}
	return view;
}

/** Whether the page shows the end, the person's moves, or waits. */
function stateOf(page) {
	return page.evaluate(() => (document.querySelector("#result") ? "over" : document.querySelector("#table .playable, #actions button.move") ? "act" : "wait"));
}

test("on the server: a person against a bot, with a reload", async (t) => {
	const errors = [];
	const { context, page } = await open(errors);
	await ready(page);
	await page.check("input[name=where][value=server]");
	assert.equal(await page.locator("#seed").isVisible(), false, "the seed of a game on the server");
	await start(page, { game: "ninekingdoms", players: 2, seats: ["human", "ismcts:strength=1"], options: { match: false }, seed: "" });
	const pick = random(21);
	let reloaded = false;
	let moves = 0;
	while (await turn(page)) {
		const view = await checkOnline(page);
		if (!reloaded && view.round >= 3) {
			reloaded = true;
			const logged = await settled(page);
			await page.reload();
			assert.ok(await turn(page), "after the reload, the person's turn is gone");
			assert.equal(await settled(page), logged, "the log after the reload");
			continue;
		}
		await act(page, pick);
		moves++;
	}
	const view = await serverView(page);
	assert.ok(view.over);
	assert.ok(reloaded, "the game ended before the reload");
	const heading = await page.locator("#result h2").textContent();
	assert.ok(heading.startsWith(expectedResult(view.result)), `the end screen says ${JSON.stringify(heading)}, the result is ${JSON.stringify(view.result)}`);
	assert.deepEqual(errors, []);
	t.diagnostic(`${moves} clicks; ${heading}`);
	await context.close();
});

test("on the server: two people, each in their own browser", async (t) => {
	const errors = [];
	const a = await open(errors);
	const b = await open(errors);
	await ready(a.page);
	await a.page.check("input[name=where][value=server]");
	await start(a.page, { game: "crown", players: 2, seats: ["human", "human"], options: { maxTurns: 6, royalBloc: false }, seed: "" });
	const link = await a.page.locator("#invite1").inputValue();
	assert.match(link, /#game=.+&token=/);
	await b.page.goto(link);
	await b.page.waitForSelector("#table .layout");
	const pages = [a.page, b.page];
	const pick = random(5);
	let moves = 0;
	for (let i = 0; ; i++) {
		assert.ok(i < 5000, "the game does not end");
		const states = await Promise.all(pages.map(stateOf));
		if (states.every((s) => s === "over")) {
			break;
		}
		const p = states.indexOf("act");
		if (p < 0) {
			await new Promise((r) => setTimeout(r, 50));
			continue;
		}
		const view = await checkOnline(pages[p]);
		assert.equal(view.viewer, p);
		await act(pages[p], pick);
		moves++;
	}
	const view = await serverView(a.page);
	for (const page of pages) {
		const heading = await page.locator("#result h2").textContent();
		assert.ok(heading.startsWith(expectedResult(view.result)), heading);
	}
	assert.deepEqual(errors, []);
	t.diagnostic(`${moves} clicks in two browsers`);
	await a.context.close();
	await b.context.close();
});
