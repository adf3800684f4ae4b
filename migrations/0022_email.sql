-- Email on an account (docs/protocol.md, "Email and recovery"). Portable SQL, like 0001.
--
-- `players.email` the account's confirmed address (NULL: none), as the player typed it; addresses are
-- ASCII, so SQLite's and PostgreSQL's lower() agree, and lower(email) is its identity: one account at most
-- holds a confirmed address. An address waits in `email_confirmations` until its link is used, and only
-- then becomes `players.email`. `players.email_confirmed_at` unix ms when it was confirmed.
ALTER TABLE players ADD COLUMN email TEXT;
ALTER TABLE players ADD COLUMN email_confirmed_at BIGINT;

CREATE UNIQUE INDEX players_email_key ON players (lower(email)) WHERE email IS NOT NULL;

-- A confirmation link mailed to `email` for the account `player_key` (lower(name)): stored by the
-- SHA-256 (hex) of its secret, never the secret; it works once, until `expires_at`. Setting another address
-- or removing it spends the links still waiting (`used_at` set).
CREATE TABLE email_confirmations (
    token_hash TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    email TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

CREATE INDEX email_confirmations_player ON email_confirmations (player_key);
