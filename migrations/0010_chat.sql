-- The chat of each game (docs/protocol.md, `chat`): one row per line, numbered from 1 within its game.
-- `room` is `players` or `spectators`; `author` the name shown; `side` the seat of a player's line (NULL
-- for a spectator's); `at` unix ms. Lines are only ever added. Portable SQL, like 0001.
CREATE TABLE chat_lines (
    game_id TEXT NOT NULL REFERENCES games (id),
    n INTEGER NOT NULL,
    room TEXT NOT NULL,
    author TEXT NOT NULL,
    side TEXT,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, n)
);
