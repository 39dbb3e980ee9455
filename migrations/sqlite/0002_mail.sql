-- The mail daemon's exactly-once bookkeeping: every mail seen, every mail to
-- send, open challenges, and the IMAP position.

-- A mail is identified by its place in the mailbox (UIDVALIDITY, UID) and
-- by its Message-ID. A row here means its effects are committed.
CREATE TABLE inbound (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    uidvalidity INTEGER NOT NULL,
    uid         INTEGER NOT NULL,
    message_id  TEXT,
    sender      TEXT,
    outcome     TEXT    NOT NULL,  -- applied, refused, answered, ignored, duplicate, rate-limited
    detail      TEXT    NOT NULL DEFAULT '',
    game_id     INTEGER REFERENCES games (id),
    received_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (uidvalidity, uid)
);

CREATE INDEX inbound_by_message_id ON inbound (message_id);
CREATE INDEX inbound_by_sender ON inbound (sender, received_at);

-- Mails to send, fully formatted when queued so that a retry sends the very
-- same bytes (and Message-ID).
CREATE TABLE outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient       TEXT    NOT NULL,
    message_id      TEXT    NOT NULL UNIQUE,
    subject         TEXT    NOT NULL,
    raw             BLOB    NOT NULL,
    game_id         INTEGER REFERENCES games (id),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    sent_at         TEXT,
    last_error      TEXT,
    created_at      TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE INDEX outbox_due ON outbox (sent_at, next_attempt_at);

CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    challenger  TEXT    NOT NULL,
    opponent    TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,           -- JSON object
    color       TEXT    NOT NULL CHECK (color IN ('white', 'black', 'random')),
    secret      TEXT    NOT NULL,           -- in the opponent's reply address
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined')),
    game_id     INTEGER REFERENCES games (id),
    created_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- Where the daemon stands in each mailbox it watches.
CREATE TABLE mailbox (
    name        TEXT    PRIMARY KEY,
    uidvalidity INTEGER NOT NULL
);
