// A person learns, follows and enjoys each game, in a real browser: the
// rules panel opens and tells the game's key terms, a term explains
// itself where it appears; at every step the status says whose turn it
// is and what to do, and the hand, the status and the moves are in the
// screen without scrolling, on a laptop (1280×800) and a phone
// (390×844); no text shows an identifier of the code (camelCase) or a
// card's code ("9S"); after every bot move the table marks it; Nine
// Kingdoms' secret pair waits for a confirmation; Kings & Bastards tells
// between rounds who became King and Bastard and which cards changed
// hands; New game asks before it abandons a game. It takes the
// README's screenshots of the setup form, a hard decision and the end.
//
//	WEB_URL=http://127.0.0.1:8000/ [WEB_SHOTS=dir] node --test examples/web/test/
import assert from "node:assert/strict";
import { test } from "node:test";
import { laptop, phone, random, shots, url, useBrowser } from "./browser.mjs";

const browser = useBrowser();

async function open(viewport, errors) {
	const context = await browser().newContext({ viewport, deviceScaleFactor: 1, reducedMotion: shots ? "reduce" : "no-preference" });
	const page = await context.newPage();
	page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
	page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
	await page.goto(url);
	await page.waitForSelector("html[data-ready]", { timeout: 120_000 });
	return { context, page };
}

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
	await page.fill("#seed", String(seed));
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

function savedGame(page) {
	return page.evaluate(() => JSON.parse(localStorage.getItem("cardrules.web.game")));
}

/**
 * Checks the screen as the person sees it now: the status in sight and
 * saying whose turn it is and what to do, the hand and the moves in the
 * screen, no identifier of the code in any text shown.
 */
async function checkScreen(page, where, acting) {
	const s = await page.evaluate(() => {
		const box = (sel) => {
			const e = document.querySelector(sel);
			if (!e) {
				return null;
			}
			const r = e.getBoundingClientRect();
			return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, h: r.height };
		};
		return {
			inner: { w: window.innerWidth, h: window.innerHeight },
			turn: document.querySelector("#turn").innerText.trim(),
			todo: document.querySelector("#todo").innerText.trim(),
			status: box("#status"),
			hand: box("#table .seat.me .hand"),
			actions: box("#actions .buttons, #result"),
			text: document.body.innerText,
		};
	});
	assert.ok(s.turn, `${where}: the status says nothing`);
	const inside = (b, what) => {
		assert.ok(b, `${where}: no ${what}`);
		assert.ok(b.top >= -1 && b.bottom <= s.inner.h + 1, `${where}: the ${what} is out of the screen (${Math.round(b.top)}–${Math.round(b.bottom)} of ${s.inner.h})`);
	};
	inside(s.status, "status");
	if (acting) {
		assert.ok(s.todo, `${where}: the status does not say what to do`);
		inside(s.hand, "hand");
		inside(s.actions, "moves");
	}
	const ids = s.text.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g);
	assert.equal(ids, null, `${where}: an identifier shows: ${ids?.join(", ")}`);
	// Nor a card's code ("9S", "X1") where its face or its name belongs.
	const codes = s.text.match(/\b(?:10|[2-9AJQK])[CDHS]\b|\bX[12]\b/g);
	assert.equal(codes, null, `${where}: a card's code shows: ${codes?.join(", ")}`);
}

const games = [
	{
		game: "bastards",
		players: 4,
		seats: ["human", "ismcts:strength=1", "random", "random"],
		options: { rounds: 2, jokers: 2 },
		seed: 4,
		terms: ["King", "Bastard", "trick", "joker", "exchange"],
		steps: 14,
	},
	{ game: "ninekingdoms", players: 3, seats: ["human", "ismcts:strength=1", "random"], options: { match: false }, seed: 11, terms: ["kingdom", "pair", "Bribe", "Siege", "Flank", "tableau"], steps: 10 },
	{ game: "crown", players: 2, seats: ["human", "ismcts:strength=1"], options: { maxTurns: 40, royalBloc: true }, seed: 5, terms: ["Royal Council", "Faction Supremacy", "decree", "court", "Royal Bloc"], steps: 10 },
	{ game: "packs", players: 2, seats: ["human", "ismcts:strength=1"], options: { turns: 10, solo: false, headStart: 0 }, seed: 3, terms: ["run", "price", "coin", "market", "not for sale", "hand limit"], steps: 10 },
];

