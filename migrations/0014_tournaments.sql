-- Tournaments, arena and Swiss (docs/tournaments.md). Portable SQL, like 0001: times are unix milliseconds,
-- flags 0/1 SMALLINTs. A tournament's standings are never stored: they are recounted from its games (the
-- rows of `games` its pairings name), so a result counts exactly once, in the transaction that finished
-- the game. A tournament's director holds a lease like a game's owner: the row of `game_leases` keyed
-- `t:` and the tournament's id (docs/cluster.md).

CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    -- arena | swiss
    kind TEXT NOT NULL,
    -- Variant ids separated by commas: several make a medley arena.
    variants TEXT NOT NULL,
    clock_base_secs INTEGER NOT NULL,
    clock_increment_secs INTEGER NOT NULL,
    rated SMALLINT NOT NULL,
    -- 1: token-only accounts (programs) may join.
    bots SMALLINT NOT NULL,
    -- argon2id PHC string of a club's password; NULL: anyone may join.
    password_hash TEXT,
    -- The creating account's name as registered; NULL for the server's schedule.
    created_by TEXT,
    starts_at BIGINT NOT NULL,
    -- Arena: its length; Swiss: its number of rounds.
    minutes INTEGER,
    rounds INTEGER,
    -- upcoming | running | finished
    status TEXT NOT NULL,
    -- Swiss: the rounds paired; arena: the waves paired.
    round INTEGER NOT NULL DEFAULT 0,
    -- Raised by every change a viewer would see (a join, a pairing, a result taken into account).
    version BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);

CREATE INDEX tournaments_status ON tournaments (status, starts_at);
CREATE INDEX tournaments_creator ON tournaments (lower(created_by), created_at);

-- Who joined: a player is listed for good once joined (a withdrawn player's games count for the others).
CREATE TABLE tournament_players (
    tournament_id TEXT NOT NULL,
    -- The account's key (lower(name)) and its spelling.
    player_key TEXT NOT NULL,
    name TEXT NOT NULL,
    -- 1: a token-only account (a program), shown as a bot.
    bot SMALLINT NOT NULL,
    -- The rating in the tournament's (first) variant when the player joined.
    rating INTEGER NOT NULL,
    -- 1: withdrawn (Swiss) or paused (arena): not paired until they join again.
    withdrawn SMALLINT NOT NULL DEFAULT 0,
    -- Swiss: the first round they may be paired in.
    joined_round INTEGER NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_key)
);

-- The pairings: a row per player and round (Swiss round or arena wave), so nobody is paired twice in a
-- round whatever happens. `game_id` NULL is a Swiss bye. The game itself is made after this row commits
-- (with this id and these seats); a director that finds a row whose game does not exist makes it.
-- `token` is the seat's token, kept only while the game is not over, so that the player can get their
-- seat from any node after any restart (docs/tournaments.md, "Seats"); it is cleared when the game ends.
CREATE TABLE tournament_pairings (
    tournament_id TEXT NOT NULL,
    round INTEGER NOT NULL,
    player_key TEXT NOT NULL,
    game_id TEXT,
    -- south | north (NULL for a bye)
    side TEXT,
    -- The variant of the game (a medley's changes with the time it was paired).
    variant TEXT,
    token TEXT,
    PRIMARY KEY (tournament_id, round, player_key)
);

CREATE INDEX tournament_pairings_game ON tournament_pairings (game_id);
