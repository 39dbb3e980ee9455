//! An independent count of the hybrid's actions, written straight from
//! RULINGS over a plain 8x8 array, sharing no code with the engine (not
//! the chess-like layer, the cube engine, the geometry or the notation).
//! Check is tested the way the rulings word it: a king is in check when
//! some action of the opponent, were it to act, would capture it.

/// A man: White's piece, Black's piece, Black's cube, Black's king.
/// Kinds 0-5: pawn, knight, bishop, rook, queen, king; aspects 0-2:
/// pusher, hopper, slasher.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Man {
    W(u8),
    B(u8),
    Cube(u8),
    King(u8, u8),
}

type Sq = (i32, i32);

/// A position: `g[file][rank]`, who acts, White's castling rights (king's
/// side, queen's side), the en passant square.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Reference {
    g: [[Option<Man>; 8]; 8],
    white: bool,
    ck: bool,
    cq: bool,
    ep: Option<Sq>,
}

const ORTH: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [Sq; 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [Sq; 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

fn inside((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn black_square((f, r): Sq) -> bool {
    (f + r) % 2 == 0
}

fn add((f, r): Sq, (df, dr): Sq) -> Sq {
    (f + df, r + dr)
}

fn wrap((f, r): Sq, (df, dr): Sq) -> Sq {
    ((f + df).rem_euclid(8), (r + dr).rem_euclid(8))
}

impl Reference {
    pub fn read(text: &str) -> Reference {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let mut g = [[None; 8]; 8];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 7 - i;
            let mut f = 0;
            let mut chars = row.chars();
            while let Some(c) = chars.next() {
                if let Some(n) = c.to_digit(10) {
                    f += n as usize;
                    continue;
                }
                let man = if c == '(' {
                    let a = "o+x".find(chars.next().unwrap()).unwrap() as u8;
                    let k = "pnbrqk".find(chars.next().unwrap()).unwrap() as u8;
                    chars.next();
                    Man::King(a, k)
                } else if let Some(a) = "o+x".find(c) {
                    Man::Cube(a as u8)
                } else if let Some(k) = "PNBRQK".find(c) {
                    Man::W(k as u8)
                } else {
                    Man::B("pnbrqk".find(c).unwrap() as u8)
                };
                g[f][r] = Some(man);
                f += 1;
            }
        }
        let ep = (fields[3] != "-").then(|| {
            let b = fields[3].as_bytes();
            ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
        });
        Reference {
            g,
            white: fields[1] == "w",
            ck: fields[2].contains('K'),
            cq: fields[2].contains('Q'),
            ep,
        }
    }

    fn at(&self, (f, r): Sq) -> Option<Man> {
        self.g[f as usize][r as usize]
    }

    fn put(&mut self, (f, r): Sq, man: Option<Man>) {
        self.g[f as usize][r as usize] = man;
    }

    fn squares(&self) -> Vec<(Sq, Man)> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                if let Some(m) = self.g[f as usize][r as usize] {
                    out.push(((f, r), m));
                }
            }
        }
        out
    }

    fn has_white_king(&self) -> bool {
        self.squares().iter().any(|(_, m)| *m == Man::W(5))
    }

    fn has_black_king(&self) -> bool {
        self.squares()
            .iter()
            .any(|(_, m)| matches!(m, Man::King(..)))
    }

    /// Whether a man is the mover's enemy.
    fn enemy(white: bool, man: Man) -> bool {
        matches!(man, Man::W(_)) != white
    }

    /// The position after an action: the other side to act, the castling
    /// rights of a king or rook no longer at home gone.
    fn finish(mut self, ep: Option<Sq>) -> Reference {
        self.white = !self.white;
        self.ep = ep;
        let home = self.at((4, 0)) == Some(Man::W(5));
        self.ck &= home && self.at((7, 0)) == Some(Man::W(3));
        self.cq &= home && self.at((0, 0)) == Some(Man::W(3));
        self
    }

    /// A chess move of the man on `from` to `to` as `after`, taking what
    /// is on `to` (and on `also`, en passant).
    fn chess_to(
        &self,
        from: Sq,
        to: Sq,
        after: Man,
        also: Option<Sq>,
        ep: Option<Sq>,
    ) -> Reference {
        let mut next = self.clone();
        next.put(from, None);
        if let Some(sq) = also {
            next.put(sq, None);
        }
        next.put(to, Some(after));
        next.finish(ep)
    }

    /// The same man with another chess kind (a promotion).
    fn promoted(man: Man, kind: u8) -> Man {
        match man {
            Man::W(_) => Man::W(kind),
            Man::B(_) => Man::B(kind),
            Man::King(a, _) => Man::King(a, kind),
            Man::Cube(_) => unreachable!(),
        }
    }

    fn chess(&self, from: Sq, man: Man, kind: u8, out: &mut Vec<Reference>) {
        let white = self.white;
        let target = |to: Sq| -> Option<bool> {
            // Some(capture?) when the man may go there.
            if !inside(to) {
                return None;
            }
            match self.at(to) {
                None => Some(false),
                Some(m) if Reference::enemy(white, m) => Some(true),
                Some(_) => None,
            }
        };
        let mut land = |to: Sq| out.push(self.chess_to(from, to, man, None, None));
        match kind {
            0 => {
                let dir = if white { 1 } else { -1 };
                let (start, last) = if white { (1, 7) } else { (6, 0) };
                let promote = |to: Sq, also: Option<Sq>, out: &mut Vec<Reference>| {
                    if to.1 == last {
                        for k in [4, 3, 2, 1] {
                            out.push(self.chess_to(
                                from,
                                to,
                                Reference::promoted(man, k),
                                also,
                                None,
                            ));
                        }
                    } else {
                        out.push(self.chess_to(from, to, man, also, None));
                    }
                };
                let one = add(from, (0, dir));
                if inside(one) && self.at(one).is_none() {
                    promote(one, None, out);
                    let two = add(one, (0, dir));
                    if from.1 == start && inside(two) && self.at(two).is_none() {
                        out.push(self.chess_to(from, two, man, None, Some(one)));
                    }
                }
                for df in [-1, 1] {
                    let to = add(from, (df, dir));
                    if !inside(to) {
                        continue;
                    }
                    match self.at(to) {
                        Some(m) if Reference::enemy(white, m) => promote(to, None, out),
                        None if self.ep == Some(to) => {
                            let pawn = (to.0, from.1);
                            let is_pawn = matches!(
                                self.at(pawn),
                                Some(Man::W(0) | Man::B(0) | Man::King(_, 0))
                            );
                            if is_pawn && self.at(pawn).is_some_and(|m| Reference::enemy(white, m))
                            {
                                promote(to, Some(pawn), out);
                            }
                        }
                        _ => {}
                    }
                }
            }
            1 | 5 => {
                let leaps: Vec<Sq> = if kind == 1 {
                    KNIGHT.to_vec()
                } else {
                    [ORTH, DIAG].concat()
                };
                for d in leaps {
                    let to = add(from, d);
                    if target(to).is_some() {
                        land(to);
                    }
                }
            }
            _ => {
                let dirs: Vec<Sq> = match kind {
                    2 => DIAG.to_vec(),
                    3 => ORTH.to_vec(),
                    _ => [ORTH, DIAG].concat(),
                };
                for d in dirs {
                    let mut to = add(from, d);
                    while let Some(capture) = target(to) {
                        land(to);
                        if capture {
                            break;
                        }
                        to = add(to, d);
                    }
                }
            }
        }
    }

    /// Every path of Black's cube on `from`: the board after it (cube
    /// moved, captured white men turned black), its end, the squares of
    /// the men it captured.
    fn cube_paths(&self, from: Sq, aspect: u8) -> Vec<(Reference, Sq, Vec<Sq>)> {
        let man = self.at(from).unwrap();
        let mut out = Vec::new();
        let mut base = self.clone();
        base.put(from, None);
        let turn = |board: &mut Reference, sq: Sq| {
            if let Some(Man::W(k)) = board.at(sq) {
                board.put(sq, Some(Man::B(k)));
                true
            } else {
                false
            }
        };
        match aspect {
            0 => {
                for d in ORTH {
                    let to = add(from, d);
                    if !inside(to) {
                        continue;
                    }
                    let mut line = Vec::new();
                    let mut at = to;
                    while inside(at) && base.at(at).is_some() {
                        line.push(at);
                        at = add(at, d);
                    }
                    if !inside(at) {
                        continue;
                    }
                    let mut next = base.clone();
                    for sq in line.iter().rev() {
                        next.put(add(*sq, d), base.at(*sq));
                        next.put(*sq, None);
                    }
                    let mut captured = Vec::new();
                    for sq in &line {
                        let now = add(*sq, d);
                        if black_square(now) && turn(&mut next, now) {
                            captured.push(now);
                        }
                    }
                    next.put(to, Some(man));
                    out.push((next, to, captured));
                }
            }
            1 => {
                for d in ORTH {
                    let (mid, to) = (add(from, d), add(from, (2 * d.0, 2 * d.1)));
                    if inside(to) && base.at(mid).is_none() && base.at(to).is_none() {
                        let mut next = base.clone();
                        next.put(to, Some(man));
                        out.push((next, to, Vec::new()));
                    }
                }
                let mut chain = (vec![from], Vec::new());
                self.hops(&base, man, from, &mut chain, &mut out);
            }
            _ => {
                for d in DIAG {
                    let to = wrap(from, d);
                    if base.at(to).is_none() {
                        let mut next = base.clone();
                        next.put(to, Some(man));
                        out.push((next, to, Vec::new()));
                    }
                }
                let mut chain = (vec![from], Vec::new());
                self.slashes(&base, man, from, &mut chain, &mut out);
            }
        }
        out
    }

    /// The path's result: the cube on `to`, jumped white men in `captures`
    /// turned black.
    fn after_jumps(base: &Reference, man: Man, to: Sq, jumped: &[Sq]) -> (Reference, Sq, Vec<Sq>) {
        let mut next = base.clone();
        let mut captured = Vec::new();
        for sq in jumped {
            if let Some(Man::W(k)) = next.at(*sq) {
                next.put(*sq, Some(Man::B(k)));
                captured.push(*sq);
            }
        }
        next.put(to, Some(man));
        (next, to, captured)
    }

    #[allow(clippy::type_complexity)]
    fn hops(
        &self,
        base: &Reference,
        man: Man,
        at: Sq,
        chain: &mut (Vec<Sq>, Vec<Sq>),
        out: &mut Vec<(Reference, Sq, Vec<Sq>)>,
    ) {
        for d in ORTH {
            let over = add(at, d);
            if !inside(over) || base.at(over).is_none() || chain.1.contains(&over) {
                continue;
            }
            for e in ORTH {
                if e == (-d.0, -d.1) {
                    continue;
                }
                let to = add(over, e);
                if !inside(to) || base.at(to).is_some() || chain.0.contains(&to) {
                    continue;
                }
                chain.0.push(to);
                chain.1.push(over);
                let on_black: Vec<Sq> = chain
                    .1
                    .iter()
                    .copied()
                    .filter(|s| black_square(*s))
                    .collect();
                out.push(Reference::after_jumps(base, man, to, &on_black));
                self.hops(base, man, to, chain, out);
                chain.0.pop();
                chain.1.pop();
            }
        }
    }

    #[allow(clippy::type_complexity)]
    fn slashes(
        &self,
        base: &Reference,
        man: Man,
        at: Sq,
        chain: &mut (Vec<Sq>, Vec<Sq>),
        out: &mut Vec<(Reference, Sq, Vec<Sq>)>,
    ) {
        for d in DIAG {
            let over = wrap(at, d);
            let to = wrap(over, d);
            if base.at(over).is_none() || base.at(to).is_some() || chain.0.contains(&to) {
                continue;
            }
            chain.0.push(to);
            chain.1.push(over);
            let mut jumped = chain.1.clone();
            jumped.sort();
            jumped.dedup();
            out.push(Reference::after_jumps(base, man, to, &jumped));
            self.slashes(base, man, to, chain, out);
            chain.0.pop();
            chain.1.pop();
        }
    }

    fn with_aspect(man: Man, aspect: u8) -> Man {
        match man {
            Man::Cube(_) => Man::Cube(aspect),
            Man::King(_, k) => Man::King(aspect, k),
            other => other,
        }
    }

    fn cube(&self, from: Sq, man: Man, aspect: u8, crowning: bool, out: &mut Vec<Reference>) {
        for (board, end, captured) in self.cube_paths(from, aspect) {
            let mut aspects = vec![aspect];
            if !black_square(end) {
                aspects.extend((0..3).filter(|a| *a != aspect));
            }
            for a in aspects {
                let mut next = board.clone();
                next.put(end, Some(Reference::with_aspect(man, a)));
                if crowning && !captured.is_empty() {
                    for &piece in &captured {
                        let Some(Man::B(kind)) = next.at(piece) else {
                            unreachable!()
                        };
                        for on in [end, piece] {
                            let mut crowned = next.clone();
                            crowned.put(end, None);
                            crowned.put(piece, None);
                            crowned.put(on, Some(Man::King(a, kind)));
                            out.push(crowned.finish(None));
                        }
                    }
                } else {
                    out.push(next.finish(None));
                }
            }
        }
        if !black_square(from) {
            for a in (0..3).filter(|a| *a != aspect) {
                let mut next = self.clone();
                next.put(from, Some(Reference::with_aspect(man, a)));
                out.push(next.finish(None));
            }
        }
    }

    /// Every action of the side to act, without the check rule and
    /// without castling.
    fn pseudo(&self) -> Vec<Reference> {
        let mut out = Vec::new();
        let crowning = !self.has_black_king();
        for (sq, man) in self.squares() {
            match man {
                Man::W(k) if self.white => self.chess(sq, man, k, &mut out),
                Man::B(k) if !self.white => self.chess(sq, man, k, &mut out),
                Man::Cube(a) if !self.white => self.cube(sq, man, a, crowning, &mut out),
                Man::King(a, k) if !self.white => {
                    self.chess(sq, man, k, &mut out);
                    self.cube(sq, man, a, crowning, &mut out);
                }
                _ => {}
            }
        }
        out
    }

    /// Whether the side that has just acted has its king in check: some
    /// action of the side to act would capture it.
    fn mover_in_check(&self) -> bool {
        if self.white {
            self.has_black_king() && self.pseudo().iter().any(|r| !r.has_black_king())
        } else {
            self.has_white_king() && self.pseudo().iter().any(|r| !r.has_white_king())
        }
    }

    /// Every legal action's result.
    pub fn legal(&self) -> Vec<Reference> {
        let mut out: Vec<Reference> = self
            .pseudo()
            .into_iter()
            .filter(|r| !r.mover_in_check())
            .collect();
        if self.white {
            let opponent_view = |board: &Reference| {
                let mut b = board.clone();
                b.white = false;
                b.ep = None;
                b.mover_in_check()
            };
            for (right, rook, cross, to, between) in [
                (self.ck, 7, 5, 6, vec![5, 6]),
                (self.cq, 0, 3, 2, vec![1, 2, 3]),
            ] {
                if !right || between.iter().any(|f| self.at((*f, 0)).is_some()) {
                    continue;
                }
                let mut crossed = self.clone();
                crossed.put((4, 0), None);
                crossed.put((cross, 0), Some(Man::W(5)));
                if opponent_view(self) || opponent_view(&crossed) {
                    continue;
                }
                let mut next = self.clone();
                next.put((4, 0), None);
                next.put((rook, 0), None);
                next.put((to, 0), Some(Man::W(5)));
                next.put((cross, 0), Some(Man::W(3)));
                let next = next.finish(None);
                if !next.mover_in_check() {
                    out.push(next);
                }
            }
        }
        out
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal.iter().map(|r| r.perft(depth - 1)).sum()
    }
}
