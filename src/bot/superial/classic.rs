//! The classic game as the alpha-beta search walks it: a flat copy-made
//! position ([`Flat`], the rules' own generator of `superial::flat`
//! behind it) instead of the game's state, whose every play clones a
//! history and writes notation. Nothing is allocated per position.
//!
//! The search's position carries what decides the game's end and its
//! draws: the side with no cube or no legal action loses; the 75-turn
//! rule; fivefold repetition and the threefold claim, counted over the
//! last [`RECENT`] positions since the last random move (a return further
//! back is not seen: the search plays a few plies, and the game's own
//! rules judge what is played). The chosen play is found among the
//! game's own plays by the board it leaves.

use super::super::layer;
use crate::bot::Standing;
use crate::bot::alphabeta::generic::Searchable;
use crate::rules::superial::flat::{self, BLACK, Node, Path, bit};
use crate::rules::superial::reach::{Tables, tables};
use crate::rules::superial::{Play, SIZE, Superial, SuperialAction, Throw, moves};
use crate::rules::{Entropy, GameResult, Seat};

/// How many positions back repetitions are counted.
const RECENT: usize = 16;

/// A play of the flat position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum FlatPlay {
    /// The cube on `from` takes `path` to `to`, showing `cell` there (its
    /// aspect changed or not); `captures` whether it turns a cube over.
    Cube {
        from: u8,
        to: u8,
        path: Path,
        cell: u8,
        captures: bool,
    },
    /// The cube on `at` turns to show `cell`.
    Change {
        at: u8,
        cell: u8,
    },
    Random,
    /// A claim of a draw (threefold repetition or 50 turns).
    Claim,
}

/// A position of the search.
#[derive(Clone, Copy, Debug)]
pub(super) struct Flat {
    node: Node,
    /// The keys of the positions since the last random move, the current
    /// one last: the last `recent` of them, oldest first.
    keys: [u64; RECENT],
    recent: u8,
    standing: Standing,
}

