//! Standings, tiebreaks, sections, the withdrawal rule and the TRF report,
//! on crosstables worked by hand.

use super::standings::{Berger, Points, cell, standings, withdrawal_forfeits};
use super::*;

/// A section's games from `(white, black, result)`, all in round 1 unless
/// the order matters.
fn played(list: &[(u32, u32, GameResult)]) -> Vec<Game> {
    list.iter()
        .enumerate()
        .map(|(i, &(white, black, result))| Game {
            round: i as u32 + 1,
            white,
            black,
            result: Some(result),
        })
        .collect()
}

use GameResult::{BlackWins, Draw, WhiteWins};

/// Five players, worked by hand:
///
/// ```text
///     1  2  3  4  5   Pts Wins SB
/// 1   x  1  ½  0  1   2½  2    2½ + 1 + 1   = 4.5
/// 2   0  x  1  1  ½   2½  2    2 + 2 + ½    = 4.5
/// 3   ½  0  x  1  ½   2   1    1¼ + 2 + ½   = 3.75
/// 4   1  0  0  x  1   2   2    2½ + 1       = 3.5
/// 5   0  ½  ½  0  x   1   0    1¼ + 1       = 2.25
/// ```
///
/// 1 and 2 are equal on points, wins and Sonneborn-Berger: 1 beat 2, so
/// 1 is first. 3 and 4 are equal on points: 4 won more games, so 4 is
/// third although 3's Sonneborn-Berger is higher.
#[test]
fn each_tiebreak_decides_in_its_order() {
    let games = played(&[
        (1, 2, WhiteWins),
        (3, 1, Draw),
        (1, 4, BlackWins),
        (5, 1, BlackWins),
        (2, 3, WhiteWins),
        (4, 2, BlackWins),
        (2, 5, Draw),
        (3, 4, WhiteWins),
        (5, 3, Draw),
        (4, 5, WhiteWins),
    ]);
    let rows = standings(5, &games);
    let order: Vec<(u32, u32)> = rows.iter().map(|r| (r.place, r.player)).collect();
    assert_eq!(order, [(1, 1), (2, 2), (3, 4), (4, 3), (5, 5)]);
    let by_player = |p: u32| rows.iter().find(|r| r.player == p).unwrap();
    assert_eq!(by_player(1).points, Points(5));
    assert_eq!(by_player(1).sonneborn_berger, Berger(18));
    assert_eq!(by_player(2).sonneborn_berger, Berger(18));
    assert_eq!(
        (by_player(1).between, by_player(2).between),
        (Points(2), Points(0))
    );
    assert_eq!(by_player(3).sonneborn_berger.to_string(), "3.75");
    assert_eq!(by_player(4).sonneborn_berger.to_string(), "3.50");
    assert_eq!(by_player(5).sonneborn_berger.to_string(), "2.25");
    assert_eq!((by_player(4).wins, by_player(3).wins), (2, 1));
    assert_eq!(by_player(1).points.to_string(), "2½");
}

/// Points and wins equal, Sonneborn-Berger decides (worked by hand: 1 beat
/// 2 (2½ points) and 5 and drew 3; 2 beat 3 (2) and 5 and drew 4).
#[test]
fn sonneborn_berger_decides_when_points_and_wins_are_equal() {
    let games = played(&[
        (1, 2, WhiteWins),
        (1, 3, Draw),
        (1, 4, BlackWins),
        (1, 5, WhiteWins),
        (2, 3, WhiteWins),
        (2, 4, Draw),
        (2, 5, WhiteWins),
        (3, 4, Draw),
        (3, 5, WhiteWins),
        (4, 5, BlackWins),
    ]);
    let rows = standings(5, &games);
    let order: Vec<u32> = rows.iter().map(|r| r.player).collect();
    // 1: 2½+1+1 = 4.5; 2: 2+1+1 = 4; 4: 2½+1¼+1 = 4.75; 3: 1¼+1+1 = 3.25.
    assert_eq!(order, [1, 2, 4, 3, 5]);
    assert_eq!(rows[0].sonneborn_berger.to_string(), "4.50");
    assert_eq!(rows[1].sonneborn_berger.to_string(), "4.00");
    assert_eq!(rows[2].sonneborn_berger.to_string(), "4.75");
}

