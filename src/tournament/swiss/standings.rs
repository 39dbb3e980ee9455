//! A Swiss's standings: points (a pairing-allocated bye scores a win's
//! point), then FIDE C.07's tiebreaks for a Swiss in this order: Buchholz
//! Cut 1, Buchholz, Sonneborn-Berger. Players equal on all four share a
//! place.
//!
//! - Buchholz: the sum of the points of each round's opponent. A round
//!   without a game played over the board (a bye, a forfeit, a round
//!   before a late entry) counts as an opponent with the player's own
//!   points (a "virtual opponent", so that a bye neither helps nor hurts).
//! - Buchholz Cut 1: the same without the lowest of those.
//! - Sonneborn-Berger: for each game, the opponent's points times the
//!   player's score in it; a bye counts nothing.

use std::cmp::Reverse;

use super::Bye;
use super::history::played_over_the_board;
use crate::tournament::Game;
use crate::tournament::standings::{Berger, Points, opponent, score};

/// One player's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The pairing number.
    pub player: u32,
    pub place: u32,
    pub points: Points,
    pub buchholz_cut1: Points,
    pub buchholz: Points,
    pub sonneborn_berger: Berger,
}

/// The names of the tiebreaks, in the order they apply.
pub const TIEBREAKS: [&str; 3] = ["Buchholz Cut 1", "Buchholz", "Sonneborn-Berger"];

/// The points of `player` after `games` and `byes`, in half points.
pub fn points(player: u32, games: &[Game], byes: &[Bye]) -> u32 {
    let won: u32 = games.iter().filter_map(|g| score(g, player)).sum();
    won + super::BYE_POINTS * byes.iter().filter(|b| b.player == player).count() as u32
}

/// The standings of the players numbered `1..=players` after `rounds`
/// rounds, best first.
pub fn standings(players: u32, games: &[Game], byes: &[Bye], rounds: u32) -> Vec<Row> {
    let total: Vec<u32> = (1..=players).map(|p| points(p, games, byes)).collect();
    let pts = |p: u32| total[p as usize - 1];
    let mut rows: Vec<Row> = (1..=players)
        .map(|p| {
            let opponents: Vec<u32> = (1..=rounds)
                .map(|round| {
                    games
                        .iter()
                        .find(|g| g.round == round && (g.white == p || g.black == p))
                        .filter(|g| g.result.is_none() || played_over_the_board(g))
                        .map_or(pts(p), |g| pts(opponent(g, p)))
                })
                .collect();
            let buchholz: u32 = opponents.iter().sum();
            let cut = opponents.iter().min().copied().unwrap_or(0);
            let sb = games
                .iter()
                .filter_map(|g| Some(score(g, p)? * pts(opponent(g, p))))
                .sum();
            Row {
                player: p,
                place: 0,
                points: Points(pts(p)),
                buchholz_cut1: Points(buchholz - cut),
                buchholz: Points(buchholz),
                sonneborn_berger: Berger(sb),
            }
        })
        .collect();
    let key = |r: &Row| Reverse((r.points, r.buchholz_cut1, r.buchholz, r.sonneborn_berger));
    rows.sort_by_key(|r| (key(r), r.player));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    rows
}

/// `player`'s mark for `round`: the opponent's number, the colour and the
/// result (`12w1`, `3b½`, `7w*` not finished, `5b+` / `5b-` forfeits),
/// `bye` for a pairing-allocated bye, `-` for a round without a pairing.
pub fn mark(games: &[Game], byes: &[Bye], player: u32, round: u32) -> String {
    if byes.iter().any(|b| b.round == round && b.player == player) {
        return "bye".to_string();
    }
    let Some(g) = games
        .iter()
        .find(|g| g.round == round && (g.white == player || g.black == player))
    else {
        return "-".to_string();
    };
    let colour = if g.white == player { 'w' } else { 'b' };
    let result = match (
        score(g, player),
        g.result.is_some() && !played_over_the_board(g),
    ) {
        (None, _) => "*",
        (Some(2), true) => "+",
        (Some(_), true) => "-",
        (Some(2), false) => "1",
        (Some(1), false) => "½",
        (Some(_), false) => "0",
    };
    format!("{}{colour}{result}", opponent(g, player))
}

/// The standings as plain text, for a mail: place, number, name, one
/// column a round, points and the tiebreaks, each named.
pub fn text(names: &[String], games: &[Game], byes: &[Bye], rounds: u32) -> String {
    let rows = standings(names.len() as u32, games, byes, rounds);
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!("{:>3}  {:>3}  {:<width$}", "", "No", "Name");
    for r in 1..=rounds {
        out += &format!(" {:>5}", format!("R{r}"));
    }
    out += "  Pts  BH-1  BH    SB\n";
    for row in &rows {
        let name = &names[row.player as usize - 1];
        out += &format!("{:>3}. {:>3}  {:<width$}", row.place, row.player, name);
        for r in 1..=rounds {
            out += &format!(" {:>5}", mark(games, byes, row.player, r));
        }
        out += &format!(
            "  {:<4} {:<5} {:<5} {}\n",
            row.points.to_string(),
            row.buchholz_cut1.to_string(),
            row.buchholz.to_string(),
            row.sonneborn_berger
        );
    }
    out += &format!(
        "Ties are broken by {}, then {}, then {}. A bye scores 1 point.\n",
        TIEBREAKS[0], TIEBREAKS[1], TIEBREAKS[2]
    );
    out
}
