-- Shadow-muted lines (docs/moderation.md, "Shadow mute"): kept like every line, so the author sees them
-- again after a reload, they count against the author's limits, and a moderator reads them; `shadow` 1
-- marks a line that reaches only its author. Portable SQL, like 0001.
ALTER TABLE chat_lines ADD COLUMN shadow SMALLINT NOT NULL DEFAULT 0;
