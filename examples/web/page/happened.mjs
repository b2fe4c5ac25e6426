// What just happened, read from the data of the events a seat reads, not
// from their words: who acted, and the cards the events name. The page
// marks them on the table.

/** The members of an event's data that name a card, or a list of cards. */
const cardMembers = ["card", "other"];
const cardLists = ["cards", "pair"];

/**
 * Reads entries, the events a viewer just read ({seq, text, data}): the
 * player who acted (the first that the data names as "player"; -1 for
 * none) and the codes of the cards they name, as the viewer may know
 * them (a card dealt to another is not in that viewer's data).
 */
export function happened(entries) {
	const player = entries.find((e) => Number.isInteger(e.data?.player))?.data.player ?? -1;
	const cards = new Set();
	for (const { data } of entries) {
		for (const k of cardMembers) {
			if (typeof data?.[k] === "string" && data[k] !== "") {
				cards.add(data[k]);
			}
		}
		for (const k of cardLists) {
			for (const c of Array.isArray(data?.[k]) ? data[k] : []) {
				cards.add(c);
			}
		}
	}
	return { player, cards };
}
