//! The Dutch system on rounds worked by hand from C.04.3's rules, and its
//! invariants over many random events.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::colour::{Strength, difference, preference};
use super::standings::{standings, text};
use super::*;
use crate::tournament::standings::Points;
use crate::tournament::{Game, GameResult};

use GameResult::{BlackWins, Draw, WhiteWins};

fn game(round: u32, white: u32, black: u32, result: GameResult) -> Game {
    Game {
        round,
        white,
        black,
        result: Some(result),
    }
}

fn boards(list: &[(u32, u32)]) -> Vec<Board> {
    list.iter()
        .map(|&(white, black)| Board { white, black })
        .collect()
}

fn pair(n: u32, games: &[Game], byes: &[Bye], round: u32, rounds: u32) -> Pairing {
    let numbers: Vec<u32> = (1..=n).collect();
    let players = history(&numbers, games, byes, round - 1);
    pair_round(&players, round, rounds, Colour::White).expect("a pairing")
}

/// Round 1 of ten: the top half meets the bottom half in order (1-6, 2-7,
/// ...), the top seed has the colour drawn by lot and the colours
/// alternate down the boards (E5).
#[test]
fn round_one_of_ten_pairs_top_half_against_bottom_half() {
    assert_eq!(
        pair(10, &[], &[], 1, 5),
        Pairing {
            boards: boards(&[(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]),
            bye: None
        }
    );
    let numbers: Vec<u32> = (1..=10).collect();
    let players = history(&numbers, &[], &[], 0);
    let black = pair_round(&players, 1, 5, Colour::Black).unwrap();
    assert_eq!(
        black.boards,
        boards(&[(6, 1), (2, 7), (8, 3), (4, 9), (10, 5)])
    );
}

/// Round 1 of nine: the lowest ranked gets the bye, the other eight are
/// paired 1-5, 2-6, 3-7, 4-8.
#[test]
fn round_one_of_nine_gives_the_bye_to_the_last() {
    assert_eq!(
        pair(9, &[], &[], 1, 5),
        Pairing {
            boards: boards(&[(1, 5), (6, 2), (3, 7), (8, 4)]),
            bye: Some(9)
        }
    );
}

/// Round 2 of eight after 1-0, 0-1... : the 1-point bracket {1, 2, 3} is
/// odd, so 3 floats down to the ½ bracket and meets 4 (its first S2
/// player, colours both granted), and 8 floats on to the 0 bracket.
#[test]
fn a_later_round_floats_between_score_groups() {
    let r1 = [
        game(1, 1, 5, WhiteWins),
        game(1, 6, 2, BlackWins),
        game(1, 3, 7, WhiteWins),
        game(1, 8, 4, Draw),
    ];
    let p = pair(8, &r1, &[], 2, 5);
    assert_eq!(p.boards, boards(&[(2, 1), (4, 3), (5, 8), (7, 6)]));
    assert_eq!(p.bye, None);
    // The floats are on the record for the next round.
    let numbers: Vec<u32> = (1..=8).collect();
    let mut r2 = r1.to_vec();
    r2.extend(p.boards.iter().map(|b| game(2, b.white, b.black, Draw)));
    let players = history(&numbers, &r2, &[], 2);
    assert_eq!(players[2].floats, [Float::None, Float::Down]);
    assert_eq!(players[3].floats, [Float::None, Float::Up]);
    assert_eq!(players[7].floats, [Float::None, Float::Down]);
}

/// A bracket of two who have met cannot pair: both float down and meet the
/// 0-point players (C1 and C5).
#[test]
fn players_who_met_float_rather_than_meet_again() {
    let r1 = [
        game(1, 1, 4, WhiteWins),
        game(1, 5, 2, BlackWins),
        game(1, 3, 6, Draw),
    ];
    let p = pair(6, &r1, &[], 2, 5);
    assert_eq!(p.boards, boards(&[(2, 1), (4, 3), (6, 5)]));
}

/// Four on the same score where 1 has met 3: S1 = {1, 2}, S2 = {3, 4};
/// 1-3 is refused (C1), so S2 is transposed to {4, 3}: 1-4 and 2-3.
#[test]
fn a_rematch_forces_a_transposition() {
    let r1 = [game(1, 1, 3, Draw), game(1, 2, 4, Draw)];
    let p = pair(4, &r1, &[], 2, 3);
    assert_eq!(p.boards, boards(&[(4, 1), (3, 2)]));
}

/// The bye goes to the player the last bracket leaves unpaired: the lowest
/// ranked of the lowest score who has not had one, unless the quality
/// criteria prefer another; it is worth a win's point and counts as a
/// downfloat.
///
/// Round 2 of five after 1-3 1-0, 4-2 0-1, 5 the bye: 1, 2 and 5 have a
/// point, 3 and 4 none. 4, the lowest ranked of the 0 group, rests. In the
/// 1-point bracket S1 = {1}, S2 = {2, 5}: 1-2 would float 5 down again
/// after the bye's downfloat (C12), so S2 is transposed: 1-5, and 2 floats
/// to meet 3. Colours: 5 has none, so 1 gets its Black (E1); 2 and 3 both
/// had Black, nothing tells them apart before E4: the higher, 2, gets
/// White.
#[test]
fn the_bye_is_left_by_the_last_bracket() {
    let r1 = [game(1, 1, 3, WhiteWins), game(1, 4, 2, BlackWins)];
    let byes = [Bye {
        round: 1,
        player: 5,
    }];
    let p = pair(5, &r1, &byes, 2, 3);
    assert_eq!(p.bye, Some(4));
    assert_eq!(p.boards, boards(&[(5, 1), (2, 3)]));
    let numbers: Vec<u32> = (1..=5).collect();
    let players = history(&numbers, &r1, &byes, 1);
    assert_eq!(players[4].points, 2);
    assert!(players[4].no_bye);
    assert_eq!(players[4].floats, [Float::Down]);
    // Round 3: 4 and 5 have had theirs. 1 and 5 (1½) have met and float
    // into the 1-point bracket {1, 5, 2, 3, 4}, whose last player left
    // unpaired rests (the bye is the last bracket's downfloater): 1-4 and
    // 3-5 give everyone their colour (3 must have White after two Blacks,
    // 5 and 4 want Black), so 2 rests, not 3, the lowest ranked without a
    // bye (with 3 resting, 5-2 would cost a colour preference, C10).
    // bbpPairings v5.0.1 pairs the same.
    let mut games = r1.to_vec();
    games.extend([game(2, 5, 1, Draw), game(2, 2, 3, BlackWins)]);
    let byes = [
        byes[0],
        Bye {
            round: 2,
            player: 4,
        },
    ];
    let p = pair(5, &games, &byes, 3, 3);
    assert_eq!(p.bye, Some(2));
    assert_eq!(p.boards, boards(&[(1, 4), (3, 5)]));
}

/// A win by forfeit bars the bye, as the bye itself does (C.2).
#[test]
fn a_forfeit_win_bars_the_bye() {
    let r1 = [
        game(1, 1, 3, WhiteWins),
        Game {
            round: 1,
            white: 4,
            black: 2,
            result: Some(GameResult::BlackForfeits),
        },
    ];
    let byes = [Bye {
        round: 1,
        player: 5,
    }];
    // 3 has 0 points, 2 has 0 (lost by forfeit), 4 won by forfeit.
    let p = pair(5, &r1, &byes, 2, 3);
    assert_eq!(p.bye, Some(3));
    let numbers: Vec<u32> = (1..=5).collect();
    let players = history(&numbers, &r1, &byes, 1);
    assert!(players[3].no_bye);
    // A forfeit gives no colour.
    assert_eq!(players[3].colours, [None]);
}

/// A.6's colour preferences.
#[test]
fn colour_preferences_follow_a6() {
    use Colour::{Black as B, White as W};
    let pref = |c: &[Option<Colour>]| preference(c).map(|p| (p.colour, p.strength));
    assert_eq!(pref(&[]), None);
    assert_eq!(pref(&[None]), None);
    assert_eq!(pref(&[Some(W)]), Some((B, Strength::Strong)));
    assert_eq!(pref(&[Some(W), Some(B)]), Some((W, Strength::Mild)));
    assert_eq!(
        pref(&[Some(W), None, Some(W)]),
        Some((B, Strength::Absolute))
    );
    assert_eq!(
        pref(&[Some(B), Some(W), Some(W)]),
        Some((B, Strength::Absolute))
    );
    assert_eq!(
        pref(&[Some(W), Some(B), Some(B)]),
        Some((W, Strength::Absolute))
    );
    assert_eq!(difference(&[Some(W), Some(W), Some(B)]), 1);
}

/// Two non-topscorers who both must have White do not meet (C.3): the
/// bracket pairs around them, even at the cost of a float.
#[test]
fn two_absolute_preferences_for_the_same_colour_do_not_meet() {
    // After two rounds, 1 and 2 have had Black twice; 3 and 4 White twice.
    let games = [
        game(1, 3, 1, Draw),
        game(1, 4, 2, Draw),
        game(2, 3, 2, Draw),
        game(2, 4, 1, Draw),
    ];
    // 1 and 2 (must be White) and 3 and 4 (must be Black) have all met
    // across: no pairing is left in round 3 of 4.
    let numbers: Vec<u32> = (1..=4).collect();
    let players = history(&numbers, &games, &[], 2);
    assert_eq!(pair_round(&players, 3, 4, Colour::White), None);
    // Nor in a last round: 1 point of 2 is not over 50%, so none of them
    // is a topscorer, whom C.3 would let meet.
    assert_eq!(pair_round(&players, 3, 3, Colour::White), None);
}

/// The Swiss standings: a bye scores a win's point; Buchholz counts the
/// bye as an opponent with the player's own points.
#[test]
fn swiss_standings_count_byes_and_buchholz() {
    // Three players, two rounds, worked by hand:
    // R1: 1-2 1-0, 3 bye. R2: 3-1 ½, 2 bye.
    // Points: 1 = 1½, 2 = 1, 3 = 1½.
    // Buchholz: 1 = 1 (2) + 1½ (3) = 2½; 2 = 1½ (1) + 1 (own) = 2½;
    // 3 = 1½ (own) + 1½ (1) = 3. Cut 1: 1 = 1½, 2 = 1½, 3 = 1½.
    let games = [game(1, 1, 2, WhiteWins), game(2, 3, 1, Draw)];
    let byes = [
        Bye {
            round: 1,
            player: 3,
        },
        Bye {
            round: 2,
            player: 2,
        },
    ];
    let rows = standings(3, &games, &byes, 2);
    let line = |r: &standings::Row| (r.place, r.player, r.points, r.buchholz_cut1, r.buchholz);
    assert_eq!(
        rows.iter().map(line).collect::<Vec<_>>(),
        [
            (1, 3, Points(3), Points(3), Points(6)),
            (2, 1, Points(3), Points(3), Points(5)),
            (3, 2, Points(2), Points(3), Points(5)),
        ]
    );
    let names: Vec<String> = ["ann", "bob", "cy"].map(String::from).to_vec();
    let table = text(&names, &games, &byes, 2);
    assert!(
        table.contains("Buchholz Cut 1, then Buchholz, then Sonneborn-Berger"),
        "{table}"
    );
    assert!(table.contains("bye"), "{table}");
    assert!(table.contains("1b0"), "{table}");
}

/// Over random results, for 9 to 20 players and 7 rounds: every player is
/// paired once a round or rests, nobody meets anyone twice, nobody rests
/// twice, and the colour rules hold (no colour difference beyond ±2, never
/// the same colour three times running), except for topscorers and their
/// opponents in the last round.
#[test]
fn random_events_keep_the_basic_rules() {
    const ROUNDS: u32 = 7;
    let mut rng = StdRng::seed_from_u64(33);
    for event in 0..40 {
        let n: u32 = rng.random_range(9..=20);
        let numbers: Vec<u32> = (1..=n).collect();
        let mut games: Vec<Game> = Vec::new();
        let mut byes: Vec<Bye> = Vec::new();
        for round in 1..=ROUNDS {
            let players = history(&numbers, &games, &byes, round - 1);
            let initial = if event % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            let pairing = pair_round(&players, round, ROUNDS, initial).unwrap_or_else(|| {
                panic!("event {event} ({n} players), round {round}: no pairing")
            });
            let mut seen: Vec<u32> = pairing
                .boards
                .iter()
                .flat_map(|b| [b.white, b.black])
                .chain(pairing.bye)
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, numbers, "event {event} round {round}");
            if let Some(b) = pairing.bye {
                assert!(
                    !byes.iter().any(|x| x.player == b),
                    "event {event} round {round}: a second bye for {b}"
                );
                byes.push(Bye { round, player: b });
            }
            for b in &pairing.boards {
                let (w, k) = (
                    &players[b.white as usize - 1],
                    &players[b.black as usize - 1],
                );
                assert!(
                    !w.opponents.contains(&b.black),
                    "event {event} round {round}: {} and {} meet again",
                    b.white,
                    b.black
                );
                let top = round == ROUNDS && (w.points > round - 1 || k.points > round - 1);
                let result = match rng.random_range(0..3) {
                    0 => WhiteWins,
                    1 => Draw,
                    _ => BlackWins,
                };
                games.push(game(round, b.white, b.black, result));
                if top {
                    continue;
                }
                for (p, c) in [(w, Colour::White), (k, Colour::Black)] {
                    let mut after = p.colours.clone();
                    after.push(Some(c));
                    let played: Vec<Colour> = after.iter().flatten().copied().collect();
                    assert!(
                        difference(&after).abs() <= 2,
                        "event {event} round {round}: {} at {:?}",
                        p.number,
                        played
                    );
                    assert!(
                        !(played.len() >= 3 && played[played.len() - 3..].iter().all(|x| *x == c)),
                        "event {event} round {round}: {} at {:?}",
                        p.number,
                        played
                    );
                }
            }
        }
    }
}
