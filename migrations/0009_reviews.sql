-- The post-game reviews (docs/protocol.md, "Post-game review"): one row per finished game reviewed,
-- written once by the background job that computed it. `review` is the answer of
-- `GET /api/games/{id}/review` as JSON (it is served as it is and never queried inside); `nodes` is the
-- budget of each decision's analysis it was computed with, so a server with another budget computes it
-- again rather than serving a review of another depth. A game is reviewed only once it is finished, and a
-- finished game never changes, so a row never goes stale. Portable SQL, like 0001.
CREATE TABLE reviews (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    nodes BIGINT NOT NULL,
    review TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
