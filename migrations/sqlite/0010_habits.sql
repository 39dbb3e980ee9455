-- What correspondence players expect around their games: spectators,
-- conditional moves and daily digests.

-- Whether the players allowed spectators (`public=yes` at the challenge,
-- `--public` from the command line).
ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1));
ALTER TABLE challenges ADD COLUMN public INTEGER NOT NULL DEFAULT 0 CHECK (public IN (0, 1));

-- Spectators of public games, and how far each has been told.
CREATE TABLE watchers (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    address  TEXT    NOT NULL,
    told     INTEGER NOT NULL,   -- the game's log length in their last mail
    since    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, address)
);

-- A player's conditional moves in a game (a tree, JSON): secret from the
-- opponent, played when the opponent's move matches, gone when it does not.
CREATE TABLE conditionals (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
    tree     TEXT    NOT NULL,
    log_len  INTEGER NOT NULL,   -- the game's log length when they were set
    PRIMARY KEY (game_id, seat)
);

-- Players who asked for one mail a day instead of one per move.
CREATE TABLE digests (
    address   TEXT PRIMARY KEY,
    last_sent TEXT,             -- when the last digest went out (UTC)
    last_list TEXT              -- what it listed: `game:log_len` words
);
