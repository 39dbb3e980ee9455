//! Glicko-2 ratings: one list per game (a Bluff Chess rating is not a chess
//! rating), for players and for the computer at each of its levels.
//!
//! The formulas are the `skillratings` crate's, checked against the worked
//! example of Glickman's paper ("Example of the Glicko-2 system", 2013). This
//! module only says how the referee uses them:
//!
//! - A rated game is rated when it ends, as a rating period of one game for
//!   each side, against the opponent's rating from before the game (so both
//!   sides are rated from the same two ratings, whatever order they are
//!   stored in).
//! - Before that, a side's deviation grows for every whole rating period
//!   ([`PERIOD_DAYS`]) it went without a rated game, as the paper's step 6
//!   says for a player who does not compete in a period, up to the deviation
//!   of a new player ([`NEW_DEVIATION`]).
//! - Nothing here reads a clock or a store: the caller gives the days.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2_rating_period};

/// The length of a rating period, in days. Correspondence games last weeks:
/// a month between games is an ordinary pause, a year a long one.
pub const PERIOD_DAYS: i64 = 30;

/// A new player's rating, deviation and volatility (the paper's defaults).
pub const NEW_RATING: f64 = 1500.0;
pub const NEW_DEVIATION: f64 = 350.0;
pub const NEW_VOLATILITY: f64 = 0.06;

/// The system constant τ: the paper suggests 0.3 to 1.2; the crate's 0.5.
pub const TAU: f64 = 0.5;

/// One side's rating in one game's list.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: NEW_RATING,
            deviation: NEW_DEVIATION,
            volatility: NEW_VOLATILITY,
        }
    }
}

impl Rating {
    /// The rating as shown: rounded to a whole number.
    pub fn shown(&self) -> i64 {
        self.rating.round() as i64
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }

    /// This rating after `periods` whole rating periods without a game: the
    /// deviation grows each period (the paper's step 6), up to a new
    /// player's; the rating and volatility stay.
    pub fn after_idle(self, periods: u32) -> Rating {
        let mut g = self.glicko();
        for _ in 0..periods {
            g = decay_deviation(&g);
            if g.deviation >= NEW_DEVIATION {
                break;
            }
        }
        Rating::from_glicko(g)
    }

    /// This rating after one rating period with these games (the opponent's
    /// rating, and this side's score: 1, ½ or 0). No games: the idle step.
    pub fn after_period(self, games: &[(Rating, Score)]) -> Rating {
        let results: Vec<(Glicko2Rating, Outcomes)> = games
            .iter()
            .map(|(opponent, score)| (opponent.glicko(), score.outcome()))
            .collect();
        let config = Glicko2Config {
            tau: TAU,
            ..Glicko2Config::new()
        };
        Rating::from_glicko(glicko2_rating_period(&self.glicko(), &results, &config))
    }
}

/// One side's score in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }

    /// The other side's score.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// Whole rating periods between two days (days since any fixed day); none
/// when `to` is not later.
pub fn idle_periods(from_day: i64, to_day: i64) -> u32 {
    u32::try_from((to_day - from_day).max(0) / PERIOD_DAYS).unwrap_or(u32::MAX)
}

/// A side's standing before a rated game: its rating and the day of its last
/// rated game in this list (none for a new side).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Standing {
    pub rating: Rating,
    pub last_day: Option<i64>,
}

