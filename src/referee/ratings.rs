//! Ratings when a game ends: one Glicko-2 list per game (see
//! [`crate::rating`]), for players and for the computer at each level.
//! A game is rated unless it was marked `rated=no` (or its tournament is
//! unrated), it was aborted, or it was lost by forfeit (a withdrawal).

use chrono::Utc;

use super::{LoadedGame, Referee, RefereeError};
use crate::games::GameInfo;
use crate::rating::{Rating, Score, Standing, rate_game};
use crate::rules::{GameResult, Seat};
use crate::store::Tx;
use crate::store::ratings::{self, Change, RatingRow};

/// Today, as the rating periods count days: since 1970-01-01.
pub fn today() -> i64 {
    Utc::now().timestamp().div_euclid(86_400)
}

impl Referee {
    /// Who holds `seat` in a game's rating list: the player's address, or
    /// the computer at its level (`computer:2`).
    fn rated_name(game: &LoadedGame, seat: Seat) -> String {
        match game.computer {
            Some(c) if c.seat == seat => format!("computer:{}", c.level.number()),
            _ => game.address(seat).to_string(),
        }
    }

    /// Rates a game that has just ended, if it is rated: both lines of its
    /// game's list move, and the change is kept for the end mail.
    pub(super) async fn rate_ended_game(
        &self,
        conn: &mut Tx,
        game: &LoadedGame,
        forfeit: bool,
    ) -> Result<(), RefereeError> {
        let id = game.id();
        let Some(outcome) = game.status().outcome().cloned() else {
            return Ok(());
        };
        let score = match outcome.result {
            GameResult::Win(Seat::White) => Score::Win,
            GameResult::Win(Seat::Black) => Score::Loss,
            GameResult::Draw => Score::Draw,
            GameResult::Aborted => return Ok(()),
        };
        if forfeit || !ratings::is_rated(conn, id).await? {
            return Ok(());
        }
        let list = game.info.name;
        let day = today();
        let names = [
            Self::rated_name(game, Seat::White),
            Self::rated_name(game, Seat::Black),
        ];
        let mut rows = Vec::new();
        for name in &names {
            rows.push(ratings::get(conn, list, name).await?);
        }
        let before: Vec<Standing> = rows
            .iter()
            .map(|row| match row {
                Some(r) => Standing {
                    rating: Rating {
                        rating: r.rating,
                        deviation: r.deviation,
                        volatility: r.volatility,
                    },
                    last_day: Some(r.last_day),
                },
                None => Standing {
                    rating: Rating::default(),
                    last_day: None,
                },
            })
            .collect();
        let (white, black) = rate_game(before[0], before[1], score, day);
        for ((name, after), row) in names.iter().zip([white, black]).zip(&rows) {
            let line = RatingRow {
                player: name.clone(),
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                games: row.as_ref().map_or(0, |r| r.games) + 1,
                last_day: day,
            };
            ratings::set(conn, list, &line).await?;
        }
        let change = Change {
            white: (before[0].rating.rating, white.rating),
            black: (before[1].rating.rating, black.rating),
        };
        ratings::record_change(conn, id, change).await?;
        Ok(())
    }

    /// The end mail's rating line of a finished, rated game: each side's
    /// new rating and the change.
    pub(super) async fn rating_line(
        &self,
        conn: &mut Tx,
        game: &LoadedGame,
    ) -> Result<Option<String>, RefereeError> {
        if !game.status().is_finished() {
            return Ok(None);
        }
        let Some(change) = ratings::change(conn, game.id()).await? else {
            return Ok(None);
        };
        let side = |seat: Seat, (before, after): (f64, f64)| {
            let shown = |r: f64| r.round() as i64;
            let delta = shown(after) - shown(before);
            format!(
                "{} {} {} ({delta:+})",
                seat,
                Self::rated_name(game, seat),
                shown(after)
            )
        };
        Ok(Some(format!(
            "Ratings ({}): {}; {}.",
            game.info.title,
            side(Seat::White, change.white),
            side(Seat::Black, change.black)
        )))
    }

    /// A game's rating list as text (`ratings GAME`), or every game's.
    pub async fn ratings_text(
        &self,
        conn: &mut Tx,
        game: Option<&str>,
    ) -> Result<String, RefereeError> {
        let lists = match game {
            Some(name) => {
                let info = GameInfo::find(name).ok_or_else(|| RefereeError::UnknownGame {
                    name: name.to_string(),
                })?;
                vec![info.name.to_string()]
            }
            None => ratings::games(conn).await?,
        };
        let names = self.public_names(conn).await?;
        let mut text = String::new();
        if lists.is_empty() {
            text.push_str("No game has been rated yet.\n");
        }
        for list in lists {
            let title = GameInfo::find(&list).map_or(list.as_str(), |i| i.title);
            text.push_str(&format!(
                "Ratings, {title} (Glicko-2: rating, deviation, games)\n"
            ));
            let rows = ratings::list(conn, &list).await?;
            if rows.is_empty() {
                text.push_str("  No rated games yet.\n");
            }
            for (i, row) in rows.iter().enumerate() {
                text.push_str(&format!(
                    "{:>4}. {:<32} {:>5} {:>4} {:>4}\n",
                    i + 1,
                    names.of(&row.player),
                    row.rating.round() as i64,
                    row.deviation.round() as i64,
                    row.games
                ));
            }
            text.push('\n');
        }
        Ok(text)
    }
}
