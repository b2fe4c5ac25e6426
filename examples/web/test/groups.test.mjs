// Real groups on the server, in a real browser: people meet in the lobby
// and name themselves, one creates a public game with open seats, the
// others join it from the lobby's list and the waiting room fills live,
// they play it to its end on the game's stream with no page polling the
// server, a spectator watches (a banner, no move, no hidden card), and
// all play again at the same table: the rematch keeps the names, rotates
// the first seat, and the table's history counts the wins by name. A
// second test invites a person to a private game by its link, the host
// gives the rest of the seats to a bot, and a page whose stream is
// refused polls, then follows the stream again from where it was.
//
//	WEB_URL=http://127.0.0.1:8000/ [WEB_SHOTS=dir] node --test examples/web/test/
//
// (go test ./examples/web -run TestBrowser runs it beside the API.)
import assert from "node:assert/strict";
import { test } from "node:test";
import { laptop, phone, random, shots, url, useBrowser } from "./browser.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const browser = useBrowser();

/**
 * A person in a browser of their own: their page (a tab: tab() opens
 * another, at a link, in place of the first), the errors it logs, and
 * every request its tabs make to the API, with when it started and
 * ended and, for a stream, when its answer came.
 */
async function person(name, { viewport = laptop, allow = [] } = {}) {
	const context = await browser().newContext({ viewport, deviceScaleFactor: 1 });
	const errors = [];
	const requests = [];
	const byRequest = new Map();
	context.on("request", (r) => {
		const u = new URL(r.url());
		if (!u.pathname.startsWith("/api/")) {
			return;
		}
		const e = { method: r.method(), path: u.pathname, search: u.search, headers: r.headers(), at: performance.now(), end: Infinity, status: 0, page: r.frame().page() };
		requests.push(e);
		byRequest.set(r, e);
	});
	context.on("response", (resp) => {
		const e = byRequest.get(resp.request());
		if (e) {
			e.status = resp.status();
			e.answered = performance.now();
		}
	});
	const ended = (r) => {
		const e = byRequest.get(r);
		if (e && e.end === Infinity) {
			e.end = performance.now();
		}
	};
	context.on("requestfinished", ended);
	context.on("requestfailed", ended);
	const p = { name, context, errors, requests };
	p.tab = async (link) => {
		const old = p.page;
		if (old) {
			await old.close();
			// A closed tab's requests end with it.
			requests.filter((e) => e.page === old).forEach((e) => (e.end = Math.min(e.end, performance.now())));
		}
		const page = await context.newPage();
		// A move on a version another's move passed answers 409, and the page
		// goes on; allow lists the other refusals a test causes on purpose.
		page.on("console", (m) => m.type() === "error" && ![/status of 409/, ...allow].some((r) => r.test(m.text())) && errors.push(`${name}: console: ${m.text()}`));
		page.on("pageerror", (e) => errors.push(`${name}: page error: ${e.message}`));
		await page.goto(link);
		await page.waitForSelector("html[data-ready]", { timeout: 120_000 });
		p.page = page;
	};
	await p.tab(url);
	return p;
}

/** The game a page follows, and its key: {id, token} or {id, watch}. */
function joined(page) {
	const p = new URLSearchParams(new URL(page.url()).hash.slice(1));
	return { id: p.get("game"), token: p.get("token"), watch: p.get("watch") };
}

/** A game's SeatView from the server, as key reads it (the test's own request, not the page's). */
async function serverView(id, key) {
	const resp = await fetch(new URL(`api/games/${id}?since=0`, url), { headers: key ? { Authorization: `Bearer ${key}` } : {} });
	assert.equal(resp.status, 200, `reading game ${id}`);
	return resp.json();
}

/**
 * Checks that a page never polled a game while its stream was up: no
 * GET /api/games/{id} between the answer that opened a stream of that
 * game and the stream's end. It returns the streams opened.
 */
