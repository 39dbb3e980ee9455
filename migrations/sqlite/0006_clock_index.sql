-- When the clock next has work in a game (a reminder or a deadline), so
-- that its round reads only the games with something due. NULL: not known
-- yet (a new game, a vacation just taken, the clock's settings changed):
-- the next round looks at the game and sets it.
ALTER TABLE games ADD COLUMN next_check_at TEXT;
CREATE INDEX games_next_check ON games (finished, next_check_at);
