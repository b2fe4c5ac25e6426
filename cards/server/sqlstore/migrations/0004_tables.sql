-- People meet around a table: games whose seats fill by name before they
-- start, found in a lobby, watched by spectators, followed live, and
-- played again by the same table.

-- 0 while the game waits for its open seats to fill; 1 once it started.
ALTER TABLE games ADD COLUMN started INTEGER NOT NULL DEFAULT 1;
-- 1 if the lobby lists the game while it waits.
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
-- 1 if anyone may watch the game, without the spectators' link.
ALTER TABLE games ADD COLUMN spectators INTEGER NOT NULL DEFAULT 0;
-- The SHA-256 of the game's keys (JSON): the host's, which fills open
-- seats with bots and starts the game; the invitation's, which claims
-- an open seat of a private game; the spectators'.
ALTER TABLE games ADD COLUMN keys TEXT NOT NULL DEFAULT '{}';
-- The table: the id of its first game, the game before this one and the
-- game after it (its rematch), '' for none.
ALTER TABLE games ADD COLUMN tab TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN prev TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN next TEXT NOT NULL DEFAULT '';
-- The result once the game is over (JSON), for the table's history.
ALTER TABLE games ADD COLUMN result TEXT NOT NULL DEFAULT '';

CREATE INDEX games_lobby ON games (created) WHERE public = 1 AND started = 0;
CREATE INDEX games_table ON games (tab, created) WHERE tab <> '';

-- Every event is stored with the version of the commit that made it, so
-- that a subscriber that comes back after a while is sent every version
-- it missed, each with its events.
ALTER TABLE events ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- The copy of a commit's moves and events (see 0002) now notes their
-- version: the row's version before the update, whose commit made them.
DROP TRIGGER games_copy_pending;
CREATE TRIGGER games_copy_pending AFTER UPDATE OF version ON games
BEGIN
	INSERT OR IGNORE INTO events (game, seq, text, readers, others, version)
	SELECT OLD.id, json_extract(value, '$.seq'), json_extract(value, '$.text'), json_extract(value, '$.readers'), json_extract(value, '$.others'), OLD.version
	FROM json_each(OLD.pending, '$.events');
	INSERT OR IGNORE INTO moves (game, ply, move)
	SELECT OLD.id, json_extract(value, '$.ply'), json_extract(value, '$.move')
	FROM json_each(OLD.pending, '$.moves');
END;
