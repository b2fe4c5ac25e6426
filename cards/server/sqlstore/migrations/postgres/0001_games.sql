-- PostgreSQL's schema, as ../0001_games.sql: the same tables and columns,
-- each integer a BIGINT, each JSON column text as the store wrote it.

-- A game as it stands. rowid numbers the rows as they are inserted, as
-- SQLite's implicit rowid does: the lobby's pages are cut by it.
CREATE TABLE games (
	rowid   BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
	id      TEXT PRIMARY KEY,
	game    TEXT NOT NULL,
	options TEXT NOT NULL,
	seats   TEXT NOT NULL,
	version BIGINT NOT NULL,
	state   TEXT NOT NULL,
	moves   BIGINT NOT NULL,
	events  BIGINT NOT NULL,
	pending TEXT NOT NULL,
	created BIGINT NOT NULL,
	updated BIGINT NOT NULL
);

CREATE TABLE events (
	game    TEXT NOT NULL,
	seq     BIGINT NOT NULL,
	text    TEXT NOT NULL,
	readers BIGINT NOT NULL,
	others  TEXT NOT NULL,
	PRIMARY KEY (game, seq)
);

CREATE TABLE moves (
	game TEXT NOT NULL,
	ply  BIGINT NOT NULL,
	move TEXT NOT NULL,
	PRIMARY KEY (game, ply)
);
