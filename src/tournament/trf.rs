//! The tournament as FIDE's Tournament Report File (TRF-16, FIDE Handbook
//! C.04 Annex 2), so that standard pairing checkers and rating officers'
//! tools can read it. One file a section: TRF knows no sections.
//!
//! Player lines (`001`) follow the fixed columns of the format: starting
//! number in 5-8, name in 15-47, rating in 49-52, points in 81-84, rank in
//! 86-89, then one ten-column block a round from column 90 (opponent in
//! 92-95, colour in 97, result in 99). Results: `1`, `=`, `0` for games
//! played, `+` and `-` for forfeits, `0000 - Z` for a round the player
//! rests in (an odd round robin section's bye, no points); a game not yet
//! finished leaves its block blank, as for a round not yet played.
//!
//! A Swiss ([`swiss_report`]) writes its pairing-allocated byes as
//! `0000 - U` (a win's point, counted in the points), and a round in which
//! a player had no pairing (before a late entry, or after a withdrawal) as
//! `0000 - Z`; its points and ranks are the Swiss standings'.

use super::standings::{score, standings};
use super::swiss::Bye;
use super::{Game, GameResult};

/// What the report says about the event itself.
pub struct Header<'a> {
    pub name: &'a str,
    /// `YYYY/MM/DD`.
    pub start: &'a str,
    /// `YYYY/MM/DD`, once the last game ended.
    pub end: Option<&'a str>,
    /// "Round robin", "Double round robin".
    pub kind: &'a str,
    /// The clock, for line 122: "5 days per move".
    pub time_control: &'a str,
    pub arbiter: &'a str,
}

/// One entrant: name and rating (shown rounded; none for a new player).
pub struct Entrant<'a> {
    pub name: &'a str,
    pub rating: Option<i64>,
}

/// The TRF-16 text of one section.
pub fn report(header: &Header, entrants: &[Entrant], games: &[Game]) -> String {
    let rounds = games.iter().map(|g| g.round).max().unwrap_or(0);
    let ranked: Vec<(u32, u32)> = standings(entrants.len() as u32, games)
        .iter()
        .map(|r| (r.player, r.place))
        .collect();
    let points = |p: u32| games.iter().filter_map(|g| score(g, p)).sum();
    write(header, entrants, games, &[], rounds, &ranked, points)
}

/// The TRF-16 text of a Swiss over `rounds` rounds (the planned number),
/// with its byes.
pub fn swiss_report(
    header: &Header,
    entrants: &[Entrant],
    games: &[Game],
    byes: &[Bye],
    rounds: u32,
) -> String {
    let paired = games
        .iter()
        .map(|g| g.round)
        .chain(byes.iter().map(|b| b.round))
        .max()
        .unwrap_or(0);
    let ranked: Vec<(u32, u32)> =
        super::swiss::standings::standings(entrants.len() as u32, games, byes, paired)
            .iter()
            .map(|r| (r.player, r.place))
            .collect();
    let points = |p: u32| super::swiss::standings::points(p, games, byes);
    let mut out = write(header, entrants, games, byes, paired, &ranked, points);
    // XXR: the rounds planned, not only those paired.
    if let Some(at) = out.rfind("XXR ") {
        out.truncate(at);
        out += &format!("XXR {rounds}\n");
    }
    out
}

fn write(
    header: &Header,
    entrants: &[Entrant],
    games: &[Game],
    byes: &[Bye],
    rounds: u32,
    ranked: &[(u32, u32)],
    points: impl Fn(u32) -> u32,
) -> String {
    let players = entrants.len() as u32;
    let mut out = String::new();
    out += &format!("012 {}\n", header.name);
    out += &format!("042 {}\n", header.start);
    if let Some(end) = header.end {
        out += &format!("052 {end}\n");
    }
    out += &format!("062 {players}\n");
    out += &format!(
        "072 {}\n",
        entrants.iter().filter(|e| e.rating.is_some()).count()
    );
    out += &format!("092 {}\n", header.kind);
    out += &format!("102 {}\n", header.arbiter);
    out += &format!("122 {}\n", header.time_control);
    for (i, entrant) in entrants.iter().enumerate() {
        let player = i as u32 + 1;
        let place = ranked
            .iter()
            .find(|r| r.0 == player)
            .map(|r| r.1)
            .expect("every player has a row");
        let name: String = entrant.name.chars().take(33).collect();
        let rating = entrant
            .rating
            .map(|r| r.clamp(0, 9999).to_string())
            .unwrap_or_default();
        let mut line = format!(
            "001 {player:>4}      {name:<33} {rating:>4} {:3} {:>11} {:>10} {:>4} {:>4}",
            "",
            "",
            "",
            super::standings::Points(points(player)).decimal(),
            place
        );
        for round in 1..=rounds {
            if byes.iter().any(|b| b.round == round && b.player == player) {
                line += "  0000 - U";
            } else {
                line += &block(games, player, round);
            }
        }
        out += line.trim_end();
        out += "\n";
    }
    out += &format!("XXR {rounds}\n");
    out
}

/// The ten columns of `player`'s `round`.
fn block(games: &[Game], player: u32, round: u32) -> String {
    let Some(game) = games
        .iter()
        .find(|g| g.round == round && (g.white == player || g.black == player))
    else {
        return "  0000 - Z".to_string();
    };
    if game.result.is_none() {
        return " ".repeat(10);
    }
    let (opponent, colour) = if game.white == player {
        (game.black, 'w')
    } else {
        (game.white, 'b')
    };
    let forfeit = matches!(
        game.result,
        Some(GameResult::WhiteForfeits | GameResult::BlackForfeits | GameResult::DoubleForfeit)
    );
    let mark = match (score(game, player), forfeit) {
        (Some(2), true) => '+',
        (_, true) => '-',
        (Some(2), false) => '1',
        (Some(1), false) => '=',
        _ => '0',
    };
    format!("  {opponent:>4} {colour} {mark}")
}
