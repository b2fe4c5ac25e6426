-- As ../0005_second_round.sql: the table's wins carried from game to
-- game, and the games waiting for players counted by client.
ALTER TABLE games ADD COLUMN tally TEXT NOT NULL DEFAULT '';

CREATE INDEX games_waiting ON games (client, created) WHERE started = 0;
