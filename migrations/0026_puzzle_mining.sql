-- Puzzles from players' games (docs/puzzles.md, "Puzzles from players' games"): the rated games whose
-- stored review the server has looked at for puzzles. Portable SQL, like 0001. A rated game with a
-- review and no row here is mined on the next pass, so a crash or a restart loses nothing; two nodes
-- mining the same game at once both insert the same row (the first stays) and the same puzzles (their
-- ids are their positions'). `puzzles` counts the puzzles this game gave (some may have been known
-- already), `at` when it was mined (unix ms).
CREATE TABLE puzzle_mining (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    puzzles INTEGER NOT NULL,
    at BIGINT NOT NULL
);
