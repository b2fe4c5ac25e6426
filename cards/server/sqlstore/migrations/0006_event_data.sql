-- Every event is stored with its data beside its text: what its readers
-- read as data (data) and what everyone else reads (others_data), each
-- the JSON of an object, or '' for a game that tells no data.
ALTER TABLE events ADD COLUMN data TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN others_data TEXT NOT NULL DEFAULT '';

-- The copy of a commit's moves and events (see 0004) copies their data
-- too.
DROP TRIGGER games_copy_pending;
CREATE TRIGGER games_copy_pending AFTER UPDATE OF version ON games
BEGIN
	INSERT OR IGNORE INTO events (game, seq, text, readers, others, version, data, others_data)
	SELECT OLD.id, json_extract(value, '$.seq'), json_extract(value, '$.text'), json_extract(value, '$.readers'), json_extract(value, '$.others'), OLD.version,
		coalesce(json_extract(value, '$.data'), ''), coalesce(json_extract(value, '$.othersData'), '')
	FROM json_each(OLD.pending, '$.events');
	INSERT OR IGNORE INTO moves (game, ply, move)
	SELECT OLD.id, json_extract(value, '$.ply'), json_extract(value, '$.move')
	FROM json_each(OLD.pending, '$.moves');
END;
