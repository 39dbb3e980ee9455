-- A Swiss that ended without a legal pairing: see
-- migrations/sqlite/0037_swiss_unpairable.sql.
CREATE TABLE tournament_unpairable (
    tournament_id BIGINT PRIMARY KEY REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT NOT NULL
);
