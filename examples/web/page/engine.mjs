// The engine: the games' WebAssembly bundle in a worker of its own, so
// that a bot's search never stops the page. The page sends it requests
// {id, op, args} and gets answers {id, result} or {id, error: {code,
// message}}; each request names a function of the bundle's API. A bot's
// view is taken here and never crosses to the page. The first message,
// {op: "init", bundle}, tells where the bundle is: under the name of its
// content, which the browser keeps for good (site.json says it).
let setBundle;
const library = new Promise((resolve) => (setBundle = resolve)).then(async (base) => {
	const { load } = await import(new URL("index.mjs", base).href);
	return load();
});

const ops = {
	/** The games, their metadata and bots; and the bots' options. */
	describe(lib) {
		return {
			games: lib.games.map((name) => {
				const g = lib.game(name);
				return { name, info: g.info, defaultOptions: g.defaultOptions, bots: g.bots };
			}),
			bots: lib.bots,
		};
	},
	start: (lib, game, options) => lib.game(game).start(options),
	apply: (lib, game, state, move) => lib.game(game).apply(state, move),
	view: (lib, game, state, player) => lib.game(game).view(state, player),
	eventsFor: (lib, events, player) => lib.eventsFor(events, player),
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
		const lib = await library;
		if (!Object.hasOwn(ops, op)) {
			throw Object.assign(new Error(`the engine has no operation ${op}`), { code: "internal" });
		}
		self.postMessage({ id, result: ops[op](lib, ...args) });
	} catch (e) {
		self.postMessage({ id, error: { code: e?.code ?? "internal", message: e?.message ?? String(e) } });
	}
};
