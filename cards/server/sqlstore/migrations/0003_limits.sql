-- What bounds the games a server holds: who created each game, whether it
-- is over, whether its bots must move, and a checksum of its row.

-- The client that created the game (its address, or its IPv6 /64), for
-- the quota of games a client may hold.
ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT '';
-- 1 once the game is over, or closed by the server's limit of moves.
ALTER TABLE games ADD COLUMN over INTEGER NOT NULL DEFAULT 0;
-- 1 while a bot must move: the bots play after the commit, apart from
-- the request that made it, and a sweep finds the games they left.
ALTER TABLE games ADD COLUMN due INTEGER NOT NULL DEFAULT 0;
-- A checksum of the row's content, checked when it is read ('' for rows
-- written before this migration, until their next commit).
ALTER TABLE games ADD COLUMN sum TEXT NOT NULL DEFAULT '';

CREATE INDEX games_due ON games (updated) WHERE due = 1;
CREATE INDEX games_expiry ON games (over, updated);
CREATE INDEX games_client ON games (client, over);

-- A game deleted (expired) takes its events and moves with it, in the
-- same statement.
CREATE TRIGGER games_delete AFTER DELETE ON games
BEGIN
	DELETE FROM events WHERE game = OLD.id;
	DELETE FROM moves WHERE game = OLD.id;
END;
