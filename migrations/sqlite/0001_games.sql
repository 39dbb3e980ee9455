-- Games, their seats and their logs. The log is the source of truth; the
-- state column is a cache of replaying it (see src/store/games.rs).

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game          TEXT    NOT NULL,            -- name in the rules' GAMES table
    options       TEXT    NOT NULL,            -- JSON object of KEY=VALUE options
    seed          TEXT    NOT NULL,            -- hex; secret until the game ends
    seed_hash     TEXT    NOT NULL,            -- SHA-256 of the seed, told at the start
    state         TEXT    NOT NULL,            -- JSON snapshot of the rules' state
    log_len       INTEGER NOT NULL DEFAULT 0,  -- log entries the snapshot reflects
    draw_offer    TEXT    CHECK (draw_offer IN ('white', 'black')),
    finished      INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    result        TEXT,                        -- '1-0', '0-1', '1/2-1/2'
    result_reason TEXT,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at   TEXT
);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
    address  TEXT    NOT NULL,                 -- lower-case mail address
    secret   TEXT    NOT NULL,                 -- per-game, per-player token
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seats_by_address ON seats (address);

CREATE TABLE log (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx        INTEGER NOT NULL,               -- 0, 1, 2, ... in order of acceptance
    seat       TEXT    CHECK (seat IN ('white', 'black')),
    entry      TEXT    NOT NULL,               -- JSON of referee::LogEntry
    notation   TEXT    NOT NULL,               -- as the actor wrote it (may be sealed)
    source     TEXT    NOT NULL,               -- 'cli', or the mail that carried it
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, idx)
);
