//! Each player's record before a round, from the games and byes so far.

use super::{BYE_POINTS, Bye, Colour, Float, Player};
use crate::tournament::standings::score;
use crate::tournament::{Game, GameResult};

/// Whether a game was played over the board (not a forfeit): only those
/// give colours (C.04.1 and C.04.3 E3 look at games played).
pub fn played_over_the_board(game: &Game) -> bool {
    matches!(
        game.result,
        Some(GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins)
    )
}

/// The records of `numbers` after `rounds` rounds of `games` and `byes`
/// (every game of those rounds finished). A player without a game or a bye
/// in a round (a late entrant's earlier rounds) scores nothing in it.
///
/// As C.04.3 A.4 and bbpPairings read the rules: a round without a game
/// played over the board (a bye, a forfeit either way, a round before a
/// late entry) counts as a downfloat, and only games played over the board
/// count as meetings (players whose game was forfeited may meet again).
pub fn history(numbers: &[u32], games: &[Game], byes: &[Bye], rounds: u32) -> Vec<Player> {
    let mut players: Vec<Player> = numbers
        .iter()
        .map(|&number| Player {
            number,
            points: 0,
            colours: Vec::new(),
            floats: Vec::new(),
            opponents: Vec::new(),
            no_bye: false,
        })
        .collect();
    let index = |n: u32| numbers.iter().position(|&m| m == n);
    for round in 1..=rounds {
        let before: Vec<u32> = players.iter().map(|p| p.points).collect();
        for p in &mut players {
            p.colours.push(None);
            p.floats.push(Float::Down);
        }
        for game in games.iter().filter(|g| g.round == round) {
            let over_the_board = played_over_the_board(game);
            for (me, other, colour) in [
                (game.white, game.black, Colour::White),
                (game.black, game.white, Colour::Black),
            ] {
                let Some(i) = index(me) else {
                    continue;
                };
                let p = &mut players[i];
                let got = score(game, me).unwrap_or(0);
                p.points += got;
                if !over_the_board {
                    // C2: a win by forfeit bars the bye as the bye does.
                    p.no_bye |= got == 2;
                    continue;
                }
                p.opponents.push(other);
                p.colours[round as usize - 1] = Some(colour);
                p.floats[round as usize - 1] = Float::None;
                if let Some(j) = index(other) {
                    p.floats[round as usize - 1] = match before[i].cmp(&before[j]) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    };
                }
            }
        }
        for bye in byes.iter().filter(|b| b.round == round) {
            if let Some(i) = index(bye.player) {
                let p = &mut players[i];
                p.points += BYE_POINTS;
                p.no_bye = true;
                p.floats[round as usize - 1] = Float::Down;
            }
        }
    }
    players
}
