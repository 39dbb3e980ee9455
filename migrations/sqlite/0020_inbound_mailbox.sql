-- A mail's place is (mailbox, UIDVALIDITY, UID): a UID with its
-- UIDVALIDITY is unique only within one mailbox name (RFC 3501, 2.3.1.1).
-- The mails already recorded came from the mailbox the referee watched;
-- the `mailbox` table names it where its UIDVALIDITY matches (a renumbered
-- or renamed mailbox's old rows keep 'INBOX': their UIDs mean nothing now).
-- SQLite changes a table's keys only by building it anew.

CREATE TABLE inbound_keyed (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    mailbox     TEXT    NOT NULL,
    uidvalidity INTEGER NOT NULL,
    uid         INTEGER NOT NULL,
    message_id  TEXT,
    sender      TEXT,
    outcome     TEXT    NOT NULL,
    detail      TEXT    NOT NULL DEFAULT '',
    game_id     INTEGER REFERENCES games (id),
    received_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (mailbox, uidvalidity, uid)
);

INSERT INTO inbound_keyed
    (id, mailbox, uidvalidity, uid, message_id, sender, outcome, detail, game_id, received_at)
SELECT i.id,
       COALESCE((SELECT m.name FROM mailbox m WHERE m.uidvalidity = i.uidvalidity
                 ORDER BY m.name LIMIT 1), 'INBOX'),
       i.uidvalidity, i.uid, i.message_id, i.sender, i.outcome, i.detail, i.game_id,
       i.received_at
FROM inbound i;

DROP TABLE inbound;
ALTER TABLE inbound_keyed RENAME TO inbound;

CREATE INDEX inbound_by_message_id ON inbound (message_id);
CREATE INDEX inbound_by_sender ON inbound (sender, received_at);
