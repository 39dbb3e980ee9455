//! An independent count of the game without recruiting: orthodox chess on
//! a plain 8x8 mailbox, with the Recruiter as a non-capturing alfil that
//! attacks nothing. It shares no code with the engine (its own FEN
//! reading, move steps, attack test, make-move and castling), so that the
//! engine's counts with recruiting left out can be checked against it.
//!
//! It also decides, by the rule text alone, which recruits a position
//! allows, for the check that the engine generates exactly those.

/// White is 0, Black 1; roles are letters `PNBRQKU`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Man {
    pub side: usize,
    pub role: u8,
    pub converted: bool,
}

#[derive(Clone, Debug)]
pub(super) struct Board {
    pub cells: [Option<Man>; 64],
    pub side: usize,
    /// White O-O, White O-O-O, Black O-O, Black O-O-O.
    pub castle: [bool; 4],
    pub ep: Option<usize>,
}

const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ALFIL: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const STRAIGHT: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (f, r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

/// A move: from, to, promotion letter.
pub(super) type MailMove = (usize, usize, Option<u8>);

impl Board {
    pub(super) fn from_fen(fen: &str) -> Board {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let mut cells = [None; 64];
        let (mut file, mut rank) = (0usize, 7usize);
        let mut last = None;
        for c in fields[0].chars() {
            match c {
                '/' => {
                    file = 0;
                    rank -= 1;
                }
                '*' => {
                    let at: usize = last.expect("a piece before *");
                    if let Some(man) = cells[at].as_mut() {
                        let man: &mut Man = man;
                        man.converted = true;
                    }
                }
                '1'..='8' => file += c as usize - '0' as usize,
                _ => {
                    let side = usize::from(c.is_ascii_lowercase());
                    cells[rank * 8 + file] = Some(Man {
                        side,
                        role: c.to_ascii_uppercase() as u8,
                        converted: false,
                    });
                    last = Some(rank * 8 + file);
                    file += 1;
                }
            }
        }
        let castle = ['K', 'Q', 'k', 'q'].map(|c| fields[2].contains(c));
        let ep = match fields[3] {
            "-" => None,
            s => {
                let b = s.as_bytes();
                Some((b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
            }
        };
        Board {
            cells,
            side: usize::from(fields[1] == "b"),
            castle,
            ep,
        }
    }

    fn at(&self, sq: usize) -> Option<Man> {
        self.cells[sq]
    }

    /// Whether `side` attacks `target` (Recruiters never do).
    pub(super) fn attacked(&self, target: usize, side: usize) -> bool {
        let is = |sq: Option<usize>, roles: &[u8]| {
            sq.and_then(|s| self.at(s))
                .is_some_and(|m| m.side == side && roles.contains(&m.role))
        };
        // A pawn of `side` attacks diagonally forward, so it stands
        // diagonally behind the target from its point of view.
        let back = if side == 0 { -1 } else { 1 };
        if is(step(target, (1, back)), b"P") || is(step(target, (-1, back)), b"P") {
            return true;
        }
        if KNIGHT.iter().any(|d| is(step(target, *d), b"N")) {
            return true;
        }
        if KING.iter().any(|d| is(step(target, *d), b"K")) {
            return true;
        }
        for (dirs, roles) in [(DIAGONAL, b"BQ"), (STRAIGHT, b"RQ")] {
            for d in dirs {
                let mut sq = target;
                while let Some(next) = step(sq, d) {
                    if let Some(man) = self.at(next) {
                        if man.side == side && roles.contains(&man.role) {
                            return true;
                        }
                        break;
                    }
                    sq = next;
                }
            }
        }
        false
    }

    pub(super) fn kings(&self, side: usize) -> Vec<usize> {
        (0..64)
            .filter(|&s| self.at(s).is_some_and(|m| m.side == side && m.role == b'K'))
            .collect()
    }

    pub(super) fn in_check(&self, side: usize) -> bool {
        self.kings(side).iter().any(|&k| self.attacked(k, 1 - side))
    }

    /// Moves by the pieces' own rules, the king's safety aside.
    fn pseudo(&self) -> Vec<MailMove> {
        let us = self.side;
        let mut out = Vec::new();
        let free_or_enemy = |to: usize| match self.at(to) {
            None => true,
            Some(m) => m.side != us && m.role != b'K',
        };
        for from in 0..64 {
            let Some(man) = self.at(from) else { continue };
            if man.side != us {
                continue;
            }
            match man.role {
                b'P' => {
                    let dir = if us == 0 { 1 } else { -1 };
                    let start = if us == 0 { 1 } else { 6 };
                    let last = if us == 0 { 7 } else { 0 };
                    let mut targets = Vec::new();
                    if let Some(one) = step(from, (0, dir))
                        && self.at(one).is_none()
                    {
                        targets.push(one);
                        if from / 8 == start
                            && let Some(two) = step(one, (0, dir))
                            && self.at(two).is_none()
                        {
                            targets.push(two);
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = step(from, (df, dir)) {
                            let enemy = self.at(to).is_some_and(|m| m.side != us && m.role != b'K');
                            if enemy || Some(to) == self.ep {
                                targets.push(to);
                            }
                        }
                    }
                    for to in targets {
                        if to / 8 == last {
                            for p in *b"QRBN" {
                                out.push((from, to, Some(p)));
                            }
                        } else {
                            out.push((from, to, None));
                        }
                    }
                }
                b'N' | b'K' => {
                    let steps = if man.role == b'N' { KNIGHT } else { KING };
                    for d in steps {
                        if let Some(to) = step(from, d)
                            && free_or_enemy(to)
                        {
                            out.push((from, to, None));
                        }
                    }
                }
                b'U' => {
                    for d in ALFIL {
                        if let Some(to) = step(from, d)
                            && self.at(to).is_none()
                        {
                            out.push((from, to, None));
                        }
                    }
                }
                role => {
                    let dirs: Vec<(i32, i32)> = match role {
                        b'B' => DIAGONAL.to_vec(),
                        b'R' => STRAIGHT.to_vec(),
                        _ => DIAGONAL.iter().chain(STRAIGHT.iter()).copied().collect(),
                    };
                    for d in dirs {
                        let mut sq = from;
                        while let Some(to) = step(sq, d) {
                            if self.at(to).is_some() {
                                if free_or_enemy(to) {
                                    out.push((from, to, None));
                                }
                                break;
                            }
                            out.push((from, to, None));
                            sq = to;
                        }
                    }
                }
            }
        }
        // Castling: the right, empty squares between king and rook, and
        // the king on none of e-, f-/d- and g-/c-file squares attacked.
        let rank = if us == 0 { 0 } else { 56 };
        for (i, (rook, path, king_to)) in [(7usize, [5usize, 6], 6usize), (0, [3, 2], 2)]
            .into_iter()
            .enumerate()
        {
            if !self.castle[us * 2 + i] {
                continue;
            }
            let between: Vec<usize> = if rook == 7 { vec![5, 6] } else { vec![1, 2, 3] };
            if between.iter().any(|f| self.at(rank + f).is_some()) {
                continue;
            }
            let safe = [4, path[0], path[1]]
                .iter()
                .all(|f| !self.attacked(rank + f, 1 - us));
            if safe {
                out.push((rank + 4, rank + king_to, None));
            }
        }
        out
    }

    pub(super) fn make(&self, (from, to, promotion): MailMove) -> Board {
        let mut next = self.clone();
        let man = self.at(from).expect("a piece to move");
        next.cells[from] = None;
        next.cells[to] = Some(Man {
            role: promotion.unwrap_or(man.role),
            ..man
        });
        next.ep = None;
        if man.role == b'P' {
            if Some(to) == self.ep && from % 8 != to % 8 {
                next.cells[(from / 8) * 8 + to % 8] = None;
            }
            if from.abs_diff(to) == 16 {
                next.ep = Some((from + to) / 2);
            }
        }
        if man.role == b'K' && from.abs_diff(to) == 2 {
            let rank = from / 8 * 8;
            let (rook_from, rook_to) = if to % 8 == 6 { (7, 5) } else { (0, 3) };
            next.cells[rank + rook_to] = next.cells[rank + rook_from].take();
        }
        for sq in [from, to] {
            match sq {
                0 => next.castle[1] = false,
                7 => next.castle[0] = false,
                4 => next.castle[..2].fill(false),
                56 => next.castle[3] = false,
                63 => next.castle[2] = false,
                60 => next.castle[2..].fill(false),
                _ => {}
            }
        }
        next.side = 1 - self.side;
        next
    }

    pub(super) fn legal(&self) -> Vec<MailMove> {
        self.pseudo()
            .into_iter()
            .filter(|m| !self.make(*m).in_check(self.side))
            .collect()
    }

    pub(super) fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.make(*m).perft(depth - 1)).sum()
    }

    /// The recruits the rule text allows, king safety included: the
    /// recruiter's square and the target's.
    pub(super) fn recruits(&self, version: u8) -> Vec<(usize, usize)> {
        let us = self.side;
        let mut out = Vec::new();
        for from in 0..64 {
            let Some(man) = self.at(from) else { continue };
            if man.side != us {
                continue;
            }
            for target in 0..64 {
                let Some(prey) = self.at(target) else {
                    continue;
                };
                if prey.side == us || prey.role == b'U' {
                    continue;
                }
                let allowed = if man.role == b'U' {
                    // An alfil's leap; not a queen; a king only back home.
                    ALFIL.iter().any(|d| step(from, *d) == Some(target))
                        && prey.role != b'Q'
                        && (prey.role != b'K' || prey.converted)
                } else {
                    version >= 2
                        && man.converted
                        && !prey.converted
                        && prey.role != b'K'
                        && self.could_capture(from, target)
                };
                if !allowed {
                    continue;
                }
                if !self.recruit(target).in_check(us) {
                    out.push((from, target));
                }
            }
        }
        out
    }

    /// The board after the piece on `target` is recruited.
    pub(super) fn recruit(&self, target: usize) -> Board {
        let prey = self.at(target).expect("a piece to recruit");
        let mut next = self.clone();
        next.cells[target] = Some(Man {
            side: self.side,
            role: prey.role,
            converted: !prey.converted,
        });
        match target {
            0 => next.castle[1] = false,
            7 => next.castle[0] = false,
            4 => next.castle[..2].fill(false),
            56 => next.castle[3] = false,
            63 => next.castle[2] = false,
            60 => next.castle[2..].fill(false),
            _ => {}
        }
        next.ep = None;
        next.side = 1 - self.side;
        next
    }

    /// Perft with recruiting, by the rule text (Rebel I and II; no
    /// conversionmate).
    pub(super) fn perft_recruiting(&self, depth: u32, version: u8) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        let recruits = self.recruits(version);
        if depth == 1 {
            return (moves.len() + recruits.len()) as u64;
        }
        let by_moves: u64 = moves
            .iter()
            .map(|m| self.make(*m).perft_recruiting(depth - 1, version))
            .sum();
        let by_recruits: u64 = recruits
            .iter()
            .map(|(_, t)| self.recruit(*t).perft_recruiting(depth - 1, version))
            .sum();
        by_moves + by_recruits
    }

    /// Whether the piece on `from` attacks `target` (its capture squares).
    fn could_capture(&self, from: usize, target: usize) -> bool {
        let man = self.at(from).expect("a piece");
        let mut probe = self.clone();
        // Put a lone enemy there and ask whether our side attacks it from
        // `from` alone: remove every other piece of ours.
        for sq in 0..64 {
            if sq != from && probe.cells[sq].is_some_and(|m| m.side == man.side) {
                probe.cells[sq] = Some(Man {
                    side: 1 - man.side,
                    role: b'U',
                    converted: false,
                });
            }
        }
        probe.attacked(target, man.side)
    }
}
