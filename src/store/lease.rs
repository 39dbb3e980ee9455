//! Leases: a role one referee at a time may hold among several on one
//! database (reading a mailbox, running the clock). A lease is a row: its
//! holder, an epoch that grows whenever the holder changes (or a holder
//! comes back after letting it lapse), and when it lapses unless renewed.
//!
//! A store made [`Store::under`] a lease checks, as each of its write
//! transactions commits, that this referee still holds the lease at the
//! epoch it took it with, and refuses the commit otherwise
//! ([`StoreError::LeaseLost`]): a referee that stalled (a pause, a cut
//! network) past its lease commits nothing, whatever it was doing. On
//! PostgreSQL the check locks the lease row until the commit, so a referee
//! taking the lease over waits for that commit, and cannot act between the
//! check and it.
//!
//! A table rather than PostgreSQL's advisory locks, which break behind
//! PgBouncer's transaction pooling and do not exist in SQLite.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, OnceLock};

use super::{Stamp, Store, StoreError, Tx};

/// This process's name among the referees on one database, as leases and
/// outbox claims record it: `HOST:PID:RANDOM` (the random part tells apart
/// a process that got the pid of a dead one).
pub fn referee_id() -> &'static str {
    static ID: OnceLock<String> = OnceLock::new();
    ID.get_or_init(|| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|h| h.trim().to_string())
            .unwrap_or_else(|_| "host".to_string());
        format!(
            "{host}:{}:{:04x}",
            std::process::id(),
            rand::random::<u16>()
        )
    })
}

/// This referee's claim to one role: the lease's name, who we are, and the
/// epoch we hold it at (0: not held).
#[derive(Debug)]
pub struct Lease {
    pub name: String,
    pub holder: String,
    epoch: AtomicI64,
}

impl Lease {
    pub fn new(name: impl Into<String>, holder: impl Into<String>) -> Arc<Lease> {
        Arc::new(Lease {
            name: name.into(),
            holder: holder.into(),
            epoch: AtomicI64::new(0),
        })
    }

    /// The epoch held, if any.
    pub fn held(&self) -> Option<i64> {
        match self.epoch.load(Ordering::SeqCst) {
            0 => None,
            epoch => Some(epoch),
        }
    }

    /// Records what the last renewal found.
    pub fn set(&self, epoch: Option<i64>) {
        self.epoch.store(epoch.unwrap_or(0), Ordering::SeqCst);
    }
}

impl Store {
    /// The same database, with every write transaction's commit checked
    /// against `lease` (see the module's doc). On SQLite, as it was:
    /// its file serves the referees of one machine, whose writes its lock
    /// takes one at a time, and no role is shared out.
    pub fn under(&self, lease: Arc<Lease>) -> Store {
        if self.backend() == super::Backend::Sqlite {
            return self.clone();
        }
        Store {
            lease: Some(lease),
            ..self.clone()
        }
    }

    /// Takes `lease` for `seconds`, or renews it: its epoch, or `None`
    /// while another referee holds it. Taking it over from another holder,
    /// or again after it lapsed, raises the epoch.
    pub async fn acquire(&self, lease: &Lease, seconds: i64) -> Result<Option<i64>, StoreError> {
        let mut tx = self.plain_write().await?;
        let sql = tx.pick(
            "INSERT INTO leases (name, holder, epoch, expires_at, since) \
             VALUES ($1, $2, 1, strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '+' || $3 || ' seconds'), \
                     strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) \
             ON CONFLICT (name) DO UPDATE SET \
               epoch = CASE WHEN leases.holder = excluded.holder \
                                 AND leases.expires_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
                            THEN leases.epoch ELSE leases.epoch + 1 END, \
               since = CASE WHEN leases.holder = excluded.holder \
                                 AND leases.expires_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
                            THEN leases.since ELSE excluded.since END, \
               holder = excluded.holder, expires_at = excluded.expires_at \
             WHERE leases.holder = excluded.holder \
                OR leases.expires_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
             RETURNING epoch",
            "INSERT INTO leases (name, holder, epoch, expires_at, since) \
             VALUES ($1, $2, 1, now() + $3 * interval '1 second', now()) \
             ON CONFLICT (name) DO UPDATE SET \
               epoch = CASE WHEN leases.holder = excluded.holder AND leases.expires_at > now() \
                            THEN leases.epoch ELSE leases.epoch + 1 END, \
               since = CASE WHEN leases.holder = excluded.holder AND leases.expires_at > now() \
                            THEN leases.since ELSE excluded.since END, \
               holder = excluded.holder, expires_at = excluded.expires_at \
             WHERE leases.holder = excluded.holder OR leases.expires_at <= now() \
             RETURNING epoch",
        );
        let row: Option<(i64,)> = on!(tx, c => sqlx::query_as(sql)
            .bind(&lease.name)
            .bind(&lease.holder)
            .bind(seconds)
            .fetch_optional(c)
            .await?);
        tx.commit().await?;
        Ok(row.map(|(epoch,)| epoch))
    }

