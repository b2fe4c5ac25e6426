-- As ../0006_event_data.sql: every event is stored with its data beside
-- its text, the JSON of an object, or '' for a game that tells no data.
ALTER TABLE events ADD COLUMN data TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN others_data TEXT NOT NULL DEFAULT '';

-- The copy of a commit's moves and events copies their data too.
CREATE OR REPLACE FUNCTION games_copy_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	p json := OLD.pending::json;
BEGIN
	IF json_typeof(p -> 'events') = 'array' THEN
		INSERT INTO events (game, seq, text, readers, others, version, data, others_data)
		SELECT OLD.id, (e ->> 'seq')::bigint, e ->> 'text', (e ->> 'readers')::bigint, e ->> 'others', OLD.version,
			coalesce((e -> 'data')::text, ''), coalesce((e -> 'othersData')::text, '')
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
