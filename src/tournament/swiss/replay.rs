//! The Dutch pairing checked against an independent engine: bbpPairings
//! v5.0.1 (the 2017 Dutch rules, endorsed by FIDE) generated whole random
//! tournaments as TRF files (`tests/data/swiss/`, its README says how),
//! each round paired by that engine. For every file and every round, the
//! players' records from the rounds before are built through this
//! module's own types, the round is paired again with [`pair_round`], and
//! the pairs, colours and bye are compared with the engine's.
//!
//! `ARBITER_SWISS_TRF_DIR` points the test at other generated files
//! (`scripts/swiss-check`); there too, every round must agree.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use super::*;
use crate::tournament::{Game, GameResult};

/// One tournament as the engine wrote it.
struct Tournament {
    players: u32,
    rounds: u32,
    games: Vec<Game>,
    byes: Vec<Bye>,
    /// (player, round): not paired that round (`0000 - Z`: absent).
    absent: BTreeSet<(u32, u32)>,
}

/// Reads the player lines (`001`) of a TRF file: starting number in
/// columns 5-8, then one ten-column block a round from column 92
/// (opponent, colour, result). `0000 - U` is a pairing-allocated bye,
/// `0000 - Z` a round the player was not paired in; `+` and `-` are wins
/// and losses by forfeit.
fn read_trf(text: &str) -> Tournament {
    let mut blocks: HashMap<(u32, u32), (u32, String, String)> = HashMap::new();
    let mut byes = Vec::new();
    let mut absent = BTreeSet::new();
    let mut players = 0;
    let mut rounds = 0;
    for line in text.split(['\r', '\n']).filter(|l| l.starts_with("001")) {
        let number: u32 = line[4..8].trim().parse().expect("a starting number");
        players = players.max(number);
        let cells = line.get(91..).unwrap_or("");
        for (i, block) in cells.as_bytes().chunks(10).enumerate() {
            let block = std::str::from_utf8(block).expect("ASCII");
            let round = i as u32 + 1;
            rounds = rounds.max(round);
            let opponent: u32 = block[0..4].trim().parse().expect("an opponent");
            let (colour, result) = (&block[5..6], &block[7..8]);
            match (opponent, colour, result) {
                (0, "-", "U") => byes.push(Bye {
                    round,
                    player: number,
                }),
                (0, "-", "Z") => {
                    absent.insert((number, round));
                }
                (0, ..) => panic!("only byes and absences, in {line}"),
                _ => {
                    blocks.insert(
                        (number, round),
                        (opponent, colour.to_string(), result.to_string()),
                    );
                }
            }
        }
    }
    let mut games = Vec::new();
    for (&(white, round), (black, colour, result)) in &blocks {
        if colour != "w" {
            continue;
        }
        let theirs = &blocks[&(*black, round)].2;
        let result = match (result.as_str(), theirs.as_str()) {
            ("1", _) => GameResult::WhiteWins,
            ("=", _) => GameResult::Draw,
            ("0", _) => GameResult::BlackWins,
            ("+", _) => GameResult::BlackForfeits,
            ("-", "+") => GameResult::WhiteForfeits,
            ("-", "-") => GameResult::DoubleForfeit,
            other => panic!("an unknown result {other:?}"),
        };
        games.push(Game {
            round,
            white,
            black: *black,
            result: Some(result),
        });
    }
    games.sort_by_key(|g| (g.round, g.white));
    Tournament {
        players,
        rounds,
        games,
        byes,
        absent,
    }
}

/// A round's pairing as a set of (white, black) and the bye.
type Round = (BTreeSet<(u32, u32)>, Option<u32>);

fn engine_round(t: &Tournament, round: u32) -> Round {
    let boards = t
        .games
        .iter()
        .filter(|g| g.round == round)
        .map(|g| (g.white, g.black))
        .collect();
    let bye = t.byes.iter().find(|b| b.round == round).map(|b| b.player);
    (boards, bye)
}

