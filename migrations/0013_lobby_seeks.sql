-- The open seeks of a cluster's lobbies (docs/lobby.md, "Several nodes"). Written only by a node started with
-- a broker: a single node keeps its seeks in memory alone. Each row is a seek owned by node `node` (the
-- node whose lobby task decides who takes it); the other nodes read the table when they start or their
-- broker connection comes back, and follow the live feed on the broker in between. `owner_key` tells the
-- seeker apart (an account's case-insensitive name, or a guest connection's random key), `spec` is the seek
-- as the lobby shows it (JSON), `rating` the one used for ranges, `created_at` unix ms. Portable SQL, like
-- 0001.
CREATE TABLE lobby_seeks (
    id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    owner_key TEXT NOT NULL,
    spec TEXT NOT NULL,
    rating INTEGER NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX lobby_seeks_node ON lobby_seeks (node);
