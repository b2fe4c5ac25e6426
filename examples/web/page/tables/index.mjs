// The tables of the games, by the game's short name. A game without a
// table of its own is shown by the plain table: the view as the bundle
// writes it for people, and its moves as buttons.
import { el } from "../ui.mjs";
import * as bastards from "./bastards.mjs";
import * as crown from "./crown.mjs";
import * as ninekingdoms from "./ninekingdoms.mjs";
import * as packs from "./packs.mjs";

const tables = new Map(Object.entries({ bastards, crown, ninekingdoms, packs }));

/** The plain table: the view's text; every move a button. */
export const plain = {
	plain: true,
	render(view, ctx) {
		return el("pre", { class: "view-text" }, ctx.viewText ?? "");
	},
	partsOf() {
		return [];
	},
};

/** The table of game name. */
export function tableFor(name) {
	return tables.get(name) ?? plain;
}
