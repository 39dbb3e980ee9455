//! A list shared between copies of a game: chess's moves and the
//! positions since the last capture or pawn move, Reality Check's log. The
//! computer's search copies the game at every step it takes; a list copied
//! whole would make each step cost the length of the game.

use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

/// One item and the list before it.
struct Link<T> {
    item: T,
    before: Option<Arc<Link<T>>>,
}

/// A list, oldest first, whose copies share the items so far: an item
/// added to one copy is not seen by the others. It reads and writes as the
/// plain list.
pub struct SharedList<T> {
    last: Option<Arc<Link<T>>>,
    len: usize,
}

impl<T> SharedList<T> {
    pub fn new() -> SharedList<T> {
        SharedList { last: None, len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn push(&mut self, item: T) {
        let before = self.last.take();
        self.last = Some(Arc::new(Link { item, before }));
        self.len += 1;
    }

    pub fn last(&self) -> Option<&T> {
        self.last.as_deref().map(|link| &link.item)
    }

    /// The items, newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &T> {
        std::iter::successors(self.last.as_deref(), |link| link.before.as_deref())
            .map(|link| &link.item)
    }

    /// The items, oldest first.
    pub fn oldest_first(&self) -> impl Iterator<Item = &T> {
        let mut items: Vec<&T> = self.newest_first().collect();
        items.reverse();
        items.into_iter()
    }
}

impl<T> FromIterator<T> for SharedList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> SharedList<T> {
        let mut list = SharedList::new();
        for item in items {
            list.push(item);
        }
        list
    }
}

impl<T: Clone> SharedList<T> {
    /// The items, oldest first.
    pub fn to_vec(&self) -> Vec<T> {
        self.oldest_first().cloned().collect()
    }
}

impl<T> Default for SharedList<T> {
    fn default() -> SharedList<T> {
        SharedList::new()
    }
}

impl<T> Clone for SharedList<T> {
    fn clone(&self) -> SharedList<T> {
        SharedList {
            last: self.last.clone(),
            len: self.len,
        }
    }
}

impl<T> Drop for SharedList<T> {
    /// Frees the links one by one (a long list dropped by recursion could
    /// overflow the stack), down to the first one another copy shares.
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

impl<T: PartialEq> PartialEq for SharedList<T> {
    fn eq(&self, other: &SharedList<T>) -> bool {
        if self.len != other.len {
            return false;
        }
        let (mut a, mut b) = (self.last.as_ref(), other.last.as_ref());
        while let (Some(x), Some(y)) = (a, b) {
            if Arc::ptr_eq(x, y) {
                return true;
            }
            if x.item != y.item {
                return false;
            }
            (a, b) = (x.before.as_ref(), y.before.as_ref());
        }
        true
    }
}

impl<T: Eq> Eq for SharedList<T> {}

impl<T: fmt::Debug + Clone> fmt::Debug for SharedList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.to_vec()).finish()
    }
}

impl<T: Serialize + Clone> Serialize for SharedList<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.to_vec())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for SharedList<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<T>::deserialize(deserializer)?.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Moves = SharedList<String>;

    fn text(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn copies_share_the_past_and_not_the_future() {
        let mut a = Moves::default();
        a.push("e4".to_string());
        let mut b = a.clone();
        a.push("e5".to_string());
        b.push("c5".to_string());
        assert_eq!(a.to_vec(), text(&["e4", "e5"]));
        assert_eq!(b.to_vec(), text(&["e4", "c5"]));
        assert_ne!(a, b);
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json, serde_json::json!(["e4", "e5"]));
        let back: Moves = serde_json::from_value(json).unwrap();
        assert_eq!(back, a, "equal to a list that shares nothing with it");
        assert_eq!(back.last(), Some(&"e5".to_string()));
        assert_eq!(back.len(), 2);
    }

    #[test]
    fn a_long_list_drops_without_recursion() {
        let mut list = Moves::default();
        for _ in 0..200_000 {
            list.push("Nf3".to_string());
        }
        let copy = list.clone();
        drop(list);
        assert_eq!(copy.len(), 200_000);
    }
}
