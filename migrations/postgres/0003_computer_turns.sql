-- What the computer owes in a game it plays: see
-- migrations/sqlite/0013_computer_turns.sql.
ALTER TABLE computers ADD COLUMN owes BIGINT;
ALTER TABLE computers ADD COLUMN held TEXT;
CREATE INDEX computers_owing ON computers (owes) WHERE owes IS NOT NULL;