/// Three players equal on everything, the games between them too, share
/// first place; the next is fourth.
#[test]
fn players_equal_on_every_count_share_a_place() {
    let games = played(&[
        (1, 4, WhiteWins),
        (2, 3, Draw),
        (4, 3, BlackWins),
        (1, 2, Draw),
        (2, 4, WhiteWins),
        (3, 1, Draw),
    ]);
    let places: Vec<(u32, u32)> = standings(4, &games)
        .iter()
        .map(|r| (r.player, r.place))
        .collect();
    assert_eq!(places, [(1, 1), (2, 1), (3, 1), (4, 4)]);
}

#[test]
fn unfinished_games_count_nothing_and_show_a_star() {
    let mut games = round_robin_games(4, false);
    games[0].result = Some(WhiteWins);
    let rows = standings(4, &games);
    assert_eq!(rows[0].points, Points(2));
    assert!(rows[1..].iter().all(|r| r.points == Points(0)));
    let (w, b) = (games[0].white, games[0].black);
    assert_eq!(cell(&games, w, b), "1");
    assert_eq!(cell(&games, b, w), "0");
    assert_eq!(cell(&games, games[1].white, games[1].black), "*");
}

#[test]
fn a_double_round_robin_cell_shows_both_games() {
    let mut games = round_robin_games(3, true);
    for g in &mut games {
        g.result = Some(if g.white == 1 { WhiteWins } else { Draw });
    }
    // 1 beat 2 with White and drew with Black.
    let first = games
        .iter()
        .find(|g| g.white.min(g.black) == 1 && g.white.max(g.black) == 2)
        .unwrap();
    let expected = if first.white == 1 { "1½" } else { "½1" };
    assert_eq!(cell(&games, 1, 2), expected);
}

/// ICCF's rule: a withdrawal loses every unfinished game by forfeit; the
/// finished ones stand; two withdrawn players' game is a double forfeit.
#[test]
fn a_withdrawal_forfeits_the_unfinished_games_only() {
    let mut games = round_robin_games(4, false);
    let finished = games
        .iter()
        .position(|g| g.white == 2 || g.black == 2)
        .unwrap();
    games[finished].result = Some(Draw);
    let forfeits = withdrawal_forfeits(&games, 2, &[2]);
    assert_eq!(forfeits.len(), 2);
    assert!(forfeits.iter().all(|&(i, _)| i != finished));
    for &(i, result) in &forfeits {
        let expected = if games[i].white == 2 {
            GameResult::WhiteForfeits
        } else {
            GameResult::BlackForfeits
        };
        assert_eq!(result, expected);
        games[i].result = Some(result);
    }
    let rows = standings(4, &games);
    let two = rows.iter().find(|r| r.player == 2).unwrap();
    assert_eq!(two.points, Points(1));
    let winner = opponent_of_forfeit(&games, &forfeits);
    assert_eq!(cell(&games, winner, 2), "+");
    assert_eq!(cell(&games, 2, winner), "-");
    // Both withdrawn: nobody scores.
    let both = withdrawal_forfeits(&round_robin_games(4, false), 1, &[1, 4]);
    let g = round_robin_games(4, false);
    for (i, result) in both {
        let expected = if g[i].white == 4 || g[i].black == 4 {
            GameResult::DoubleForfeit
        } else if g[i].white == 1 {
            GameResult::WhiteForfeits
        } else {
            GameResult::BlackForfeits
        };
        assert_eq!(result, expected);
    }
}

fn opponent_of_forfeit(games: &[Game], forfeits: &[(usize, GameResult)]) -> u32 {
    standings::opponent(&games[forfeits[0].0], 2)
}

#[test]
fn sections_are_as_few_as_the_size_allows_and_even() {
    let s = sections(100, 7);
    assert_eq!(s.len(), 15);
    assert!(s.iter().all(|x| x.len() == 6 || x.len() == 7));
    let mut all: Vec<usize> = s.iter().flatten().copied().collect();
    all.sort();
    assert_eq!(all, (0..100).collect::<Vec<_>>());
    // Snake-wise: the first section has the best and the 30th (1-based).
    assert_eq!(&s[0][..3], &[0, 29, 30]);
    assert_eq!(sections(7, 7), vec![(0..7).collect::<Vec<_>>()]);
    assert!(sections(0, 7).is_empty());
}

