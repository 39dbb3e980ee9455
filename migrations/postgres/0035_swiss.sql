-- Swiss tournaments: see migrations/sqlite/0035_swiss.sql.
CREATE TABLE tournament_byes (
    tournament_id BIGINT  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         BIGINT  NOT NULL,
    number        BIGINT  NOT NULL,
    announced     BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (tournament_id, round, number)
);

CREATE TABLE tournament_unannounced (
    game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE
);
