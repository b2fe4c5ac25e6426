// The games' HTTP API (package cards/server), when the server that serves
// the page offers it: games played on the server, each person in their
// own browser with the secret link of their seat.
import { EngineError } from "./client.mjs";

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
		if (resp.status === 304) {
			return null;
		}
		const answer = await resp.json().catch(() => null);
		if (!resp.ok) {
			const err = new EngineError(answer?.code ?? "internal", answer?.error ?? `${resp.status} ${resp.statusText}`);
			err.status = resp.status;
			// 429 and 503 say when to come back, in seconds.
			err.retryAfter = Number(resp.headers.get("Retry-After")) * 1000 || 0;
			throw err;
		}
		return answer;
	}

	/** The games the server serves, with their metadata and bots. */
	catalog() {
		return this.#call("GET", "/catalog");
	}

	/** Creates a game: {game, options, seats}; its id and each seat's token and link. */
	create(request) {
		return this.#call("POST", "/games", { body: request });
	}

	/**
	 * The seat's view and the events after the since-th, as many as one
	 * answer holds (`more` tells that others follow); null if the game is
	 * still at version.
	 */
	view(id, token, since, version) {
		return this.#call("GET", `/games/${encodeURIComponent(id)}?since=${since}`, { token, version });
	}

	/** Makes a move chosen at version; the seat's view after it, and the events after the since-th. The bots play after. */
	move(id, token, version, move, since) {
		return this.#call("POST", `/games/${encodeURIComponent(id)}/moves?since=${since}`, { token, body: { version, move } });
	}
}

/** Reads a join link's fragment: {id, token}, or null. */
export function joinOf(hash) {
	const p = new URLSearchParams(hash.replace(/^#/, ""));
	const id = p.get("game");
	const token = p.get("token");
	return id && token ? { id, token } : null;
}
