// The page's side of the engine (engine.mjs): each call of the bundle's
// API is a message to the worker and a promise of its answer.

/** What the engine throws: a message for people and the bundle's code. */
export class EngineError extends Error {
	constructor(code, message) {
		super(message);
		this.name = "EngineError";
		this.code = code;
	}
}

export class Engine {
	#worker;
	#next = 1;
	#pending = new Map();
	#failed = null;
	/** Told how a game's engine loads: {game, phase, loaded, total}. */
	onProgress = null;

	constructor(url) {
		this.#worker = new Worker(url, { type: "module" });
		this.#worker.onmessage = ({ data: { id, result, error, progress } }) => {
			if (progress) {
				this.onProgress?.(progress);
				return;
			}
			const p = this.#pending.get(id);
			this.#pending.delete(id);
			if (error) {
				p?.reject(new EngineError(error.code, error.message));
			} else {
				p?.resolve(result);
			}
		};
		// A worker that cannot load its module (the bundle is not built, or
		// the browser lacks module workers) fails every call.
		this.#worker.onerror = (e) => {
			e.preventDefault();
			this.#failed = new EngineError("internal", "the games' bundle did not load" + (e.message ? `: ${e.message}` : ""));
			for (const p of this.#pending.values()) {
				p.reject(this.#failed);
			}
			this.#pending.clear();
		};
	}

	/** Tells the engine where the bundle is (a folder's URL); the calls wait for it. */
	init(bundle) {
		this.#worker.postMessage({ op: "init", bundle: String(bundle) });
	}

	/** Calls op of the engine with args; a promise of its answer. */
	call(op, ...args) {
		if (this.#failed) {
			return Promise.reject(this.#failed);
		}
		const id = this.#next++;
		return new Promise((resolve, reject) => {
			this.#pending.set(id, { resolve, reject });
			this.#worker.postMessage({ id, op, args });
		});
	}
}
