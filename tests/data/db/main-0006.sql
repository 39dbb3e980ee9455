-- A database as the release before checkpoints (migrations 1 to 6) left it,
-- made with that build's command line (`arbiter game new`, `game play`) and
-- dumped with `sqlite3 .dump`: #1 chess with a standing draw offer, #2 Bluff
-- Chess won by capturing the alter ego, #3 chess ended by mate, #4 Bluff Chess
-- under way with a sealed decision, #5 Superial Chess under way.
-- tests/integration/snapshots.rs loads it and plays on.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE _sqlx_migrations (
    version BIGINT PRIMARY KEY,
    description TEXT NOT NULL,
    installed_on TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    success BOOLEAN NOT NULL,
    checksum BLOB NOT NULL,
    execution_time BIGINT NOT NULL
);
INSERT INTO _sqlx_migrations VALUES(1,'games','2026-11-24 10:37:02',1,X'6e1746d81222de970e280caa2e2e32f087ef88ea2d91c86dc6eb586045d1b3dae8d2244c3a9fb1391b698bddff6d9cb8',1502860);
INSERT INTO _sqlx_migrations VALUES(2,'mail','2026-11-24 10:37:02',1,X'a0adbb14514908f4c6d809928fb9e456af00b0310767c16500c7c1f8f0bccb5014bb0988f90e44e082e412ee1c2cd28a',1825824);
INSERT INTO _sqlx_migrations VALUES(3,'clock','2026-11-24 10:37:02',1,X'115610dd3a626bdb762daddb9b1528ee56f7aa1fe8f274a0e9182dad764e06589410d26649af0269d2a74624a32c6022',1961778);
INSERT INTO _sqlx_migrations VALUES(4,'installation','2026-11-24 10:37:02',1,X'2181c1f9444ac924f0a3fd8f94f2fd655546e15799ffafab1c469f3e8b9a9249e0b49ede9fda59b881c11608c2676bbb',1207650);
INSERT INTO _sqlx_migrations VALUES(5,'outbox','2026-11-24 10:37:02',1,X'a055a11ba52c9b6044173c53546ae3621fbb60c8ae4fce1dcb913138a428a7a763ca04ad4ad9484ddcc5b77a8c660a55',1561876);
INSERT INTO _sqlx_migrations VALUES(6,'clock index','2026-11-24 10:37:02',1,X'9b53363515a74201ebd9f6c1d5299d7f8b4f8d97221638887402716328bfef3aa5489c0fb21c91548e1a1f0365957c29',1667458);
CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game          TEXT    NOT NULL,            -- name in the rules' GAMES table
    options       TEXT    NOT NULL,            -- JSON object of KEY=VALUE options
    seed          TEXT    NOT NULL,            -- hex; secret until the game ends
    seed_hash     TEXT    NOT NULL,            -- SHA-256 of the seed, told at the start
    state         TEXT    NOT NULL,            -- JSON snapshot of the rules' state
    log_len       INTEGER NOT NULL DEFAULT 0,  -- log entries the snapshot reflects
    draw_offer    TEXT    CHECK (draw_offer IN ('white', 'black')),
    finished      INTEGER NOT NULL DEFAULT 0 CHECK (finished IN (0, 1)),
    result        TEXT,                        -- '1-0', '0-1', '1/2-1/2'
    result_reason TEXT,
    created_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at    TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at   TEXT
