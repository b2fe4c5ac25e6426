-- As ../0004_tables.sql: tables of people, the lobby, spectators,
-- rematches, and the version of each event.
ALTER TABLE games ADD COLUMN started BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN public BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN spectators BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN keys TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN tab TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN prev TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN next TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN result TEXT NOT NULL DEFAULT '';

CREATE INDEX games_lobby ON games (created) WHERE public = 1 AND started = 0;
CREATE INDEX games_table ON games (tab, created) WHERE tab <> '';

ALTER TABLE events ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

-- The copy of a commit's moves and events now notes their version: the
-- row's version before the update, whose commit made them.
CREATE OR REPLACE FUNCTION games_copy_pending() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	p json := OLD.pending::json;
BEGIN
	IF json_typeof(p -> 'events') = 'array' THEN
		INSERT INTO events (game, seq, text, readers, others, version)
		SELECT OLD.id, (e ->> 'seq')::bigint, e ->> 'text', (e ->> 'readers')::bigint, e ->> 'others', OLD.version
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
