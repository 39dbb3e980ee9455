//! `arbiter db copy`: every row of one database into a new, empty one, of
//! either backend (SQLite to PostgreSQL when a host outgrows one machine,
//! and back). The ids stay what they were: they are in the players' reply
//! addresses. The source is read in one snapshot and the target written in
//! one transaction, so a copy is whole or nothing; the caller then replays
//! every game of the target against its stored state.
//!
//! Leases and outbox claims are not copied: they belong to the referees
//! running on the source, and the target's first referee takes them anew.

use super::{Backend, Stamp, Store, StoreError, Tx};

/// What a column holds, for reading and binding it on either backend.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Int,
    Text,
    Bool,
    Time,
    Bytes,
    Real,
}

/// One value of a row in transit. Every column may be NULL as far as the
/// copy cares: the target's constraints are the check.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Int(Option<i64>),
    Text(Option<String>),
    Bool(Option<bool>),
    Time(Option<Stamp>),
    Bytes(Option<Vec<u8>>),
    Real(Option<f64>),
}

/// A table: its name, the columns copied and the order they are read in.
struct Table {
    name: &'static str,
    order: &'static str,
    columns: &'static [(&'static str, Kind)],
    /// Its `id` is an identity column (PostgreSQL's sequence is set past
    /// the copied ids afterwards).
    identity: bool,
}

use Kind::{Bool, Bytes, Int, Real, Text, Time};

/// Every table, parents before the tables that refer to them.
const TABLES: &[Table] = &[
    Table {
        name: "games",
        order: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("game", Text),
            ("options", Text),
            ("seed", Text),
            ("seed_hash", Text),
            ("log_len", Int),
            ("draw_offer", Text),
            ("finished", Bool),
            ("result", Text),
            ("result_reason", Text),
            ("created_at", Time),
            ("updated_at", Time),
            ("finished_at", Time),
            ("next_check_at", Time),
            ("public", Bool),
        ],
    },
    Table {
        name: "seats",
        order: "game_id, seat",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("seat", Text),
            ("address", Text),
            ("secret", Text),
        ],
    },
    Table {
        name: "checkpoints",
        order: "game_id",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("log_len", Int),
            ("state", Text),
            ("draw_offer", Text),
        ],
    },
    Table {
        name: "log",
        order: "game_id, idx",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("idx", Int),
            ("seat", Text),
            ("entry", Text),
            ("notation", Text),
            ("source", Text),
            ("created_at", Time),
        ],
    },
    Table {
        name: "computers",
        order: "game_id",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("seat", Text),
            ("level", Int),
            ("owes", Int),
            ("held", Text),
        ],
    },
    Table {
        name: "conditionals",
        order: "game_id, seat",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("seat", Text),
            ("tree", Text),
            ("log_len", Int),
        ],
    },
    Table {
        name: "watchers",
        order: "game_id, address",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("address", Text),
            ("told", Int),
            ("since", Time),
        ],
    },
    Table {
        name: "challenges",
        order: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("challenger", Text),
            ("opponent", Text),
            ("game", Text),
            ("options", Text),
            ("color", Text),
            ("secret", Text),
            ("status", Text),
            ("game_id", Int),
            ("created_at", Time),
            ("public", Bool),
        ],
    },
    Table {
        name: "inbound",
        order: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("mailbox", Text),
            ("uidvalidity", Int),
            ("uid", Int),
            ("message_id", Text),
            ("sender", Text),
            ("outcome", Text),
            ("detail", Text),
            ("game_id", Int),
            ("received_at", Time),
        ],
    },
    Table {
        name: "outbox",
        order: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("recipient", Text),
            ("message_id", Text),
            ("subject", Text),
            ("raw", Bytes),
            ("game_id", Int),
            ("attempts", Int),
            ("next_attempt_at", Time),
            ("sent_at", Time),
            ("last_error", Text),
            ("created_at", Time),
            ("log_len", Int),
            ("given_up_at", Time),
            ("unreachable", Bool),
        ],
    },
    Table {
        name: "mailbox",
        order: "name",
        identity: false,
        columns: &[("name", Text), ("uidvalidity", Int)],
    },
    Table {
        name: "reminders",
        order: "game_id, turn, seat",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("turn", Text),
            ("seat", Text),
            ("sent_at", Time),
        ],
    },
    Table {
        name: "vacations",
        order: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("address", Text),
            ("starts_at", Time),
            ("ends_at", Time),
        ],
    },
    Table {
        name: "digests",
        order: "address",
        identity: false,
        columns: &[("address", Text), ("last_sent", Time), ("last_list", Text)],
    },
    Table {
        name: "tournaments",
        order: "id",
        identity: true,
        columns: &[
            ("id", Int),
            ("name", Text),
            ("game", Text),
            ("options", Text),
            ("format", Text),
            ("rated", Bool),
            ("status", Text),
            ("created_at", Time),
            ("started_at", Time),
        ],
    },
    Table {
        name: "entrants",
        order: "tournament_id, address",
        identity: false,
        columns: &[
            ("tournament_id", Int),
            ("address", Text),
            ("joined", Int),
            ("section", Int),
            ("number", Int),
            ("withdrawn", Bool),
        ],
    },
    Table {
        name: "tournament_games",
        order: "game_id",
        identity: false,
        columns: &[
            ("tournament_id", Int),
            ("section", Int),
            ("round", Int),
            ("white", Int),
            ("black", Int),
            ("game_id", Int),
            ("result", Text),
        ],
    },
    Table {
        name: "ratings",
        order: "game, player",
        identity: false,
        columns: &[
            ("game", Text),
            ("player", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("last_day", Int),
        ],
    },
    Table {
        name: "unrated",
        order: "game_id",
        identity: false,
        columns: &[("game_id", Int)],
    },
    Table {
        name: "rated_games",
        order: "game_id",
        identity: false,
        columns: &[
            ("game_id", Int),
            ("white_before", Real),
            ("white_after", Real),
            ("black_before", Real),
            ("black_after", Real),
        ],
    },
    // The target's own row (made by its first migration) is replaced: the
    // copy keeps the source's Message-IDs.
    Table {
        name: "installation",
        order: "id",
        identity: false,
        columns: &[("id", Int), ("token", Text), ("legacy_games", Int)],
    },
];