#[test]
fn the_draw_of_lots_repeats_with_its_seed() {
    let mut a: Vec<u32> = (1..=11).collect();
    let mut b = a.clone();
    draw_lots(&mut a, 33);
    draw_lots(&mut b, 33);
    assert_eq!(a, b);
    let mut c: Vec<u32> = (1..=11).collect();
    draw_lots(&mut c, 34);
    assert_ne!(a, c);
}

#[test]
fn formats_read_as_the_host_writes_them() {
    assert_eq!(
        "round-robin/7".parse(),
        Ok(Format::RoundRobin {
            double: false,
            section: 7
        })
    );
    assert_eq!(
        "drr/11".parse(),
        Ok(Format::RoundRobin {
            double: true,
            section: 11
        })
    );
    assert_eq!(
        Format::RoundRobin {
            double: true,
            section: 11
        }
        .to_string(),
        "double-round-robin/11"
    );
    assert_eq!("swiss/5".parse(), Ok(Format::Swiss { rounds: 5 }));
    for format in ["swiss/9", "round-robin/7", "double-round-robin/11"] {
        assert_eq!(format.parse::<Format>().unwrap().to_string(), format);
    }
    for bad in [
        "round-robin",
        "round-robin/2",
        "rr/x",
        "swiss/0",
        "swiss/31",
        "swiss",
        "",
    ] {
        assert!(bad.parse::<Format>().is_err(), "{bad}");
    }
    let words = "x".parse::<Format>().unwrap_err().to_string();
    for kind in ["round-robin/N", "double-round-robin/N", "swiss/N"] {
        assert!(words.contains(kind), "{words}");
    }
    for r in [
        WhiteWins,
        Draw,
        BlackWins,
        GameResult::WhiteForfeits,
        GameResult::BlackForfeits,
        GameResult::DoubleForfeit,
    ] {
        assert_eq!(GameResult::from_word(r.word()), Some(r));
    }
}

/// TRF-16's fixed columns, counted from 1 as the format counts them.
#[test]
fn the_trf_report_puts_each_field_in_its_columns() {
    let mut games = round_robin_games(3, false);
    games[0].result = Some(WhiteWins);
    let entrants = [
        trf::Entrant {
            name: "Ada",
            rating: Some(1623),
        },
        trf::Entrant {
            name: "Bob",
            rating: None,
        },
        trf::Entrant {
            name: "Cy",
            rating: Some(1500),
        },
    ];
    let header = trf::Header {
        name: "Club Bluff 2026",
        start: "2026/11/27",
        end: None,
        kind: "Round robin",
        time_control: "5 days per move",
        arbiter: "arbiter@example.org",
    };
    let text = trf::report(&header, &entrants, &games);
    assert!(text.starts_with("012 Club Bluff 2026\n042 2026/11/27\n062 3\n072 2\n"));
    assert!(text.ends_with("XXR 3\n"));
    let line = |n: u32| {
        text.lines()
            .find(|l| l.starts_with("001") && l[4..8].trim() == n.to_string())
            .unwrap()
            .to_string()
    };
    let cols = |l: &str, a: usize, b: usize| l[a - 1..b].trim().to_string();
    let (w, b) = (games[0].white, games[0].black);
    let winner = line(w);
    assert_eq!(cols(&winner, 15, 47), ["Ada", "Bob", "Cy"][w as usize - 1]);
    assert_eq!(cols(&winner, 81, 84), "1.0");
    assert_eq!(cols(&winner, 86, 89), "1");
    let round = games[0].round as usize;
    let at = 92 + 10 * (round - 1);
    assert_eq!(cols(&winner, at, at + 3), b.to_string());
    assert_eq!(&winner[at + 4..at + 5], "w");
    assert_eq!(&winner[at + 6..at + 7], "1");
    let loser = line(b);
    assert_eq!(&loser[at + 4..at + 7], "b 0");
    if let Some(r) = entrants[w as usize - 1].rating {
        assert_eq!(cols(&winner, 49, 52), r.to_string());
    }
    // Three players: each rests one round, a zero-point bye.
    let resting = (1..=3).find(|&p| p != w && p != b).unwrap();
    assert_eq!(cols(&line(resting), at, at + 7), "0000 - Z");
}
