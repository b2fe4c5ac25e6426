// What the page's tests share: where the page is, the folder of their
// screenshots, the screens they try, a browser they all drive, and a
// seeded random source. Not a test itself: node --test runs it and finds
// no test in it.
import { mkdir } from "node:fs/promises";
import { after, before } from "node:test";
import { chromium } from "playwright-core";

/** The page's address (WEB_URL), and the folder of the screenshots (WEB_SHOTS, "" for none). */
export const url = process.env.WEB_URL ?? "http://127.0.0.1:8000/";
export const shots = process.env.WEB_SHOTS ?? "";

/** The screens the tests try: a laptop's and a phone's. */
export const laptop = { width: 1280, height: 800 };
export const phone = { width: 390, height: 844 };

/**
 * useBrowser starts a headless Chromium (CHROMIUM, or /usr/bin/chromium)
 * before the file's tests and closes it after them, and returns a
 * function that gives it.
 */
export function useBrowser() {
	let browser;
	before(async () => {
		browser = await chromium.launch({
			executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
			args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
		});
		if (shots) {
			await mkdir(shots, { recursive: true });
		}
	});
	after(() => browser?.close());
	return () => browser;
}

/** A small seeded random source (mulberry32), so a run repeats its clicks. */
export function random(seed) {
	let a = seed >>> 0;
	return (n) => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
	};
}
