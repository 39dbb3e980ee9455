//! Swiss tournaments as the referee runs them: round 1 paired at the
//! start, each later round paired inside the transaction of the game that
//! ended the round before (its start mails queued by the mail room in the
//! same transaction, see [`Referee::swiss_announcements`]), late entries,
//! and the end after the last round. The pairing itself is
//! [`crate::tournament::swiss`]'s.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::tournament_spec::{MIN_PLAYERS, TournamentError};
use super::tournaments::seeding;
use super::{Notice, NoticeKind, Referee, RefereeError, Source};
use crate::rules::Seat;
use crate::store::Tx;
use crate::store::ratings;
use crate::store::swiss::{self as swiss_store, StoredBye};
use crate::store::tournament_settings;
use crate::store::tournaments::{self, Entrant, Tournament, TournamentGame};
use crate::tournament::swiss::{self, Bye, Colour, pairing::MAX_PLAYERS};
use crate::tournament::{Format, Game, GameResult};

/// A Swiss's mail to one player outside their games: the round's bye, or
/// the end of a tournament whose next round had no legal pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissMail {
    pub address: String,
    pub subject: String,
    pub text: String,
}

/// The rounds paired so far.
pub(super) fn paired_rounds(games: &[TournamentGame], byes: &[StoredBye]) -> u32 {
    let games = games.iter().map(|g| g.round);
    games.chain(byes.iter().map(|b| b.round)).max().unwrap_or(0) as u32
}

/// The games as the tournament counts them.
pub(super) fn counted(games: &[TournamentGame]) -> Vec<Game> {
    games
        .iter()
        .map(|g| Game {
            round: g.round as u32,
            white: g.white as u32,
            black: g.black as u32,
            result: g.result.as_deref().and_then(GameResult::from_word),
        })
        .collect()
}

/// The byes as the pairing counts them.
pub(super) fn pure_byes(byes: &[StoredBye]) -> Vec<Bye> {
    byes.iter()
        .map(|b| Bye {
            round: b.round as u32,
            player: b.number as u32,
        })
        .collect()
}

/// The colour of the top seed in round 1, drawn by lot (C.04.3 E5), seeded
/// by the tournament so that the draw can be repeated.
pub fn initial_colour(tournament: i64) -> Colour {
    if StdRng::seed_from_u64(tournament as u64).random_bool(0.5) {
        Colour::White
    } else {
        Colour::Black
    }
}

fn round_line(t: &Tournament, round: u32, rounds: u32) -> String {
    format!(
        "This is a game of tournament {}, round {round} of {rounds} (Swiss).",
        t.name
    )
}

impl Referee {
    /// Starts a Swiss: the entrants get their pairing numbers by rating in
    /// the game's list (new players last), then by order of entry, and
    /// round 1 is paired. Returns its start notices; the bye's mail is
    /// queued with them by the mail room.
    pub(super) async fn start_swiss(
        &self,
        conn: &mut Tx,
        t: Tournament,
        rounds: u32,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let entrants = tournaments::entrants(conn, t.id).await?;
        if entrants.len() < MIN_PLAYERS {
            return Err(TournamentError::TooFew {
                name: t.name,
                count: entrants.len(),
            }
            .into());
        }
        if entrants.len() > MAX_PLAYERS {
            return Err(TournamentError::TooMany {
                name: t.name,
                count: entrants.len(),
            }
            .into());
        }
        let order = seeding(conn, &t.game, &entrants).await?;
        for (rank, &i) in order.iter().enumerate() {
            tournaments::place(conn, t.id, &entrants[i].address, 1, rank as i64 + 1).await?;
        }
        tournaments::set_status(conn, t.id, "started").await?;
        let notices = self
            .pair_swiss_round(conn, &t, rounds, false, source)
            .await?;
        tracing::info!(tournament = %t.name, games = notices.len() / 2, source, "Swiss started");
        Ok(notices)
    }

