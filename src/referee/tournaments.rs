//! Tournaments as the referee runs them: entries, the start (sections,
//! starting numbers drawn by lot, every game created at once as an ordinary
//! game), results read as games end, withdrawals, and the standings. The
//! pairings and tiebreaks are [`crate::tournament`]'s.

use super::tournament_spec::{MIN_PLAYERS, TournamentError, TournamentSpec, check_name};
use super::{LoadedGame, Notice, Referee, RefereeError, Source};
use crate::games::GameInfo;
use crate::rules::{GameResult, Seat};
use crate::store::Tx;
use crate::store::ratings;
use crate::store::tournaments::{self, Entrant, NewTournament, Tournament, TournamentGame};
use crate::tournament::{self, Format, Game, standings};

/// The answer to a withdrawal: the words, and the notices of the games it
/// forfeited.
pub struct Left {
    pub words: String,
    pub notices: Vec<Notice>,
}

impl Referee {
    /// Announces a tournament, open for entries.
    pub async fn new_tournament(
        &self,
        conn: &mut Tx,
        spec: TournamentSpec<'_>,
    ) -> Result<i64, RefereeError> {
        check_name(spec.name)?;
        let info = GameInfo::find(spec.game).ok_or_else(|| RefereeError::UnknownGame {
            name: spec.game.to_string(),
        })?;
        // The options are the game's to judge, now rather than at the start.
        super::Match::new(info, spec.options, [0; 32])?;
        let format = spec.format.to_string();
        let new = NewTournament {
            name: spec.name,
            game: info.name,
            options: spec.options,
            format: &format,
            rated: spec.rated,
        };
        let id = tournaments::insert(conn, new)
            .await?
            .ok_or_else(|| TournamentError::Taken(spec.name.to_string()))?;
        Ok(id)
    }

    pub(super) async fn tournament(
        &self,
        conn: &mut Tx,
        name: &str,
    ) -> Result<Tournament, RefereeError> {
        Ok(tournaments::by_name(conn, name)
            .await?
            .ok_or_else(|| TournamentError::Unknown(name.to_string()))?)
    }

    /// `join T`: an entry, before the start.
    pub async fn join_tournament(
        &self,
        conn: &mut Tx,
        name: &str,
        address: &str,
    ) -> Result<String, RefereeError> {
        let t = self.tournament(conn, name).await?;
        let address = self.entrant_name(conn, &t, address).await?;
        let late = self.swiss_late_entry(conn, &t).await?;
        if t.status != "open" && late.is_none() {
            return Err(TournamentError::Started(t.name).into());
        }
        self.check_computer_entry(conn, &t, &address).await?;
        if !tournaments::join(conn, t.id, &address).await? {
            return Err(TournamentError::AlreadyIn(t.name).into());
        }
        if let Some(round) = late {
            return Ok(format!(
                "You have joined tournament {} ({}, {}) late: you are paired from round {round} \
                 on, with no points for the rounds before it. Write `leave {}` to withdraw.\n",
                t.name,
                title(&t.game),
                t.format,
                t.name
            ));
        }
        let count = tournaments::entrants(conn, t.id).await?.len();
        Ok(format!(
            "You have joined tournament {} ({}, {}). It has {count} entrants so far; you will get \
             a mail for each of your games when it starts. Write `leave {}` to withdraw.\n",
            t.name,
            title(&t.game),
            t.format,
            t.name
        ))
    }

    /// `leave T`: before the start, the entry is taken back; after it, the
    /// player withdraws and every game of theirs not yet finished is lost
    /// by forfeit (ICCF's rule; finished games stand).
    pub async fn leave_tournament(
        &self,
        conn: &mut Tx,
        name: &str,
        address: &str,
        source: Source<'_>,
    ) -> Result<Left, RefereeError> {
        let t = self.tournament(conn, name).await?;
        let address = self.entrant_name(conn, &t, address).await?;
        if t.status == "open" {
            if !tournaments::leave(conn, t.id, &address).await? {
                return Err(TournamentError::NotIn(t.name).into());
            }
            return Ok(Left {
                words: format!("You have left tournament {}.\n", t.name),
                notices: Vec::new(),
            });
        }
        let entrants = tournaments::entrants(conn, t.id).await?;
        let me = entrants
            .iter()
            .find(|e| e.address == address)
            .ok_or_else(|| TournamentError::NotIn(t.name.clone()))?;
        if me.withdrawn {
            return Err(TournamentError::AlreadyWithdrawn(t.name).into());
        }
        tournaments::withdraw(conn, t.id, &address).await?;
        let mut notices = Vec::new();
        let mut forfeited = 0;
        for g in tournaments::games(conn, t.id).await? {
            if g.result.is_some() || Some(g.section) != me.section {
                continue;
            }
            let seat = if Some(g.white) == me.number {
                Seat::White
            } else if Some(g.black) == me.number {
                Seat::Black
            } else {
                continue;
            };
            let reason = format!("{seat} withdrew from tournament {}", t.name);
            notices.extend(
                self.adjudicate(
                    conn,
                    g.game_id,
                    GameResult::Win(seat.other()),
                    &reason,
                    source,
                )
                .await?,
            );
            forfeited += 1;
        }
        Ok(Left {
            words: format!(
                "You have withdrawn from tournament {}: your {forfeited} unfinished games are lost by \
                 forfeit; your finished games stand.\n",
                t.name
            ),
            notices,
        })
    }

