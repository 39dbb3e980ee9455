-- A challenge may ask that its game not be rated (`rated=no`).
ALTER TABLE challenges ADD COLUMN rated BOOLEAN NOT NULL DEFAULT TRUE;