/// Rows read and written at a time (a bound on memory: outbox rows hold
/// whole mails).
const CHUNK: i64 = 500;

/// How many rows of each table were copied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub rows: Vec<(&'static str, u64)>,
}

/// Copies every row of `source` into `target`, which must hold no games,
/// mail or players' settings yet (a new database: its migrations applied,
/// nothing else). Each table's rows are counted on both sides before the
/// commit.
pub async fn copy(source: &Store, target: &Store) -> Result<Copied, StoreError> {
    let mut from = source.read().await?;
    let mut to = target.write().await?;
    for table in TABLES.iter().filter(|t| t.name != "installation") {
        let rows = count(&mut to, table.name).await?;
        if rows > 0 {
            return Err(StoreError::Location(format!(
                "the target database is not empty: its table {} has {rows} rows; copy into a \
                 new database",
                table.name
            )));
        }
    }
    delete_all(&mut to, "installation").await?;
    let mut copied = Vec::new();
    for table in TABLES {
        let mut done = 0u64;
        loop {
            let rows = read_chunk(&mut from, table, done as i64).await?;
            if rows.is_empty() {
                break;
            }
            for row in &rows {
                insert(&mut to, table, row).await?;
            }
            done += rows.len() as u64;
        }
        let there = count(&mut to, table.name).await?;
        if there != done as i64 {
            return Err(StoreError::Corrupt(format!(
                "{} rows of {} were copied but the target holds {there}",
                done, table.name
            )));
        }
        if table.identity && to.backend() == Backend::Postgres {
            advance_identity(&mut to, table.name).await?;
        }
        copied.push((table.name, done));
    }
    to.commit().await?;
    Ok(Copied { rows: copied })
}

async fn count(conn: &mut Tx, table: &str) -> Result<i64, StoreError> {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    let (n,): (i64,) = on!(conn, c => sqlx::query_as(&sql).fetch_one(c).await?);
    Ok(n)
}