    /// Starts a tournament: its entrants are seeded by their rating in the
    /// game's list (then by order of entry), dealt into sections, given
    /// starting numbers by lot, and every game of every section is created
    /// at once. Returns the start notices.
    pub async fn start_tournament(
        &self,
        conn: &mut Tx,
        name: &str,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let t = self.tournament(conn, name).await?;
        if t.status != "open" {
            return Err(TournamentError::Started(t.name).into());
        }
        let format: Format = t
            .format
            .parse()
            .map_err(|e: tournament::BadFormat| RefereeError::Position(e.to_string()))?;
        let (double, section) = match format {
            Format::RoundRobin { double, section } => (double, section),
            Format::Swiss { rounds } => return self.start_swiss(conn, t, rounds, source).await,
        };
        let settings = crate::store::tournament_settings::get(conn, t.id).await?;
        let mut entrants = tournaments::entrants(conn, t.id).await?;
        if entrants.len() < MIN_PLAYERS {
            return Err(TournamentError::TooFew {
                name: t.name,
                count: entrants.len(),
            }
            .into());
        }
        let order = seeding(conn, &t.game, &entrants).await?;
        let mut notices = Vec::new();
        for (s, members) in tournament::sections(order.len(), section)
            .into_iter()
            .enumerate()
        {
            let section_no = s as i64 + 1;
            let mut players: Vec<usize> = members.into_iter().map(|i| order[i]).collect();
            tournament::draw_lots(&mut players, (t.id as u64) << 16 | section_no as u64);
            for (n, &p) in players.iter().enumerate() {
                entrants[p].section = Some(section_no);
                entrants[p].number = Some(n as i64 + 1);
                tournaments::place(conn, t.id, &entrants[p].address, section_no, n as i64 + 1)
                    .await?;
            }
            for game in tournament::round_robin_games(players.len() as u32, double) {
                let white = &entrants[players[game.white as usize - 1]].address;
                let black = &entrants[players[game.black as usize - 1]].address;
                let (id, start) = self
                    .create_tournament_game(conn, &t, &settings, white, black, source)
                    .await?;
                if !t.rated {
                    ratings::set_unrated(conn, id).await?;
                }
                let row = TournamentGame {
                    section: section_no,
                    round: game.round as i64,
                    white: game.white as i64,
                    black: game.black as i64,
                    game_id: id,
                    result: None,
                };
                tournaments::add_game(conn, t.id, &row).await?;
                notices.extend(start.into_iter().map(|mut n| {
                    n.events.push(format!(
                        "This is a game of tournament {}, section {section_no}, round {}.",
                        t.name, game.round
                    ));
                    n
                }));
            }
        }
        tournaments::set_status(conn, t.id, "started").await?;
        tracing::info!(tournament = %t.name, games = notices.len() / 2, source, "tournament started");
        Ok(notices)
    }

