-- Roles that one referee at a time may hold (reading a mailbox, the
-- clock): see migrations/sqlite/0021_leases.sql.
CREATE TABLE leases (
    name       TEXT        PRIMARY KEY,
    holder     TEXT        NOT NULL,
    epoch      BIGINT      NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    since      TIMESTAMPTZ NOT NULL
);

-- The referee sending a mail, and until when its claim stands.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TIMESTAMPTZ;
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL AND given_up_at IS NULL;
