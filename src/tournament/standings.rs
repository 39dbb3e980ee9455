//! Standings: points, then ICCF's tiebreaks in order: the number of wins,
//! the Sonneborn-Berger score, and the games between the players still
//! tied. Players equal on all four share a place.
//!
//! - Points: 1 a win, ½ a draw, 0 a loss; a game won by forfeit counts as
//!   a win, one lost by forfeit as a loss; unfinished games count nothing.
//! - Wins: the games scored 1, forfeits included (FIDE's "WIN").
//! - Sonneborn-Berger: for each game, the opponent's points times this
//!   player's score in it (a draw half the opponent's points).
//! - Between the tied: the points each scored in the games among the
//!   players still equal after the first three.

use std::fmt;

use super::{Game, GameResult};

/// Points in half points, so ½ is exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Points(pub u32);

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => write!(f, "½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

impl Points {
    /// As a decimal with one place: `4.5`, `3.0` (the TRF's way).
    pub fn decimal(self) -> String {
        format!("{}.{}", self.0 / 2, if self.0 % 2 == 1 { 5 } else { 0 })
    }
}

/// A Sonneborn-Berger score, in quarter points (half points times half
/// points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Berger(pub u32);

impl fmt::Display for Berger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 4, (self.0 % 4) * 25)
    }
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The starting number, from 1.
    pub player: u32,
    /// The place, from 1; players equal on every count share it.
    pub place: u32,
    pub points: Points,
    pub wins: u32,
    pub sonneborn_berger: Berger,
    /// Points in the games among the players tied on the three before.
    pub between: Points,
}

/// The names of the tiebreaks, in the order they apply.
pub const TIEBREAKS: [&str; 3] = ["wins", "Sonneborn-Berger", "games between the tied"];

/// `player`'s score in half points in a finished game, or `None` when the
/// game is not finished or `player` is not in it.
pub fn score(game: &Game, player: u32) -> Option<u32> {
    let white = match game.result? {
        GameResult::WhiteWins | GameResult::BlackForfeits => 2,
        GameResult::Draw => 1,
        GameResult::BlackWins | GameResult::WhiteForfeits | GameResult::DoubleForfeit => 0,
    };
    let black = match game.result? {
        GameResult::BlackWins | GameResult::WhiteForfeits => 2,
        GameResult::Draw => 1,
        GameResult::WhiteWins | GameResult::BlackForfeits | GameResult::DoubleForfeit => 0,
    };
    if game.white == player {
        Some(white)
    } else if game.black == player {
        Some(black)
    } else {
        None
    }
}

/// The other player in `game`.
pub fn opponent(game: &Game, player: u32) -> u32 {
    if game.white == player {
        game.black
    } else {
        game.white
    }
}

/// The standings of `players` (starting numbers `1..=players`) after
/// `games`, best first.
pub fn standings(players: u32, games: &[Game]) -> Vec<Row> {
    let points = |p: u32| Points(games.iter().filter_map(|g| score(g, p)).sum());
    let mut rows: Vec<Row> = (1..=players)
        .map(|p| {
            let mine = games.iter().filter(|g| g.white == p || g.black == p);
            let wins = mine.clone().filter(|g| score(g, p) == Some(2)).count() as u32;
            let sb = mine
                .filter_map(|g| Some(score(g, p)? * points(opponent(g, p)).0))
                .sum();
            Row {
                player: p,
                place: 0,
                points: points(p),
                wins,
                sonneborn_berger: Berger(sb),
                between: Points(0),
            }
        })
        .collect();
    let first_three = |r: &Row| (r.points, r.wins, r.sonneborn_berger);
    for i in 0..rows.len() {
        let tied: Vec<u32> = rows
            .iter()
            .filter(|o| first_three(o) == first_three(&rows[i]))
            .map(|o| o.player)
            .collect();
        if tied.len() > 1 {
            let p = rows[i].player;
            rows[i].between = Points(
                games
                    .iter()
                    .filter(|g| tied.contains(&opponent(g, p)))
                    .filter_map(|g| score(g, p))
                    .sum(),
            );
        }
    }
    let key = |r: &Row| (r.points, r.wins, r.sonneborn_berger, r.between);
    rows.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    for i in 0..rows.len() {
        rows[i].place = if i > 0 && key(&rows[i]) == key(&rows[i - 1]) {
            rows[i - 1].place
        } else {
            i as u32 + 1
        };
    }
    rows
}

/// One cell of a crosstable: `player`'s scores against `other`, one mark a
/// game in round order: `1`, `½`, `0`, `+` and `-` for forfeits, `*` for a
/// game not finished; empty when they have no game.
pub fn cell(games: &[Game], player: u32, other: u32) -> String {
    let mut mine: Vec<&Game> = games
        .iter()
        .filter(|g| {
            (g.white == player && g.black == other) || (g.white == other && g.black == player)
        })
        .collect();
    mine.sort_by_key(|g| g.round);
    mine.iter()
        .map(|g| {
            let forfeit = matches!(
                g.result,
                Some(
                    GameResult::WhiteForfeits
                        | GameResult::BlackForfeits
                        | GameResult::DoubleForfeit
                )
            );
            match (score(g, player), forfeit) {
                (None, _) => "*",
                (Some(2), true) => "+",
                (Some(_), true) => "-",
                (Some(2), false) => "1",
                (Some(1), _) => "½",
                (Some(_), false) => "0",
            }
        })
        .collect()
}

/// The standings as a plain-text crosstable, for a mail: place, name, one
/// column per starting number, points and the tiebreaks, each named.
pub fn text(names: &[String], games: &[Game]) -> String {
    let players = names.len() as u32;
    let rows = standings(players, games);
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let double = games.iter().any(|g| {
        games
            .iter()
            .any(|h| h.round != g.round && h.white == g.black && h.black == g.white)
    });
    let col = if double { 3 } else { 2 };
    let mut out = format!("{:>3}  {:>3}  {:<width$}", "", "No", "Name");
    for n in 1..=players {
        out += &format!(" {n:>col$}");
    }
    out += "  Pts  Wins  SB      Between\n";
    for row in &rows {
        let name = &names[row.player as usize - 1];
        out += &format!("{:>3}. {:>3}  {:<width$}", row.place, row.player, name);
        for other in 1..=players {
            let mark = if other == row.player {
                "x".repeat(col - 1)
            } else {
                cell(games, row.player, other)
            };
            out += &format!(" {mark:>col$}");
        }
        out += &format!(
            "  {:<4} {:<5} {:<7} {}\n",
            row.points.to_string(),
            row.wins,
            row.sonneborn_berger.to_string(),
            row.between
        );
    }
    out += &format!(
        "Ties are broken by {}, then {}, then {}.\n",
        TIEBREAKS[0], TIEBREAKS[1], TIEBREAKS[2]
    );
    out
}

/// The forfeits a withdrawal gives (ICCF's rule, as this referee applies
/// it): every game of `player` not yet finished is lost by forfeit; a game
/// between two withdrawn players is a double forfeit. Finished games stand.
/// Returns the index of each such game in `games` and its result.
pub fn withdrawal_forfeits(
    games: &[Game],
    player: u32,
    withdrawn: &[u32],
) -> Vec<(usize, GameResult)> {
    games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.result.is_none() && (g.white == player || g.black == player))
        .map(|(i, g)| {
            let other = opponent(g, player);
            let result = if withdrawn.contains(&other) {
                GameResult::DoubleForfeit
            } else if g.white == player {
                GameResult::WhiteForfeits
            } else {
                GameResult::BlackForfeits
            };
            (i, result)
        })
        .collect()
}
