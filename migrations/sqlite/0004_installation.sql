-- This database's own part of the referee's Message-IDs: a random token made
-- once, when the database is created (or upgraded to this version). A club
-- that starts over with a new database gets a new token, so its mails never
-- reuse the Message-IDs of the old one (mail clients merge or drop those).

CREATE TABLE installation (
    id           INTEGER PRIMARY KEY CHECK (id = 1),   -- one row
    token        TEXT    NOT NULL,                     -- 16 hex digits
    -- Games up to this id were started before the token existed: their
    -- threads keep the roots their players already have.
    legacy_games INTEGER NOT NULL
);

INSERT INTO installation (id, token, legacy_games)
VALUES (1, lower(hex(randomblob(8))), (SELECT COALESCE(MAX(id), 0) FROM games));
