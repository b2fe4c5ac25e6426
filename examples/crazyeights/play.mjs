// play.mjs plays a game of Crazy Eights from Node.js, bots in every seat,
// on the WebAssembly bundle of the game, which one command builds:
//
//	go run ./wasm/build -games ./examples/crazyeights -o /tmp/eights
//	node examples/crazyeights/play.mjs /tmp/eights
//
// (In a module of your own that requires this one:
// go run github.com/cardrules/games/wasm/build -games ./crazyeights.)
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node play.mjs BUNDLE-FOLDER");
  process.exit(2);
}
const { load } = await import(pathToFileURL(resolve(dir, "index.mjs")).href);
const lib = await load();
const g = lib.game("crazyeights");
let { state, events } = g.start({ players: 3, seed: 7 });
let moves = 0;
while (!g.status(state).over) {
  const p = g.status(state).toAct[0];
  const move = g.botMove(g.view(state, p), { bot: "ismcts:strength=1", seed: moves });
  ({ state, events } = g.apply(state, move));
  moves++;
}
console.log(g.eventsFor(events, 0).at(-1).text);
console.log(`${g.info.title}: ${g.status(state).result.winners.map((p) => `P${p + 1}`).join(", ")} won after ${moves} moves`);
