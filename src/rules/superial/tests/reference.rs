//! An independent count of Superial Chess actions, written straight from
//! the rule text and RULINGS over a plain 6x6 array, sharing no code with
//! the engine (not its geometry, board, moves or notation). Perft and the
//! random games compare the engine with it.

/// A cube: (White's?, aspect 0 pusher, 1 hopper, 2 slasher).
type Cell = Option<(bool, u8)>;

/// A position: `grid[file][rank]`, who acts, random moves left.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Mailbox {
    grid: [[Cell; 6]; 6],
    white: bool,
    random: [u8; 2],
}

fn black_square(f: i32, r: i32) -> bool {
    (f + r) % 2 == 0
}

/// A white cube's home is white, i.e. not black.
fn on_home(white: bool, f: i32, r: i32) -> bool {
    black_square(f, r) != white
}

fn inside(f: i32, r: i32) -> bool {
    (0..6).contains(&f) && (0..6).contains(&r)
}

type Path = Vec<((i32, i32), (i32, i32))>;

impl Mailbox {
    /// From the position string's placement and side (the random moves
    /// left, if given, as `W/B`).
    pub fn read(position: &str) -> Mailbox {
        let fields: Vec<&str> = position.split_whitespace().collect();
        let mut grid = [[None; 6]; 6];
        for (i, row) in fields[0].split('/').enumerate() {
            let r = 5 - i;
            let mut f = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    f += n as usize;
                } else {
                    let aspect = "phs".find(c.to_ascii_lowercase()).unwrap() as u8;
                    grid[f][r] = Some((c.is_ascii_uppercase(), aspect));
                    f += 1;
                }
            }
        }
        let random = match fields.get(2) {
            Some(field) => {
                let (w, b) = field.split_once('/').unwrap();
                [w.parse().unwrap(), b.parse().unwrap()]
            }
            None => [0, 0],
        };
        Mailbox {
            grid,
            white: fields[1] == "w",
            random,
        }
    }

    fn at(&self, f: i32, r: i32) -> Cell {
        self.grid[f as usize][r as usize]
    }

    fn put(&mut self, f: i32, r: i32, cell: Cell) {
        self.grid[f as usize][r as usize] = cell;
    }

    fn cubes(&self, white: bool) -> usize {
        self.grid
            .iter()
            .flatten()
            .flatten()
            .filter(|c| c.0 == white)
            .count()
    }

    /// Each way the cube on (f, r) can go: its legs as (jumped, landing),
    /// jumped (-1, -1) for none.
    fn paths(&self, f: i32, r: i32) -> Vec<Path> {
        let (_, aspect) = self.at(f, r).unwrap();
        let mut out = Vec::new();
        let mut me = self.clone();
        me.put(f, r, None);
        let none = (-1, -1);
        match aspect {
            0 => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let mut k = 1;
                    while inside(f + k * df, r + k * dr) && me.at(f + k * df, r + k * dr).is_some()
                    {
                        k += 1;
                    }
                    if inside(f + k * df, r + k * dr) {
                        out.push(vec![(none, (f + df, r + dr))]);
                    }
                }
            }
            1 => {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let (mf, mr, tf, tr) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
                    if inside(tf, tr) && me.at(mf, mr).is_none() && me.at(tf, tr).is_none() {
                        out.push(vec![(none, (tf, tr))]);
                    }
                }
                me.hop((f, r), &mut vec![(f, r)], &mut Vec::new(), &mut out);
            }
            _ => {
                for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let to = ((f + df).rem_euclid(6), (r + dr).rem_euclid(6));
                    if me.at(to.0, to.1).is_none() {
                        out.push(vec![(none, to)]);
                    }
                }
                me.slash((f, r), &mut vec![(f, r)], &mut Vec::new(), &mut out);
            }
        }
        out
    }

    fn hop(
        &self,
        at: (i32, i32),
        stood: &mut Vec<(i32, i32)>,
        legs: &mut Path,
        out: &mut Vec<Path>,
    ) {
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let over = (at.0 + df, at.1 + dr);
            if !inside(over.0, over.1)
                || self.at(over.0, over.1).is_none()
                || legs.iter().any(|(o, _)| *o == over)
            {
                continue;
            }
            // Beside the jumped cube: straight on, or turning either way.
            for (ef, er) in [(df, dr), (dr, df), (-dr, -df)] {
                let to = (over.0 + ef, over.1 + er);
                if !inside(to.0, to.1) || self.at(to.0, to.1).is_some() || stood.contains(&to) {
                    continue;
                }
                legs.push((over, to));
                stood.push(to);
                out.push(legs.clone());
                self.hop(to, stood, legs, out);
                legs.pop();
                stood.pop();
            }
        }
    }

    fn slash(
        &self,
        at: (i32, i32),
        stood: &mut Vec<(i32, i32)>,
        legs: &mut Path,
        out: &mut Vec<Path>,
    ) {
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let over = ((at.0 + df).rem_euclid(6), (at.1 + dr).rem_euclid(6));
            let to = ((at.0 + 2 * df).rem_euclid(6), (at.1 + 2 * dr).rem_euclid(6));
            if self.at(over.0, over.1).is_none()
                || self.at(to.0, to.1).is_some()
                || stood.contains(&to)
            {
                continue;
            }
            legs.push((over, to));
            stood.push(to);
            out.push(legs.clone());
            self.slash(to, stood, legs, out);
            legs.pop();
            stood.pop();
        }
    }

    /// Every position one action on, a random move as its 216 throws.
    pub fn children(&self) -> Vec<Mailbox> {
        let mut out = Vec::new();
        if self.cubes(!self.white) == 0 || self.cubes(self.white) == 0 {
            return out;
        }
        for f in 0..6 {
            for r in 0..6 {
                let Some((team, aspect)) = self.at(f, r) else {
                    continue;
                };
                if team != self.white {
                    continue;
                }
                for path in self.paths(f, r) {
                    let moved = self.moved((f, r), &path);
                    let (tf, tr) = path.last().unwrap().1;
                    out.push(moved.clone());
                    if !on_home(team, tf, tr) {
                        for other in (0..3).filter(|a| *a != aspect) {
                            let mut changed = moved.clone();
                            changed.put(tf, tr, Some((team, other)));
                            out.push(changed);
                        }
                    }
                }
                if !on_home(team, f, r) {
                    for other in (0..3).filter(|a| *a != aspect) {
                        let mut changed = self.clone();
                        changed.put(f, r, Some((team, other)));
                        changed.white = !self.white;
                        out.push(changed);
                    }
                }
            }
        }
        let me = usize::from(!self.white);
        if self.random[me] > 0 {
            for f in 0..6 {
                for r in 0..6 {
                    for face in 0..6u8 {
                        let mut thrown = self.clone();
                        thrown.random[me] -= 1;
                        thrown.white = !self.white;
                        let cell = match self.at(f, r) {
                            None => Some((face < 3, face % 3)),
                            Some((team, _)) => Some((team, face % 3)),
                        };
                        thrown.put(f, r, cell);
                        out.push(thrown);
                    }
                }
            }
        }
        out
    }

    /// The position after the cube on `from` goes `path` (no change).
    fn moved(&self, from: (i32, i32), path: &Path) -> Mailbox {
        let (team, aspect) = self.at(from.0, from.1).unwrap();
        let mut next = self.clone();
        next.white = !self.white;
        next.put(from.0, from.1, None);
        let to = path.last().unwrap().1;
        let turn = |next: &mut Mailbox, (f, r): (i32, i32)| {
            if let Some((t, a)) = next.at(f, r)
                && t != team
            {
                next.put(f, r, Some((team, a)));
            }
        };
        match aspect {
            0 => {
                let (df, dr) = (to.0 - from.0, to.1 - from.1);
                let mut line = Vec::new();
                let mut k = 1;
                while next.at(from.0 + k * df, from.1 + k * dr).is_some() {
                    line.push(next.at(from.0 + k * df, from.1 + k * dr));
                    k += 1;
                }
                for (i, cell) in line.into_iter().enumerate() {
                    let (f, r) = (from.0 + (i as i32 + 2) * df, from.1 + (i as i32 + 2) * dr);
                    next.put(f, r, cell);
                    if on_home(team, f, r) {
                        turn(&mut next, (f, r));
                    }
                }
            }
            1 => {
                for &(over, _) in path.iter().filter(|(o, _)| o.0 >= 0) {
                    if on_home(team, over.0, over.1) {
                        turn(&mut next, over);
                    }
                }
            }
            _ => {
                for &(over, _) in path.iter().filter(|(o, _)| o.0 >= 0) {
                    turn(&mut next, over);
                }
            }
        }
        next.put(to.0, to.1, Some((team, aspect)));
        next
    }

    /// Leaves of the action tree `depth` deep (a side with no cube, or
    /// whose opponent has none, has no action).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let children = self.children();
        if depth == 1 {
            return children.len() as u64;
        }
        children.iter().map(|c| c.perft(depth - 1)).sum()
    }
}
