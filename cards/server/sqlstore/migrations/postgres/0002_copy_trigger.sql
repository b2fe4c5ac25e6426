-- As ../0002_copy_trigger.sql: a commit (an update of a game's version)
-- copies the moves and events of its previous commit, which the row's
-- pending column holds, to their tables, in the same statement. The JSON
-- is read as json, not jsonb, so that a move is copied as it was written.
CREATE FUNCTION games_copy_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	p json := OLD.pending::json;
BEGIN
	IF json_typeof(p -> 'events') = 'array' THEN
		INSERT INTO events (game, seq, text, readers, others)
		SELECT OLD.id, (e ->> 'seq')::bigint, e ->> 'text', (e ->> 'readers')::bigint, e ->> 'others'
		FROM json_array_elements(p -> 'events') AS e
		ON CONFLICT DO NOTHING;
	END IF;
	IF json_typeof(p -> 'moves') = 'array' THEN
		INSERT INTO moves (game, ply, move)
		SELECT OLD.id, (m ->> 'ply')::bigint, (m -> 'move')::text
		FROM json_array_elements(p -> 'moves') AS m
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER games_copy_pending AFTER UPDATE OF version ON games
FOR EACH ROW EXECUTE FUNCTION games_copy_pending();
