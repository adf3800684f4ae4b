-- Takebacks (docs/protocol.md, `takeback`): a casual game's decisions taken back by agreement. The decisions
-- after `to_ply` leave `moves` (the record is the line the game follows) and are kept here, in notation,
-- separated by spaces, in the row of their takeback; `v` is the version of the takeback's event, `side` who
-- asked for it, `at` unix ms. `games` keeps the last takeback's version, ply and side, from which the
-- versions of the events after it count. Portable SQL, like 0001.
CREATE TABLE takebacks (
    game_id TEXT NOT NULL REFERENCES games (id),
    v BIGINT NOT NULL,
    side TEXT NOT NULL,
    to_ply INTEGER NOT NULL,
    undone TEXT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, v)
);
ALTER TABLE games ADD COLUMN takeback_v BIGINT;
ALTER TABLE games ADD COLUMN takeback_ply BIGINT;
ALTER TABLE games ADD COLUMN takeback_side TEXT;
