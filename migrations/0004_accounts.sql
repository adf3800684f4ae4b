-- Accounts with passwords, browser sessions and API tokens (issue 15; docs/lobby.md, "Accounts"). Portable
-- SQL, like 0001. A player is named here by its key, lower(name) (the identity of migration 0002).
--
-- `players.password_hash` is the argon2id PHC string of the account's password (salt and parameters
-- inside it); NULL for a token-only account (`POST /api/players`: bots and scripts), which cannot sign in.
-- An account made by signing up still has a `token_hash` (the column is NOT NULL UNIQUE): the hash of a
-- random token that is never shown, so it stands for no credential.

ALTER TABLE players ADD COLUMN password_hash TEXT;

-- A signed-in browser: the cookie holds a random id, the table its SHA-256 only (a copy of the database
-- hands out no sessions). A session ends at sign-out, at a password change (the other sessions of the
-- account), or when expires_at passes (30 days after it was last used; last_seen is refreshed at most
-- once an hour).
CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX sessions_player ON sessions (player_key);

-- Named bearer tokens of an account (the terminal client's `mancala login`, scripts): the token is shown
-- once, its SHA-256 is kept. `id` is public (to list and revoke a token).
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    label TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

CREATE INDEX api_tokens_player ON api_tokens (player_key, created_at);
