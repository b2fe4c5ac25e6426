// What the page keeps in the browser's storage: the game in progress (its
// state, its events and its record, for the bundle's calls and a reload;
// the page shows views only), the choices of the last setup, and the
// links of the seats of games made on a server for other people.

const gameKey = "cardrules.web.game";
const prefsKey = "cardrules.web.prefs";
const invitesKey = "cardrules.web.invites";
const version = 1;

function read(key) {
	try {
		const v = JSON.parse(localStorage.getItem(key) ?? "null");
		return v && typeof v === "object" ? v : null;
	} catch {
		return null;
	}
}

function write(key, value) {
	try {
		localStorage.setItem(key, JSON.stringify(value));
		return true;
	} catch {
		return false; // storage full or refused: the game goes on unsaved
	}
}

/** The saved game, or null. */
export function loadGame() {
	const g = read(gameKey);
	return g?.version === version && typeof g.game === "string" && g.state && Array.isArray(g.events) && Array.isArray(g.seats) ? g : null;
}

/** Saves the game; false when the browser refused. */
export function saveGame(g) {
	return write(gameKey, { version, ...g });
}

export function forgetGame() {
	try {
		localStorage.removeItem(gameKey);
	} catch {
		// nothing kept, nothing to forget
	}
}

export function loadPrefs() {
	return read(prefsKey) ?? {};
}

export function savePrefs(p) {
	write(prefsKey, p);
}

/** The links of the seats of the games made on a server here, by game. */
export function loadInvites() {
	return read(invitesKey) ?? {};
}

/** Keeps the links of a game's seats for others (the last ten games'). */
export function saveInvites(id, links) {
	const all = Object.entries(loadInvites()).slice(-9);
	write(invitesKey, Object.fromEntries([...all, [id, links]]));
}

const keysKey = "cardrules.web.keys";

/**
 * What the page knows of the games on a server it made or joined, by
 * game: the host's key (host), the invitation's key (invite: "" for a
 * public game), the spectators' key (watch: "" for a game anyone may
 * watch), and the seat's link in the rematch once taken (rematch). The
 * last twenty games' are kept.
 */
export function loadKeys(id) {
	return read(keysKey)?.[id] ?? {};
}

/** Adds what keys holds to what the page knows of game id. */
export function saveKeys(id, keys) {
	const all = Object.entries(read(keysKey) ?? {}).filter(([k]) => k !== id).slice(-19);
	write(keysKey, Object.fromEntries([...all, [id, { ...loadKeys(id), ...keys }]]));
}
