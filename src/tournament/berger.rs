//! Round robin pairings by Berger tables, as FIDE publishes them (Handbook
//! C.05, Annex 1) and ICCF uses for its sections.
//!
//! With `n` players (`n` even; an odd field gets a last number, `n`, that
//! is the bye), round `r` (from 1) pairs `i` with `j` when
//! `i + j ≡ r + 1 (mod n − 1)`; the one player left, whose `2i` is
//! `r + 1`, meets `n`. Colours: against `n`, the other player has White in
//! odd rounds; otherwise White is the player from whom the other is an odd
//! number of steps ahead, counting modulo `n − 1`. A double round robin
//! plays the table twice, the second cycle with colours reversed.

/// One game of a round: starting numbers from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    pub round: u32,
    pub white: u32,
    pub black: u32,
}

/// The rounds of a round robin among `players` (starting numbers
/// `1..=players`), the second cycle too when `double`. A player paired
/// with the number past the field (an odd field's bye) has no game that
/// round and is left out.
pub fn rounds(players: u32, double: bool) -> Vec<Vec<Pair>> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    let mut cycle = Vec::new();
    for r in 1..=m {
        let mut round = Vec::new();
        // The one who meets n first, as the published tables list it.
        let fixed = (1..=m)
            .find(|&i| (2 * i) % m == (r + 1) % m)
            .expect("m is odd");
        let (w, b) = if r % 2 == 1 { (fixed, n) } else { (n, fixed) };
        round.push(Pair {
            round: r,
            white: w,
            black: b,
        });
        let others: Vec<(u32, u32)> = (1..=m)
            .filter(|&i| i != fixed)
            .filter_map(|i| {
                let j = (1..=m).find(|&j| j != i && (i + j) % m == (r + 1) % m)?;
                (i < j).then_some((i, j))
            })
            .map(|(i, j)| {
                if ((j + m - i) % m) % 2 == 1 {
                    (i, j)
                } else {
                    (j, i)
                }
            })
            .collect();
        round.extend(others.into_iter().map(|(w, b)| Pair {
            round: r,
            white: w,
            black: b,
        }));
        round.retain(|p| p.white <= players && p.black <= players);
        cycle.push(round);
    }
    if double {
        let second: Vec<Vec<Pair>> = cycle
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|p| Pair {
                        round: p.round + m,
                        white: p.black,
                        black: p.white,
                    })
                    .collect()
            })
            .collect();
        cycle.extend(second);
    }
    cycle
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// A round as FIDE's table prints it: "1-8 2-7 3-6 4-5" (White first).
    fn games(round: &[Pair]) -> BTreeSet<(u32, u32)> {
        round.iter().map(|p| (p.white, p.black)).collect()
    }

    fn table(text: &str) -> Vec<BTreeSet<(u32, u32)>> {
        text.lines()
            .map(|line| {
                line.split_whitespace()
                    .map(|g| {
                        let (w, b) = g.split_once('-').unwrap();
                        (w.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect()
            })
            .collect()
    }

    fn check(players: u32, fide: &str) {
        let ours: Vec<_> = rounds(players, false).iter().map(|r| games(r)).collect();
        assert_eq!(ours, table(fide), "{players} players");
    }

    /// FIDE Handbook C.05 Annex 1, the Berger tables for 3 or 4 players.
    #[test]
    fn four_players_as_fide_prints_them() {
        check(4, "1-4 2-3\n4-3 1-2\n2-4 3-1");
    }

    /// 5 or 6 players.
    #[test]
    fn six_players_as_fide_prints_them() {
        check(
            6,
            "1-6 2-5 3-4\n6-4 5-3 1-2\n2-6 3-1 4-5\n6-5 1-4 2-3\n3-6 4-2 5-1",
        );
    }

    /// 7 or 8 players.
    #[test]
    fn eight_players_as_fide_prints_them() {
        check(
            8,
            "1-8 2-7 3-6 4-5\n8-5 6-4 7-3 1-2\n2-8 3-1 4-7 5-6\n8-6 7-5 1-4 2-3\n\
             3-8 4-2 5-1 6-7\n8-7 1-6 2-5 3-4\n4-8 5-3 6-2 7-1",
        );
    }

    /// 9 or 10 players.
    #[test]
    fn ten_players_as_fide_prints_them() {
        check(
            10,
            "1-10 2-9 3-8 4-7 5-6\n10-6 7-5 8-4 9-3 1-2\n2-10 3-1 4-9 5-8 6-7\n\
             10-7 8-6 9-5 1-4 2-3\n3-10 4-2 5-1 6-9 7-8\n10-8 9-7 1-6 2-5 3-4\n\
             4-10 5-3 6-2 7-1 8-9\n10-9 1-8 2-7 3-6 4-5\n5-10 6-4 7-3 8-2 9-1",
        );
    }

    /// An odd field: the last number is the bye, so each round one player
    /// rests and the table is the even one's without it.
    #[test]
    fn seven_players_rest_in_turn() {
        let seven = rounds(7, false);
        assert_eq!(seven.len(), 7);
        for round in &seven {
            assert_eq!(round.len(), 3);
        }
        let resting: BTreeSet<u32> = seven
            .iter()
            .map(|r| {
                (1..=7)
                    .find(|&i| r.iter().all(|p| p.white != i && p.black != i))
                    .unwrap()
            })
            .collect();
        assert_eq!(resting, (1..=7).collect());
    }

    /// Every pair meets once a cycle; colours differ by at most one (FIDE's
    /// tables give each player White in half the games, give or take one).
    #[test]
    fn every_pair_meets_once_with_balanced_colours() {
        for players in 2..=16 {
            let all: Vec<Pair> = rounds(players, false).into_iter().flatten().collect();
            let pairs: BTreeSet<(u32, u32)> = all
                .iter()
                .map(|p| (p.white.min(p.black), p.white.max(p.black)))
                .collect();
            assert_eq!(all.len(), pairs.len());
            assert_eq!(pairs.len() as u32, players * (players - 1) / 2);
            for i in 1..=players {
                let whites = all.iter().filter(|p| p.white == i).count() as i64;
                let blacks = all.iter().filter(|p| p.black == i).count() as i64;
                assert!(
                    (whites - blacks).abs() <= 1,
                    "{players} players, player {i}"
                );
            }
        }
    }

    #[test]
    fn a_double_round_robin_plays_the_table_again_with_colours_reversed() {
        let double = rounds(6, true);
        assert_eq!(double.len(), 10);
        for r in 0..5 {
            let swapped: BTreeSet<_> = double[r].iter().map(|p| (p.black, p.white)).collect();
            assert_eq!(games(&double[r + 5]), swapped);
            assert!(double[r + 5].iter().all(|p| p.round == r as u32 + 6));
        }
    }
}