/// A node's 117-bit key folded to 64 bits.
fn fold(key: u128) -> u64 {
    (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Flat {
    /// The position of a classic game now (not over).
    pub(super) fn of(game: &Superial) -> Flat {
        let record: Vec<u64> = game.flat_record().map(fold).collect();
        let mut keys = [0; RECENT];
        let kept = &record[record.len().saturating_sub(RECENT)..];
        keys[..kept.len()].copy_from_slice(kept);
        let node = game.flat();
        Flat {
            node,
            keys,
            recent: kept.len() as u8,
            standing: Standing::Acts(node.side()),
        }
    }

    /// How many cubes `seat`'s team has.
    #[cfg(test)]
    pub(super) fn cubes(&self, seat: Seat) -> u32 {
        let black = self.node.black.count_ones();
        match seat {
            Seat::White => self.node.occupied.count_ones() - black,
            Seat::Black => black,
        }
    }

    fn tables() -> &'static Tables {
        tables(SIZE)
    }

    /// How many times the current position occurs among the recent.
    fn repetitions(&self) -> usize {
        let recent = &self.keys[..usize::from(self.recent)];
        let current = recent[recent.len() - 1];
        recent.iter().filter(|k| **k == current).count()
    }

    /// The position after a play made `node` (handed over), `random` when
    /// it was a random move: its key recorded, its standing judged.
    fn after(&self, node: Node, random: bool) -> Flat {
        let mut next = *self;
        next.node = node;
        let key = fold(node.key());
        if random {
            next.recent = 0;
        }
        if usize::from(next.recent) == RECENT {
            next.keys.copy_within(1.., 0);
            next.recent -= 1;
        }
        next.keys[usize::from(next.recent)] = key;
        next.recent += 1;
        let mover = node.side().other();
        next.standing = if node.own() == 0 || !flat::can_act(&node, Flat::tables()) {
            Standing::Over(GameResult::Win(mover))
        } else if node.quiet >= 150 || next.repetitions() >= 5 {
            Standing::Over(GameResult::Draw)
        } else {
            Standing::Acts(node.side())
        };
        next
    }

    /// The play of the game's that leaves the board this flat play does.
    pub(super) fn action_of(&self, game: &Superial, play: FlatPlay) -> SuperialAction {
        let cube = match play {
            FlatPlay::Random => return SuperialAction::Play(Play::Random),
            FlatPlay::Claim => return SuperialAction::ClaimDraw,
            FlatPlay::Cube { .. } | FlatPlay::Change { .. } => play,
        };
        let seat = self.node.side();
        let wanted = self.cube_played(cube).0.cells;
        game.plays(seat)
            .into_iter()
            .find(|candidate| match candidate {
                Play::Cube(action) => {
                    let mut board = game.board().clone();
                    moves::play(&mut board, action);
                    flat::Node::new(&board, seat, self.node.random_left, 0).cells == wanted
                }
                Play::Random => false,
            })
            .map(SuperialAction::Play)
            .expect("a play of the flat position is one of the game's")
    }

    /// The node after a cube's play (not handed over), and whether it
    /// captured.
    fn cube_played(&self, play: FlatPlay) -> (Node, bool) {
        match play {
            FlatPlay::Cube {
                from,
                to,
                path,
                cell,
                ..
            } => {
                let tables = Flat::tables();
                let home = self.node.home(tables);
                let (mut next, captured) = flat::moved(&self.node, tables, home, from, to, path);
                next.cells[usize::from(to)] = cell;
                (next, captured != 0)
            }
            FlatPlay::Change { at, cell } => {
                let mut next = self.node;
                next.cells[usize::from(at)] = cell;
                (next, false)
            }
            FlatPlay::Random | FlatPlay::Claim => (self.node, false),
        }
    }

    /// The random move that threw `throw`.
    fn thrown(&self, throw: Throw) -> Node {
        let mut next = self.node;
        let square = (throw.rank - 1) * SIZE + (throw.file - 1);
        let aspect = (throw.face - 1) % 3 + 1;
        let cell = match next.cells[usize::from(square)] {
            0 if throw.face <= 3 => aspect,
            0 => aspect | BLACK,
            cell => cell & BLACK | aspect,
        };
        next.put(square, cell);
        next.random_left[next.side] -= 1;
        let mut next = next.handed_over(true);
        next.quiet = 0;
        next
    }
}

/// Whether the pusher of `team` (`BLACK` or 0) stepping onto `to` in
/// direction `d` turns a cube over: a cube of the other team pushed onto
/// the mover's home colour (`home`).
fn push_captures(node: &Node, tables: &Tables, home: u64, team: u8, to: u8, d: usize) -> bool {
    let mut at = to;
    while node.occupied & bit(at) != 0 {
        let next = tables.orth[usize::from(at)][d];
        if home & bit(next) != 0 && node.cells[usize::from(at)] & BLACK != team {
            return true;
        }
        at = next;
    }
    false
}

impl Searchable for Flat {
    type Action = FlatPlay;
    type Key = FlatPlay;
    /// As the game's (`Playable for SuperialChess`).
    const QUIESCENCE_PLIES: u32 = 2;

    fn standing(&self) -> Standing {
        self.standing
    }

    /// Every cube's play, the random move while the side has one, and the
    /// claim when one may be made.
    fn choices_into(&self, _seat: Seat, into: &mut Vec<FlatPlay>) {
        into.clear();
        if !matches!(self.standing, Standing::Acts(_)) {
            return;
        }
        let node = &self.node;
        let tables = Flat::tables();
        let home = node.home(tables);
        let mut own = node.own();
        while own != 0 {
            let from = own.trailing_zeros() as u8;
            own &= own - 1;
            let cell = node.cells[usize::from(from)];
            let team = cell & BLACK;
            flat::paths(node, tables, from, &mut |to, path| {
                let captures = match path {
                    Path::Plain => false,
                    Path::Chain(captured) => captured != 0,
                    Path::Push(d) => push_captures(node, tables, home, team, to, d),
                };
                into.push(FlatPlay::Cube {
                    from,
                    to,
                    path,
                    cell,
                    captures,
                });
                if home & bit(to) == 0 {
                    for aspect in [1, 2, 3].into_iter().filter(|a| *a != cell & 3) {
                        into.push(FlatPlay::Cube {
                            from,
                            to,
                            path,
                            cell: team | aspect,
                            captures,
                        });
                    }
                }
            });
            if home & bit(from) == 0 {
                for aspect in [1, 2, 3].into_iter().filter(|a| *a != cell & 3) {
                    into.push(FlatPlay::Change {
                        at: from,
                        cell: team | aspect,
                    });
                }
            }
        }
        if node.random_left[node.side] > 0 {
            into.push(FlatPlay::Random);
        }
        if !into.is_empty() && (self.repetitions() >= 3 || node.quiet >= 100) {
            into.push(FlatPlay::Claim);
        }
    }

    fn advance(&self, _seat: Seat, play: &FlatPlay, entropy: &mut Entropy) -> Flat {
        match *play {
            FlatPlay::Random => self.after(self.thrown(Throw::draw(entropy)), true),
            FlatPlay::Claim => Flat {
                standing: Standing::Over(GameResult::Draw),
                ..*self
            },
            cube => {
                let (next, captured) = self.cube_played(cube);
                self.after(next.handed_over(captured), false)
            }
        }
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        layer::chance(evaluation(&self.node, seat))
    }

    fn noisy(&self, play: &FlatPlay) -> bool {
        matches!(play, FlatPlay::Cube { captures: true, .. })
    }

    fn urgency(&self, play: &FlatPlay) -> u8 {
        u8::from(self.noisy(play))
    }

    fn key(&self, _observer: Seat, _actor: Seat, play: &FlatPlay) -> FlatPlay {
        *play
    }

    fn search_key(&self) -> u64 {
        fold(self.node.key())
    }
}

/// The position for `seat`, in centipawns: each cube by its face (see
/// [`super::aspect_worth`]), and the random moves left.
fn evaluation(node: &Node, seat: Seat) -> f64 {
    let mut score = [0.0f64; 2];
    let mut occupied = node.occupied;
    while occupied != 0 {
        let square = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        let cell = node.cells[square];
        let team = usize::from(cell & BLACK != 0);
        score[team] += 100.0 + ASPECT_WORTH[usize::from(cell & 3)];
    }
    for (total, left) in score.iter_mut().zip(node.random_left) {
        *total += 20.0 * f64::from(left);
    }
    let me = seat.index();
    score[me] - score[1 - me]
}

/// A cube's worth above a plain cube's, by its aspect code (1 pusher, 2
/// hopper, 3 slasher).
const ASPECT_WORTH: [f64; 4] = [0.0, 0.0, 15.0, 25.0];