async fn delete_all(conn: &mut Tx, table: &str) -> Result<(), StoreError> {
    let sql = format!("DELETE FROM {table}");
    on!(conn, c => sqlx::query(&sql).execute(c).await?.rows_affected());
    Ok(())
}

/// Sets a PostgreSQL identity's next value past the copied ids, so that the
/// next game (or mail) gets a new one.
async fn advance_identity(conn: &mut Tx, table: &str) -> Result<(), StoreError> {
    let sql = format!(
        "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) \
         FROM {table}"
    );
    on!(conn, c => sqlx::query(&sql).execute(c).await?.rows_affected());
    Ok(())
}

/// Up to [`CHUNK`] rows of `table`, from the `offset`th in its order.
async fn read_chunk(
    conn: &mut Tx,
    table: &Table,
    offset: i64,
) -> Result<Vec<Vec<Value>>, StoreError> {
    let names: Vec<&str> = table.columns.iter().map(|(name, _)| *name).collect();
    let sql = format!(
        "SELECT {} FROM {} ORDER BY {} LIMIT $1 OFFSET $2",
        names.join(", "),
        table.name,
        table.order
    );
    Ok(on!(conn, c => {
        let rows = sqlx::query(&sql).bind(CHUNK).bind(offset).fetch_all(c).await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut values = Vec::with_capacity(table.columns.len());
            for (i, (_, kind)) in table.columns.iter().enumerate() {
                use sqlx::Row;
                values.push(match kind {
                    Int => Value::Int(row.try_get(i)?),
                    Text => Value::Text(row.try_get(i)?),
                    Bool => Value::Bool(row.try_get(i)?),
                    Time => Value::Time(row.try_get(i)?),
                    Bytes => Value::Bytes(row.try_get(i)?),
                    Real => Value::Real(row.try_get(i)?),
                });
            }
            out.push(values);
        }
        out
    }))
}

