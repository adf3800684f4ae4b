-- Who aborted a game (docs/lobby.md, "Abort pause"): the side (`south`, `north`) whose player sent the
-- abort; NULL for every other game, for a game the server aborted, and for games aborted before this
-- column existed (who it was is not known: they count against nobody). Portable SQL, like 0001.
ALTER TABLE games ADD COLUMN aborted_by TEXT;

-- The abort pause reads a person's aborts of the last 24 h: only aborted games are indexed.
CREATE INDEX games_aborted ON games (updated_at) WHERE aborted_by IS NOT NULL;
