-- A commit of a game (an update of its version) copies the moves and events
-- of its previous commit, which its row's pending column holds, to their
-- tables, in the same statement as the update: a commit is one statement
-- and one write to the database, and a commit refused as stale copies
-- nothing. Copying again what is there already changes nothing.
CREATE TRIGGER games_copy_pending AFTER UPDATE OF version ON games
BEGIN
	INSERT OR IGNORE INTO events (game, seq, text, readers, others)
	SELECT OLD.id, json_extract(value, '$.seq'), json_extract(value, '$.text'), json_extract(value, '$.readers'), json_extract(value, '$.others')
	FROM json_each(OLD.pending, '$.events');
	INSERT OR IGNORE INTO moves (game, ply, move)
	SELECT OLD.id, json_extract(value, '$.ply'), json_extract(value, '$.move')
	FROM json_each(OLD.pending, '$.moves');
END;
