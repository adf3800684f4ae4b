-- Moderation (docs/moderation.md): the moderator role, an account's sanctions, players' reports, the
-- moderators' log, notes and warnings. Portable SQL, like 0001. A player is named by its key, lower(name).
--
-- `players.moderator` 1 for a moderator (granted and revoked by `mancala-server admin grant|revoke`).
-- `players.closed_at` unix ms when a moderator closed the account (NULL: open): it signs in no more, its
-- row stays so its finished games keep the name and nobody else can take it.
-- `players.chat_until` unix ms until which its chat lines are refused (a chat timeout); NULL: none.
-- `players.shadow_muted` 1 when its lines reach only itself.
ALTER TABLE players ADD COLUMN moderator SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN closed_at BIGINT;
ALTER TABLE players ADD COLUMN chat_until BIGINT;
ALTER TABLE players ADD COLUMN shadow_muted SMALLINT NOT NULL DEFAULT 0;

-- A report on a player for one reason; an open report on the same player and reason takes the next
-- reporters in (report_entries). `status` is `open` or `closed` (by a moderator's action).
CREATE TABLE reports (
    id TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    reason TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    closed_at BIGINT,
    closed_by TEXT
);

CREATE INDEX reports_open ON reports (status, created_at);
CREATE UNIQUE INDEX reports_one_open ON reports (player_key, reason) WHERE status = 'open';

-- One reporter's word on a report: its text, and the game and chat line (`chat_lines.n`) it points at.
CREATE TABLE report_entries (
    report_id TEXT NOT NULL REFERENCES reports (id),
    reporter_key TEXT NOT NULL,
    text TEXT NOT NULL,
    game_id TEXT,
    line_n INTEGER,
    at BIGINT NOT NULL
);

CREATE INDEX report_entries_report ON report_entries (report_id, at);
CREATE INDEX report_entries_reporter ON report_entries (reporter_key, at);

-- The moderation log: every moderator's action, never changed. `id` orders it (unix ms, then a counter
-- would need a sequence: a random suffix keeps ids apart).
CREATE TABLE mod_log (
    id TEXT PRIMARY KEY,
    at BIGINT NOT NULL,
    moderator TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    details TEXT NOT NULL
);

CREATE INDEX mod_log_at ON mod_log (at);

-- A moderator's note on a player, read by moderators only.
CREATE TABLE mod_notes (
    id TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    author TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL
);

CREATE INDEX mod_notes_player ON mod_notes (player_key, at);

-- A warning from a moderator: shown to the player until acknowledged.
CREATE TABLE warnings (
    id TEXT PRIMARY KEY,
    player_key TEXT NOT NULL,
    text TEXT NOT NULL,
    at BIGINT NOT NULL,
    acknowledged_at BIGINT
);

CREATE INDEX warnings_player ON warnings (player_key, acknowledged_at);
