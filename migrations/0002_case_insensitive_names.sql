-- Player names are case-insensitive (as on lichess): `AMINA` and `amina` are one name, kept in the spelling
-- it was registered with. The identity is lower(name) (names are ASCII: letters, digits, `_`, `-`, `.`, so
-- SQLite's and PostgreSQL's lower() agree). Portable SQL, like 0001.
--
-- A database from before may hold accounts this rule forbids. They are released, not renamed:
--   * case variants of an earlier account: the earliest registration keeps the name (ties: the smaller
--     spelling in the database's sort order); each later one is released;
--   * `anonymous` (the guests' default name: its account made every nameless create and join a 409),
--     and `.` and `..` (not names: `/api/players/..` is no profile).
-- Releasing an account deletes it (its token stops working: 401) and turns its seats into guest seats under
-- the same spelling (`registered` 0), so its games stay as they were played and count for nobody's account.
-- The server logs the names it releases when it applies this migration.

UPDATE games SET south_registered = 0
WHERE south_registered = 1 AND south_name IN (
    SELECT p.name FROM players p
    WHERE lower(p.name) IN ('anonymous', '.', '..')
       OR EXISTS (SELECT 1 FROM players q WHERE lower(q.name) = lower(p.name)
                  AND (q.created_at < p.created_at OR (q.created_at = p.created_at AND q.name < p.name)))
);

UPDATE games SET north_registered = 0
WHERE north_registered = 1 AND north_name IN (
    SELECT p.name FROM players p
    WHERE lower(p.name) IN ('anonymous', '.', '..')
       OR EXISTS (SELECT 1 FROM players q WHERE lower(q.name) = lower(p.name)
                  AND (q.created_at < p.created_at OR (q.created_at = p.created_at AND q.name < p.name)))
);

DELETE FROM players
WHERE lower(name) IN ('anonymous', '.', '..')
   OR EXISTS (SELECT 1 FROM players q WHERE lower(q.name) = lower(players.name)
              AND (q.created_at < players.created_at
                   OR (q.created_at = players.created_at AND q.name < players.name)));

CREATE UNIQUE INDEX players_name_key ON players (lower(name));

-- Games are found by player whatever the case: index the lower-case names instead of the names.
DROP INDEX games_south;
DROP INDEX games_north;
CREATE INDEX games_south_key ON games (lower(south_name), created_at);
CREATE INDEX games_north_key ON games (lower(north_name), created_at);
