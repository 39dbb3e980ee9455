-- A tournament's own clock and start, the computer as an entrant, and the
-- public names players are shown by (issue 33).
--
-- days_per_move: the clock of its games (NULL: the host's); vacation:
-- whether vacations stop those clocks; starts_on: the day ('YYYY-MM-DD',
-- UTC) it starts itself; start_missed: its entrants were told that day
-- came with too few of them (it stays open and starts once enough join);
-- computers: whether the host lets the computer enter.
ALTER TABLE tournaments ADD COLUMN days_per_move INTEGER;
ALTER TABLE tournaments ADD COLUMN vacation INTEGER NOT NULL DEFAULT 1 CHECK (vacation IN (0, 1));
ALTER TABLE tournaments ADD COLUMN starts_on TEXT;
ALTER TABLE tournaments ADD COLUMN start_missed INTEGER NOT NULL DEFAULT 0 CHECK (start_missed IN (0, 1));
ALTER TABLE tournaments ADD COLUMN computers INTEGER NOT NULL DEFAULT 0 CHECK (computers IN (0, 1));

-- A game's own clock, where it is not the host's (a tournament's games).
CREATE TABLE game_clocks (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    days_per_move INTEGER NOT NULL,
    vacation      INTEGER NOT NULL CHECK (vacation IN (0, 1))
);

-- The name a player is shown by in public (standings, crosstables, the
-- rating list, the archive site) instead of their address; `folded` is
-- the name lower-cased, unique per referee.
CREATE TABLE player_names (
    address TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    folded  TEXT NOT NULL UNIQUE
);
