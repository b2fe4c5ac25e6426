// Live news of a game on the server: its stream of versions (Server-Sent
// Events, GET /games/{id}/stream), read with fetch and parsed here, for
// EventSource cannot send the seat's token in a header and a token
// belongs in no URL. When the stream breaks it opens again from the last
// version read (Last-Event-ID), at once the first time; while it is
// refused (429 or 503, which say when to come back) or keeps breaking,
// the game is polled as before, cheaply (If-None-Match: its version),
// until the stream opens again.

/**
 * Splits a stream of Server-Sent Events into messages: push(chunk) feeds
 * text, and onMessage({id, event, data}) receives each message with data
 * (event is "" for a version, "watchers" for the count of the game's
 * spectators); comments (the server's heartbeats) and other fields are
 * skipped.
 */
export class EventParser {
	#buffer = "";
	#data = [];
	#id = "";
	#event = "";

	constructor(onMessage) {
		this.onMessage = onMessage;
	}

	push(chunk) {
		this.#buffer += chunk;
		// A line ends at CR LF, LF or CR; a CR at the end may be half a CR LF.
		for (;;) {
			const m = /\r\n|\n|\r(?!$)/.exec(this.#buffer);
			if (!m) {
				return;
			}
			const line = this.#buffer.slice(0, m.index);
			this.#buffer = this.#buffer.slice(m.index + m[0].length);
			this.#line(line);
		}
	}

	#line(line) {
		if (line === "") {
			if (this.#data.length > 0) {
				this.onMessage({ id: this.#id, event: this.#event, data: this.#data.join("\n") });
			}
			this.#data = [];
			this.#event = "";
			return;
		}
		if (line.startsWith(":")) {
			return; // a comment: the server's heartbeat
		}
		const colon = line.indexOf(":");
		const field = colon < 0 ? line : line.slice(0, colon);
		let value = colon < 0 ? "" : line.slice(colon + 1);
		if (value.startsWith(" ")) {
			value = value.slice(1);
		}
		if (field === "data") {
			this.#data.push(value);
		} else if (field === "event") {
			this.#event = value;
		} else if (field === "id" && !value.includes("\0")) {
			this.#id = value;
		}
	}
}

/** Waits ms, or less if signal aborts. */
function pause(ms, signal) {
	return new Promise((resolve) => {
		if (signal.aborted) {
			resolve();
			return;
		}
		const t = setTimeout(resolve, ms);
		signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
	});
}

/**
 * The news of one game, as one key reads it: the SeatViews of its
 * versions after the one given, in order. wait() resolves once news is
 * there, take() hands it over; mode tells how the news comes: "stream",
 * "poll" (the stream is away), "closed".
 */
export class Feed {
	#api;
	#id;
	#key;
	#queue = [];
	#wake = null;
	#abort = new AbortController();
	#pollEvery;

	/**
	 * version and since are where the page stands: the version of the
	 * view it shows and the last event it read. pollEvery() tells how long
	 * a poll waits for the next while the stream is away.
	 */
	constructor(api, id, key, { version, since, pollEvery = () => 1000, onMode = () => {}, onWatchers = () => {} }) {
		this.#api = api;
		this.#id = id;
		this.#key = key;
		this.version = version;
		this.since = since;
		this.#pollEvery = pollEvery;
		this.onMode = onMode;
		this.onWatchers = onWatchers;
		this.mode = "connecting";
		this.streams = 0; // the streams opened
		this.#run();
	}

	/** Notes what the page read otherwise (a move's answer), so that polls and a stream opened again go on from there. */
	saw(version, since) {
		this.version = Math.max(this.version, version);
		this.since = Math.max(this.since, since);
	}

	/** Resolves once news is there to take (or the feed is closed). */
	wait() {
		if (this.#queue.length > 0 || this.mode === "closed") {
			return Promise.resolve();
		}
		if (!this.#wake) {
			let resolve;
			const promise = new Promise((r) => (resolve = r));
			this.#wake = { promise, resolve };
		}
		return this.#wake.promise;
	}

	/** The news since the last take, oldest first. */
	take() {
		return this.#queue.splice(0);
	}

	close() {
		this.#setMode("closed");
		this.#abort.abort();
		this.#ping();
	}

	#setMode(mode) {
		if (this.mode !== mode && this.mode !== "closed") {
			this.mode = mode;
			this.onMode(mode);
		}
	}

	#ping() {
		const w = this.#wake;
		this.#wake = null;
		w?.resolve();
	}

	#push(sv) {
		if (Number.isFinite(sv.version)) {
			this.version = Math.max(this.version, sv.version);
		}
		const last = sv.events?.at(-1)?.seq;
		if (last !== undefined) {
			this.since = Math.max(this.since, last);
		}
		this.#queue.push(sv);
		this.#ping();
	}

	async #run() {
		const signal = this.#abort.signal;
		let breaks = 0;
		while (!signal.aborted) {
			let wait = 0;
			try {
				const opened = Date.now();
				const news = await this.#follow(signal);
				// The server ended the stream (it does after a while, when it
				// stops, or, on a server that sends what it has and ends, at
				// once): open it again at once, unless it ends as soon as it
				// opens with nothing to tell.
				breaks = news > 0 || Date.now() - opened > 10_000 ? 0 : breaks + 1;
				wait = breaks <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** (breaks - 2));
			} catch (e) {
				if (signal.aborted) {
					return;
				}
				if (e.status === 401 || e.status === 403 || e.status === 404) {
					this.error = e;
					this.close();
					return;
				}
				breaks++;
				wait = Math.max(e.retryAfter ?? 0, breaks <= 1 ? 0 : Math.min(30_000, 1000 * 2 ** (breaks - 2)));
			}
			if (wait > 0) {
				await this.#poll(Date.now() + wait, signal);
			}
		}
	}

	/** Reads one stream to its end; the number of messages it brought. */
	async #follow(signal) {
		let news = 0;
		const resp = await this.#api.stream(this.#id, this.#key, { version: this.version, since: this.since, signal });
		this.streams++;
		this.#setMode("stream");
		const parser = new EventParser(({ event, data }) => {
			let sv;
			try {
				sv = JSON.parse(data);
			} catch {
				return; // not a view: nothing to show
			}
			news++;
			if (event === "watchers") {
				this.onWatchers(sv.watchers); // the count of spectators changed, and nothing else
			} else if (event === "") {
				this.#push(sv);
			}
		});
		const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
		try {
			for (;;) {
				const { value, done } = await reader.read();
				if (done) {
					return news;
				}
				parser.push(value);
			}
		} finally {
			reader.cancel().catch(() => {});
		}
	}

	/** Polls the game until the time given, as the page did before streams. */
	async #poll(until, signal) {
		this.#setMode("poll");
		while (!signal.aborted && Date.now() < until) {
			await pause(Math.min(this.#pollEvery(), Math.max(0, until - Date.now())), signal);
			if (signal.aborted) {
				return;
			}
			try {
				for (let sv = await this.#api.view(this.#id, this.#key, this.since, this.version); sv; ) {
					this.#push(sv);
					sv = sv.more ? await this.#api.view(this.#id, this.#key, this.since) : null;
				}
			} catch (e) {
				if (e.status === 401 || e.status === 403 || e.status === 404) {
					this.error = e;
					this.close();
					return;
				}
				await pause(e.retryAfter ?? 0, signal);
			}
		}
	}
}
