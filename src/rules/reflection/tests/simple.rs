//! An independent, deliberately plain counter for the 8x8 cross setup
//! (cross8, mirror and reverse), written from the rules page alone and
//! sharing no code with the engine: a bare array board, its own moves,
//! pairs, zones, swap, re-pairing and check. It cross-checks the engine's
//! perft to depth 3.
//!
//! It leaves out what cannot happen on cross8 within a few turns from the
//! start or at all: castling (never on cross8), en passant (only a pawn
//! going the opposite way may take it, and on the cross boards no enemy
//! pawn does), and capture-reflection (off by default).

type Cell = Option<Man>;

#[derive(Clone, Copy, PartialEq, Eq)]
struct Man {
    white: bool,
    letter: char,
    /// 0 South, 1 North (White); 2 West, 3 East (Black).
    army: u8,
    paired: bool,
}

#[derive(Clone)]
struct Board {
    cells: [[Cell; 8]; 8], // [file][rank]
    white: bool,
    reverse: bool,
}

fn exists(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r) && !(!(2..=5).contains(&f) && !(2..=5).contains(&r))
}

/// 0 White's home zone, 1 Black's, None the middle.
fn zone(f: i32, r: i32) -> Option<u8> {
    if !(2..=5).contains(&r) {
        Some(0)
    } else if !(2..=5).contains(&f) {
        Some(1)
    } else {
        None
    }
}

fn zone_ok(a: (i32, i32), b: (i32, i32)) -> bool {
    match (zone(a.0, a.1), zone(b.0, b.1)) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}

fn forward(army: u8) -> (i32, i32) {
    [(0, 1), (0, -1), (1, 0), (-1, 0)][army as usize]
}

/// A move: from, to, whether it captures, whether diagonal (pawns), the
/// squares passed over, promotion letter.
#[derive(Clone, Copy)]
struct Mv {
    from: (i32, i32),
    to: (i32, i32),
    capture: bool,
    diagonal: bool,
    double: bool,
    over: Option<(i32, i32)>,
    span: i32,
}

impl Board {
    fn start(reverse: bool) -> Board {
        let mut b = Board {
            cells: [[None; 8]; 8],
            white: true,
            reverse,
        };
        let put = |b: &mut Board, f: i32, r: i32, white: bool, letter: char, army: u8| {
            b.cells[f as usize][r as usize] = Some(Man {
                white,
                letter,
                army,
                paired: true,
            });
        };
        // The kept armies: North on ranks 8 and 7, East on files h and g.
        for (i, c) in "NBKR".chars().enumerate() {
            put(&mut b, 2 + i as i32, 7, true, c, 1);
            put(&mut b, 2 + i as i32, 6, true, 'P', 1);
        }
        for (i, c) in "RKBN".chars().enumerate() {
            put(&mut b, 7, 5 - i as i32, false, c, 3);
            put(&mut b, 6, 5 - i as i32, false, 'P', 3);
        }
        for f in 0..8 {
            for r in 0..8 {
                if let Some(m) = b.cells[f as usize][r as usize]
                    && (m.army == 1 || m.army == 3)
                {
                    let (rf, rr) = b.reflect(m.white, (f, r));
                    put(&mut b, rf, rr, m.white, m.letter, m.army - 1);
                }
            }
        }
        b
    }

    fn reflect(&self, white: bool, (f, r): (i32, i32)) -> (i32, i32) {
        if self.reverse {
            (7 - f, 7 - r)
        } else if white {
            (f, 7 - r)
        } else {
            (7 - f, r)
        }
    }

    fn at(&self, (f, r): (i32, i32)) -> Cell {
        self.cells[f as usize][r as usize]
    }

    fn set(&mut self, (f, r): (i32, i32), cell: Cell) {
        self.cells[f as usize][r as usize] = cell;
    }

