// The engine: the games' WebAssembly bundle in a worker of its own, so
// that a bot's search never stops the page. The page sends it requests
// {id, op, args} and gets answers {id, result} or {id, error: {code,
// message}}; each request names a function of the bundle's API, and every
// one but describe names its game first. A bot's view is taken here and
// never crosses to the page. The first message, {op: "init", bundle},
// tells where the bundle is: under the name of its content, which the
// browser keeps for good (site.json says it).
//
// Each game loads from its own entry (crown.mjs and crown.wasm: that
// game's engine alone) when the page first asks for it, the bundle's entry
// of every game (index.mjs) telling the games and their entries without
// loading any; while one loads, the worker sends the page {progress:
// {game, phase, loaded, total}}, as the bundle's load tells it.
let setBundle;
const bundle = new Promise((resolve) => (setBundle = resolve));
const index = bundle.then((base) => import(new URL("index.mjs", base).href));

// The libraries loaded or loading, by the entry they load from.
const libraries = new Map();

/** The library that plays game: its entry's, loaded once. */
async function library(game) {
	const base = await bundle;
	const entry = (await index).describe().games.find((g) => g.name === game)?.entry ?? "index.mjs";
	let lib = libraries.get(entry);
	if (lib === undefined) {
		lib = import(new URL(entry, base).href).then(({ load }) =>
			load(undefined, { onProgress: (p) => self.postMessage({ progress: { game, phase: p.phase, loaded: p.loaded, total: p.total } }) }),
		);
		// A load that failed (the network, say) is tried again at the next
		// request.
		lib.catch(() => libraries.delete(entry));
		libraries.set(entry, lib);
	}
	return lib;
}

const ops = {
	/** Loads game's engine, telling its progress; nothing more. */
	load: () => null,
	start: (lib, game, options) => lib.game(game).start(options),
	apply: (lib, game, state, move) => lib.game(game).apply(state, move),
	view: (lib, game, state, player) => lib.game(game).view(state, player),
	eventsFor: (lib, game, events, player) => lib.eventsFor(events, player),
	viewText: (lib, game, view) => lib.game(game).viewText(view),
	/** The move the bot in player's seat chooses, from that seat's view. */
	botMove(lib, game, state, player, options) {
		const g = lib.game(game);
		return g.botMove(g.view(state, player), options);
	},
};

self.onmessage = async ({ data: { id, op, args, bundle } }) => {
	if (op === "init") {
		setBundle(bundle);
		return;
	}
	try {
		let result;
		if (op === "describe") {
			// The games, their metadata and bots, and the bots' options,
			// without loading any game.
			result = (await index).describe();
		} else if (Object.hasOwn(ops, op)) {
			result = ops[op](await library(args[0]), ...args);
		} else {
			throw Object.assign(new Error(`the engine has no operation ${op}`), { code: "internal" });
		}
		self.postMessage({ id, result });
	} catch (e) {
		self.postMessage({ id, error: { code: e?.code ?? "internal", message: e?.message ?? String(e) } });
	}
};
