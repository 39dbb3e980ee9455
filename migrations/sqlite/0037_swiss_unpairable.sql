-- A Swiss whose next round has no legal pairing ends (issue 33): the
-- tournament and the round that could not be paired, until the mail room
-- has queued the mails telling every entrant why and the final standings.
CREATE TABLE tournament_unpairable (
    tournament_id INTEGER PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL
);