/// Inserts one row read by [`read_chunk`].
async fn insert(conn: &mut Tx, table: &Table, row: &[Value]) -> Result<(), StoreError> {
    let names: Vec<&str> = table.columns.iter().map(|(name, _)| *name).collect();
    let marks: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "INSERT INTO {} ({}) VALUES ({})",
        table.name,
        names.join(", "),
        marks.join(", ")
    );
    on!(conn, c => {
        let mut query = sqlx::query(&sql);
        for value in row {
            query = match value {
                Value::Int(v) => query.bind(*v),
                Value::Text(v) => query.bind(v.clone()),
                Value::Bool(v) => query.bind(*v),
                Value::Time(v) => query.bind(*v),
                Value::Bytes(v) => query.bind(v.clone()),
                Value::Real(v) => query.bind(*v),
            };
        }
        query.execute(c).await?.rows_affected()
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use super::*;
    use crate::rules::Seat;
    use crate::store::clock::{self, Vacation, parse_time};
    use crate::store::mail::{self, Handled, MailKey};
    use crate::store::on_both_backends::new_game;
    use crate::store::{
        challenges, computers, conditionals, digests, games, ratings, tournaments, watchers,
    };

    /// A little of everything, in every table.
    async fn fill(store: &Store) {
        let mut tx = store.write().await.unwrap();
        let id = new_game(&mut tx, "a@x.test", "b@x.test").await;
        let other = new_game(&mut tx, "c@x.test", "computer@x.test").await;
        let action = serde_json::json!({"kind": "action", "text": "e4"});
        games::append_log(&mut tx, id, 0, Some(Seat::White), &action, "e4", "imap:1:2")
            .await
            .unwrap();
        computers::insert(&mut tx, other, Seat::Black, 3)
            .await
            .unwrap();
        conditionals::set(&mut tx, id, Seat::Black, &serde_json::json!({"e5": {}}), 1)
            .await
            .unwrap();
        watchers::add(&mut tx, id, "w@x.test", 1).await.unwrap();
        let options = crate::rules::Options::default();
        challenges::insert(
            &mut tx,
            challenges::NewChallenge {
                challenger: "a@x.test",
                opponent: "d@x.test",
                game: "chess",
                options: &options,
                color: "white",
                secret: "s",
                public: true,
            },
        )
        .await
        .unwrap();
        let key = MailKey {
            mailbox: "INBOX".into(),
            uidvalidity: 3_000_000_000,
            uid: 9,
        };
        mail::record_inbound(
            &mut tx,
            &key,
            Some("<i@x>"),
            Some("a@x.test"),
            Handled::Applied,
            "",
            Some(id),
        )
        .await
        .unwrap();
        mail::enqueue(
            &mut tx,
            "b@x.test",
            "<o@r>",
            "Game 1",
            &[0, 159, 255, 10],
            Some(id),
            Some(1),
        )
        .await
        .unwrap();
        mail::set_mailbox_uidvalidity(&mut tx, "INBOX", 3_000_000_000)
            .await
            .unwrap();
        clock::record_reminder(&mut tx, id, "2030-01-01T00:00:00Z", Seat::Black)
            .await
            .unwrap();
        let starts = parse_time("2030-01-01T00:00:00Z").unwrap();
        clock::add_vacation(
            &mut tx,
            "b@x.test",
            Vacation {
                starts,
                ends: starts + Duration::days(2),
            },
        )
        .await
        .unwrap();
        clock::set_next_check(&mut tx, other, None).await.unwrap();
        digests::set(&mut tx, "c@x.test", true).await.unwrap();
        digests::sent(&mut tx, "c@x.test", starts, "2:0")
            .await
            .unwrap();
        let t = tournaments::insert(
            &mut tx,
            tournaments::NewTournament {
                name: "club",
                game: "chess",
                options: &options,
                format: "round-robin/7",
                rated: true,
            },
        )
        .await
        .unwrap()
        .unwrap();
        tournaments::join(&mut tx, t, "a@x.test").await.unwrap();
        let game = tournaments::TournamentGame {
            section: 1,
            round: 1,
            white: 1,
            black: 2,
            game_id: id,
            result: Some("1-0".into()),
        };
        tournaments::add_game(&mut tx, t, &game).await.unwrap();
        let line = ratings::RatingRow {
            player: "a@x.test".into(),
            rating: 1_662.311_2,
            deviation: 290.2,
            volatility: 0.059_99,
            games: 1,
            last_day: 20_000,
        };
        ratings::set(&mut tx, "chess", &line).await.unwrap();
        ratings::set_unrated(&mut tx, other).await.unwrap();
        let change = ratings::Change {
            white: (1500.0, 1_662.311_2),
            black: (1500.0, 1_337.688_8),
        };
        ratings::record_change(&mut tx, id, change).await.unwrap();
        tx.commit().await.unwrap();
    }

    /// Every row of every table, as the copy reads them.
    async fn everything(store: &Store) -> Vec<Vec<Vec<Value>>> {
        let mut tx = store.read().await.unwrap();
        let mut all = Vec::new();
        for table in TABLES {
            all.push(read_chunk(&mut tx, table, 0).await.unwrap());
        }
        all
    }

    #[tokio::test]
    async fn sqlite_to_postgres_and_back_keeps_every_row() {
        let dir = tempfile::tempdir().unwrap();
        let source = Store::open(&dir.path().join("a.db")).await.unwrap();
        fill(&source).await;
        let server = crate::store::testing::postgres().await;
        let copied = copy(&source, &server).await.unwrap();
        assert!(copied.rows.iter().all(|(_, rows)| *rows > 0), "{copied:?}");
        let back = Store::open(&dir.path().join("b.db")).await.unwrap();
        copy(&server, &back).await.unwrap();
        let before = everything(&source).await;
        assert_eq!(before, everything(&server).await);
        assert_eq!(before, everything(&back).await);

        // New rows on the copies get new ids, after the copied ones.
        for store in [&server, &back] {
            let mut tx = store.write().await.unwrap();
            let id = new_game(&mut tx, "e@x.test", "f@x.test").await;
            assert_eq!(id, 3, "{:?}", store.backend());
            tx.commit().await.unwrap();
        }
        // A copy goes into an empty database only.
        let refused = copy(&source, &back).await.unwrap_err().to_string();
        assert!(refused.contains("not empty"), "{refused}");
    }
}