    /// Reads the result of a game that has just ended into its tournament,
    /// if it has one, and rates it. A game against a withdrawn player is
    /// a forfeit: it counts in the standings but is not rated. An aborted
    /// game is lost by forfeit by the one who aborted it.
    pub(super) async fn game_ended(
        &self,
        conn: &mut Tx,
        game: &LoadedGame,
    ) -> Result<(), RefereeError> {
        let Some(outcome) = game.status().outcome().cloned() else {
            return Ok(());
        };
        let mut forfeit = false;
        if let Some(tid) = tournaments::of_game(conn, game.id()).await? {
            let withdrawn: Vec<String> = tournaments::entrants(conn, tid)
                .await?
                .into_iter()
                .filter(|e| e.withdrawn)
                .map(|e| self.seat_address(&e.address).to_string())
                .collect();
            let out = |seat: Seat| withdrawn.iter().any(|a| a == game.address(seat));
            let result = match (outcome.result, out(Seat::White), out(Seat::Black)) {
                (_, true, true) => tournament::GameResult::DoubleForfeit,
                (_, true, false) => tournament::GameResult::WhiteForfeits,
                (_, false, true) => tournament::GameResult::BlackForfeits,
                (GameResult::Win(Seat::White), ..) => tournament::GameResult::WhiteWins,
                (GameResult::Win(Seat::Black), ..) => tournament::GameResult::BlackWins,
                (GameResult::Draw, ..) => tournament::GameResult::Draw,
                (GameResult::Aborted, ..) => match outcome.reason {
                    crate::rules::Ending::Aborted(Seat::White) => {
                        tournament::GameResult::WhiteForfeits
                    }
                    _ => tournament::GameResult::BlackForfeits,
                },
            };
            forfeit = !matches!(
                result,
                tournament::GameResult::WhiteWins
                    | tournament::GameResult::Draw
                    | tournament::GameResult::BlackWins
            );
            tournaments::set_result(conn, game.id(), result.word()).await?;
            let games = tournaments::games(conn, tid).await?;
            if games.iter().all(|g| g.result.is_some())
                && !self.swiss_round_ended(conn, tid).await?
            {
                tournaments::set_status(conn, tid, "finished").await?;
            }
        }
        self.rate_ended_game(conn, game, forfeit).await
    }

    /// The tournament's line for a game's notices: which event it belongs
    /// to and how to read the standings.
    pub(super) async fn tournament_line(
        &self,
        conn: &mut Tx,
        game: &LoadedGame,
    ) -> Result<Option<String>, RefereeError> {
        if !game.status().is_finished() {
            return Ok(None);
        }
        let Some(tid) = tournaments::of_game(conn, game.id()).await? else {
            return Ok(None);
        };
        let Some(t) = tournaments::get(conn, tid).await? else {
            return Ok(None);
        };
        Ok(Some(format!(
            "This game counts in tournament {}: write `standings {}` for the crosstable.",
            t.name, t.name
        )))
    }

    /// A tournament's sections: the entrants by starting number and the
    /// games as the standings count them.
    pub async fn tournament_sections(
        &self,
        conn: &mut Tx,
        name: &str,
    ) -> Result<(Tournament, Vec<Section>), RefereeError> {
        let t = self.tournament(conn, name).await?;
        let entrants = tournaments::entrants(conn, t.id).await?;
        let games = tournaments::games(conn, t.id).await?;
        let count = entrants.iter().filter_map(|e| e.section).max().unwrap_or(0);
        let mut sections = Vec::new();
        for s in 1..=count {
            let mut players: Vec<Entrant> = entrants
                .iter()
                .filter(|e| e.section == Some(s))
                .cloned()
                .collect();
            players.sort_by_key(|e| e.number);
            let stored: Vec<TournamentGame> =
                games.iter().filter(|g| g.section == s).cloned().collect();
            let counted: Vec<Game> = stored
                .iter()
                .map(|g| Game {
                    round: g.round as u32,
                    white: g.white as u32,
                    black: g.black as u32,
                    result: g
                        .result
                        .as_deref()
                        .and_then(tournament::GameResult::from_word),
                })
                .collect();
            let swiss = match t.format.parse() {
                Ok(Format::Swiss { .. }) => {
                    let byes: Vec<tournament::swiss::Bye> = crate::store::swiss::byes(conn, t.id)
                        .await?
                        .iter()
                        .map(|b| tournament::swiss::Bye {
                            round: b.round as u32,
                            player: b.number as u32,
                        })
                        .collect();
                    let rounds = counted_rounds(&counted, &byes);
                    Some((byes, rounds))
                }
                _ => None,
            };
            sections.push(Section {
                number: s,
                players,
                games: counted,
                stored,
                swiss,
            });
        }
        Ok((t, sections))
    }

