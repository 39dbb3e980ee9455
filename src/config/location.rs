//! Where the database is: a SQLite file or a PostgreSQL URL, as the
//! configuration and the command line name it, shown without a password.
//! Data only: the store opens it (`store::Store::open_at`).

use std::fmt;
use std::path::PathBuf;

/// Where the database is: a SQLite file, or a PostgreSQL server.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    Sqlite(PathBuf),
    /// A `postgres://` (or `postgresql://`) URL.
    Postgres(String),
}

impl Location {
    /// A file path, or a PostgreSQL URL (`postgres://...`), as the command
    /// line's `--db` and `db copy --to` take them.
    pub fn parse(text: &str) -> Location {
        if is_postgres_url(text) {
            Location::Postgres(text.to_string())
        } else {
            Location::Sqlite(PathBuf::from(
                text.strip_prefix("sqlite://").unwrap_or(text),
            ))
        }
    }
}

/// Whether `text` is a PostgreSQL URL.
pub fn is_postgres_url(text: &str) -> bool {
    text.starts_with("postgres://") || text.starts_with("postgresql://")
}

/// The location as it may be logged and shown: a URL's password is hidden.
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl fmt::Debug for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A URL with its password, if any, replaced by `***`.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_string(),
        },
        None => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_location_is_a_path_or_a_url_and_shows_no_password() {
        assert_eq!(
            Location::parse("/var/lib/arbiter/arbiter.db"),
            Location::Sqlite("/var/lib/arbiter/arbiter.db".into())
        );
        let url = "postgres://referee:s3cret@db.example.org:5432/arbiter?sslmode=require";
        let location = Location::parse(url);
        assert_eq!(location, Location::Postgres(url.into()));
        assert_eq!(
            location.to_string(),
            "postgres://referee:***@db.example.org:5432/arbiter?sslmode=require"
        );
        assert_eq!(
            Location::parse("postgresql://db/arbiter").to_string(),
            "postgresql://db/arbiter"
        );
    }
}
