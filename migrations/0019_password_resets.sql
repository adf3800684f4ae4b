-- Portable SQL (see 0001). The one-time links `mancala-server admin reset-password NAME` prints: a link lets
-- the player choose a new password once, within an hour (docs/operating.md, "A forgotten password").

CREATE TABLE password_resets (
    -- SHA-256 (hex) of the link's secret; the secret itself is never stored.
    token_hash TEXT PRIMARY KEY,
    -- The account's key (lower(name)).
    player_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    -- When the link was used (NULL: not yet): a link works once.
    used_at BIGINT
);

CREATE INDEX password_resets_player ON password_resets (player_key);
