-- Roles that one referee at a time may hold (reading a mailbox, the
-- clock), for several referees on one database: the holder, an epoch that
-- grows with each change of holder, and when the lease lapses unless
-- renewed. Work done under a lease checks the epoch before it commits.
CREATE TABLE leases (
    name       TEXT    PRIMARY KEY,   -- 'mailbox:INBOX', 'clock'
    holder     TEXT    NOT NULL,      -- the referee: host, process, a random part
    epoch      INTEGER NOT NULL,
    expires_at TEXT    NOT NULL,
    since      TEXT    NOT NULL       -- when this holder took it
);

-- Which referee is sending a mail, and until when its claim stands: a
-- claim that lapses (its referee died) lets another send the mail.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
