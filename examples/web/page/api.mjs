// The games' HTTP API (package cards/server), when the server that serves
// the page offers it: games played on the server, each person in their
// own browser with the secret link of their seat; tables of real groups
// (open seats claimed by name, the lobby of public games, spectators,
// rematches); and each game's live stream of versions.
import { EngineError } from "./client.mjs";

/** A refusal of the server's, or a failure to reach it, as the page shows it. */
function failure(resp, answer) {
	const err = new EngineError(answer?.code ?? "internal", answer?.error ?? `${resp.status} ${resp.statusText}`);
	err.status = resp.status;
	// 429 and 503 say when to come back, in seconds.
	err.retryAfter = Number(resp.headers.get("Retry-After")) * 1000 || 0;
	return err;
}

const game = (id) => `/games/${encodeURIComponent(id)}`;

export class API {
	#base;

	constructor(base) {
		this.#base = base.replace(/\/$/, "");
	}

	async #call(method, path, { token, body, version } = {}) {
		const headers = { Accept: "application/json" };
		if (token) {
			headers.Authorization = `Bearer ${token}`;
		}
		if (body !== undefined) {
			headers["Content-Type"] = "application/json";
		}
		if (version !== undefined) {
			headers["If-None-Match"] = `"${version}"`;
		}
		let resp;
		try {
			resp = await fetch(this.#base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
		} catch (e) {
			throw new EngineError("network", `the server did not answer (${e.message})`);
		}
		if (resp.status === 304 || resp.status === 204) {
			return null;
		}
		const answer = await resp.json().catch(() => null);
		if (!resp.ok) {
			throw failure(resp, answer);
		}
		return answer;
	}

	/** The games the server serves, with their metadata and bots. */
	catalog() {
		return this.#call("GET", "/catalog");
	}

	/**
	 * Creates a game: {game, options, seats, name, public, spectators};
	 * its id, each seat (a person's with its token and link), the host's
	 * key and the invitation's and spectators' links.
	 */
	create(request) {
		return this.#call("POST", "/games", { body: request });
	}

	/**
	 * The seat's view (a spectator's with the watch or host key, or none
	 * for a game anyone may watch) and the events after the since-th, as
	 * many as one answer holds (`more` tells that others follow); null if
	 * the game is still at version.
	 */
	view(id, key, since, version) {
		return this.#call("GET", `${game(id)}?since=${since}`, { token: key, version });
	}

	/** Makes a move chosen at version; the seat's view after it, and the events after the since-th. The bots play after. */
	move(id, token, version, move, since) {
		return this.#call("POST", `${game(id)}/moves?since=${since}`, { token, body: { version, move } });
	}

	/** Claims an open seat with a name (invite: the invitation's key; none for a public game); the seat's {seat, name, token, join}. */
	claim(id, invite, name, seat) {
		return this.#call("POST", `${game(id)}/seats`, { token: invite || undefined, body: seat === undefined ? { name } : { name, seat } });
	}

	/** Leaves a seat of a game that has not started. */
	leave(id, token, seat) {
		return this.#call("DELETE", `${game(id)}/seats/${seat}`, { token });
	}

	/** Gives the open seats to bot, if set, and starts the game: the host's key. */
	start(id, host, bot) {
		return this.#call("POST", `${game(id)}/start`, { token: host, body: bot ? { bot } : {} });
	}

	/** The public games waiting for players, newest first: {games, next}. */
	lobby({ game = "", after = "", limit = 0 } = {}) {
		const q = new URLSearchParams();
		if (game) {
			q.set("game", game);
		}
		if (after) {
			q.set("after", after);
		}
		if (limit) {
			q.set("limit", String(limit));
		}
		const s = q.toString();
		return this.#call("GET", `/lobby${s ? `?${s}` : ""}`);
	}

	/** Proposes or accepts the rematch of a game over ({leave: true} leaves it): {id, seat}. */
	rematch(id, token, leave = false) {
		return this.#call("POST", `${game(id)}/rematch`, { token, body: leave ? { leave: true } : {} });
	}

	/** The table's games and each name's wins: {table, games, wins}. */
	history(id, key) {
		return this.#call("GET", `${game(id)}/history`, { token: key });
	}

	/**
	 * Opens the game's stream of versions (Server-Sent Events) as key
	 * reads the game, going on after version (Last-Event-ID) with the
	 * events after the since-th; the answer, whose body the caller reads.
	 * It is read with fetch, not EventSource, which cannot send the key in
	 * a header, and a key belongs in no URL.
	 */
	async stream(id, key, { version, since, signal }) {
		const headers = { Accept: "text/event-stream" };
		if (key) {
			headers.Authorization = `Bearer ${key}`;
		}
		if (version !== undefined) {
			headers["Last-Event-ID"] = String(version);
		}
		let resp;
		try {
			resp = await fetch(`${this.#base}${game(id)}/stream?since=${since}`, { headers, signal, cache: "no-store" });
		} catch (e) {
			if (signal?.aborted) {
				throw e;
			}
			throw new EngineError("network", `the server did not answer (${e.message})`);
		}
		if (!resp.ok || !resp.body) {
			throw failure(resp, await resp.json().catch(() => null));
		}
		return resp;
	}
}

/**
 * Reads a link's fragment: a seat's ({id, token}), an invitation's ({id,
 * invite}: the key, "" for a public game), a spectator's ({id, watch}:
 * the key, "" for a game anyone may watch), the lobby's ({lobby: true});
 * or null.
 */
export function joinOf(hash) {
	const p = new URLSearchParams(hash.replace(/^#/, ""));
	if (p.has("lobby")) {
		return { lobby: true };
	}
	const id = p.get("game");
	if (!id) {
		return null;
	}
	if (p.get("token")) {
		return { id, token: p.get("token") };
	}
	if (p.has("invite")) {
		return { id, invite: p.get("invite") };
	}
	if (p.has("watch")) {
		return { id, watch: p.get("watch") };
	}
	return null;
}

/** The fragment of a link of the page to game id: a seat's token, an invitation or a spectator's key. */
export function linkOf(id, kind, key = "") {
	const p = new URLSearchParams({ game: id, [kind]: key });
	return `#${p.toString()}`;
}
