//! The moves of a game as played, kept so that a game is cheap to copy:
//! the computer's search copies the game at every step it takes, and a
//! list copied whole would make each step cost the length of the game.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::Move;

/// One move of the game, as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedMove {
    #[serde(rename = "move")]
    pub mv: Move,
    /// Its SAN in the position it was played in, check marks included.
    pub san: String,
}

/// One move and the list before it.
struct Link {
    played: PlayedMove,
    before: Option<Arc<Link>>,
}

/// A game's moves, oldest first, as a shared list: a copy shares the moves
/// so far, and a move added to one copy is not seen by the others. It
/// reads and writes as the plain list of moves.
#[derive(Clone, Default)]
pub(crate) struct MoveList {
    last: Option<Arc<Link>>,
    len: usize,
}

impl MoveList {
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn push(&mut self, played: PlayedMove) {
        let before = self.last.take();
        self.last = Some(Arc::new(Link { played, before }));
        self.len += 1;
    }

    pub(crate) fn last(&self) -> Option<&PlayedMove> {
        self.last.as_deref().map(|link| &link.played)
    }

    /// The moves, newest first.
    fn newest_first(&self) -> impl Iterator<Item = &PlayedMove> {
        std::iter::successors(self.last.as_deref(), |link| link.before.as_deref())
            .map(|link| &link.played)
    }

    /// The moves, oldest first.
    pub(crate) fn to_vec(&self) -> Vec<PlayedMove> {
        let mut moves: Vec<PlayedMove> = self.newest_first().cloned().collect();
        moves.reverse();
        moves
    }
}

impl Drop for MoveList {
    /// Frees the links one by one (a long game's list dropped by recursion
    /// could overflow the stack), down to the first one another copy shares.
    fn drop(&mut self) {
        let mut next = self.last.take();
        while let Some(link) = next {
            match Arc::try_unwrap(link) {
                Ok(mut link) => next = link.before.take(),
                Err(_) => break,
            }
        }
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        if self.len != other.len {
            return false;
        }
        let (mut a, mut b) = (self.last.as_ref(), other.last.as_ref());
        while let (Some(x), Some(y)) = (a, b) {
            if Arc::ptr_eq(x, y) {
                return true;
            }
            if x.played != y.played {
                return false;
            }
            (a, b) = (x.before.as_ref(), y.before.as_ref());
        }
        true
    }
}

impl Eq for MoveList {}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

impl Serialize for MoveList {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.to_vec())
    }
}

impl<'de> Deserialize<'de> for MoveList {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let moves = Vec::<PlayedMove>::deserialize(deserializer)?;
        let mut list = MoveList::default();
        for played in moves {
            list.push(played);
        }
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(uci: &str) -> PlayedMove {
        PlayedMove {
            mv: uci.parse().unwrap(),
            san: uci.to_string(),
        }
    }

    #[test]
    fn copies_share_the_past_and_not_the_future() {
        let mut a = MoveList::default();
        a.push(played("e2e4"));
        let mut b = a.clone();
        a.push(played("e7e5"));
        b.push(played("c7c5"));
        assert_eq!(a.to_vec(), [played("e2e4"), played("e7e5")]);
        assert_eq!(b.to_vec(), [played("e2e4"), played("c7c5")]);
        assert_ne!(a, b);
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(
            json,
            serde_json::json!([{"move": "e2e4", "san": "e2e4"}, {"move": "e7e5", "san": "e7e5"}])
        );
        let back: MoveList = serde_json::from_value(json).unwrap();
        assert_eq!(back, a, "equal to a list that shares nothing with it");
        assert_eq!(back.last(), Some(&played("e7e5")));
        assert_eq!(back.len(), 2);
    }

    #[test]
    fn a_long_list_drops_without_recursion() {
        let mut list = MoveList::default();
        for _ in 0..200_000 {
            list.push(played("g1f3"));
        }
        let copy = list.clone();
        drop(list);
        assert_eq!(copy.len(), 200_000);
    }
}
