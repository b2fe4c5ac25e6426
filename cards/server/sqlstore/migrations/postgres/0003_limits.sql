-- As ../0003_limits.sql: who created each game, whether it is over,
-- whether its bots must move, and a checksum of its row.
ALTER TABLE games ADD COLUMN client TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN over BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN due BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN sum TEXT NOT NULL DEFAULT '';

CREATE INDEX games_due ON games (updated) WHERE due = 1;
CREATE INDEX games_expiry ON games (over, updated);
CREATE INDEX games_client ON games (client, over);

-- A game deleted (expired) takes its events and moves with it, in the
-- same statement.
CREATE FUNCTION games_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM events WHERE game = OLD.id;
	DELETE FROM moves WHERE game = OLD.id;
	RETURN NULL;
END
$$;

CREATE TRIGGER games_delete AFTER DELETE ON games
FOR EACH ROW EXECUTE FUNCTION games_delete();
