-- A challenge may ask that its game not be rated (`rated=no`).
ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