for (const spec of games) {
	test(`${spec.game}: the rules at hand, the status, the last move, on a laptop and a phone`, async (t) => {
		const errors = [];
		const { context, page } = await open(laptop, errors);
		await start(page, spec);
		assert.ok(await turn(page));

		// The rules: a panel of the game's How to play, its key terms in it.
		await page.click("#rules-open");
		await page.waitForSelector("#rules[open]");
		const rules = await page.locator("#rules").innerText();
		for (const term of spec.terms) {
			assert.ok(rules.toLowerCase().includes(term.toLowerCase()), `the rules of ${spec.game} do not mention ${term}`);
		}
		assert.equal(rules.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g), null, "the rules show an identifier");
		if (shots && spec.game === "crown") {
			await page.screenshot({ path: `${shots}/rules.png` });
		}
		await page.keyboard.press("Escape");
		await page.waitForSelector("#rules", { state: "hidden" });

		// A term explains itself where it appears: on focus, and on a tap.
		const term = page.locator("#status button.term, #table button.term").first();
		await term.focus();
		await page.waitForSelector("#term-tip:not([hidden])");
		assert.match(await page.locator("#term-tip").innerText(), /: \S/);
		await page.keyboard.press("Escape");

		// Play, checking the screen at every step; after a bot's move, the
		// table marks it.
		const pick = random(spec.seed);
		let steps = 0;
		let marked = 0;
		let viewport = laptop;
		for (; steps < spec.steps * 2 && (await turn(page)); steps++) {
			if (steps === spec.steps) {
				viewport = phone;
				await page.setViewportSize(phone);
				await page.evaluate(() => window.scrollTo(0, 0));
			}
			const where = `${spec.game} at ${viewport.width}×${viewport.height}, step ${steps}`;
			await checkScreen(page, where, true);
			const saved = await savedGame(page);
			const last = saved.moves.at(-1);
			if (last && saved.seats[last.player] !== "human") {
				assert.equal(await page.locator(`#table .seat.last-mover[data-seat="${last.player}"] .last-move`).count(), 1, `${where}: the bot's move is not marked`);
				marked++;
			}
			// A move: clicks until it is made, a confirmation last.
			const before = saved.moves.length;
			for (let clicks = 0; clicks < 12; clicks++) {
				const confirm = page.locator("#actions button.confirm");
				const targets = (await confirm.count()) > 0 && pick(2) === 0 ? confirm : page.locator("#table .playable, #actions button.move:not(.clear)");
				const n = await targets.count();
				if (n === 0) {
					break;
				}
				await targets.nth(pick(n)).click();
				const now = await page.evaluate(() => JSON.parse(localStorage.getItem("cardrules.web.game")).moves.length);
				if (now > before || (await page.locator("#result").count()) > 0) {
					break;
				}
				if ((await page.locator("#table .selected").count()) === 0 && (await page.locator("#actions button.confirm").count()) === 0) {
					break;
				}
			}
		}
		assert.ok(marked > 0, "no bot's move was checked for its mark");
		t.diagnostic(`${steps} steps checked, ${marked} bots' moves marked`);
		assert.deepEqual(errors, []);
		await context.close();
	});
}

test("Nine Kingdoms: the secret pair is chosen, shown, then confirmed; a hard decision's screenshot", async () => {
	const errors = [];
	for (const viewport of [laptop, phone]) {
		const { context, page } = await open(viewport, errors);
		await start(page, games[1]);
		assert.ok(await turn(page));
		const hand = page.locator("#table .seat.me .hand [data-card]");
		await hand.nth(0).click();
		await hand.nth(4).click();
		await page.waitForSelector("#actions button.confirm");
		assert.equal((await savedGame(page)).moves.filter((m) => m.player === 0).length, 0, "two clicks chose the pair without its confirmation");
		const text = await page.locator("#actions button.confirm").innerText();
		assert.match(text, /^Confirm: your pair \S+ \S+: (no combination|a (Bury|Bribe|Siege|Flank))/);
		await checkScreen(page, `the pair to confirm at ${viewport.width}`, true);
		if (shots) {
			await page.evaluate(() => window.scrollTo(0, 0));
			await page.screenshot({ path: `${shots}/decision${viewport === phone ? "-phone" : ""}.png` });
		}
		// Put back, choose again, confirm.
		await page.locator("#actions button.clear").click();
		assert.equal(await page.locator("#table .selected").count(), 0);
		await hand.nth(1).click();
		await hand.nth(2).click();
		await page.click("#actions button.confirm");
		await page.waitForFunction(() => JSON.parse(localStorage.getItem("cardrules.web.game")).moves.some((m) => m.player === 0));
		await context.close();
	}
	assert.deepEqual(errors, []);
});

