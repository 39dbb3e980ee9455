//! A new game: its seats and their secrets, its seed and the hash told to
//! both players, its start position (the log's first entry, when the host
//! gives one), its first checkpoint, and the start notices.

use rand::RngCore;
use tracing::info;

use super::{
    ComputerSeat, LogEntry, Match, Notice, NoticeKind, Referee, RefereeError, Source,
    check_address, normalize_address, random_token, seed_hash,
};
use crate::games::GameInfo;
use crate::rules::{Options, Seat};
use crate::store::Tx;
use crate::store::clock::GameClock;
use crate::store::games::{self, Checkpoint, NewGame, Progress, SeatRow};

impl Referee {
    /// Creates a game and returns its id and the start notices for both
    /// players, inside the caller's transaction. With `position`, the game
    /// starts there instead of at its own start (any string `perft --fen`
    /// reads for that game); the position opens the log, so the game still
    /// replays.
    pub async fn create_game(
        &self,
        conn: &mut Tx,
        game: &str,
        white: &str,
        black: &str,
        options: &Options,
        position: Option<&str>,
    ) -> Result<(i64, Vec<Notice>), RefereeError> {
        self.create_game_seeded(conn, game, white, black, options, position, None)
            .await
    }

    /// [`Referee::create_game`] with the host's seed instead of a fresh
    /// one: two referees given the same seed draw the same chance (setups,
    /// dice), so the same game can be refereed twice (`game new --seed`).
    #[allow(clippy::too_many_arguments)]
    pub async fn create_game_seeded(
        &self,
        conn: &mut Tx,
        game: &str,
        white: &str,
        black: &str,
        options: &Options,
        position: Option<&str>,
        seed: Option<[u8; 32]>,
    ) -> Result<(i64, Vec<Notice>), RefereeError> {
        for address in [white, black] {
            if self.is_computer(address) {
                return Err(RefereeError::ComputerAddress(normalize_address(address)));
            }
        }
        self.create(
            conn, game, white, black, options, position, None, None, seed,
        )
        .await
    }

    /// [`Referee::create_game`], with the seat the computer plays, if any,
    /// and where the game was asked for: when the computer moves first,
    /// its first move is owed, and the player's start notice held for it
    /// (see `turns.rs`). With `clock`, the game runs its own clock rather
    /// than the host's (a tournament's games). Without `seed`, a fresh
    /// random one.
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn create(
        &self,
        conn: &mut Tx,
        game: &str,
        white: &str,
        black: &str,
        options: &Options,
        position: Option<&str>,
        computer: Option<(ComputerSeat, Source<'_>)>,
        clock: Option<GameClock>,
        seed: Option<[u8; 32]>,
    ) -> Result<(i64, Vec<Notice>), RefereeError> {
        let info = GameInfo::find(game).ok_or_else(|| RefereeError::UnknownGame {
            name: game.to_string(),
        })?;
        let (white, black) = (check_address(white)?, check_address(black)?);
        if white == black {
            return Err(RefereeError::SamePlayer);
        }
        let seed = seed.unwrap_or_else(|| {
            let mut fresh = [0u8; 32];
            rand::rng().fill_bytes(&mut fresh);
            fresh
        });
        let current = match position {
            None => Match::new(info, options, seed)?,
            Some(position) => Match::from_position(info, options, position)?,
        };
        let state = current.snapshot();
        let hash = seed_hash(&seed);
        let seats = [
            SeatRow {
                seat: Seat::White,
                address: white,
                secret: random_token(6),
            },
            SeatRow {
                seat: Seat::Black,
                address: black,
                secret: random_token(6),
            },
        ];
        let id = games::insert(
            conn,
            NewGame {
                game: info.name,
                options,
                seed,
                seed_hash: &hash,
                state: &state,
                seats: &seats,
            },
        )
        .await?;
        if let Some(position) = position {
            let entry = LogEntry::Position {
                position: position.trim().to_string(),
            };
            let entry = serde_json::to_value(&entry).expect("log entries serialise");
            games::append_log(conn, id, 0, None, &entry, "start position", "host").await?;
            games::save(
                conn,
                id,
                Progress {
                    log_len: 1,
                    draw_offer: None,
                    result: None,
                },
            )
            .await?;
            let checkpoint = Checkpoint {
                log_len: 1,
                state,
                draw_offer: None,
            };
            games::save_checkpoint(conn, id, &checkpoint).await?;
        }
        if let Some(clock) = clock {
            crate::store::clock::set_game_clock(conn, id, clock).await?;
        }
        if let Some((computer, _)) = computer {
            crate::store::computers::insert(conn, id, computer.seat, computer.level.number())
                .await?;
        }
        info!(game = id, name = info.name, "game created");
        let loaded = self.load(conn, id).await?;
        let notices = Seat::BOTH
            .iter()
            .map(|&seat| Notice::build(&loaded, seat, NoticeKind::Started, Vec::new()))
            .collect();
        let mut notices = self.with_deadlines(conn, &loaded, notices).await?;
        if let Some((_, source)) = computer {
            self.hold_for_computer(
                conn,
                &loaded,
                &mut notices,
                NoticeKind::Started,
                Vec::new(),
                source,
            )
            .await?;
        }
        Ok((id, notices))
    }
}
