-- The games a server holds: one row per game with its state, and the
-- game's events and moves apart, append-only.

-- A game as it stands. The state is bounded (at most 2 KB), whatever the
-- game's length; pending holds the moves and events of the game's last
-- commit until they are copied to their tables.
CREATE TABLE games (
	id      TEXT PRIMARY KEY,
	game    TEXT NOT NULL,    -- the game's short name: bastards
	options TEXT NOT NULL,    -- the options it was dealt from, seed included (JSON)
	seats   TEXT NOT NULL,    -- each seat's bot, or the SHA-256 of its token (JSON)
	version INTEGER NOT NULL, -- counts the commits; a move names the version it was made on
	state   TEXT NOT NULL,    -- the game as it stands (JSON), secrets included
	moves   INTEGER NOT NULL, -- the number of moves accepted
	events  INTEGER NOT NULL, -- the number of events produced
	pending TEXT NOT NULL,    -- the moves and events of the last commit (JSON)
	created INTEGER NOT NULL, -- Unix milliseconds
	updated INTEGER NOT NULL  -- Unix milliseconds
);

-- Every event of a game, with its readers: the players who read text (a
-- bitset, 0 for everyone); everyone else reads others.
CREATE TABLE events (
	game    TEXT NOT NULL,
	seq     INTEGER NOT NULL,
	text    TEXT NOT NULL,
	readers INTEGER NOT NULL,
	others  TEXT NOT NULL,
	PRIMARY KEY (game, seq)
) WITHOUT ROWID;

-- Every move accepted, numbered from 1: with the options, the game's record.
CREATE TABLE moves (
	game TEXT NOT NULL,
	ply  INTEGER NOT NULL,
	move TEXT NOT NULL,
	PRIMARY KEY (game, ply)
) WITHOUT ROWID;