    /// The moves of the piece on `from`, alone; `relaxed` pawns also step
    /// straight onto an enemy and diagonally onto an empty square.
    fn moves(&self, from: (i32, i32), relaxed: bool) -> Vec<Mv> {
        let me = self.at(from).unwrap();
        let mut out = Vec::new();
        let enemy = |sq| self.at(sq).is_some_and(|m: Man| m.white != me.white);
        let empty = |sq| self.at(sq).is_none();
        let mv = |to: (i32, i32), capture, diagonal, double, over, span| Mv {
            from,
            to,
            capture,
            diagonal,
            double,
            over,
            span,
        };
        if me.letter == 'P' {
            let (fx, fy) = forward(me.army);
            let one = (from.0 + fx, from.1 + fy);
            if exists(one.0, one.1) && zone_ok(from, one) {
                if empty(one) {
                    out.push(mv(one, false, false, false, None, 1));
                    let start_line = match me.army {
                        0 => from.1 == 1,
                        1 => from.1 == 6,
                        2 => from.0 == 1,
                        _ => from.0 == 6,
                    };
                    let two = (one.0 + fx, one.1 + fy);
                    if start_line && exists(two.0, two.1) && empty(two) && zone_ok(from, two) {
                        out.push(mv(two, false, false, true, Some(one), 2));
                    }
                } else if relaxed && enemy(one) {
                    out.push(mv(one, true, false, false, None, 1));
                }
            }
            let sides = if fx == 0 {
                [(1, 0), (-1, 0)]
            } else {
                [(0, 1), (0, -1)]
            };
            for (sx, sy) in sides {
                let to = (from.0 + fx + sx, from.1 + fy + sy);
                if !exists(to.0, to.1) || !zone_ok(from, to) {
                    continue;
                }
                if enemy(to) {
                    out.push(mv(to, true, true, false, None, 1));
                } else if relaxed && empty(to) {
                    out.push(mv(to, false, true, false, None, 1));
                }
            }
            return out;
        }
        let (dirs, ride): (Vec<(i32, i32)>, bool) = match me.letter {
            'N' => (
                vec![
                    (1, 2),
                    (2, 1),
                    (-1, 2),
                    (-2, 1),
                    (1, -2),
                    (2, -1),
                    (-1, -2),
                    (-2, -1),
                ],
                false,
            ),
            'B' => (vec![(1, 1), (1, -1), (-1, 1), (-1, -1)], true),
            'R' => (vec![(1, 0), (-1, 0), (0, 1), (0, -1)], true),
            'Q' => (
                vec![
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                ],
                true,
            ),
            _ => (
                vec![
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                ],
                false,
            ),
        };
        for (dx, dy) in dirs {
            let mut n = 1;
            loop {
                let to = (from.0 + dx * n, from.1 + dy * n);
                if !exists(to.0, to.1) {
                    break;
                }
                if empty(to) {
                    if zone_ok(from, to) {
                        out.push(mv(to, false, false, false, None, n));
                    }
                } else {
                    if enemy(to) && zone_ok(from, to) {
                        out.push(mv(to, true, false, false, None, n));
                    }
                    break;
                }
                if !ride {
                    break;
                }
                n += 1;
            }
        }
        out
    }

    /// The squares a move passes over.
    fn path(&self, m: &Mv) -> Vec<(i32, i32)> {
        if let Some(over) = m.over {
            return vec![over];
        }
        let (dx, dy) = ((m.to.0 - m.from.0).signum(), (m.to.1 - m.from.1).signum());
        let straight = m.to.0 == m.from.0 || m.to.1 == m.from.1;
        let diagonal = (m.to.0 - m.from.0).abs() == (m.to.1 - m.from.1).abs();
        if !(straight || diagonal) {
            return Vec::new();
        }
        (1..m.span)
            .map(|i| (m.from.0 + dx * i, m.from.1 + dy * i))
            .collect()
    }

