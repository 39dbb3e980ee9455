-- Swiss tournaments (issue 33): each round is paired when the one before
-- has ended.
--
-- The pairing-allocated byes: the player (by pairing number) who rests in
-- a round and scores a win's point; `announced` once the mail telling them
-- is queued.
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    number        INTEGER NOT NULL,
    announced     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (tournament_id, round, number)
);

-- The games of a round paired when a game ended (inside that game's
-- transaction), whose start mails the mail room has not queued yet.
CREATE TABLE tournament_unannounced (
    game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
