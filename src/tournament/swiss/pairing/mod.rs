//! One round of the Dutch system (C.04.3), as maximum-weight matchings:
//! the score brackets from the top, each paired by a matching over its
//! players and the next score group whose edge weights hold the quality
//! criteria in their order (`weights.rs`), then narrowed step by step to
//! the one pairing the rules' order of exchanges and transpositions picks
//! (`bracket.rs`). A second matching over every player keeps the rest of
//! the round pairable (C4): a bracket whose choice would leave the rest
//! without a legal pairing is paired again with every player below it
//! (A.9, the collapsed last bracket). The last bracket's one unpaired
//! player gets the bye.
//!
//! This is the method of bbpPairings (Bierema's FIDE-endorsed engine),
//! which `replay.rs` checks the result against round by round.

use std::cmp::Reverse;

use super::colour::{ColourFacts, allocate};
use super::{Board, Colour, Float, Pairing, Player};

mod bracket;
mod matcher;
mod weights;
mod wide;

use self::matcher::Matcher;
use self::weights::{Bracket, Layout};

/// The most players a Swiss pairs: with at most 30 rounds (`Format`), every
/// bracket's weights then fit the widest weight type (`pair_bracket`).
pub const MAX_PLAYERS: usize = 128;

/// The round as the pairing sees it: the players in ranking order (score,
/// then pairing number) and what the criteria ask of each.
struct Round<'a> {
    players: Vec<&'a Player>,
    colours: Vec<ColourFacts>,
    /// Rounds played so far.
    played: usize,
    /// The last round is being paired: topscorers may break C3.
    last_round: bool,
}

impl Round<'_> {
    /// C1 and C3: not met before, and not two players with the same
    /// absolute colour preference unless, in the last round, one of them
    /// is a topscorer (more than half the possible points).
    fn compatible(&self, a: usize, b: usize) -> bool {
        let (pa, pb) = (self.players[a], self.players[b]);
        if pa.opponents.contains(&pb.number) {
            return false;
        }
        let (ca, cb) = (self.colours[a], self.colours[b]);
        let topscorer = |p: &Player| p.points > self.played as u32;
        !ca.absolute
            || !cb.absolute
            || ca.preference != cb.preference
            || (self.last_round && (topscorer(pa) || topscorer(pb)))
    }

    /// C2: no pairing-allocated bye or win by forfeit before.
    fn may_have_bye(&self, i: usize) -> bool {
        !self.players[i].no_bye
    }

    /// The float of player `i` `back` rounds ago.
    fn float(&self, i: usize, back: usize) -> Float {
        let floats = &self.players[i].floats;
        floats
            .len()
            .checked_sub(back)
            .map_or(Float::None, |r| floats[r])
    }
}

/// Pairs round `round` of `rounds` for `players` (those to be paired:
/// not withdrawn), `initial` the colour drawn by lot for the top seed.
/// `None` when no pairing satisfies the absolute criteria (C1-C3) and no
/// bye can be given (C2).
pub fn pair_round(players: &[Player], round: u32, rounds: u32, initial: Colour) -> Option<Pairing> {
    if players.len() > MAX_PLAYERS {
        return None;
    }
    let mut ranked: Vec<&Player> = players.iter().collect();
    ranked.sort_by_key(|p| (Reverse(p.points), p.number));
    let r = Round {
        colours: ranked.iter().map(|p| ColourFacts::of(&p.colours)).collect(),
        players: ranked,
        played: round.saturating_sub(1) as usize,
        last_round: round >= rounds,
    };
    let pairs = pairs(&r)?;
    let paired: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
    let bye = (0..r.players.len()).find(|i| !paired.contains(i));
    let mut boards: Vec<Board> = pairs
        .iter()
        .map(|&(a, b)| {
            let (h, l) = (r.players[a.min(b)], r.players[a.max(b)]);
            match allocate(h, l, initial) {
                Colour::White => Board {
                    white: h.number,
                    black: l.number,
                },
                Colour::Black => Board {
                    white: l.number,
                    black: h.number,
                },
            }
        })
        .collect();
    let points = |n: u32| {
        players
            .iter()
            .find(|p| p.number == n)
            .map_or(0, |p| p.points)
    };
    boards.sort_by_key(|b| {
        let (pw, pb) = (points(b.white), points(b.black));
        (Reverse(pw.max(pb)), Reverse(pw + pb), b.white.min(b.black))
    });
    Some(Pairing {
        boards,
        bye: bye.map(|i| r.players[i].number),
    })
}

/// The round's pairs (ranking positions), bracket by bracket.
fn pairs(r: &Round) -> Option<Vec<(usize, usize)>> {
    let n = r.players.len();
    // C4's matching: every player, and the bye as one more vertex.
    let mut whole = Matcher::<i64>::new(n + n % 2);
    for a in 0..n {
        for b in (a + 1)..n {
            if r.compatible(a, b) {
                whole.set(a, b, 1);
            }
        }
        if n % 2 == 1 && r.may_have_bye(a) {
            whole.set(a, n, 1);
        }
    }
    whole.solve();
    if !whole.complete() {
        return None;
    }
    let score = |i: usize| r.players[i].points;
    let mut pairs = Vec::new();
    // The bracket's players: those moved down, its score group, then the
    // next score group (or everyone left).
    let mut players: Vec<usize> = (0..n).take_while(|&i| score(i) == score(0)).collect();
    let mut next = players.len();
    let mut moved = 0;
    let mut special = next == n;
    while players.len() > 1 || next < n {
        let residents_end = players.len();
        let group = next;
        while next < n && (special || score(next) >= score(group)) {
            players.push(next);
            next += 1;
        }
        let bracket = Bracket {
            players: &players,
            moved,
            residents_end,
            special,
            next_is_last: next == n,
        };
        let (matched, mates) = pair_bracket(r, &bracket, &mut whole);
        if !special {
            whole.solve();
            if !whole.complete() {
                // This bracket's choice leaves the rest unpairable: pair it
                // again with every player below (A.9).
                players.truncate(residents_end);
                next = group;
                special = true;
                continue;
            }
        }
        let appended = next > group;
        special = next == n;
        let before = players.len();
        let mut following = Vec::new();
        moved = 0;
        for (position, &player) in players.iter().enumerate() {
            if position < residents_end && matched[position] {
                if position < mates[position] {
                    pairs.push((player, players[mates[position]]));
                }
            } else {
                following.push(player);
                moved += usize::from(position < residents_end);
            }
        }
        if !appended && following.len() == before {
            // The last bracket, with no one below it, paired nobody: C4's
            // matching says this cannot happen, but a loop must not hang
            // on it.
            return None;
        }
        players = following;
    }
    Some(pairs)
}

/// Pairs one bracket with weights just wide enough for its layout.
fn pair_bracket(r: &Round, bracket: &Bracket, whole: &mut Matcher<i64>) -> (Vec<bool>, Vec<usize>) {
    let layout = Layout::new(r, bracket);
    // Headroom above the heaviest edge: the solver doubles weights and its
    // "infinity" is a quarter of the range, and the sign bit.
    let bits = layout.bits() + 8;
    if bits <= 512 {
        bracket::pair::<8>(r, bracket, &layout, whole)
    } else if bits <= 2048 {
        bracket::pair::<32>(r, bracket, &layout, whole)
    } else {
        assert!(bits <= 8192, "a bracket's weights fit 8192 bits");
        bracket::pair::<128>(r, bracket, &layout, whole)
    }
}
