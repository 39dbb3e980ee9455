//! [`Stamp`]: a moment as each backend keeps it.

use chrono::{DateTime, NaiveDateTime, Utc};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArgumentBuffer, PgTypeInfo, PgValueRef};
use sqlx::sqlite::{SqliteArgumentValue, SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, Encode, Postgres, Sqlite, Type};

/// A moment in a column: `timestamptz` in PostgreSQL, and in SQLite the
/// text `2026-11-21T22:09:10Z` (UTC, whole seconds: what SQLite's own
/// `strftime('%Y-%m-%dT%H:%M:%SZ', 'now')` defaults write, so that text
/// compares in time order). Bound and read alike on both, so a query's code
/// is the same for each (sqlx's `Any` driver carries no time at all).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Stamp(pub DateTime<Utc>);

/// Reads a timestamp as the store writes it (`2026-11-21T22:09:10Z`, which
/// is also SQLite's `strftime('%Y-%m-%dT%H:%M:%SZ')`).
pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%SZ")
        .ok()
        .map(|t| t.and_utc())
}

/// Writes a timestamp as the store does.
pub fn format_time(time: DateTime<Utc>) -> String {
    time.format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

impl Stamp {
    /// The moment as the store writes it in text (and SQLite keeps it).
    pub fn text(self) -> String {
        format_time(self.0)
    }
}

impl Type<Sqlite> for Stamp {
    fn type_info() -> SqliteTypeInfo {
        <String as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        <String as Type<Sqlite>>::compatible(ty)
    }
}

impl<'q> Encode<'q, Sqlite> for Stamp {
    fn encode_by_ref(&self, buf: &mut Vec<SqliteArgumentValue<'q>>) -> Result<IsNull, BoxDynError> {
        <String as Encode<'q, Sqlite>>::encode(self.text(), buf)
    }
}

impl<'r> Decode<'r, Sqlite> for Stamp {
    fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
        let text = <&str as Decode<'r, Sqlite>>::decode(value)?;
        parse_time(text)
            .map(Stamp)
            .ok_or_else(|| format!("{text:?} is not a time the store wrote").into())
    }
}

impl Type<Postgres> for Stamp {
    fn type_info() -> PgTypeInfo {
        <DateTime<Utc> as Type<Postgres>>::type_info()
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        <DateTime<Utc> as Type<Postgres>>::compatible(ty)
    }
}

impl Encode<'_, Postgres> for Stamp {
    fn encode_by_ref(&self, buf: &mut PgArgumentBuffer) -> Result<IsNull, BoxDynError> {
        <DateTime<Utc> as Encode<Postgres>>::encode_by_ref(&self.0, buf)
    }
}

impl<'r> Decode<'r, Postgres> for Stamp {
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        <DateTime<Utc> as Decode<'r, Postgres>>::decode(value).map(Stamp)
    }
}
