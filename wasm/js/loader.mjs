// Card games by their exact rules, in WebAssembly: the loader that every
// entry of the package shares. An entry (index.mjs for every game of the
// bundle, crown.mjs for Claim the Crown alone …) names its WebAssembly
// file by a URL relative to its own (new URL of the file's name and
// import.meta.url), which browser bundlers (Vite, webpack, Rollup with its
// plugin, Parcel) recognise and emit beside the bundle, and hands it to
// entry here:
//
//	import { load } from "@cardrules/games";
//	const lib = await load();
//	const g = lib.game("bastards");
//	let state = g.newGame({ players: 4, seed: 42 });
//	const r = g.apply(state, g.legalMoves(state)[0]);
//
// No code here imports a module of Node.js: in Node.js, the file is read
// through process.getBuiltinModule, which bundlers leave alone.
//
// States, moves, views, events and options are plain JSON values, shaped as
// the library's Go JSON encoding; api.d.ts describes them. The states and
// moves it returns are frozen, so that it knows them again without reading
// them: a call on a state it returned, with a move it listed, crosses into
// the program as numbers. Every function checks its input and throws a
// GameError with a code on bad input or an illegal move, and nothing else
// whatever its input: a cycle, a bigint, nesting too deep, a getter or a
// Proxy that throws are bad input too. No input stops the instance.

import "./wasm_exec.js";

/** The error every function throws: a message for people and a code. */
export class GameError extends Error {
	constructor(code, message) {
		super(message);
		this.name = "GameError";
		this.code = code;
	}
}

/**
 * Returns the functions of an entry of the package: load, which loads the
 * entry's WebAssembly from wasm (a URL) unless told another source, and
 * describe. described is what the bundle serves (the Go program's answer to
 * "library", written in by the build, or null to ask the program at each
 * load), size the size of its file in bytes, and entries the module of the
 * package that loads each game alone, by the game's name.
 */
export function entry(wasm, described, size, entries = {}) {
	let compiled; // a promise of the entry's own WebAssembly, compiled

	/**
	 * Loads the bundle and returns the library: a fresh instance of it on
	 * every call. Node.js reads the entry's WebAssembly beside its module, a
	 * browser fetches it; source may name another place (a URL or a path),
	 * or be the bytes, a compiled WebAssembly.Module or a fetch Response.
	 * options.onProgress, if given, is told how the loading goes (with the
	 * entry's own file: load(undefined, { onProgress })). It rejects with a GameError, "bad_input"
	 * when source is no bundle.
	 */
	async function load(source = wasm, options = undefined) {
		const own = source === wasm;
		let progress;
		try {
			progress = reporter(options);
			const lib = own ? await start(ownModule(progress), described) : await start(compile(source, progress), null, described);
			progress.check();
			return lib;
		} catch (e) {
			if (isGameError(e)) {
				throw e;
			}
			// A bundle of the package's own that does not load is a fault of
			// the package or of its place; another place, of the program that
			// named it.
			throw new GameError(own ? "internal" : "bad_input", `loading the bundle${own ? ` from ${wasm}` : typeof source === "string" ? ` from ${JSON.stringify(clip(source))}` : ""}: ${thrown(e)}`);
		}
	}

	// ownModule returns the entry's own WebAssembly, compiled once: each load
	// instantiates it afresh. A load that finds it compiled is told so.
	function ownModule(progress) {
		if (compiled === undefined) {
			compiled = compile(wasm, progress, size).catch((e) => {
				compiled = undefined;
				throw e;
			});
			return compiled;
		}
		progress.report({ phase: "compile", loaded: size, total: size });
		return compiled;
	}

	/**
	 * Describes the games of the entry without loading them: each game's
	 * name, info, default options and bots, and the bots' options.
	 */
	function describe() {
		if (described === null) {
			throw new GameError("bad_input", "this bundle was built without its description: load it and read the library");
		}
		return (description ??= deepFreeze({
			games: described.games.map((g) => ({ name: g.info.name, info: g.info, defaultOptions: g.defaultOptions, bots: g.bots, entry: entries[g.info.name] })),
			bots: described.bots,
		}));
	}
	let description;

	return { load, describe };
}

