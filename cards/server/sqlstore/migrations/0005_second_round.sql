-- What strangers may not do with tables: fill the server with games that
-- wait, or lose a table's wins as its games expire.

-- The wins of the table before this game, by player (JSON), carried from
-- each game to its rematch: the table's history counts every game it
-- played, those expired included.
ALTER TABLE games ADD COLUMN tally TEXT NOT NULL DEFAULT '';

-- Games waiting for players, counted by the client that made them and
-- expired a while after they were made, whatever happens to their seats.
CREATE INDEX games_waiting ON games (client, created) WHERE started = 0;
