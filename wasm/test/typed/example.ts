// A typed program over the bundle: tsc --noEmit checks that the
// declarations give completion and catch mistakes (each @ts-expect-error
// line must be an error).
import { load, GameError } from "../../dist/index.mjs";
import type { Move, State, View, bastards, ninekingdoms } from "../../dist/index.mjs";

declare function show(...values: unknown[]): void;

const lib = await load();
const g = lib.game("bastards");
let state: State<"bastards"> = g.newGame({ players: 5, seed: 42n, rounds: 1 });
const { events } = g.start({ seed: "18446744073709551615" });
const mine = g.eventsFor(events, 0);
show(mine[0]?.text.toUpperCase(), g.info.title, g.defaultOptions.jokers);
for (const { title, paragraphs } of g.info.howToPlay ?? []) show(title.toUpperCase(), paragraphs.join("\n"));
show(g.info.glossary?.find((t) => t.term === "King")?.meaning.length, g.info.legend?.[0]?.term);

const moves: Move<"bastards">[] = g.legalMoves(state);
const first = moves[0];
if (first) {
	const { text, ...bare } = first; // a move's text is optional
	state = g.apply(state, bare).state;
	show(text, first.player);
}
const view: View<"bastards"> = g.view(state, 0);
const bot: bastards.Move = g.botMove(view, { bot: "montecarlo", seed: 7 });
show(bot.text, view.hand.length, view.top.rank, g.viewText(view), g.status(state).toAct);
show(g.moveInfo(bot).move.player, lib.replay({ game: "bastards", options: { seed: 1 }, moves: [] }).state.round);

// Moves are unions by kind: each kind has its own members.
const nk = lib.game("ninekingdoms");
const s2 = nk.newGame({ players: 3, match: true });
for (const m of nk.legalMoves(s2)) {
	switch (m.kind) {
		case "claim":
			show(m.kingdom + 1);
			break;
		case "bribe":
			show(m.target, m.card);
			break;
		case "choose": {
			const [a, b]: [ninekingdoms.Card, ninekingdoms.Card] = m.cards;
			show(a, b);
			break;
		}
		case "end":
			// @ts-expect-error ending a turn names no card
			show(m.card);
			break;
	}
}

try {
	nk.apply(s2, { player: 0, kind: "end" });
} catch (e) {
	if (e instanceof GameError && e.code === "illegal_move") show(e.message);
}

// @ts-expect-error no such game
lib.game("chess");
// @ts-expect-error no such option
g.newGame({ player: 4 });
// @ts-expect-error options of another game
g.newGame({ match: true });
// @ts-expect-error no such kind of move
nk.apply(s2, { player: 0, kind: "fold" });
// @ts-expect-error a state of another game
g.legalMoves(s2);
// @ts-expect-error a player is a number
g.view(state, "P1");
