-- Fair play (docs/moderation.md, "Fair play"): each side's figures in every rated game, from the game's
-- post-game review, which the server computes itself for every rated game that finished with a result.
-- Portable SQL, like 0001. One row per seat of a reviewed rated game; a rated game whose rows are missing
-- (`rating_changes` has it, `fair_play` not) is reviewed again on the next pass, so a crash loses nothing.
--
-- `counted` the side's judged decisions that had a choice, `agreed` those equal to the review's best
-- decision, `accuracy_e2` the side's accuracy in hundredths of a percent (NULL: it never had a choice);
-- `rating_e9` and `deviation_e9` the player's rating before the game (billionths, like 0005), `at` the
-- game's end (its `rating_changes.at`).
CREATE TABLE fair_play (
    game_id TEXT NOT NULL REFERENCES games (id),
    -- south | north
    side TEXT NOT NULL,
    player_key TEXT NOT NULL,
    variant TEXT NOT NULL,
    counted INTEGER NOT NULL,
    agreed INTEGER NOT NULL,
    accuracy_e2 INTEGER,
    rating_e9 BIGINT NOT NULL,
    deviation_e9 BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, side)
);

-- An account's window: its newest rated games of one variant.
CREATE INDEX fair_play_player ON fair_play (player_key, variant, at);

-- The pass that finds rated games without figures reads rating_changes by time.
CREATE INDEX rating_changes_at ON rating_changes (at);
