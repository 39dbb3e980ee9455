-- The stored state of a game becomes a checkpoint: the state after the
-- first `log_len` entries of its log, written now and then rather than
-- after every entry (see src/store/games.rs). A game's states hold their
-- move lists, so rewriting one after every move made the bytes a move
-- writes grow with the game. A game is loaded from its checkpoint and the
-- log entries after it. Each game's state as it stood becomes its first
-- checkpoint.

CREATE TABLE checkpoints (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    log_len    INTEGER NOT NULL,           -- log entries the state reflects
    state      TEXT    NOT NULL,           -- JSON of referee::Match::snapshot
    draw_offer TEXT    CHECK (draw_offer IN ('white', 'black'))
);

INSERT INTO checkpoints (game_id, log_len, state, draw_offer)
SELECT id, log_len, state, draw_offer FROM games;

ALTER TABLE games DROP COLUMN state;
