-- Correspondence time control: reminders sent (at most one per turn and
-- seat) and players' vacations (their clocks stop meanwhile).

CREATE TABLE reminders (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    turn     TEXT    NOT NULL,   -- when the turn began
    seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
    sent_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, turn, seat)
);

CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    address    TEXT    NOT NULL,
    starts_at  TEXT    NOT NULL,
    ends_at    TEXT    NOT NULL
);

CREATE INDEX vacations_by_address ON vacations (address, ends_at);
