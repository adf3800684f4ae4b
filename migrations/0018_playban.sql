-- Penalties for leaving games (docs/moderation.md, "Penalties for leaving games"): one row per finished
-- game and per player whose conduct in it counts: `good`, `abort`, `no_start`, `leave`, `sitting`. The
-- ban is not stored apart: every node reads a person's outcomes of the last days and replays the rules
-- (`server/src/lobby/playban.rs`), so a ban holds on every node and after a restart. A person is
-- `player_key` (`lower(name)`) and `registered` (1: an account, 0: a guest by that name), as
-- `games.*_registered`. `at`: unix ms of the game's end. Portable SQL, like 0001: flags 0/1 SMALLINTs.
CREATE TABLE playban_outcomes (
    game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_key TEXT NOT NULL,
    registered SMALLINT NOT NULL,
    outcome TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_key, registered)
);

-- A pairing reads one person's outcomes of a time window.
CREATE INDEX playban_outcomes_person ON playban_outcomes (player_key, registered, at);

-- The aborts stored before this table (`games.aborted_by`, which the abort pause counted) carry over.
INSERT INTO playban_outcomes (game_id, player_key, registered, outcome, at)
SELECT id, lower(south_name), south_registered, 'abort', updated_at FROM games
WHERE aborted_by = 'south' AND south_name IS NOT NULL;
INSERT INTO playban_outcomes (game_id, player_key, registered, outcome, at)
SELECT id, lower(north_name), north_registered, 'abort', updated_at FROM games
WHERE aborted_by = 'north' AND north_name IS NOT NULL;

-- Nothing reads a person's aborts from `games` any more.
DROP INDEX games_aborted;