// reporter reads load's options and returns what tells their onProgress
// how the loading goes: report calls it, and check throws, once the
// bundle is loaded, what it threw (a callback that throws is the caller's
// fault, which must not leave the loading half done).
function reporter(options) {
	let onProgress;
	if (options !== undefined) {
		if (typeof options !== "object" || options === null) {
			throw new GameError("bad_input", `load's options are an object {onProgress}, not ${aType(options)}`);
		}
		onProgress = read("load's options", () => options.onProgress);
		if (onProgress !== undefined && typeof onProgress !== "function") {
			throw new GameError("bad_input", `onProgress is a function, not ${aType(onProgress)}`);
		}
	}
	let failed;
	return {
		report(p) {
			if (onProgress === undefined || failed !== undefined) {
				return;
			}
			try {
				onProgress(Object.freeze(p));
			} catch (e) {
				failed = new GameError("bad_input", `onProgress threw ${thrown(e)}`);
			}
		},
		check() {
			if (failed !== undefined) {
				throw failed;
			}
		},
	};
}

// start instantiates the compiled bundle (a promise of it) and returns
// the library.
// start starts the bundle and returns its library, described as described
// says, or else as the bundle says, the how-to-play texts it leaves out
// taken from texts (see withTexts).
async function start(module, described, texts = null) {
	const go = new globalThis.Go();
	go.argv = ["games"];
	const instance = await WebAssembly.instantiate(await module, go.importObject);
	if (typeof instance.exports.input !== "function" || !(instance.exports.mem instanceof WebAssembly.Memory)) {
		throw new GameError("bad_input", "loading the bundle: the WebAssembly module is not the games' bundle");
	}
	go.run(instance).catch(() => {});
	if (go.exited) {
		throw new GameError("internal", "the bundle did not start");
	}
	return new Library(new Core(go, instance.exports, described, texts));
}

// withTexts fills in, from texts (an entry's description), the how-to-play
// and glossary of the games a bundle describes without them: a bundle this
// package builds leaves the texts out of its WebAssembly, for its
// JavaScript carries them. A bundle loaded from another place thus tells
// the texts of the games this entry knows.
function withTexts(desc, texts) {
	for (const g of desc.games) {
		const known = texts?.games.find((t) => t.info.name === g.info.name);
		if (known && g.info.howToPlay === undefined) {
			g.info.howToPlay = known.info.howToPlay;
			g.info.glossary = known.info.glossary;
		}
	}
	return desc;
}

const isNode = typeof process === "object" && typeof process.versions?.node === "string";

// compile compiles the bundle from source: a URL or a path, its bytes, a
// compiled module, or a Response (or a promise of one). It tells progress
// the bytes received of the total (size, if the response is compressed or
// says no length), then that it compiles.
async function compile(source, progress, size) {
	source = await source;
	if (source instanceof WebAssembly.Module) {
		return source;
	}
	if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
		progress.report({ phase: "compile", loaded: source.byteLength, total: source.byteLength });
		return WebAssembly.compile(source);
	}
	if (typeof source === "string" || source instanceof URL) {
		const url = new URL(source, isNode ? `file://${process.cwd()}/` : globalThis.location?.href);
		if (url.protocol === "file:" && isNode) {
			const bytes = await readFile(url);
			progress.report({ phase: "download", loaded: bytes.length, total: bytes.length });
			return compile(bytes, progress);
		}
		source = fetch(url);
	}
	const response = await source;
	if (typeof response?.arrayBuffer !== "function") {
		throw new GameError("bad_input", "load takes a URL, a path, the bundle's bytes, a WebAssembly.Module or a Response");
	}
	if (!response.ok) {
		throw new GameError("bad_input", `loading ${response.url}: ${response.status} ${response.statusText}`);
	}
	const type = response.headers?.get("content-type") ?? "";
	const streams = WebAssembly.compileStreaming && type.startsWith("application/wasm");
	const counted = counting(response, progress, size);
	if (streams) {
		return WebAssembly.compileStreaming(counted);
	}
	return WebAssembly.compile(await counted.arrayBuffer());
}

