-- The game's log length when a game mail was queued: a mail that answers
-- it after its sender has acted since is an old mail sent again (the
-- stale-mail guard). NULL for answers and for mails queued before this.
ALTER TABLE outbox ADD COLUMN log_len INTEGER;
-- When the server refused the mail for good (a 5xx answer): it is not
-- tried again, and `arbiter mail-status` lists it for the host.
ALTER TABLE outbox ADD COLUMN given_up_at TEXT;
-- Whether the last attempt failed to reach the server at all (down,
-- refused connection, timeout) rather than being answered 4xx: such mail is
-- tried again as soon as a send succeeds.
ALTER TABLE outbox ADD COLUMN unreachable INTEGER NOT NULL DEFAULT 0;
