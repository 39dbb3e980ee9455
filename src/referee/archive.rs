//! A stored game as an [`Archive`]: its row, seats, log and the secrets and
//! score the game holds, handed out only where nothing in it is still
//! hidden from the reader (`RULINGS.md`: a finished game's whole history is
//! public).

use super::{LogEntry, Referee, RefereeError};
use crate::archive::{Archive, ArchivedEntry, FORMAT, Players};
use crate::rules::{AnyGame, Seat};
use crate::store::Tx;
use crate::store::games;

/// Who asks for an archive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    /// Anyone: a finished game, or an ongoing one without hidden
    /// information (whose seed, if any, stays sealed).
    Public,
    /// The host, who sees everything anyway.
    Host,
}

impl Referee {
    /// Game `id` as an archive for `reader`. An ongoing game with hidden
    /// information is refused to anyone but the host.
    pub async fn archive(
        &self,
        conn: &mut Tx,
        id: i64,
        reader: Reader,
    ) -> Result<Archive, RefereeError> {
        let loaded = self.load(conn, id).await?;
        let status = loaded.status();
        let finished = status.is_finished();
        if !finished && loaded.info.hidden && reader != Reader::Host {
            return Err(RefereeError::HiddenOngoing {
                game: id,
                title: loaded.info.title,
            });
        }
        let everything = finished || reader == Reader::Host;
        let rows = games::log(conn, id).await?;
        let start_position = rows
            .first()
            .and_then(|row| serde_json::from_value::<LogEntry>(row.entry.clone()).ok())
            .and_then(|entry| match entry {
                LogEntry::Position { position } => Some(position),
                _ => None,
            });
        let row = &loaded.row;
        let start_fen = match &start_position {
            Some(position) => (loaded.info.from_position)(position, &row.options)
                .ok()
                .and_then(|start| start.score())
                .map(|score| score.fen),
            None => None,
        };
        let game: &dyn AnyGame = loaded.current.game();
        let outcome = status.outcome();
        Ok(Archive {
            format: FORMAT.to_string(),
            id,
            game: loaded.info.name.to_string(),
            title: loaded.info.title.to_string(),
            options: row.options.clone(),
            players: Players {
                white: loaded.address(Seat::White).to_string(),
                black: loaded.address(Seat::Black).to_string(),
            },
            created: row.created_at.clone(),
            start_position,
            log: rows
                .into_iter()
                .map(|r| ArchivedEntry {
                    index: r.idx,
                    seat: r.seat,
                    notation: r.notation,
                    time: r.created_at,
                    entry: r.entry,
                })
                .collect(),
            finished,
            result: outcome.map(|o| o.result.score().to_string()),
            reason: outcome.map(|o| o.reason.to_string()),
            position: game.position(),
            seed_hash: loaded.info.random.then(|| row.seed_hash.clone()),
            seed: (loaded.info.random && everything).then(|| hex::encode(row.seed)),
            secrets: game.secrets().into_iter().map(Into::into).collect(),
            host_only: !finished && loaded.info.hidden,
            score: game.score(),
            start_fen,
            ending: outcome.map(|o| o.reason.clone()),
        })
    }
}
