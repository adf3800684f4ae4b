-- Several nodes on one PostgreSQL (docs/cluster.md). Used only when the server runs with a broker (which
-- requires PostgreSQL); the tables exist on SQLite too so that both databases share one migration history.
--
-- A node is one running process (its key is its --node-id plus a random suffix, new at every start): it is
-- alive while expires_at, set from the database's own clock, is in the future. Each live game has at most
-- one lease: the node that owns it and an epoch, raised at every take. A lease is valid while its node is
-- alive; every write of a game checks its lease (node and epoch) in the writing transaction.

CREATE TABLE cluster_nodes (
    node TEXT PRIMARY KEY,
    -- The address clients and operators know it by (its --addr), for /healthz and logs.
    addr TEXT NOT NULL,
    started_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE game_leases (
    game_id TEXT PRIMARY KEY,
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    taken_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX game_leases_node ON game_leases (node);