/// Our pairing of `round`. Players are numbered as the engine numbers
/// them: in starting order, leaving out a player who has not yet been in
/// any round's pairing and is absent from this one (only a late entrant
/// is so in the referee, and it is numbered after everyone already).
fn our_round(t: &Tournament, round: u32) -> Option<Round> {
    let in_pairing = |n: u32, r: u32| !t.absent.contains(&(n, r));
    let numbered: Vec<u32> = (1..=t.players)
        .filter(|&n| (1..=round).any(|r| in_pairing(n, r)))
        .collect();
    let ours = |n: u32| numbered.iter().position(|&m| m == n).map(|i| i as u32 + 1);
    let theirs = |n: u32| numbered[n as usize - 1];
    let before: Vec<Game> = t
        .games
        .iter()
        .filter(|g| g.round < round)
        .map(|g| Game {
            white: ours(g.white).expect("a player who played is numbered"),
            black: ours(g.black).expect("a player who played is numbered"),
            ..*g
        })
        .collect();
    let byes: Vec<Bye> = t
        .byes
        .iter()
        .filter(|b| b.round < round)
        .map(|b| Bye {
            player: ours(b.player).expect("a player who had a bye is numbered"),
            ..*b
        })
        .collect();
    let numbers: Vec<u32> = (1..=numbered.len() as u32).collect();
    let mut players = history(&numbers, &before, &byes, round - 1);
    players.retain(|p| in_pairing(theirs(p.number), round));
    let pairing = pair_round(&players, round, t.rounds, initial_colour(t))?;
    Some((
        pairing
            .boards
            .iter()
            .map(|b| (theirs(b.white), theirs(b.black)))
            .collect(),
        pairing.bye.map(theirs),
    ))
}

/// The colour drawn for pairing number 1: its colour in round 1, or, if it
/// had none, from the first numbered player who had one (E5 alternates
/// down the numbers).
fn initial_colour(t: &Tournament) -> Colour {
    let mut seen = Vec::new();
    for g in t.games.iter().filter(|g| g.round == 1) {
        seen.push((g.white, Colour::White));
        seen.push((g.black, Colour::Black));
    }
    let (number, colour) = seen
        .into_iter()
        .min_by_key(|&(n, _)| n)
        .expect("a game in round 1");
    // Its number among the players of round 1 (see `our_round`).
    let number = (1..=number)
        .filter(|&n| !t.absent.contains(&(n, 1)))
        .count();
    if number % 2 == 1 {
        colour
    } else {
        colour.other()
    }
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the TRF directory")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    files
}

/// Every (file, round) where ours differs from the engine's.
fn differences(dir: &Path) -> (usize, Vec<(String, u32)>) {
    let mut rounds = 0;
    let mut differ = Vec::new();
    for path in files(dir) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let t = read_trf(&std::fs::read_to_string(&path).expect("a TRF file"));
        for round in 1..=t.rounds {
            rounds += 1;
            let theirs = engine_round(&t, round);
            let ours = our_round(&t, round);
            if ours.as_ref() != Some(&theirs) {
                eprintln!("{name} round {round}:\n  engine {theirs:?}\n  ours   {ours:?}");
                differ.push((name.clone(), round));
            }
        }
    }
    (rounds, differ)
}

#[test]
fn every_round_agrees_with_bbppairings() {
    let dir = std::env::var_os("ARBITER_SWISS_TRF_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss"));
    assert!(files(&dir).len() >= 30, "the generated tournaments");
    let (rounds, differ) = differences(&dir);
    eprintln!(
        "{} of {rounds} rounds agree with bbpPairings",
        rounds - differ.len()
    );
    assert_eq!(
        differ,
        Vec::new(),
        "the rounds that differ from bbpPairings"
    );
}

/// `ARBITER_SWISS_DUMP="bbp-006.trf 2"`: prints the players' records
/// before that round, in ranking order, and both pairings (for finding why
/// a round differs).
#[test]
fn dump_one_round() {
    let Ok(which) = std::env::var("ARBITER_SWISS_DUMP") else {
        return;
    };
    let (file, round) = which.split_once(' ').expect("FILE ROUND");
    let round: u32 = round.parse().expect("a round");
    let dir = std::env::var_os("ARBITER_SWISS_TRF_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/swiss"));
    let t = read_trf(&std::fs::read_to_string(dir.join(file)).expect("a TRF file"));
    let numbers: Vec<u32> = (1..=t.players).collect();
    let before: Vec<Game> = t
        .games
        .iter()
        .filter(|g| g.round < round)
        .cloned()
        .collect();
    let mut players = history(&numbers, &before, &t.byes, round - 1);
    players.sort_by_key(|p| (std::cmp::Reverse(p.points), p.number));
    for p in &players {
        let colours: String = p
            .colours
            .iter()
            .map(|c| match c {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '-',
            })
            .collect();
        let floats: String = p
            .floats
            .iter()
            .map(|f| match f {
                Float::Down => 'v',
                Float::Up => '^',
                Float::None => '.',
            })
            .collect();
        eprintln!(
            "{:>3} {:>4.1} {colours:>12} {floats:>12} {}{:?}",
            p.number,
            p.points as f32 / 2.0,
            if p.no_bye { "nobye " } else { "" },
            p.opponents
        );
    }
    let theirs = engine_round(&t, round);
    eprintln!("engine {theirs:?}\nours   {:?}", our_round(&t, round));
}
