-- Correspondence clocks: the days per move of a game whose clock is counted in days (NULL for a real-time
-- clock and for no clock). `clock_base_ms` holds the days' length, which every decision of a player resets
-- that player's time to. Portable SQL, like 0001.
ALTER TABLE games ADD COLUMN clock_days BIGINT;