function checkNoPolls(p) {
	const streams = p.requests.filter((r) => r.method === "GET" && /^\/api\/games\/[^/]+\/stream$/.test(r.path) && r.status === 200);
	const reads = p.requests.filter((r) => r.method === "GET" && /^\/api\/games\/[^/]+$/.test(r.path));
	for (const read of reads) {
		const up = streams.find((s) => s.path === `${read.path}/stream` && s.answered < read.at && read.at < s.end);
		assert.ok(!up, `${p.name}'s page read ${read.path}${read.search} while its stream was up`);
	}
	return streams;
}

/** Whether the page shows the end, the person's moves, or waits. */
function stateOf(page) {
	return page.evaluate(() => (document.querySelector("#result") ? "over" : document.querySelector("#table .playable, #actions button.move") ? "act" : "wait"));
}

/**
 * One move of the person: clicks on highlighted things on the table or
 * on a move's button, until the move is made (a set of cards takes a
 * click a card).
 */
async function act(page, pick) {
	for (let clicks = 0; clicks < 20; clicks++) {
		const targets = page.locator("#table .playable, #actions button.move:not(.clear)");
		const n = await targets.count();
		assert.ok(n > 0, "nothing to click on the person's turn");
		await targets.nth(pick(n)).click();
		if ((await page.locator("#table .selected").count()) === 0) {
			return;
		}
	}
	assert.fail("a move of twenty clicks");
}

/** Waits until every page shows the same version of the game (each learns of it from its stream), and returns it. */
async function synced(pages, what) {
	const start = Date.now();
	for (;;) {
		const vs = await Promise.all(pages.map((p) => p.evaluate(() => document.querySelector("#table")?.dataset.version ?? "")));
		if (vs.every((v) => v !== "" && v === vs[0])) {
			return Number(vs[0]);
		}
		assert.ok(Date.now() - start < 20_000, `${what}: the pages show versions ${vs.join(", ")}`);
		await sleep(10);
	}
}

/** The faces of cards a page shows, in a part of it. */
function facesOf(page, selector = "[data-card]") {
	return page.locator(selector).evaluateAll((es) => es.map((e) => e.dataset.card));
}

/** The names on a page's table, by seat: [name, number]. */
function seatNames(page) {
	return page
		.locator("#table .seat")
		.evaluateAll((es) => es.map((e) => [Number(e.dataset.seat), e.querySelector(".seat-name").textContent, e.querySelector(".seat-number")?.textContent ?? ""]).sort((a, b) => a[0] - b[0]));
}

/** The end screen's heading for a result, players named "Ann (P1)", each name isolated from the text around it. */
function expectedResult({ winners, drawn }, names) {
	const n = winners.map((p) => (names[p] ? `\u2068${names[p]}\u2069 (P${p + 1})` : `P${p + 1}`));
	if (n.length === 0) {
		return "A draw";
	}
	const all = n.length === 1 ? n[0] : `${n.slice(0, -1).join(", ")} and ${n.at(-1)}`;
	return drawn ? `${all} drew` : n.length === 1 ? `${all} wins` : `${all} share the win`;
}