/// Both sides' ratings after one rated game ending on `day`, `first` scoring
/// `score`: each side first ages by its idle periods, then is rated against
/// the other's aged rating.
pub fn rate_game(first: Standing, second: Standing, score: Score, day: i64) -> (Rating, Rating) {
    let aged = |s: Standing| match s.last_day {
        Some(last) => s.rating.after_idle(idle_periods(last, day)),
        None => s.rating,
    };
    let (a, b) = (aged(first), aged(second));
    (
        a.after_period(&[(b, score)]),
        b.after_period(&[(a, score.reversed())]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: NEW_VOLATILITY,
        }
    }

    /// Glickman's worked example (glicko2.pdf, section "Example"): a player
    /// at 1500/200 beats 1400/30 and loses to 1550/100 and 1700/300 in one
    /// period, and stands at 1464.06 with deviation 151.52 and volatility
    /// 0.05999. The paper rounds its intermediate values to four places
    /// (μ' = −0.2069); unrounded, the rating is 1464.05, so the rating is
    /// checked to within a hundredth and a half.
    #[test]
    fn the_papers_worked_example() {
        let after = r(1500.0, 200.0).after_period(&[
            (r(1400.0, 30.0), Score::Win),
            (r(1550.0, 100.0), Score::Loss),
            (r(1700.0, 300.0), Score::Loss),
        ]);
        assert!((after.rating - 1464.06).abs() < 0.015, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.005, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    /// The paper's step 6 for a side without games: φ* = √(φ² + σ²), on the
    /// Glicko-2 scale (173.7178 points a unit), worked by hand here.
    #[test]
    fn an_idle_period_grows_the_deviation_as_the_paper_says() {
        let start = r(1500.0, 200.0);
        let phi = 200.0 / 173.7178;
        let by_hand = (phi * phi + 0.06f64 * 0.06).sqrt() * 173.7178;
        let after = start.after_idle(1);
        assert!((after.deviation - by_hand).abs() < 1e-9);
        assert_eq!(after.rating, 1500.0);
        assert_eq!(start.after_period(&[]), after);
        let two = start.after_idle(2).deviation;
        assert!(two > after.deviation);
        // Never past a new player's deviation, however long the pause.
        assert_eq!(r(1800.0, 340.0).after_idle(1000).deviation, NEW_DEVIATION);
    }

    #[test]
    fn idle_periods_count_whole_periods_only() {
        assert_eq!(idle_periods(0, 29), 0);
        assert_eq!(idle_periods(0, 30), 1);
        assert_eq!(idle_periods(10, 100), 3);
        assert_eq!(idle_periods(100, 10), 0);
    }

    #[test]
    fn a_rated_game_moves_both_sides_by_their_deviations() {
        let new = Standing {
            rating: Rating::default(),
            last_day: None,
        };
        let (w, l) = rate_game(new, new, Score::Win, 0);
        assert!(w.rating > 1500.0 && l.rating < 1500.0);
        assert!((w.rating - 1500.0 - (1500.0 - l.rating)).abs() < 1e-9);
        let (d1, d2) = rate_game(new, new, Score::Draw, 0);
        assert!((d1.rating - 1500.0).abs() < 1e-9 && (d2.rating - 1500.0).abs() < 1e-9);
        assert!(d1.deviation < NEW_DEVIATION);
    }

    /// A year away makes the next game count for more.
    #[test]
    fn a_long_pause_makes_the_next_game_count_for_more() {
        let settled = Standing {
            rating: r(1600.0, 60.0),
            last_day: Some(0),
        };
        let opponent = Standing {
            rating: r(1600.0, 60.0),
            last_day: Some(365),
        };
        let (soon, _) = rate_game(settled, opponent, Score::Win, 10);
        let (late, _) = rate_game(settled, opponent, Score::Win, 365);
        assert!(late.rating - 1600.0 > soon.rating - 1600.0);
    }

    /// A set of games rated one by one equals the crate's own sums, step by
    /// step (the crate's `glicko2` for one game is the one-game period).
    #[test]
    fn a_set_of_games_equals_the_crates_own_ratings() {
        use skillratings::glicko2::glicko2;
        let cfg = Glicko2Config::new();
        let mut ours = [Rating::default(); 3];
        let mut theirs = [Glicko2Rating::new(); 3];
        let games = [
            (0, 1, Score::Win),
            (1, 2, Score::Draw),
            (2, 0, Score::Win),
            (0, 1, Score::Loss),
        ];
        for (a, b, score) in games {
            let (na, nb) = rate_game(
                Standing {
                    rating: ours[a],
                    last_day: Some(0),
                },
                Standing {
                    rating: ours[b],
                    last_day: Some(0),
                },
                score,
                0,
            );
            ours[a] = na;
            ours[b] = nb;
            let (ta, tb) = glicko2(&theirs[a], &theirs[b], &score.outcome(), &cfg);
            theirs[a] = ta;
            theirs[b] = tb;
        }
        for (o, t) in ours.iter().zip(theirs) {
            assert!((o.rating - t.rating).abs() < 1e-9);
            assert!((o.deviation - t.deviation).abs() < 1e-9);
        }
    }
}
