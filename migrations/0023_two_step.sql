-- Two-step sign-in (TOTP, RFC 6238; docs/protocol.md, "Two-step sign-in"). Portable SQL, like 0001. An
-- account is named by its key, lower(name) (the identity of migration 0002); times are unix ms.

-- The account's TOTP secret. It is kept as is (base32): the server must read it to check a code, and a
-- key to encrypt it with would sit beside the database on the same machine. `enabled_at` NULL: set up
-- on the account page but not confirmed with a first code yet (sign-in does not ask for a code).
-- `last_step`: the 30 s step of the last code accepted; a code of that step or an earlier one is refused
-- (a code is used once).
CREATE TABLE two_step (
    player_key TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    enabled_at BIGINT,
    last_step BIGINT
);

-- The ten backup codes of an account, by their SHA-256 (hex); each works once (`used_at`).
CREATE TABLE two_step_backup_codes (
    player_key TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT,
    PRIMARY KEY (player_key, code_hash)
);

-- A sign-in whose password was right and which waits for its code: the ticket the client holds is
-- random, only its SHA-256 is kept; it lasts 5 minutes and is used once. `token_label` set: the sign-in
-- asked for an API token (the terminal client), else a session cookie.
CREATE TABLE two_step_tickets (
    ticket_hash TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    token_label TEXT,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE INDEX two_step_tickets_expiry ON two_step_tickets (expires_at);

-- Wrong codes, counted per account over the last 15 minutes (guessing is limited on every node alike).
CREATE TABLE two_step_failures (
    player_key TEXT NOT NULL,
    at BIGINT NOT NULL
);

CREATE INDEX two_step_failures_player ON two_step_failures (player_key, at);
