-- Blocks between accounts (docs/moderation.md, "Blocks"): one row per account `blocker_key` blocking the
-- account `blocked_key`, both `lower(name)` (the identity of migration 0002); `created_at` unix ms. A block
-- is one-way as stored; its effects (no challenge, no pairing) hold both ways. Portable SQL, like 0001.
CREATE TABLE blocks (
    blocker_key TEXT NOT NULL,
    blocked_key TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (blocker_key, blocked_key)
);
CREATE INDEX blocks_blocked ON blocks (blocked_key);
