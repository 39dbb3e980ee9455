-- The referee's computer opponent (issue 15): the seat it plays in a game,
-- and how strong. Its seat's address is the computer's pseudo-address,
-- which is never mailed.
CREATE TABLE computers (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
    level    INTEGER NOT NULL CHECK (level BETWEEN 1 AND 3),
    PRIMARY KEY (game_id)
);
