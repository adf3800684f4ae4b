-- Glicko-2 ratings per player and variant (docs/lobby.md, "Ratings"). Portable SQL, like 0001.
--
-- Values are BIGINT in billionths (`_e9`: 1500.0 is 1500000000000), so they round-trip exactly through
-- both databases without a floating-point column type of their own, and sort as numbers. A player is
-- identified by lower(name) (`player_key`), as names are case-insensitive (0002). A player without a row
-- has the defaults 1500 / 350 / 0.06. Independent of the accounts tables (0004): bots and token-only accounts
-- have rows under their seat names too.

-- 1 when the game counts for the players' ratings (chosen at creation, both seats must be accounts).
ALTER TABLE games ADD COLUMN rated SMALLINT NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    player_key TEXT NOT NULL,
    -- A variant id (`kubuguza`).
    variant TEXT NOT NULL,
    rating_e9 BIGINT NOT NULL,
    deviation_e9 BIGINT NOT NULL,
    volatility_e9 BIGINT NOT NULL,
    -- Rated games counted.
    games INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (player_key, variant)
);

-- The leaderboard: best first among one variant's rows.
CREATE INDEX ratings_board ON ratings (variant, rating_e9);

-- One row per seat of each rated game that finished; written in the transaction that finishes the game, so
-- the primary key also refuses a second application of the same game's result.
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL REFERENCES games (id),
    -- south | north
    side TEXT NOT NULL,
    player_key TEXT NOT NULL,
    variant TEXT NOT NULL,
    before_e9 BIGINT NOT NULL,
    after_e9 BIGINT NOT NULL,
    deviation_before_e9 BIGINT NOT NULL,
    deviation_after_e9 BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, side)
);

-- A player's history in one variant, oldest first (the rating chart).
CREATE INDEX rating_changes_player ON rating_changes (player_key, variant, at);