    /// Gives `lease` up at once (a clean stop), so that another referee
    /// takes it over without waiting for it to lapse.
    pub async fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        let Some(epoch) = lease.held() else {
            return Ok(());
        };
        let mut tx = self.plain_write().await?;
        let sql = tx.pick(
            "UPDATE leases SET expires_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') \
             WHERE name = $1 AND holder = $2 AND epoch = $3",
            "UPDATE leases SET expires_at = now() WHERE name = $1 AND holder = $2 AND epoch = $3",
        );
        on!(tx, c => sqlx::query(sql)
            .bind(&lease.name)
            .bind(&lease.holder)
            .bind(epoch)
            .execute(c)
            .await?
            .rows_affected());
        tx.commit().await?;
        lease.set(None);
        Ok(())
    }
}

/// Whether `lease` is still held at its epoch, checked in `tx` just before
/// it commits; on PostgreSQL the lease's row stays locked until then.
pub(super) async fn still_held(tx: &mut Tx, lease: &Lease) -> Result<bool, StoreError> {
    let Some(epoch) = lease.held() else {
        return Ok(false);
    };
    let sql = tx.pick(
        "SELECT epoch FROM leases WHERE name = $1 AND holder = $2 AND epoch = $3 \
         AND expires_at > strftime('%Y-%m-%dT%H:%M:%SZ', 'now')",
        "SELECT epoch FROM leases WHERE name = $1 AND holder = $2 AND epoch = $3 \
         AND expires_at > clock_timestamp() FOR UPDATE",
    );
    let row: Option<(i64,)> = on!(tx, c => sqlx::query_as(sql)
        .bind(&lease.name)
        .bind(&lease.holder)
        .bind(epoch)
        .fetch_optional(c)
        .await?);
    Ok(row.is_some())
}

/// A lease as `arbiter check` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LeaseRow {
    pub name: String,
    pub holder: String,
    pub epoch: i64,
    /// When this holder took it (UTC, `2026-11-21T22:09:10Z`).
    pub since: String,
    pub expires_at: String,
    /// Whether it has lapsed: no referee holds the role now.
    pub lapsed: bool,
}

