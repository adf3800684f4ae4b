-- The lesson steps a signed-in player has met (docs/learn.md, "Progress"): one row per account and step,
-- written once (a step met again keeps its first time). `player_key` is lower(name), as in 0004; `step`
-- is a step id of `mancala-learn` (`kubuguza/relay/two`), checked by the server against the shipped
-- lessons before it is written, so an account holds at most one row per shipped step. Portable SQL, like
-- 0001.
CREATE TABLE learn_progress (
    player_key TEXT NOT NULL,
    step TEXT NOT NULL,
    done_at BIGINT NOT NULL,
    PRIMARY KEY (player_key, step)
);
