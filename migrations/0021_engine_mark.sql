-- Portable SQL (see 0001). The computer-assisted mark (docs/moderation.md, "Computer assistance") and the
-- rating points given back to the players who lost them to a marked account.
--
-- `players.engine_marked_at` unix ms when a moderator marked the account as computer assisted (NULL: not
-- marked): shown on its profile, left out of the leaderboards, refused rated games and tournaments.
ALTER TABLE players ADD COLUMN engine_marked_at BIGINT;

-- One refund: `player_key` got back `points_e9` (billionths of a point, as `ratings`) in `variant`, which it
-- lost in game `game_id` to the marked account `marked_key`. The primary key gives a game's points back
-- once, however many times the account is marked.
CREATE TABLE rating_refunds (
    game_id TEXT NOT NULL,
    player_key TEXT NOT NULL,
    variant TEXT NOT NULL,
    points_e9 BIGINT NOT NULL,
    marked_key TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, player_key)
);

CREATE INDEX rating_refunds_marked ON rating_refunds (marked_key, at);