    /// Pairs a Swiss's next round: late entrants take the next pairing
    /// numbers, withdrawn players are left out, the games are created and
    /// the bye recorded. With `later`, the start mails are left for
    /// [`Referee::swiss_announcements`]; else their notices are returned.
    /// A round no pairing can make (every pair left has met, or only
    /// players who had the bye could have it) ends the tournament; the mail
    /// room then mails every entrant why, with the final standings.
    async fn pair_swiss_round(
        &self,
        conn: &mut Tx,
        t: &Tournament,
        rounds: u32,
        later: bool,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let mut entrants = tournaments::entrants(conn, t.id).await?;
        let stored = tournaments::games(conn, t.id).await?;
        let byes = swiss_store::byes(conn, t.id).await?;
        let paired = paired_rounds(&stored, &byes);
        let round = paired + 1;
        let mut next = entrants.iter().filter_map(|e| e.number).max().unwrap_or(0);
        for e in entrants
            .iter_mut()
            .filter(|e| e.number.is_none() && !e.withdrawn)
        {
            next += 1;
            tournaments::place(conn, t.id, &e.address, 1, next).await?;
            e.section = Some(1);
            e.number = Some(next);
        }
        let numbers: Vec<u32> = entrants
            .iter()
            .filter(|e| !e.withdrawn)
            .filter_map(|e| e.number)
            .map(|n| n as u32)
            .collect();
        let players = swiss::history(&numbers, &counted(&stored), &pure_byes(&byes), paired);
        let Some(pairing) = swiss::pair_round(&players, round, rounds, initial_colour(t.id)) else {
            tracing::warn!(tournament = %t.name, round, "no pairing is possible: the tournament ends");
            tournaments::set_status(conn, t.id, "finished").await?;
            swiss_store::add_unpairable(conn, t.id, round as i64).await?;
            return Ok(Vec::new());
        };
        let address = |n: u32| -> String {
            entrants
                .iter()
                .find(|e| e.number == Some(n as i64))
                .map(|e| e.address.clone())
                .expect("every paired number is an entrant's")
        };
        let settings = tournament_settings::get(conn, t.id).await?;
        let mut notices = Vec::new();
        for board in &pairing.boards {
            let (white, black) = (address(board.white), address(board.black));
            let (id, start) = self
                .create_tournament_game(conn, t, &settings, &white, &black, source)
                .await?;
            if !t.rated {
                ratings::set_unrated(conn, id).await?;
            }
            let row = TournamentGame {
                section: 1,
                round: round as i64,
                white: board.white as i64,
                black: board.black as i64,
                game_id: id,
                result: None,
            };
            tournaments::add_game(conn, t.id, &row).await?;
            if later {
                swiss_store::add_unannounced(conn, id).await?;
            } else {
                notices.extend(start.into_iter().map(|mut n| {
                    n.events.push(round_line(t, round, rounds));
                    n
                }));
            }
        }
        if let Some(n) = pairing.bye {
            swiss_store::add_bye(conn, t.id, round as i64, n as i64).await?;
        }
        tracing::info!(tournament = %t.name, round, boards = pairing.boards.len(), "Swiss round paired");
        Ok(notices)
    }

    /// Every game of tournament `tid` has ended: a Swiss pairs its next
    /// round, or finishes after its last. False for a round robin (which
    /// the caller finishes).
    pub(super) async fn swiss_round_ended(
        &self,
        conn: &mut Tx,
        tid: i64,
    ) -> Result<bool, RefereeError> {
        let Some(t) = tournaments::get(conn, tid).await? else {
            return Ok(false);
        };
        let Ok(Format::Swiss { rounds }) = t.format.parse() else {
            return Ok(false);
        };
        let stored = tournaments::games(conn, tid).await?;
        let byes = swiss_store::byes(conn, tid).await?;
        if paired_rounds(&stored, &byes) >= rounds {
            tournaments::set_status(conn, tid, "finished").await?;
        } else {
            // In the transaction of the game that ended the round.
            self.pair_swiss_round(conn, &t, rounds, true, "the round's end")
                .await?;
        }
        Ok(true)
    }