/// Every lease, by name.
pub async fn list(tx: &mut Tx) -> Result<Vec<LeaseRow>, StoreError> {
    let sql = tx.pick(
        "SELECT name, holder, epoch, since, expires_at, \
         expires_at <= strftime('%Y-%m-%dT%H:%M:%SZ', 'now') FROM leases ORDER BY name",
        "SELECT name, holder, epoch, since, expires_at, expires_at <= now() \
         FROM leases ORDER BY name",
    );
    let rows: Vec<(String, String, i64, Stamp, Stamp, bool)> =
        on!(tx, c => sqlx::query_as(sql).fetch_all(c).await?);
    Ok(rows
        .into_iter()
        .map(|(name, holder, epoch, since, expires, lapsed)| LeaseRow {
            name,
            holder,
            epoch,
            since: since.text(),
            expires_at: expires.text(),
            lapsed,
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Backend;
    use crate::store::testing::stores;

    #[tokio::test]
    async fn one_holder_at_a_time_and_a_new_epoch_at_each_change() {
        for store in stores().await {
            let a = Lease::new("mailbox:INBOX", "a");
            let b = Lease::new("mailbox:INBOX", "b");
            assert_eq!(store.acquire(&a, 60).await.unwrap(), Some(1));
            assert_eq!(store.acquire(&b, 60).await.unwrap(), None, "a holds it");
            assert_eq!(store.acquire(&a, 60).await.unwrap(), Some(1), "renewed");
            a.set(Some(1));
            // Another role is another lease.
            let clock = Lease::new("clock", "b");
            assert_eq!(store.acquire(&clock, 60).await.unwrap(), Some(1));
            // A lapsed lease goes to whoever asks, at a new epoch.
            store.acquire(&a, 0).await.unwrap();
            assert_eq!(store.acquire(&b, 60).await.unwrap(), Some(2));
            assert_eq!(store.acquire(&a, 60).await.unwrap(), None);
            b.set(Some(2));
            store.release(&b).await.unwrap();
            assert_eq!(b.held(), None);
            assert_eq!(store.acquire(&a, 60).await.unwrap(), Some(3));
            let mut tx = store.read().await.unwrap();
            let listed = list(&mut tx).await.unwrap();
            assert_eq!(listed.len(), 2);
            assert_eq!((listed[1].holder.as_str(), listed[1].epoch), ("a", 3));
            assert!(!listed[1].lapsed, "{:?}", store.backend());
        }
    }

    /// Work under a lease commits only while its referee holds the lease
    /// at the epoch it took it with: after a lapse and a takeover, or a
    /// lapse alone, nothing it did is kept, even where the referee did not
    /// know (its own record of the lease is stale, as after a pause).
    #[tokio::test]
    async fn a_stalled_holder_commits_nothing() {
        for store in [crate::store::testing::postgres().await] {
            let backend = store.backend();
            let a = Lease::new("clock", "a");
            let b = Lease::new("clock", "b");
            a.set(store.acquire(&a, 60).await.unwrap());
            let under_a = store.under(a.clone());
            let mut tx = under_a.write().await.unwrap();
            crate::store::digests::set(&mut tx, "x@x.test", true)
                .await
                .unwrap();
            tx.commit().await.unwrap();

            // PostgreSQL lets a transaction run while the lease changes
            // hands (SQLite's write lock would make the taker wait).
            let open = match backend {
                Backend::Postgres => {
                    let mut tx = under_a.write().await.unwrap();
                    crate::store::digests::set(&mut tx, "y@x.test", true)
                        .await
                        .unwrap();
                    Some(tx)
                }
                Backend::Sqlite => None,
            };
            // The lease lapses and b takes it over; a does not know.
            store.acquire(&a, 0).await.unwrap();
            b.set(store.acquire(&b, 60).await.unwrap());
            assert_eq!((b.held(), a.held()), (Some(2), Some(1)));
            if let Some(open) = open {
                let refused = open.commit().await.unwrap_err();
                assert!(matches!(refused, StoreError::LeaseLost { .. }), "{refused}");
            }
            let mut late = under_a.write().await.unwrap();
            crate::store::digests::set(&mut late, "z@x.test", true)
                .await
                .unwrap();
            assert!(late.commit().await.is_err(), "{backend:?}");

            // Taking it back later is a new epoch: the old one stays void.
            store.release(&b).await.unwrap();
            assert_eq!(store.acquire(&a, 60).await.unwrap(), Some(3));
            let mut old = under_a.write().await.unwrap();
            crate::store::digests::set(&mut old, "w@x.test", true)
                .await
                .unwrap();
            assert!(old.commit().await.is_err(), "epoch 1 is gone");
            // A lease known lost refuses to begin at all.
            a.set(None);
            assert!(under_a.write().await.is_err());

            let mut tx = store.read().await.unwrap();
            let subscribers = crate::store::digests::subscribers(&mut tx).await.unwrap();
            let addresses: Vec<&str> = subscribers.iter().map(|s| s.address.as_str()).collect();
            assert_eq!(addresses, ["x@x.test"], "{backend:?}");
        }
    }
}
