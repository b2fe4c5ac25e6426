// A page that plays a game of @cardrules/games to its end, bots in every
// seat: Claim the Crown from the entry of that game alone (?entry=crown, the
// default), or from the entry of every game (?entry=all). A bundler splits
// each entry into a chunk of its own, loaded only when the page asks for it.
const entries = {
	crown: () => import("@cardrules/games/crown"),
	all: () => import("@cardrules/games"),
};

async function main() {
	const which = new URLSearchParams(location.search).get("entry") ?? "crown";
	const status = document.getElementById("status");
	const bar = document.getElementById("progress");
	const { load } = await entries[which]();
	const reports = { download: 0, compile: 0 };
	const lib = await load(undefined, {
		onProgress({ phase, loaded, total }) {
			reports[phase]++;
			bar.max = total ?? loaded;
			bar.value = loaded;
			status.textContent = phase === "download" ? `Loading ${loaded} of ${total} bytes…` : "Compiling…";
		},
	});
	const g = lib.game("crown");
	let { state } = g.start({ seed: 7 });
	let moves = 0;
	while (!g.status(state).over) {
		const player = g.status(state).toAct[0];
		state = g.apply(state, g.botMove(g.view(state, player), { seed: moves })).state;
		moves++;
	}
	const { result } = g.status(state);
	status.textContent = `${g.info.title}: ${result.text ?? JSON.stringify(result)} after ${moves} moves`;
	document.body.dataset.result = JSON.stringify({ entry: which, games: lib.games, moves, over: true, result, reports });
}

main().catch((e) => {
	document.getElementById("status").textContent = `failed: ${e.message}`;
	document.body.dataset.error = `${e.name}: ${e.message}`;
});