    /// Whether `t` takes a late entry now: a Swiss that has started and
    /// has not paired its last round. Returns the round the entrant would
    /// start in.
    pub(super) async fn swiss_late_entry(
        &self,
        conn: &mut Tx,
        t: &Tournament,
    ) -> Result<Option<u32>, RefereeError> {
        let Ok(Format::Swiss { rounds }) = t.format.parse() else {
            return Ok(None);
        };
        if t.status != "started" {
            return Ok(None);
        }
        let stored = tournaments::games(conn, t.id).await?;
        let byes = swiss_store::byes(conn, t.id).await?;
        let paired = paired_rounds(&stored, &byes);
        let count = tournaments::entrants(conn, t.id).await?.len();
        Ok((paired < rounds && count < MAX_PLAYERS).then_some(paired + 1))
    }

    /// The mails of Swiss rounds paired since the last call (inside the
    /// transaction of the game that ended a round): each new game's start
    /// notices, the bye's mail, and, for a Swiss that ended because its
    /// next round had no legal pairing, a mail to every entrant still in it
    /// saying so, with the final standings. The mail room queues them in
    /// the same transaction.
    pub async fn swiss_announcements(
        &self,
        conn: &mut Tx,
    ) -> Result<(Vec<Notice>, Vec<SwissMail>), RefereeError> {
        let mut notices = Vec::new();
        for id in swiss_store::take_unannounced(conn).await? {
            let Some(tid) = tournaments::of_game(conn, id).await? else {
                continue;
            };
            let Some(t) = tournaments::get(conn, tid).await? else {
                continue;
            };
            let rounds = match t.format.parse() {
                Ok(Format::Swiss { rounds }) => rounds,
                _ => 0,
            };
            let round = tournaments::games(conn, tid)
                .await?
                .iter()
                .find(|g| g.game_id == id)
                .map_or(0, |g| g.round as u32);
            let loaded = self.load(conn, id).await?;
            let line = round_line(&t, round, rounds);
            let built = Seat::BOTH
                .iter()
                .map(|&seat| {
                    let mut n = Notice::build(&loaded, seat, NoticeKind::Started, Vec::new());
                    n.events.push(line.clone());
                    n
                })
                .collect();
            notices.extend(self.with_deadlines(conn, &loaded, built).await?);
        }
        let mut mails = Vec::new();
        for bye in swiss_store::take_unannounced_byes(conn).await? {
            let Some(t) = tournaments::get(conn, bye.tournament_id).await? else {
                continue;
            };
            let entrants: Vec<Entrant> = tournaments::entrants(conn, t.id).await?;
            let Some(e) = entrants.iter().find(|e| e.number == Some(bye.number)) else {
                continue;
            };
            mails.push(SwissMail {
                address: e.address.clone(),
                subject: format!("Tournament {}: round {} bye", t.name, bye.round),
                text: format!(
                    "Tournament {} ({}), round {}: you have the bye, as the Swiss system gives it \
                     to the lowest ranked player of the lowest score who has not had one. You \
                     have no game this round and score 1 point, as for a win. You will get a mail \
                     for your game of the next round when this round ends. Write `standings {}` \
                     for the standings.\n",
                    t.name, t.format, bye.round, t.name
                ),
            });
        }
        for (tid, round) in swiss_store::take_unpairable(conn).await? {
            let Some(t) = tournaments::get(conn, tid).await? else {
                continue;
            };
            mails.extend(self.unpairable_mails(conn, &t, round as u32).await?);
        }
        Ok((notices, mails))
    }

    /// The mails telling each entrant still in `t` that it ended because
    /// `round` had no legal pairing, with the final standings.
    async fn unpairable_mails(
        &self,
        conn: &mut Tx,
        t: &Tournament,
        round: u32,
    ) -> Result<Vec<SwissMail>, RefereeError> {
        let standings = self.standings_text(conn, &t.name).await?;
        let text = format!(
            "Tournament {} ({}) has ended after round {}: round {round} has no pairing the \
             Swiss system allows, since every way of pairing the players left would have two \
             of them meet a second time, or give the bye to a player who has had one. The \
             standings after round {} are final.\n\n{standings}",
            t.name,
            t.format,
            round - 1,
            round - 1,
        );
        let entrants = tournaments::entrants(conn, t.id).await?;
        Ok(entrants
            .iter()
            .filter(|e| !e.withdrawn)
            .map(|e| SwissMail {
                address: e.address.clone(),
                subject: format!("Tournament {}: ended after round {}", t.name, round - 1),
                text: text.clone(),
            })
            .collect())
    }
}
