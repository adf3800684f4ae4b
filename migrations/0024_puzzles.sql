-- Puzzles (docs/puzzles.md): the set the server serves, the accounts' attempts, their puzzle ratings and
-- best streaks, and their votes. Portable SQL, like 0001. Ratings are BIGINT billionths (`_e9`), as in
-- 0005; an account is named by its key, lower(name) (0002); times are unix ms.

-- One puzzle. `id` is the crate's `puzzle_id` (a hash of variant, options and position), so the same
-- position is one row whatever imported it. `options`, `solution` (array of notation), `goal`, `themes`
-- (array of theme names) and `source` are the puzzle's JSON fields as text; `game` is its game
-- (Ikibuguzo's rule sets are one). The rating moves with every recorded attempt (Glicko-2, the puzzle
-- being the attempt's other player); `plays` counts those attempts. `retired` 1: never served again by
-- next, daily or streak (votes: docs/puzzles.md, "Retiring").
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    options TEXT NOT NULL,
    position TEXT NOT NULL,
    solution TEXT NOT NULL,
    goal TEXT NOT NULL,
    themes TEXT NOT NULL,
    source TEXT NOT NULL,
    rating_e9 BIGINT NOT NULL,
    deviation_e9 BIGINT NOT NULL,
    volatility_e9 BIGINT NOT NULL,
    plays INTEGER NOT NULL DEFAULT 0,
    votes_up INTEGER NOT NULL DEFAULT 0,
    votes_down INTEGER NOT NULL DEFAULT 0,
    retired SMALLINT NOT NULL DEFAULT 0,
    added_at BIGINT NOT NULL
);

-- "Near the player's rating" among one game's puzzles still served.
CREATE INDEX puzzles_served ON puzzles (retired, game, rating_e9);

-- An account's recorded attempt of a puzzle: one per account and puzzle (the first wrong decision or the
-- completed line), with both ratings before and after.
CREATE TABLE puzzle_attempts (
    puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
    player_key TEXT NOT NULL,
    won SMALLINT NOT NULL,
    at BIGINT NOT NULL,
    rating_before_e9 BIGINT NOT NULL,
    rating_after_e9 BIGINT NOT NULL,
    puzzle_before_e9 BIGINT NOT NULL,
    puzzle_after_e9 BIGINT NOT NULL,
    PRIMARY KEY (puzzle_id, player_key)
);

-- An account's history, newest first.
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player_key, at);

-- An account's puzzle rating (separate from its game ratings: table `ratings`), and its streaks: the run
-- in progress (`streak_run` puzzles solved in a row, the last of rating `streak_last_e9`) and the best.
CREATE TABLE puzzle_ratings (
    player_key TEXT PRIMARY KEY,
    rating_e9 BIGINT NOT NULL,
    deviation_e9 BIGINT NOT NULL,
    volatility_e9 BIGINT NOT NULL,
    attempts INTEGER NOT NULL,
    streak_run INTEGER NOT NULL DEFAULT 0,
    streak_last_e9 BIGINT,
    streak_best INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- An account's vote on a puzzle it attempted (`up` 1 or 0); a second vote replaces the first.
CREATE TABLE puzzle_votes (
    puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
    player_key TEXT NOT NULL,
    up SMALLINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (puzzle_id, player_key)
);