, next_check_at TEXT);
INSERT INTO games VALUES(1,'chess','{}','14e6729411c2ef64bb8af8003e914be1339f2a95aa81d771e8204689c8fe6a85','f489e566fa2f94164ac4a7e1fa51c95575b980232e10229a3e1cd4a3dd883106','{"ended":null,"game":{"moves":[{"move":"e2e4","san":"e4"},{"move":"e7e5","san":"e5"},{"move":"g1f3","san":"Nf3"},{"move":"b8c6","san":"Nc6"},{"move":"f1b5","san":"Bb5"},{"move":"a7a6","san":"a6"}],"outcome":null,"position":"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4","record":["r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq -"],"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}',7,'white',0,NULL,NULL,'2026-11-24T10:37:02Z','2026-11-24T10:37:06Z',NULL,NULL);
INSERT INTO games VALUES(2,'bluff-chess','{}','9c9e843d2a1ed02326db8a8c328397dcad127a493b74507a2c84d3f7935b8fe3','17becd9c34eecf7523e4cbb9ad9c4bf106b771632107e0a58a8d3a9ff28984ee','{"ended":null,"game":{"alter":["d5",null],"committed":[false,false],"deciding":null,"outcome":{"reason":"alter ego captured","result":{"win":"white"}},"position":"rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2","record":["rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq -"],"sealed":[null,null],"turns":[{"move":{"death":false,"decision":null,"move":"e2e4","number":1,"san":"e4","seat":"white"}},{"move":{"death":true,"decision":{"commitment":"d338a9776b3cda82c42e9a40d37e888839c41ab90b4c8bbfec1323168521ee45","decision":"stay","salt":"85a2b778be79ef0e8da59465875d1284"},"move":"d7d5","number":1,"san":"d5","seat":"black"}},{"move":{"death":true,"decision":null,"move":"e4d5","number":2,"san":"exd5","seat":"white"}}]}}',3,NULL,1,'1-0','alter ego captured','2026-11-24T10:37:06Z','2026-11-24T10:37:09Z','2026-11-24T10:37:09Z',NULL);
INSERT INTO games VALUES(3,'chess','{}','467a560980563469936e746882cebdf01c0a0d991c12718200010fa0611d4540','d8d88ef2fb5cc3ad79e40b19cb720f6f432f559df9094d3c9ffc2f3f74b5636e','{"ended":null,"game":{"moves":[{"move":"f2f3","san":"f3"},{"move":"e7e5","san":"e5"},{"move":"g2g4","san":"g4"},{"move":"d8h4","san":"Qh4#"}],"outcome":{"reason":"checkmate","result":{"win":"black"}},"position":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3","record":["rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq -","rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq -"],"start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}}',4,NULL,1,'0-1','checkmate','2026-11-24T10:37:09Z','2026-11-24T10:37:09Z','2026-11-24T10:37:09Z',NULL);
INSERT INTO games VALUES(4,'bluff-chess','{}','82109e24b26d0fcf8103dd9856cb4c5a7d11b63f1826ee89ef9359174cbfa5ba','7e8ca2e82da7bad1748cff37b0d100d114c7d4d40174362cfebd6ab9b83597ad','{"ended":null,"game":{"alter":["f3","c6"],"committed":[false,false],"deciding":null,"outcome":null,"position":"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3","record":["rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -","rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -","r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -"],"sealed":[null,null],"turns":[{"move":{"death":false,"decision":null,"move":"e2e4","number":1,"san":"e4","seat":"white"}},{"move":{"death":false,"decision":null,"move":"e7e5","number":1,"san":"e5","seat":"black"}},{"move":{"death":false,"decision":null,"move":"g1f3","number":2,"san":"Nf3","seat":"white"}},{"move":{"death":false,"decision":null,"move":"b8c6","number":2,"san":"Nc6","seat":"black"}}]}}',4,NULL,0,NULL,NULL,'2026-11-24T10:37:13Z','2026-11-24T10:37:13Z',NULL,NULL);
INSERT INTO games VALUES(5,'superial-chess','{}','afd8922807cd60ac0ea95bbd8fb76555839e6759f5b672b0e2b724eb0829b7c1','f14f445dcdaead015331552b2d43338513f4f0b4a1461362e89eae8653da384e','{"ended":null,"game":{"board":"1p1p1p/p1p1p1/6/P5/2P1P1/1P1P1P","history":[{"number":1,"seat":"white","text":"a2-a3"}],"last":{"number":1,"seat":"white","squares":["a2","a3"],"text":"a2-a3"},"number":1,"outcome":null,"quiet":1,"random_left":[0,0],"record":["1p1p1p/p1p1p1/6/6/P1P1P1/1P1P1P white 0/0","1p1p1p/p1p1p1/6/P5/2P1P1/1P1P1P black 0/0"],"settings":{"random_moves":0},"side":"black"}}',1,NULL,0,NULL,NULL,'2026-11-24T10:37:13Z','2026-11-24T10:37:17Z',NULL,NULL);
CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
    address  TEXT    NOT NULL,                 -- lower-case mail address
    secret   TEXT    NOT NULL,                 -- per-game, per-player token
    PRIMARY KEY (game_id, seat)
);
INSERT INTO seats VALUES(1,'white','alice@example.test','4c7fy3');
INSERT INTO seats VALUES(1,'black','bob@example.test','cx57tg');
INSERT INTO seats VALUES(2,'white','carol@example.test','yevzum');
INSERT INTO seats VALUES(2,'black','dave@example.test','6b5yay');
INSERT INTO seats VALUES(3,'white','alice@example.test','ntx696');
INSERT INTO seats VALUES(3,'black','dave@example.test','mdc24u');
INSERT INTO seats VALUES(4,'white','carol@example.test','34mgy8');
INSERT INTO seats VALUES(4,'black','dave@example.test','4qf3tv');
INSERT INTO seats VALUES(5,'white','bob@example.test','hgjk72');
INSERT INTO seats VALUES(5,'black','carol@example.test','f84sfb');
CREATE TABLE log (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx        INTEGER NOT NULL,               -- 0, 1, 2, ... in order of acceptance
    seat       TEXT    CHECK (seat IN ('white', 'black')),
    entry      TEXT    NOT NULL,               -- JSON of referee::LogEntry
    notation   TEXT    NOT NULL,               -- as the actor wrote it (may be sealed)
    source     TEXT    NOT NULL,               -- 'cli', or the mail that carried it
    created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, idx)
);
INSERT INTO log VALUES(1,0,'white','{"action":{"move":"e2e4"},"kind":"action","seat":"white"}','e4','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(1,1,'black','{"action":{"move":"e7e5"},"kind":"action","seat":"black"}','e5','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(1,2,'white','{"action":{"move":"g1f3"},"kind":"action","seat":"white"}','Nf3','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(1,3,'black','{"action":{"move":"b8c6"},"kind":"action","seat":"black"}','Nc6','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(1,4,'white','{"action":{"move":"f1b5"},"kind":"action","seat":"white"}','Bb5','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(1,5,'black','{"action":{"move":"a7a6"},"kind":"action","seat":"black"}','a6','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(1,6,'white','{"kind":"offer-draw","seat":"white"}','offer draw','cli','2026-11-24T10:37:06Z');
INSERT INTO log VALUES(2,0,'white','{"action":{"move":{"decision":"stay","move":"e2e4"}},"kind":"action","seat":"white"}','e4 stay','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(2,1,'black','{"action":{"move":{"decision":"stay","move":"d7d5"}},"kind":"action","seat":"black"}','d5 stay','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(2,2,'white','{"action":{"move":{"decision":"stay","move":"e4d5"}},"kind":"action","seat":"white"}','exd5 stay','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(3,0,'white','{"action":{"move":"f2f3"},"kind":"action","seat":"white"}','f3','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(3,1,'black','{"action":{"move":"e7e5"},"kind":"action","seat":"black"}','e5','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(3,2,'white','{"action":{"move":"g2g4"},"kind":"action","seat":"white"}','g4','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(3,3,'black','{"action":{"move":"d8h4"},"kind":"action","seat":"black"}','Qh4#','cli','2026-11-24T10:37:09Z');
INSERT INTO log VALUES(4,0,'white','{"action":{"move":{"decision":"stay","move":"e2e4"}},"kind":"action","seat":"white"}','e4 stay','cli','2026-11-24T10:37:13Z');
INSERT INTO log VALUES(4,1,'black','{"action":{"move":{"decision":"stay","move":"e7e5"}},"kind":"action","seat":"black"}','e5 stay','cli','2026-11-24T10:37:13Z');
INSERT INTO log VALUES(4,2,'white','{"action":{"move":{"decision":"stay","move":"g1f3"}},"kind":"action","seat":"white"}','Nf3 stay','cli','2026-11-24T10:37:13Z');
INSERT INTO log VALUES(4,3,'black','{"action":{"move":{"decision":null,"move":"b8c6"}},"kind":"action","seat":"black"}','Nc6','cli','2026-11-24T10:37:13Z');
INSERT INTO log VALUES(5,0,'white','{"action":{"play":{"cube":{"move":{"from":"a2","steps":[{"to":"a3"}]}}}},"kind":"action","seat":"white"}','a2-a3','cli','2026-11-24T10:37:17Z');
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
, log_len INTEGER, given_up_at TEXT, unreachable INTEGER NOT NULL DEFAULT 0);
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
CREATE TABLE mailbox (
    name        TEXT    PRIMARY KEY,
    uidvalidity INTEGER NOT NULL
);
CREATE TABLE reminders (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    turn     TEXT    NOT NULL,   -- when the turn began
    seat     TEXT    NOT NULL CHECK (seat IN ('white', 'black')),
    sent_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    PRIMARY KEY (game_id, turn, seat)
);
CREATE TABLE vacations (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    address    TEXT    NOT NULL,
    starts_at  TEXT    NOT NULL,
    ends_at    TEXT    NOT NULL
);
CREATE TABLE installation (
    id           INTEGER PRIMARY KEY CHECK (id = 1),   -- one row
    token        TEXT    NOT NULL,                     -- 16 hex digits
    -- Games up to this id were started before the token existed: their
    -- threads keep the roots their players already have.
    legacy_games INTEGER NOT NULL
);
INSERT INTO installation VALUES(1,'ded0a4c3fc5df59b',0);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('games',5);
CREATE INDEX seats_by_address ON seats (address);
CREATE INDEX inbound_by_message_id ON inbound (message_id);
CREATE INDEX inbound_by_sender ON inbound (sender, received_at);
CREATE INDEX outbox_due ON outbox (sent_at, next_attempt_at);
CREATE INDEX vacations_by_address ON vacations (address, ends_at);
CREATE INDEX games_next_check ON games (finished, next_check_at);
COMMIT;