    /// `standings T`: each section's crosstable, points and tiebreaks.
    pub async fn standings_text(&self, conn: &mut Tx, name: &str) -> Result<String, RefereeError> {
        let (t, sections) = self.tournament_sections(conn, name).await?;
        let shown = self.public_names(conn).await?;
        let mut text = format!(
            "Tournament {} ({}, {}, {}; {}): {}.\n",
            t.name,
            title(&t.game),
            t.format,
            if t.rated { "rated" } else { "not rated" },
            self.settings_words(conn, &t).await?,
            t.status
        );
        if t.status == "open" {
            let entrants = tournaments::entrants(conn, t.id).await?;
            text.push_str(&format!(
                "It has not started; {} entrants so far:\n",
                entrants.len()
            ));
            for e in entrants {
                text.push_str(&format!("  {}\n", shown.of(&e.address)));
            }
            return Ok(text);
        }
        for s in sections {
            let names: Vec<String> = s
                .players
                .iter()
                .map(|e| {
                    if e.withdrawn {
                        format!("{} (withdrew)", shown.of(&e.address))
                    } else {
                        shown.of(&e.address)
                    }
                })
                .collect();
            if let Some((byes, rounds)) = &s.swiss {
                text.push('\n');
                text.push_str(&tournament::swiss::standings::text(
                    &names, &s.games, byes, *rounds,
                ));
                continue;
            }
            text.push_str(&format!("\nSection {}\n", s.number));
            text.push_str(&standings::text(&names, &s.games));
        }
        Ok(text)
    }

    /// The host's ruling on a tournament game: the game ends with that
    /// result, and the standings follow.
    pub async fn adjudicate_tournament_game(
        &self,
        conn: &mut Tx,
        name: &str,
        game: i64,
        result: GameResult,
        source: Source<'_>,
    ) -> Result<Vec<Notice>, RefereeError> {
        let t = self.tournament(conn, name).await?;
        if tournaments::of_game(conn, game).await? != Some(t.id) {
            return Err(TournamentError::NotItsGame { name: t.name, game }.into());
        }
        let reason = format!("adjudicated by the tournament's host ({})", t.name);
        self.adjudicate(conn, game, result, &reason, source).await
    }
}

/// The entrants' order of strength at the start: by their rating in the
/// game's list (the unrated last), then by order of entry. Indices into
/// `entrants`.
pub(super) async fn seeding(
    conn: &mut Tx,
    game: &str,
    entrants: &[Entrant],
) -> Result<Vec<usize>, RefereeError> {
    let mut seeds = Vec::with_capacity(entrants.len());
    for e in entrants {
        let rating = ratings::get(conn, game, &e.address)
            .await?
            .map_or(f64::MIN, |r| r.rating);
        seeds.push(rating);
    }
    let mut order: Vec<usize> = (0..entrants.len()).collect();
    order.sort_by(|&a, &b| {
        seeds[b]
            .total_cmp(&seeds[a])
            .then(entrants[a].joined.cmp(&entrants[b].joined))
    });
    Ok(order)
}

/// One section of a started tournament.
pub struct Section {
    pub number: i64,
    /// By starting number.
    pub players: Vec<Entrant>,
    /// The games as the standings count them.
    pub games: Vec<Game>,
    /// The games as stored (with each game's id).
    pub stored: Vec<TournamentGame>,
    /// A Swiss's byes and the rounds paired so far; `None` for a round
    /// robin section.
    pub swiss: Option<(Vec<tournament::swiss::Bye>, u32)>,
}

/// The rounds paired so far, from the games and byes.
fn counted_rounds(games: &[Game], byes: &[tournament::swiss::Bye]) -> u32 {
    let games = games.iter().map(|g| g.round);
    games.chain(byes.iter().map(|b| b.round)).max().unwrap_or(0)
}

fn title(game: &str) -> &str {
    GameInfo::find(game).map_or(game, |i| i.title)
}

impl Referee {
    /// `tournaments`: every tournament, its game, format and state.
    pub async fn tournaments_text(&self, conn: &mut Tx) -> Result<String, RefereeError> {
        let list = tournaments::list(conn).await?;
        let mut text = String::new();
        if list.is_empty() {
            text.push_str("There are no tournaments.\n");
        }
        for t in list {
            let count = tournaments::entrants(conn, t.id).await?.len();
            text.push_str(&format!(
                "{}: {}, {}, {}, {}, {count} entrants, {}{}\n",
                t.name,
                title(&t.game),
                t.format,
                if t.rated { "rated" } else { "not rated" },
                self.settings_words(conn, &t).await?,
                t.status,
                if t.status == "open" {
                    format!(" (write `join {}` to enter)", t.name)
                } else {
                    String::new()
                }
            ));
        }
        Ok(text)
    }
}