test("the setup form, New game's question, and the end screen in words", async () => {
	const errors = [];
	for (const viewport of [laptop, phone]) {
		const suffix = viewport === phone ? "-phone" : "";
		const { context, page } = await open(viewport, errors);
		await page.check("input[name=game][value=crown]");
		if (shots) {
			await page.screenshot({ path: `${shots}/setup${suffix}.png`, fullPage: viewport === laptop });
		}
		const form = await page.locator("#setup").innerText();
		assert.match(form, /strength|search bot/);
		assert.equal(form.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g), null, "the form shows an identifier");
		// The options' checkboxes line up with their labels.
		const xs = await page.locator("#options .row.check input").evaluateAll((es) => es.map((e) => Math.round(e.getBoundingClientRect().left)));
		assert.ok(xs.length >= 3 && xs.every((x) => x === xs[0]), `the checkboxes are not aligned: ${xs}`);

		await start(page, { game: "crown", players: 2, seats: ["human", "random"], options: { maxTurns: 30, royalBloc: false }, seed: 8 });
		assert.ok(await turn(page));
		// New game asks first; keeping the game keeps it.
		await page.click("#new-game");
		await page.waitForSelector("#confirm[open]");
		await page.click("#confirm-no");
		assert.equal(await page.locator("#setup").isVisible(), false, "New game left the game without asking");
		assert.ok(await turn(page));

		const pick = random(3);
		for (let clicks = 0; await turn(page); clicks++) {
			assert.ok(clicks < 400, "the game does not end");
			const confirm = page.locator("#actions button.confirm");
			const targets = (await confirm.count()) > 0 ? confirm : page.locator("#table .playable, #actions button.move:not(.clear)");
			await targets.nth(pick(await targets.count())).click();
		}
		const result = await page.locator("#result").innerText();
		assert.match(result, /(wins|drew|draw)/);
		assert.match(result, /(short of a win|a win condition complete)/, "the scores are not in words");
		await checkScreen(page, `the end at ${viewport.width}`, false);
		if (shots) {
			await page.screenshot({ path: `${shots}/end${suffix}.png` });
		}
		// Over, a game is left without a question.
		await page.click("#result button:has-text('New game')");
		await page.waitForSelector("#setup:not([hidden])");
		await context.close();
	}
	assert.deepEqual(errors, []);
});

test("Kings & Bastards: a summary between rounds, who became King and Bastard and which cards changed hands", async () => {
	const errors = [];
	const { context, page } = await open(laptop, errors);
	await start(page, { game: "bastards", players: 4, seats: ["human", "random", "random", "random"], options: { rounds: 2, jokers: 2 }, seed: 7 });
	const pick = random(7);
	const told = [];
	for (let clicks = 0; await turn(page); clicks++) {
		assert.ok(clicks < 300, "the second round does not come");
		const summary = page.locator("#round-summary");
		if ((await summary.count()) > 0) {
			told.push(await summary.innerText());
			if (/ gave /.test(told.at(-1))) {
				break;
			}
		} else {
			assert.equal(told.length, 0, "the summary went away before the exchange was told");
		}
		const confirm = page.locator("#actions button.confirm");
		const targets = (await confirm.count()) > 0 ? confirm : page.locator("#table .playable, #actions button.move:not(.clear)");
		await targets.nth(pick(await targets.count())).click();
	}
	assert.ok(told.length > 0, "no summary between the rounds");
	assert.match(told[0], /Round 1 ended: P\d is King, P\d is Bastard/);
	assert.match(told.at(-1), /\(Bastard\) gave [^]+ to P\d \(King\)/);
	await checkScreen(page, "the summary", true);
	assert.deepEqual(errors, []);
	await context.close();
});
