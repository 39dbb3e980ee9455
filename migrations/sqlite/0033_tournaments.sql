-- Tournaments and ratings (issue 33).
--
-- A tournament: its short name (what players write: `join NAME`), the game
-- and its options (JSON, as games keep them), its format
-- ('round-robin/7', 'double-round-robin/11'), whether its games are rated,
-- and where it stands: 'open' (taking entries), 'started', 'finished'.
CREATE TABLE tournaments (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL UNIQUE,
    game       TEXT    NOT NULL,
    options    TEXT    NOT NULL,
    format     TEXT    NOT NULL,
    rated      INTEGER NOT NULL DEFAULT 1,
    status     TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'started', 'finished')),
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    started_at TEXT
);

-- Its entrants, in the order they joined; once started, each has a section
-- (from 1) and a starting number in it (from 1). A withdrawn entrant's
-- unfinished games are lost by forfeit.
CREATE TABLE entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    address       TEXT    NOT NULL,
    joined        INTEGER NOT NULL,
    section       INTEGER,
    number        INTEGER,
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, address)
);

-- Its games: each an ordinary game of the referee, with the round and the
-- two starting numbers, and the result as the tournament counts it (NULL
-- until the game ends; '+/-', '-/+', '-/-' for forfeits).
CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    section       INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    white         INTEGER NOT NULL,
    black         INTEGER NOT NULL,
    game_id       INTEGER NOT NULL UNIQUE REFERENCES games (id) ON DELETE CASCADE,
    result        TEXT,
    PRIMARY KEY (tournament_id, section, round, white)
);

-- Glicko-2 ratings, one list per game: a player's (by address) or the
-- computer's at a level ('computer:2'), the rated games counted, and the
-- day (since 1970-01-01) of the last one, from which idle periods count.
CREATE TABLE ratings (
    game       TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL,
    last_day   INTEGER NOT NULL,
    PRIMARY KEY (game, player)
);

-- Games that are not rated (`rated=no`, or a tournament's choice).
CREATE TABLE unrated (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);

-- Each rated game's change: both sides' ratings before and after, told in
-- the game's end mail.
CREATE TABLE rated_games (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    white_before REAL    NOT NULL,
    white_after  REAL    NOT NULL,
    black_before REAL    NOT NULL,
    black_after  REAL    NOT NULL
);