/** How much wider than the screen the page is, in pixels. */
function overflow(page) {
	return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("a public game with open seats: the lobby, the waiting room, names, live news, a spectator, a rematch and the table's history", async (t) => {
	const begun = Date.now();
	const [ana, ben, cy, sam] = await Promise.all([person("Ana"), person("Ben"), person("<i>Cy</i>", { allow: [/status of 422/] }), person("a spectator")]);
	const people = [ana, ben, cy];
	const everyone = [...people, sam];

	// Two others wait in the lobby already.
	for (const request of [
		{ game: "ninekingdoms", options: { match: false }, seats: ["human", "open", "ismcts:strength=1"], name: "Dee", public: true },
		{ game: "crown", seats: ["human", "open"], name: "Eve", public: true, spectators: true },
	]) {
		const resp = await fetch(new URL("api/games", url), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
		assert.equal(resp.status, 201, `creating ${request.game}`);
	}

	// Ana names herself in the lobby and creates a public game with two open seats.
	await ana.page.click("#to-lobby");
	await ana.page.waitForSelector("#lobby:not([hidden])");
	await ana.page.fill("#lobby-name", "Ana");
	await ana.page.click("#lobby-create");
	await ana.page.waitForSelector("#setup:not([hidden]) #people:not([hidden])");
	assert.equal(await ana.page.inputValue("#setup-name"), "Ana", "the lobby's name in the form");
	await ana.page.check("input[name=game][value=bastards]");
	await ana.page.selectOption("select#players", "3");
	await ana.page.selectOption("[name=seat0]", "human");
	await ana.page.selectOption("[name=seat1]", "open");
	await ana.page.selectOption("[name=seat2]", "open");
	await ana.page.fill("#opt-rounds", "1");
	await ana.page.fill("#opt-jokers", "2");
	await ana.page.setChecked("#public", true);
	await ana.page.setChecked("#spectators", true);
	await ana.page.click("#start");
	await ana.page.waitForSelector("#room-seats li[data-seat='2']");
	const { id } = joined(ana.page);
	assert.ok(id && joined(ana.page).token, "Ana's page holds her seat's link");
	assert.match(await ana.page.locator("#invite-link").inputValue(), new RegExp(`#game=${id}&invite=`));
	const watchLink = await ana.page.locator("#watch-link").inputValue();
	assert.match(watchLink, new RegExp(`#game=${id}&watch=.+`));
	assert.equal(await ana.page.locator("#room-seats li.open").count(), 2, "two open seats");

	// Ben finds it in the lobby and joins it with his name; Ana's room shows him at once.
	await ben.page.click("#to-lobby");
	await ben.page.fill("#lobby-name", "Ben");
	const benGame = ben.page.locator(`.lobby-game[data-game-id="${id}"]`);
	await benGame.waitFor();
	assert.match(await benGame.textContent(), /Kings & Bastards.*P1\s*Ana.*P2\s*open.*P3\s*open/s);
	await benGame.locator("[data-action=join]").click();
	await ben.page.waitForSelector("#room-leave");
	await ana.page.waitForFunction(() => document.querySelector("#room-seats li[data-seat='1']")?.textContent.includes("Ben"));
	assert.match(await ana.page.locator("#room-news").textContent(), /Ben joined/);

	// He leaves, and his seat opens again in Ana's room; he comes back.
	await ben.page.click("#room-leave");
	await ben.page.waitForSelector("#lobby:not([hidden])");
	await ana.page.waitForFunction(() => document.querySelector("#room-seats li[data-seat='1']")?.classList.contains("open"));
	assert.match(await ana.page.locator("#room-news").textContent(), /Ben left/);
	await ben.page.locator(`.lobby-game[data-game-id="${id}"] [data-action=join]`).click();
	await ben.page.waitForSelector("#room-leave");
	await ana.page.waitForFunction(() => document.querySelector("#room-seats li[data-seat='1']")?.textContent.includes("Ben"));
	if (shots) {
		await ana.page.screenshot({ path: `${shots}/waiting.png` });
	}

	// A spectator watches it from the lobby, while it waits.
	await sam.page.click("#to-lobby");
	await sam.page.locator(`.lobby-game[data-game-id="${id}"] [data-action=watch]`).click();
	await sam.page.waitForSelector("#room-banner");
	assert.equal(await sam.page.locator("#room-leave, #room-start, #room-claim").count(), 0, "a spectator's room offers no seat's button");

	// Cy: a name taken and a name with an invisible character are refused, with why.
	await cy.page.click("#to-lobby");
	const cyGame = cy.page.locator(`.lobby-game[data-game-id="${id}"]`);
	await cyGame.waitFor();
	await cy.page.waitForFunction((id) => document.querySelector(`.lobby-game[data-game-id="${id}"]`)?.textContent.includes("Ben"), id);
	assert.ok((await cy.page.locator(".lobby-game").count()) >= 3, "the lobby lists the games waiting");
	if (shots) {
		await cy.page.fill("#lobby-name", "Cy");
		await cy.page.screenshot({ path: `${shots}/lobby.png` });
	}
	// The lobby by game: Kings & Bastards, Ana's alone.
	await cy.page.selectOption("#lobby-game", "bastards");
	await cy.page.waitForFunction(() => [...document.querySelectorAll(".lobby-game .game-name")].every((e) => e.textContent === "Kings & Bastards"));
	await cyGame.waitFor();
	await cy.page.fill("#lobby-name", "ben");
	await cyGame.locator("[data-action=join]").click();
	await cy.page.waitForSelector("#lobby-error:not([hidden])");
	assert.match(await cy.page.locator("#lobby-error").textContent(), /taken/);
	await cy.page.fill("#lobby-name", "Cy\u200b");
	await cyGame.locator("[data-action=join]").click();
	await cy.page.waitForFunction(() => /cannot be used/.test(document.querySelector("#lobby-error").textContent));
	// The name is a stranger's: markup in it is text, never HTML.
	await cy.page.fill("#lobby-name", "<i>Cy</i>");
	await cyGame.locator("[data-action=join]").click();

	// The seats are full: the game starts on every page.
	for (const p of everyone) {
		await p.page.waitForSelector("#table .layout");
	}
	t.diagnostic(`the game started ${Date.now() - begun} ms after the first page opened`);
	const expectedNames = [
		[0, "Ana", "P1"],
		[1, "Ben", "P2"],
		[2, "<i>Cy</i>", "P3"],
	];
	for (const p of everyone) {
		assert.deepEqual(await seatNames(p.page), expectedNames, `${p.name}'s table names its seats`);
		assert.equal(await p.page.locator("#main i").count(), 0, `${p.name}'s page made markup of a name`);
	}
	assert.equal(await sam.page.locator("#banner").isVisible(), true, "the spectator's banner");
	assert.match(await sam.page.locator("#banner").textContent(), /spectator/);
	assert.equal(await sam.page.locator(".seat.me").count(), 0, "a spectator has no seat of their own");

	// The game, to its end: each move on the page of the person to act,
	// every page following on its stream, the spectator's showing no
	// card of anyone's hand and offering no move.
	const pick = random(17);
	let moves = 0;
	let spectated = 0;
	for (;;) {
		await synced(
			everyone.map((p) => p.page),
			`after ${moves} moves`,
		);
		const states = await Promise.all(people.map((p) => stateOf(p.page)));
		if (states.every((s) => s === "over")) {
			break;
		}
		const i = states.indexOf("act");
		if (i < 0) {
			await sleep(10);
			continue;
		}
		const hands = new Set((await Promise.all(people.map((p) => facesOf(p.page, "#table .seat.me .hand [data-card]")))).flat());
		const seen = await facesOf(sam.page);
		assert.deepEqual(
			seen.filter((c) => hands.has(c)),
			[],
			"the spectator's page shows a card of a hand",
		);
		assert.equal(await sam.page.locator("#table .playable, #actions button").count(), 0, "the spectator is offered a move");
		spectated++;
		if (moves === 12) {
			// The spectators' link opens the game as it is, in another tab.
			await sam.tab(watchLink);
			await sam.page.waitForSelector("#table .layout");
			assert.equal(await sam.page.locator("#banner").isVisible(), true);
		}
		if (moves === 16 && shots) {
			await sam.page.screenshot({ path: `${shots}/spectator.png` });
		}
		await act(people[i].page, pick);
		moves++;
		assert.ok(moves < 2000, "the game does not end");
	}
	const over = await serverView(id, joined(ana.page).token);
	assert.ok(over.view.over, "the pages show the end before the end");
	const heading = expectedResult(over.view.result, over.names);
	for (const p of everyone) {
		const h = await p.page.locator("#result h2").textContent();
		assert.ok(h.startsWith(heading), `${p.name}'s end screen says ${JSON.stringify(h)}, not ${heading}`);
	}
	assert.equal(await sam.page.locator("#rematch").count(), 0, "a spectator is offered a rematch");
	t.diagnostic(`${moves} moves by three people; ${spectated} moments checked on the spectator's page; ${heading}`);

	// Everyone's end screen tells the table's history: the wins by name.
	const winners = over.view.result.drawn ? [] : over.view.result.winners.map((p) => over.names[p]);
	for (const p of people) {
		await p.page.waitForSelector("#history");
		const wins = await p.page.locator("#history .wins li").allTextContents();
		for (const name of over.names) {
			assert.ok(wins.includes(`${name} ${winners.includes(name) ? 1 : 0} win${winners.includes(name) ? "" : "s"}`), `${p.name}'s history: ${JSON.stringify(wins)}`);
		}
	}

	// The rematch: Ana proposes it, Ben and Cy accept it when it shows.
	await ana.page.click("#rematch");
	await ana.page.waitForSelector("#room-seats li[data-seat='2']");
	const next = joined(ana.page).id;
	assert.notEqual(next, id);
	for (const p of [ben, cy]) {
		await p.page.waitForSelector("#rematch-note");
		assert.equal(await p.page.locator("#rematch").textContent(), "Accept the rematch");
		await p.page.click("#rematch");
	}
	await sam.page.click("#watch-rematch");
	for (const p of everyone) {
		await p.page.waitForFunction((next) => location.hash.includes(next) && document.querySelector("#table .layout"), next);
	}
	const rotated = [
		[0, "Ben", "P1"],
		[1, "<i>Cy</i>", "P2"],
		[2, "Ana", "P3"],
	];
	for (const p of everyone) {
		assert.deepEqual(await seatNames(p.page), rotated, `${p.name}'s table of the rematch`);
	}
	const rematch = await serverView(next, joined(ben.page).token);
	assert.equal(rematch.seat, 0, "Ben plays first in the rematch");
	assert.deepEqual(rematch.names, ["Ben", "<i>Cy</i>", "Ana"]);
	assert.equal(rematch.previous, id);
	for (const p of everyone) {
		await p.page.waitForSelector("#history");
		assert.match(await p.page.locator("#history").textContent(), /1 game played/);
		if (winners.length === 1) {
			assert.ok((await p.page.locator("#history .wins li").first().textContent()).startsWith(`${winners[0]} 1 win`), `${p.name}'s history of the rematch`);
		}
	}

	// No page polled a game while its stream was up.
	for (const p of everyone) {
		const streams = checkNoPolls(p);
		assert.ok(streams.some((s) => s.path === `/api/games/${id}/stream`), `${p.name}'s page followed no stream of the game`);
		assert.ok(streams.some((s) => s.path === `/api/games/${next}/stream`), `${p.name}'s page followed no stream of the rematch`);
		const reads = p.requests.filter((r) => r.method === "GET" && r.path === `/api/games/${id}`).length;
		t.diagnostic(`${p.name}: ${p.requests.length} requests to the API, ${reads} reads of the game, ${streams.length} streams`);
	}
	assert.deepEqual(
		everyone.flatMap((p) => p.errors),
		[],
	);
	t.diagnostic(`${Date.now() - begun} ms in all`);
	await Promise.all(everyone.map((p) => p.context.close()));
});

test("a private game by its invitation, the host filling the rest with a bot; a refused stream falls back to polling", async (t) => {
	const host = await person("Hana");
	const guest = await person("Gus", { viewport: phone, allow: [/status of 503/] });

	// Hana makes a private game of three: hers, and two open seats.
	await host.page.check("input[name=where][value=server]");
	await host.page.check("input[name=game][value=ninekingdoms]");
	await host.page.selectOption("select#players", "3");
	await host.page.selectOption("[name=seat0]", "human");
	await host.page.selectOption("[name=seat1]", "open");
	await host.page.selectOption("[name=seat2]", "open");
	await host.page.setChecked("#opt-match", false);
	await host.page.fill("#setup-name", "Hana");
	await host.page.setChecked("#public", false);
	await host.page.setChecked("#spectators", false);
	await host.page.click("#start");
	await host.page.waitForSelector("#room-start");
	const { id } = joined(host.page);
	const invite = await host.page.locator("#invite-link").inputValue();
	assert.match(invite, new RegExp(`#game=${id}&invite=.+`));
	const lobby = await (await fetch(new URL("api/lobby", url))).json();
	assert.ok(!lobby.games.some((g) => g.id === id), "a private game in the lobby");

	// On a phone, the lobby and the waiting room fit the screen's width.
	await guest.page.click("#to-lobby");
	await guest.page.waitForSelector("#lobby:not([hidden])");
	assert.ok((await overflow(guest.page)) <= 0, "the lobby is wider than a phone");

	// Gus's first stream is refused (a busy server): his page polls, with
	// If-None-Match, until it may open the stream again.
	let refused = 0;
	const streamURL = /\/api\/games\/[^/]+\/stream/;
	await guest.page.route(streamURL, async (route) => {
		refused++;
		await route.fulfill({ status: 503, headers: { "Retry-After": "3" }, contentType: "application/json", body: '{"code":"server_is_busy","error":"busy, for the test"}' });
		await guest.page.unroute(streamURL);
	});
	await guest.page.goto(invite);
	await guest.page.waitForSelector("#room-name");
	await guest.page.fill("#room-name", "Gus");
	await guest.page.click("#room-claim");
	await guest.page.waitForSelector("#room-leave");
	assert.ok((await overflow(guest.page)) <= 0, "the waiting room is wider than a phone");
	await host.page.waitForFunction(() => document.querySelector("#room-seats li[data-seat='1']")?.textContent.includes("Gus"));
	assert.equal(refused, 1);
	await guest.page.waitForSelector("#live[data-mode=poll]");

	// Hana gives the last seat to the random bot and starts.
	await host.page.selectOption("#room-bot", "random");
	await host.page.click("#room-start");
	for (const p of [host, guest]) {
		await p.page.waitForSelector("#table .layout");
		assert.deepEqual(
			(await seatNames(p.page)).map(([, name]) => name),
			["Hana", "Gus", "P3"],
		);
	}
	assert.match(await guest.page.locator("#table .seat[data-seat='2'] .seat-who").textContent(), /random bot/);
	assert.ok((await overflow(guest.page)) <= 0, "the table is wider than a phone");

	// The stream opens again, from the version the page had read.
	await guest.page.waitForSelector("#live[data-mode=stream]", { timeout: 10_000 });
	const polls = guest.requests.filter((r) => r.method === "GET" && r.path === `/api/games/${id}` && r.headers["if-none-match"]);
	assert.ok(polls.length > 0, "the page did not poll while its stream was refused");
	const streams = guest.requests.filter((r) => r.path === `/api/games/${id}/stream`);
	assert.equal(streams[0].status, 503);
	const again = streams.find((s) => s.status === 200);
	assert.ok(again, "the stream did not open again");
	assert.match(again.headers["last-event-id"] ?? "", /^[0-9]+$/, "the stream opened again without Last-Event-ID");
	assert.ok(Number(again.headers["last-event-id"]) > 1, "the stream opened again from the start");

	// A few moves each, on the stream again.
	const pick = random(3);
	for (let moves = 0; moves < 6; ) {
		const v = await synced([host.page, guest.page], `after ${moves} moves`);
		const states = await Promise.all([host, guest].map((p) => stateOf(p.page)));
		const i = states.indexOf("act");
		if (i < 0) {
			await sleep(20);
			continue;
		}
		await act([host, guest][i].page, pick);
		moves++;
		t.diagnostic(`version ${v}: ${[host, guest][i].name} moved`);
	}
	checkNoPolls(guest);
	checkNoPolls(host);
	assert.deepEqual([...host.errors, ...guest.errors], []);
	await Promise.all([host, guest].map((p) => p.context.close()));
});
