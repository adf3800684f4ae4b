-- Berserk in arena tournaments (docs/tournaments.md, "Berserk"; docs/protocol.md, `berserk`). An arena may
-- allow it; its games then do (`games.berserk_allowed`), and a player who berserks before their first
-- decision plays on with half their time and no increment for an extra point on a win. `south_berserk` and
-- `north_berserk` hold the version of that player's `berserk` event (the event sits between the plies, so
-- its version is kept, as a takeback's is); NULL: the player did not berserk. The tournament's standings
-- read them through its pairings. Portable SQL, like 0001: flags 0/1 SMALLINTs.
ALTER TABLE tournaments ADD COLUMN berserk SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN berserk_allowed SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN south_berserk BIGINT;
ALTER TABLE games ADD COLUMN north_berserk BIGINT;
