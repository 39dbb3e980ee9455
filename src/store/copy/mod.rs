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
            ("rated", Bool),
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
            ("days_per_move", Int),
            ("vacation", Bool),
            ("starts_on", Text),
            ("start_missed", Bool),
            ("computers", Bool),
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
        name: "tournament_byes",
        order: "tournament_id, round, number",
        identity: false,
        columns: &[
            ("tournament_id", Int),
            ("round", Int),
            ("number", Int),
            ("announced", Bool),
        ],
    },
    Table {
        name: "tournament_unannounced",
        order: "game_id",
        identity: false,
        columns: &[("game_id", Int)],
    },
    Table {
        name: "tournament_unpairable",
        order: "tournament_id",
        identity: false,
        columns: &[("tournament_id", Int), ("round", Int)],
    },
    Table {
        name: "game_clocks",
        order: "game_id",
        identity: false,
        columns: &[("game_id", Int), ("days_per_move", Int), ("vacation", Bool)],
    },
    Table {
        name: "player_names",
        order: "address",
        identity: false,
        columns: &[("address", Text), ("name", Text), ("folded", Text)],
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
mod tests;