// counting returns response, its body counted as it is read: progress is
// told the bytes received of the total, and once all are in, that the
// bundle compiles. Its total is the length the response says, unless it
// is compressed (the length is then that of the compressed bytes, and the
// body's are more): size, the file's own.
function counting(response, progress, size) {
	const length = Number(response.headers?.get("content-length"));
	const total = !response.headers?.get("content-encoding") && length > 0 ? length : size;
	if (!response.body || typeof TransformStream !== "function") {
		return response;
	}
	let loaded = 0;
	progress.report({ phase: "download", loaded, total });
	const body = response.body.pipeThrough(
		new TransformStream({
			transform(chunk, controller) {
				loaded += chunk.byteLength;
				progress.report({ phase: "download", loaded, total });
				controller.enqueue(chunk);
			},
			flush() {
				progress.report({ phase: "compile", loaded, total: loaded });
			},
		}),
	);
	return new Response(body, { headers: { "content-type": response.headers.get("content-type") ?? "application/wasm" } });
}

// readFile reads a file in Node.js, through process.getBuiltinModule
// (Node.js 20.16 and later): no import of a Node.js module, which a
// bundler for the browser would try to resolve.
async function readFile(url) {
	const fs = process.getBuiltinModule?.("node:fs/promises");
	if (fs === undefined) {
		throw new GameError("bad_input", `this Node.js (${process.version}) cannot read ${url} for the bundle: Node.js 20.16 and later can, or pass load the file's bytes`);
	}
	return fs.readFile(url);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// Core calls the functions the Go program exports (see wasm/main.go): they
// take numbers, the texts of a call being written one after another in the
// program's input buffer, and answer with a length: the answer's text is
// that many bytes at the program's output address, or for a negative
// length an error's code and message on two lines.
class Core {
	#go;
	#exports;
	#in = 0; // the input buffer's address
	#size = 0; // and its size in bytes
	#mem = new Uint8Array(0); // a view of the program's memory

	constructor(go, exports, described, texts) {
		this.#go = go;
		this.#exports = exports;
		this.#grow(64 << 10);
		const desc = described ?? withTexts(JSON.parse(this.call("library")), texts);
		// The program keeps the positions of its last `capacity` handles:
		// handles above `last` less `capacity`.
		this.capacity = desc.capacity;
		this.last = 0;
		this.maxInput = desc.maxInput;
		this.maxRecordInput = desc.maxRecordInput;
		this.games = desc.games;
		this.bots = desc.bots;
	}

	// #grow makes the input buffer hold at least n bytes.
	#grow(n) {
		this.#in = this.#exports.input(n);
		this.#size = Math.max(n, this.#size);
	}

	// #memory returns a view of the program's memory: a new one once the
	// memory has grown, which detaches the last.
	#memory() {
		if (this.#mem.length === 0) {
			this.#mem = new Uint8Array(this.#exports.mem.buffer);
		}
		return this.#mem;
	}

	// json returns value's JSON text, of at most limit bytes; what names
	// it in messages. Seeds may be bigints when big is set.
	json(value, what, limit, big = false) {
		let s;
		try {
			s = JSON.stringify(value, big ? bigints : undefined);
		} catch (e) {
			throw unreadable(what, e);
		}
		if (s === undefined) {
			throw new GameError("bad_input", `${what} cannot be read as JSON: ${value === undefined ? "it is missing (undefined)" : typeof value === "object" ? "its toJSON gives undefined" : `it is ${aType(value)}`}`);
		}
		// A string of n UTF-16 code units takes at least n bytes in UTF-8.
		if (s.length > limit) {
			throw new GameError("bad_input", `${what} cannot be over ${limit} bytes of JSON`);
		}
		return s;
	}

	// call calls the exported function f and returns the answer's text.
	// Its arguments are numbers and texts: it writes the texts one after
	// another in the input buffer and passes their lengths in bytes.
	call(f, ...args) {
		let at = 0;
		for (let i = 0; i < args.length; i++) {
			if (typeof args[i] === "string") {
				const n = args[i] === "" ? 0 : this.#write(args[i], at);
				args[i] = n;
				at += n;
			}
		}
		let n;
		try {
			n = this.#exports[f](...args);
		} catch (e) {
			throw new GameError("internal", `the bundle failed: ${e?.message ?? e}${this.#go.exited ? " (it has stopped)" : ""}`);
		}
		let text = "";
		if (n !== 0) {
			const at = this.#exports.output();
			text = decoder.decode(this.#memory().subarray(at, at + Math.abs(n)));
		}
		if (n < 0) {
			const nl = text.indexOf("\n");
			throw new GameError(text.slice(0, nl), text.slice(nl + 1));
		}
		return text;
	}

	// #write writes s in the input buffer at byte at and returns its length
	// in bytes.
	#write(s, at) {
		const start = at;
		for (;;) {
			const { read, written } = encoder.encodeInto(s, this.#memory().subarray(this.#in + at, this.#in + this.#size));
			at += written;
			if (read === s.length) {
				return at - start;
			}
			s = s.slice(read);
			const kept = this.#memory().slice(this.#in, this.#in + at);
			this.#grow(at + 3 * s.length);
			this.#memory().set(kept, this.#in);
		}
	}

	// legalIDs returns the numbers of the n legal moves of the last answer
	// of legalMoves, from the program's memory.
	legalIDs(n) {
		return n === 0 ? [] : new Int32Array(this.#memory().buffer, this.#exports.legalIDs(), n);
	}

	// kept tells whether the program keeps the position of handle.
	kept(handle) {
		return handle > this.last - this.capacity;
	}

	eventsFor(events, player) {
		const e = this.json(events, "the events", this.maxRecordInput);
		return JSON.parse(this.call("eventsFor", e, this.json(player, "a player", 64)));
	}
}

function bigints(_, v) {
	return typeof v === "bigint" ? v.toString() : v;
}

// Any input whatever is a GameError, by the helpers below: every function
// reads its arguments through Core.json or read, which make whatever
// reading them throws bad input, and is guarded, which makes whatever else
// it throws a GameError (see guard).

// read returns f(), which reads the argument named what; whatever reading
// it throws, it is bad input.
function read(what, f) {
	try {
		return f();
	} catch (e) {
		throw unreadable(what, e, false);
	}
}

// unreadable returns the error of an argument, named what, that could not
// be read (as JSON, unless json is false): e is what reading it threw.
// JSON.stringify throws a TypeError on a cycle or a bigint and a RangeError
// on nesting deeper than the stack; a getter, a toJSON or a Proxy's trap of
// the argument may throw any value.
function unreadable(what, e, json = true) {
	let why;
	try {
		const m = e instanceof Error ? String(e.message) : "";
		// Engines word these differently: V8, SpiderMonkey, JavaScriptCore.
		if (e instanceof TypeError && /circular|cyclic/i.test(m)) {
			why = "a cycle";
		} else if (e instanceof TypeError && /bigint/i.test(m)) {
			why = "a bigint";
		} else if (/call stack|recursion/i.test(m)) {
			why = "nested too deeply";
		} else if (e instanceof RangeError && /string length/i.test(m)) {
			why = "too long for a string";
		}
	} catch {
		// e is a Proxy or has getters that throw: thrown says so.
	}
	return new GameError("bad_input", `${what} cannot be read${json ? " as JSON" : ""}: ${why ?? `reading it threw ${thrown(e)}`}`);
}

// thrown describes a thrown value in a line, whatever it is: an error's
// name and message, or the value's type.
function thrown(e) {
	try {
		if (e instanceof Error) {
			return clip(`${e.name}: ${e.message}`.replace(/\s+/g, " "));
		}
		return typeof e === "string" ? JSON.stringify(clip(e)) : typeof e === "bigint" || typeof e === "number" || typeof e === "boolean" ? String(e) : aType(e);
	} catch {
		return "a value that throws when read";
	}
}

// aType names the type of v, without running any code of it.
function aType(v) {
	if (v === null || v === undefined) {
		return String(v);
	}
	if (typeof v !== "object") {
		return `a ${typeof v}`;
	}
	try {
		return Array.isArray(v) ? "an array" : "an object";
	} catch {
		return "a revoked Proxy";
	}
}

// clip cuts a long text short, for a message.
function clip(s) {
	return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

function isGameError(e) {
	try {
		return e instanceof GameError;
	} catch {
		return false; // a Proxy whose getPrototypeOf throws
	}
}

// The libraries and games load made: the methods of nothing else.
const instances = new WeakSet();

// guard wraps the methods of class C named in names, so that they throw
// nothing but GameErrors: a method called on what is not an instance of C
// is bad input, and an error of another kind thrown past Core.json and read
// is a fault of the library, "internal". The methods take at most two
// arguments: their wrappers pass two, not an array of them.
function guard(C, what, names) {
	for (const name of names) {
		const f = C.prototype[name];
		const method = {
			[name](a, b) {
				try {
					return f.call(this, a, b);
				} catch (e) {
					throw fault(e, this, what, name);
				}
			},
		}[name];
		Object.defineProperty(method, "length", { value: f.length });
		Object.defineProperty(C.prototype, name, { value: method });
	}
}

function fault(e, self, what, name) {
	if (!instances.has(self)) {
		return new GameError("bad_input", `${name} is a method of a ${what}: it was called on ${aType(self)}, not on a ${what} (call it as ${what === "game" ? "g" : "lib"}.${name}(…))`);
	}
	return isGameError(e) ? e : new GameError("internal", `the library failed: ${thrown(e)}`);
}

// deepFreeze freezes a JSON value and every value in it.
function deepFreeze(v) {
	if (typeof v === "object" && v !== null) {
		if (Array.isArray(v)) {
			for (let i = 0; i < v.length; i++) {
				deepFreeze(v[i]);
			}
		} else {
			for (const k in v) {
				deepFreeze(v[k]);
			}
		}
		Object.freeze(v);
	}
	return v;
}

// patched returns the state a patch of base tells, deeply frozen: for each
// member of base in order, a code of codes tells whether its value is the
// same ("="), the next of values ("+"), or an array of as many elements as
// base's ("[", a code "=" or "+" for each element, "]"). The new state
// shares with base what did not change. (See cardjson.Object in Go.)
function patched(base, codes, values) {
	const next = { ...base }; // a copy of the same shape: the fastest to build
	const keys = Object.keys(base);
	let i = 0;
	let v = 0;
	for (let m = 0; m < keys.length; m++) {
		const c = codes.charCodeAt(i++);
		if (c === 61 /* = */) {
			continue;
		}
		if (c === 43 /* + */) {
			next[keys[m]] = deepFreeze(values[v++]);
			continue;
		}
		const old = base[keys[m]];
		const array = [];
		for (let e = 0; e < old.length; e++) {
			array.push(codes.charCodeAt(i++) === 61 ? old[e] : deepFreeze(values[v++]));
		}
		i++; // "]"
		next[keys[m]] = Object.freeze(array);
	}
	if (i !== codes.length || v !== values.length) {
		throw new GameError("internal", "the bundle sent a patch that does not fit its state");
	}
	return Object.freeze(next);
}

class Library {
	#core;
	#games = new Map();

	constructor(core) {
		instances.add(this);
		this.#core = core;
		core.games.forEach((desc, i) => {
			this.#games.set(desc.info.name, new Game(core, i, deepFreeze(desc)));
		});
		/** The short names of the games, in the library's order. */
		this.games = Object.freeze([...this.#games.keys()]);
		/** The bots every game offers, with the options of their specs. */
		this.bots = deepFreeze(core.bots);
		Object.freeze(this);
	}

	/** Returns the game of the given short name. */
	game(name) {
		const g = this.#games.get(name);
		if (g === undefined) {
			const not = typeof name === "string" ? `no game is named ${JSON.stringify(clip(name))}` : `a game is named by a string, not ${aType(name)}`;
			throw new GameError("bad_input", `${not} (the games are ${this.games.join(", ")})`);
		}
		return g;
	}

	/** Replays a game's record: the final state and every event. */
	replay(record) {
		const game = read("a record", () => record?.game);
		if (typeof game !== "string") {
			throw new GameError("bad_input", "a game's record is an object {game, options, moves}");
		}
		return this.game(game).replay(record);
	}

	/** Returns what player may read of events. */
	eventsFor(events, player) {
		return this.#core.eventsFor(events, player);
	}
}

class Game {
	#core;
	#index;
	// #kept holds the states this game returned, deeply frozen, each at
	// its handle (less a multiple of the capacity) and with its handle in
	// #handles: the program keeps the positions of the last `capacity`
	// handles only, so a state not found there has no position. (A
	// WeakMap from states to handles did the same at a far greater cost,
	// its entries being the garbage collector's work.) #texts maps the
	// texts of other states given to it (which may change) to theirs. A
	// call on a state the program keeps needs no decoding.
	#kept = [];
	#handles = [];
	#texts = new Map();
	// The program numbers the game's moves as it first lists them, and
	// sends each once: #moves holds them, deeply frozen, by their numbers
	// in the program's table of generation #generation, and #numbers maps
	// each to its number. Applying a move of #moves needs no encoding nor
	// decoding of it.
	#moves = [];
	#numbers = new WeakMap();
	#generation = 0;

	constructor(core, index, desc) {
		instances.add(this);
		this.#core = core;
		this.#index = index;
		this.name = desc.info.name;
		this.info = desc.info;
		this.defaultOptions = desc.defaultOptions;
		this.bots = desc.bots;
		Object.freeze(this);
	}

	/** Deals a game and returns its state. */
	newGame(options = {}) {
		return this.start(options).state;
	}

	/** Deals a game and returns its state and the events of the deal. */
	start(options = {}) {
		const core = this.#core;
		return this.#step(core.call("newGame", this.#index, core.json(options, "the options", core.maxInput, true)));
	}

	/** Returns every move legal in state, for every player who must act. */
	legalMoves(state) {
		const [handle, text] = this.#state(state);
		// The answer's lines: the table's generation, the number of its
		// first new move and the number of legal moves; the new moves. The
		// legal moves' numbers are in the program's memory.
		const r = this.#answer(this.#core.call("legalMoves", this.#index, handle, text), handle, text);
		const a = r.indexOf("\n");
		const [generation, first, n] = JSON.parse(r.slice(0, a));
		if (generation !== this.#generation) {
			this.#generation = generation;
			this.#moves = [];
		}
		if (first !== this.#moves.length) {
			throw new GameError("internal", `the bundle numbers new moves from ${first}, but sent ${this.#moves.length}`);
		}
		if (r.length > a + 3) {
			const fresh = JSON.parse(r.slice(a + 1));
			for (let i = 0; i < fresh.length; i++) {
				this.#numbers.set(deepFreeze(fresh[i]), first + i);
				this.#moves.push(fresh[i]);
			}
		}
		const ids = this.#core.legalIDs(n);
		const moves = new Array(n);
		for (let i = 0; i < n; i++) {
			moves[i] = this.#moves[ids[i]];
		}
		return moves;
	}

	/** Returns the state after move and the events it produced. */
	apply(state, move) {
		const core = this.#core;
		const [handle, text, ours, json] = this.#state(state);
		// The program may tell the new state as a patch of a state it
		// returned: the new state then shares with it what did not change.
		const patch = ours ? 1 : 0;
		// The state and move as given, should the events have to be
		// asked for again: frozen objects, or texts.
		const given = ours ? state : json;
		const id = this.#numbers.get(move);
		if (id !== undefined && this.#moves[id] === move) {
			return this.#step(core.call("applyMove", this.#index, handle, patch, this.#generation, id, text), state, given, move);
		}
		const m = core.json(move, "a move", core.maxInput);
		return this.#step(core.call("apply", this.#index, handle, patch, text, m), state, given, m);
	}

	/** Returns what player (or -1, the spectator) may know of state. */
	view(state, player) {
		const core = this.#core;
		const [handle, text] = this.#state(state);
		const p = core.json(player, "a player", 64);
		return JSON.parse(this.#answer(core.call("view", this.#index, handle, text, p), handle, text));
	}

	/** Tells who must act in state, whether it is over, and the result. */
	status(state) {
		const [handle, text] = this.#state(state);
		return JSON.parse(this.#answer(this.#core.call("status", this.#index, handle, text), handle, text));
	}

	/** Returns what player may read of events. */
	eventsFor(events, player) {
		return this.#core.eventsFor(events, player);
	}

	/** Returns the move a bot chooses from view. */
	botMove(view, options) {
		const core = this.#core;
		const v = core.json(view, "a view", core.maxInput);
		if (options !== undefined && (typeof options !== "object" || options === null)) {
			throw new GameError("bad_input", `a bot's options are an object {bot, seed}, not ${aType(options)}`);
		}
		const { bot = "random", seed = 0 } = options === undefined ? {} : read("a bot's options", () => ({ bot: options.bot, seed: options.seed }));
		if (typeof bot !== "string") {
			throw new GameError("bad_input", `a bot is named by its spec, a string ("random", "ismcts:strength=4"), not ${aType(bot)}`);
		}
		if (bot.length > 1 << 10) {
			throw new GameError("bad_input", "a bot's spec cannot be over 1024 bytes");
		}
		return JSON.parse(core.call("botMove", this.#index, v, bot, core.json(seed, "a bot's seed", 64, true)));
	}

	/** Renders view as text for a person. */
	viewText(view) {
		const core = this.#core;
		return core.call("viewText", this.#index, core.json(view, "a view", core.maxInput));
	}

	/** Decodes move and tells whose it is and how it reads. */
	moveInfo(move) {
		const core = this.#core;
		return JSON.parse(core.call("moveInfo", this.#index, core.json(move, "a move", core.maxInput)));
	}

	/** Replays a record of this game: the final state and every event. */
	replay(record) {
		const core = this.#core;
		return this.#step(core.call("replay", this.#index, core.json(record, "a record", core.maxRecordInput, true)));
	}

	// #state names state for the next call: by its handle if the program
	// keeps its position (and then as the empty text), else by its text.
	// It returns the handle (0 for none), the text, whether the state is
	// one this game returned, whose handle it is, and if not, its text.
	#state(state) {
		const core = this.#core;
		let handle = this.#handle(state);
		if (handle !== 0) {
			return [handle, "", true];
		}
		const text = core.json(state, "a state", core.maxInput);
		handle = this.#texts.get(text);
		if (handle !== undefined && core.kept(handle)) {
			return [handle, "", false, text];
		}
		return [0, text, false, text];
	}

	// #handle returns the handle of a state this game returned whose
	// position the program keeps, or 0. The latest states come first.
	#handle(state) {
		const core = this.#core;
		for (let h = core.last; h > 0 && core.kept(h); h--) {
			const i = h % core.capacity;
			if (this.#kept[i] === state) {
				return this.#handles[i] === h ? h : 0;
			}
		}
		return 0;
	}

	// #keep notes that state, one this game returned, is the state of the
	// position of handle.
	#keep(state, handle) {
		const i = handle % this.#core.capacity;
		this.#kept[i] = state;
		this.#handles[i] = handle;
	}

	// #answer reads an answer about a state: the handle of its position and
	// on the next line JSON, and returns the JSON. It keeps the handle of a
	// state that was given as text, for its text.
	#answer(r, handle, text) {
		const nl = r.indexOf("\n");
		if (handle === 0) {
			handle = +r.slice(0, nl);
			this.#seen(handle);
			this.#texts.set(text, handle);
			this.#prune();
		}
		return r.slice(nl + 1);
	}

	// #step reads a Step: a handle, a state and its events, on three lines;
	// or a handle, a patch of base on two lines, and the events. It
	// returns the state, deeply frozen and kept with its handle, and the
	// events. The Step of a move leaves its events out if it has any, the
	// program keeping them with the position: they are asked for when first read,
	// so that a program that plays on without reading them (a search, a
	// simulation) pays nothing for them. given and move are the state
	// and the move that were applied, frozen objects or texts.
	#step(r, base, given, move) {
		const a = r.indexOf("\n");
		let b = r.indexOf("\n", a + 1);
		const handle = +r.slice(0, a);
		this.#seen(handle);
		let state;
		if (r.charCodeAt(a + 1) === 123 /* { */) {
			state = deepFreeze(JSON.parse(r.slice(a + 1, b)));
		} else {
			const c = r.indexOf("\n", b + 1);
			state = patched(base, r.slice(a + 1, b), JSON.parse(r.slice(b + 1, c)));
			b = c;
		}
		this.#keep(state, handle);
		if (move === undefined || b + 1 < r.length) {
			return { state, events: JSON.parse(r.slice(b + 1)) };
		}
		return moveStep(state, () => this.#events(handle, given, move));
	}

	// #events returns the events of the Step of handle, move applied to
	// state (each a frozen object or a text). If the program no longer
	// keeps its position, it applies the move to the state again: states
	// are values, so the events are the same.
	#events(handle, state, move) {
		const core = this.#core;
		if (core.kept(handle)) {
			return JSON.parse(core.call("events", this.#index, handle));
		}
		const text = (v, what) => (typeof v === "string" ? v : core.json(v, what, core.maxInput));
		return this.#step(core.call("apply", this.#index, 0, 0, text(state, "a state"), text(move, "a move")), undefined, state, move).events;
	}

	// #seen notes a handle the program handed out.
	#seen(handle) {
		const core = this.#core;
		core.last = Math.max(core.last, handle);
	}

	// #prune forgets the texts of states whose positions the program no
	// longer keeps, once there are many.
	#prune() {
		const core = this.#core;
		if (this.#texts.size > 2 * core.capacity) {
			for (const [t, h] of this.#texts) {
				if (!core.kept(h)) {
					this.#texts.delete(t);
				}
			}
		}
	}
}

// moveStep returns the Step of a move: the state it reached, and its
// events, which read returns when they are first read. They are a member
// of its own, as a Step's events are, so that JSON, structuredClone
// (postMessage), spreading and comparing a step hold them; the step is a
// plain object, and a proxy of it (a framework's reactive state) reads
// them too. The accessor is the same for every step, so that all steps
// share one shape (an accessor made for each costs several times as
// much); what it reads is in a member no program sees, which lets go of
// the state and move it re-applies once the events are read.
function moveStep(state, read) {
	const step = { state };
	Object.defineProperty(step, held, { value: { read, events: undefined } });
	return Object.defineProperty(step, "events", eventsMember);
}

const held = Symbol("events");

const eventsMember = {
	get() {
		const h = this[held];
		if (h.read !== undefined) {
			try {
				h.events = h.read();
			} catch (e) {
				throw isGameError(e) ? e : new GameError("internal", `the library failed reading the events: ${thrown(e)}`);
			}
			h.read = undefined;
		}
		return h.events;
	},
	set(v) {
		const h = this[held];
		h.read = undefined;
		h.events = v;
	},
	enumerable: true,
	configurable: true,
};

guard(Library, "library", ["game", "replay", "eventsFor"]);
guard(Game, "game", ["newGame", "start", "legalMoves", "apply", "view", "status", "eventsFor", "botMove", "viewText", "moveInfo", "replay"]);
