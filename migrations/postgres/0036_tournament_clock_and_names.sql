-- A tournament's own clock and start, the computer as an entrant, and the
-- public names players are shown by: see
-- migrations/sqlite/0036_tournament_clock_and_names.sql.
ALTER TABLE tournaments ADD COLUMN days_per_move BIGINT;
ALTER TABLE tournaments ADD COLUMN vacation BOOLEAN NOT NULL DEFAULT TRUE;
ALTER TABLE tournaments ADD COLUMN starts_on TEXT;
ALTER TABLE tournaments ADD COLUMN start_missed BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE tournaments ADD COLUMN computers BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE game_clocks (
    game_id       BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    days_per_move BIGINT  NOT NULL,
    vacation      BOOLEAN NOT NULL
);

CREATE TABLE player_names (
    address TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    folded  TEXT NOT NULL UNIQUE
);