    fn attacked(&self, sq: (i32, i32), by_white: bool) -> bool {
        for f in 0..8 {
            for r in 0..8 {
                let Some(m) = self.cells[f as usize][r as usize] else {
                    continue;
                };
                if m.white != by_white {
                    continue;
                }
                if m.letter == 'P' {
                    let (fx, fy) = forward(m.army);
                    let sides = if fx == 0 {
                        [(1, 0), (-1, 0)]
                    } else {
                        [(0, 1), (0, -1)]
                    };
                    let mut hits: Vec<(i32, i32)> = sides
                        .iter()
                        .map(|(sx, sy)| (f + fx + sx, r + fy + sy))
                        .collect();
                    if m.paired {
                        hits.push((f + fx, r + fy));
                    }
                    if hits.contains(&sq) && zone_ok((f, r), sq) {
                        return true;
                    }
                } else {
                    // Capture moves of a piece reach a square holding an
                    // enemy; put a stand-in there to see.
                    let mut probe = self.clone();
                    probe.set(
                        sq,
                        Some(Man {
                            white: !by_white,
                            letter: 'K',
                            army: 0,
                            paired: false,
                        }),
                    );
                    if probe.moves((f, r), false).iter().any(|mv| mv.to == sq) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn promotes(&self, m: Man, sq: (i32, i32)) -> bool {
        let (fx, fy) = forward(m.army);
        let sides = if fx == 0 {
            [(1, 0), (-1, 0)]
        } else {
            [(0, 1), (0, -1)]
        };
        let ahead = [
            (sq.0 + fx, sq.1 + fy),
            (sq.0 + fx + sides[0].0, sq.1 + fy + sides[0].1),
            (sq.0 + fx + sides[1].0, sq.1 + fy + sides[1].1),
        ];
        ahead.iter().all(|a| !exists(a.0, a.1) || !zone_ok(sq, *a))
    }

    /// Every legal turn's resulting board.
    fn turns(&self) -> Vec<Board> {
        let mut groups: Vec<Vec<Mv>> = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let Some(m) = self.cells[f as usize][r as usize] else {
                    continue;
                };
                if m.white != self.white {
                    continue;
                }
                if !m.paired {
                    for mv in self.moves((f, r), false) {
                        groups.push(vec![mv]);
                    }
                    continue;
                }
                if m.army % 2 == 1 {
                    continue; // the pair is generated from its first army's piece
                }
                let other = self.reflect(m.white, (f, r));
                let pawn = m.letter == 'P';
                let theirs = self.moves(other, pawn);
                for a in self.moves((f, r), pawn) {
                    let target = self.reflect(m.white, a.to);
                    for b in theirs.iter().filter(|b| b.to == target) {
                        if pawn {
                            let ok = if a.double || b.double {
                                a.double && b.double
                            } else if a.diagonal && b.diagonal {
                                a.capture || b.capture
                            } else if !a.diagonal && !b.diagonal {
                                !(a.capture && b.capture)
                            } else {
                                false
                            };
                            if !ok {
                                continue;
                            }
                        }
                        if self.path(&a).contains(&b.to) || self.path(b).contains(&a.to) {
                            continue;
                        }
                        groups.push(vec![a, *b]);
                    }
                }
            }
        }
        let mut out = Vec::new();
        for group in groups {
            let mover = self.at(group[0].from).unwrap();
            let promotes = mover.letter == 'P' && self.promotes(mover, group[0].to);
            let choices: Vec<char> = if promotes {
                vec!['R', 'B', 'N']
            } else {
                vec![' ']
            };
            for choice in choices {
                let mut next = self.clone();
                let mut captured = Vec::new();
                for mv in &group {
                    let mut man = next.at(mv.from).unwrap();
                    next.set(mv.from, None);
                    if let Some(victim) = self.at(mv.to).filter(|_| mv.capture) {
                        captured.push((mv.to, victim));
                    }
                    if choice != ' ' {
                        man.letter = choice;
                    }
                    next.set(mv.to, Some(man));
                }
                for (sq, victim) in captured {
                    if victim.paired {
                        let image = self.reflect(victim.white, sq);
                        if let Some(mut mate) = next.at(image).filter(|m| m.white == victim.white) {
                            mate.paired = false;
                            next.set(image, Some(mate));
                        }
                    }
                }
                // Re-pairing.
                for f in 0..8 {
                    for r in 0..8 {
                        if !exists(f, r) {
                            continue;
                        }
                        let Some(a) = next.at((f, r)).filter(|m| !m.paired) else {
                            continue;
                        };
                        let image = next.reflect(a.white, (f, r));
                        if let Some(b) = next.at(image).filter(|b| {
                            !b.paired
                                && b.white == a.white
                                && b.letter == a.letter
                                && b.army != a.army
                        }) {
                            next.set((f, r), Some(Man { paired: true, ..a }));
                            next.set(image, Some(Man { paired: true, ..b }));
                        }
                    }
                }
                // The swap.
                for f in 0..8 {
                    for r in 0..8 {
                        if !exists(f, r) {
                            continue;
                        }
                        let Some(a) = next.at((f, r)).filter(|m| m.letter == 'P' && m.paired)
                        else {
                            continue;
                        };
                        let (fx, fy) = forward(a.army);
                        let ahead = (f + fx, r + fy);
                        if a.army % 2 == 0
                            && exists(ahead.0, ahead.1)
                            && next.reflect(a.white, (f, r)) == ahead
                            && next
                                .at(ahead)
                                .is_some_and(|b| b.letter == 'P' && b.white == a.white)
                        {
                            let b = next.at(ahead);
                            next.set(ahead, Some(a));
                            next.set((f, r), b);
                        }
                    }
                }
                // Check: none of the mover's kings attacked.
                let kings: Vec<(i32, i32)> = (0..8)
                    .flat_map(|f| (0..8).map(move |r| (f, r)))
                    .filter(|&sq| {
                        exists(sq.0, sq.1)
                            && next
                                .at(sq)
                                .is_some_and(|m| m.letter == 'K' && m.white == self.white)
                    })
                    .collect();
                if kings.iter().any(|k| next.attacked(*k, !self.white)) {
                    continue;
                }
                next.white = !self.white;
                out.push(next);
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.turns().iter().map(|b| b.perft(depth - 1)).sum()
    }
}

#[test]
fn an_independent_counter_agrees_on_cross8_to_depth_four() {
    for (reverse, words) in [(false, "symmetry=mirror"), (true, "symmetry=reverse")] {
        let simple = Board::start(reverse);
        let engine = super::start(&["setup=cross8", words]);
        for depth in 1..=4 {
            assert_eq!(
                simple.perft(depth),
                engine.perft(depth),
                "cross8 {words} perft {depth}"
            );
        }
    }
}
