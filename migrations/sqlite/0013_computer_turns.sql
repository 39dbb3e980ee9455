-- The computer thinks outside the transaction of the entry that makes it
-- owe an action (issue 28). That entry records the debt here, with the
-- player's notice held back until the answer: a restart finds every game
-- whose answer a crash left unmade, and makes it.
--
-- owes: the log's length when the computer came to owe (its answer is
-- recorded only while the log still has that length); NULL when it owes
-- nothing.
-- held: the player's notice of the entries since, held (JSON).
ALTER TABLE computers ADD COLUMN owes INTEGER;
ALTER TABLE computers ADD COLUMN held TEXT;
CREATE INDEX computers_owing ON computers (owes) WHERE owes IS NOT NULL;
