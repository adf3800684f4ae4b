-- Closings stored by `mancala-server admin close`, which runs beside the servers and reaches none of
-- them (docs/moderation.md, "Closing an account"): every node reads this table every second, and the
-- first to claim a row (by deleting it) ends what the account had open, as a moderator's close does at
-- once: its lobby, game and tournament sockets on every node, its challenges, its ongoing games.
-- `credentials` is the JSON list of the credentials the closing revoked (their hashes: the rows are gone
-- by then). Portable SQL, like 0001.
CREATE TABLE account_closings (
    id TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    credentials TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
