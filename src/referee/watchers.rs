//! Spectators of public games: `watch ID` and `unwatch ID` by mail, the
//! spectator's mail after each change, and the host's list of watchers.
//! A spectator is told only what anyone may know: the public view.

use tracing::info;

use super::{LoadedGame, Referee, RefereeError, normalize_address};
use crate::rules::{ActionError, PublicView, Status};
use crate::store::Tx;
use crate::store::watchers as store;

/// What one spectator is told about a game: built from the public view
/// only, so it cannot carry either player's secrets.
#[derive(Clone, Debug)]
pub struct SpectatorNotice {
    pub game_id: i64,
    pub game_title: &'static str,
    pub address: String,
    pub white: String,
    pub black: String,
    pub view: PublicView,
    pub status: Status,
    /// The game's log length when the notice was made.
    pub log_len: i64,
    /// Whether this answers the spectator's own `watch`.
    pub welcome: bool,
}

impl SpectatorNotice {
    fn build(loaded: &LoadedGame, address: &str, welcome: bool) -> SpectatorNotice {
        SpectatorNotice {
            game_id: loaded.row.id,
            game_title: loaded.info.title,
            address: address.to_string(),
            white: loaded.address(crate::rules::Seat::White).to_string(),
            black: loaded.address(crate::rules::Seat::Black).to_string(),
            view: loaded.public_view(),
            status: loaded.status(),
            log_len: loaded.row.log_len,
            welcome,
        }
    }

    /// One line: who is awaited, or how the game ended.
    pub fn status_line(&self) -> String {
        match &self.status {
            Status::Finished(outcome) => format!("Game over: {outcome}."),
            Status::Ongoing(dues) => {
                let waiting: Vec<&str> = dues.iter().map(|d| d.seat.title()).collect();
                format!("Waiting for {}.", waiting.join(" and "))
            }
        }
    }
}

impl Referee {
    /// `address` starts watching game `id`; the answer is the game as a
    /// spectator sees it now.
    pub async fn watch(
        &self,
        conn: &mut Tx,
        id: i64,
        address: &str,
    ) -> Result<SpectatorNotice, RefereeError> {
        let address = normalize_address(address);
        let loaded = self.load(conn, id).await?;
        if loaded.seat_of(&address).is_some() {
            return Err(ActionError::illegal(format!(
                "You play in game #{id}: you get its mails as a player already."
            ))
            .into());
        }
        if !store::is_public(conn, id).await? {
            return Err(ActionError::illegal(format!(
                "Game #{id} is not public: its players did not allow spectators (a challenge \
                 allows them with public=yes)."
            ))
            .into());
        }
        if loaded.status().is_finished() {
            return Err(ActionError::illegal(format!(
                "Game #{id} is over: there is nothing more to watch."
            ))
            .into());
        }
        if store::add(conn, id, &address, loaded.row.log_len).await? {
            info!(game = id, "a spectator watches");
        }
        Ok(SpectatorNotice::build(&loaded, &address, true))
    }

    /// `address` stops watching game `id`; whether it watched.
    pub async fn unwatch(
        &self,
        conn: &mut Tx,
        id: i64,
        address: &str,
    ) -> Result<bool, RefereeError> {
        Ok(store::remove(conn, id, &normalize_address(address)).await?)
    }

    /// The watchers of game `id`, for the host.
    pub async fn watchers(&self, conn: &mut Tx, id: i64) -> Result<Vec<String>, RefereeError> {
        self.load(conn, id).await?;
        Ok(store::of_game(conn, id)
            .await?
            .into_iter()
            .map(|(address, _)| address)
            .collect())
    }

    /// The mails owed to game `id`'s watchers since they were last told
    /// (none when nothing changed), recording them as told.
    pub async fn spectator_notices(
        &self,
        conn: &mut Tx,
        id: i64,
    ) -> Result<Vec<SpectatorNotice>, RefereeError> {
        let watchers = store::of_game(conn, id).await?;
        if watchers.is_empty() {
            return Ok(Vec::new());
        }
        let loaded = self.load(conn, id).await?;
        let mut notices = Vec::new();
        for (address, told) in watchers {
            if told < loaded.row.log_len {
                store::told(conn, id, &address, loaded.row.log_len).await?;
                notices.push(SpectatorNotice::build(&loaded, &address, false));
            }
        }
        Ok(notices)
    }
}
