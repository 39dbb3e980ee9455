//! Colour preferences (C.04.3 A.6) and the allocation of colours to a
//! pair (C.04.3 E1-E5).

use super::{Colour, Player};

/// How much a player wants a colour, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    Mild,
    Strong,
    Absolute,
}

/// A player's colour preference, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preference {
    pub colour: Colour,
    pub strength: Strength,
}

/// White games minus Black games, over the games played.
pub fn difference(colours: &[Option<Colour>]) -> i32 {
    colours
        .iter()
        .flatten()
        .map(|c| if *c == Colour::White { 1 } else { -1 })
        .sum()
}

/// The colours of the games played, in order, without the rounds that had
/// none.
fn played(colours: &[Option<Colour>]) -> Vec<Colour> {
    colours.iter().flatten().copied().collect()
}

/// A.6: absolute when the colour difference is beyond ±1 or the last two
/// games played had the same colour; strong at ±1; mild at 0 (the other
/// colour than the last game's); none before the first game played.
pub fn preference(colours: &[Option<Colour>]) -> Option<Preference> {
    let cd = difference(colours);
    let games = played(colours);
    let last = *games.last()?;
    let twice = games.len() >= 2 && games[games.len() - 2] == last;
    let (colour, strength) = if cd > 1 || (twice && last == Colour::White) {
        (Colour::Black, Strength::Absolute)
    } else if cd < -1 || (twice && last == Colour::Black) {
        (Colour::White, Strength::Absolute)
    } else if cd == 1 {
        (Colour::Black, Strength::Strong)
    } else if cd == -1 {
        (Colour::White, Strength::Strong)
    } else {
        (last.other(), Strength::Mild)
    };
    Some(Preference { colour, strength })
}

/// Whether a player has an absolute preference for `colour`.
pub fn absolute(player: &Player) -> Option<Colour> {
    preference(&player.colours)
        .filter(|p| p.strength == Strength::Absolute)
        .map(|p| p.colour)
}

/// The colour `higher` gets against `lower` (`higher` ranks above: more
/// points, or equal points and a smaller pairing number), by E1-E5;
/// `initial` is the colour drawn by lot for pairing number 1.
pub fn allocate(higher: &Player, lower: &Player, initial: Colour) -> Colour {
    let (ph, pl) = (preference(&higher.colours), preference(&lower.colours));
    match (ph, pl) {
        // E1: both preferences granted, or the only one there is.
        (Some(h), Some(l)) if h.colour != l.colour => return h.colour,
        (Some(h), None) => return h.colour,
        (None, Some(l)) => return l.colour.other(),
        // E2: the stronger preference; two absolute ones (topscorers): the
        // wider colour difference.
        (Some(h), Some(l)) if h.strength != l.strength => {
            return if h.strength > l.strength {
                h.colour
            } else {
                h.colour.other()
            };
        }
        (Some(h), Some(_)) if h.strength == Strength::Absolute => {
            let (dh, dl) = (
                difference(&higher.colours).abs(),
                difference(&lower.colours).abs(),
            );
            if dh != dl {
                return if dh > dl { h.colour } else { h.colour.other() };
            }
        }
        _ => {}
    }
    // E3: alternate from the most recent time one had White and the other
    // Black, counting back each one's games played (a round one of them
    // did not play is skipped for that one only, as bbpPairings reads the
    // rule).
    for (h, l) in played(&higher.colours)
        .into_iter()
        .rev()
        .zip(played(&lower.colours).into_iter().rev())
    {
        if h != l {
            return h.other();
        }
    }
    // E4: the higher ranked player's preference.
    if let Some(h) = ph {
        return h.colour;
    }
    // E5: by the higher ranked player's pairing number.
    if higher.number % 2 == 1 {
        initial
    } else {
        initial.other()
    }
}

/// What the Dutch quality criteria C8-C11 ask of a player's colours: the
/// games played as White and as Black apart, the colour played in the last
/// two games if it was the same, and the preference with its strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColourFacts {
    /// |White games − Black games|.
    pub imbalance: u32,
    /// The colour of the last two games played, when they had the same.
    pub repeated: Option<Colour>,
    pub preference: Option<Colour>,
    /// A colour difference beyond ±1 (C8 looks at this alone).
    pub absolute_imbalance: bool,
    /// An absolute preference: an imbalance beyond ±1 or the same colour
    /// twice running.
    pub absolute: bool,
    /// A strong preference: an imbalance of one, not absolute.
    pub strong: bool,
}

impl ColourFacts {
    pub fn of(colours: &[Option<Colour>]) -> Self {
        let games = played(colours);
        let imbalance = difference(colours).unsigned_abs();
        let last = games.last().copied();
        let repeated = last.filter(|&c| games.len() >= 2 && games[games.len() - 2] == c);
        let preference = preference(colours).map(|p| p.colour);
        let absolute_imbalance = imbalance > 1;
        let absolute = absolute_imbalance || repeated.is_some();
        ColourFacts {
            imbalance,
            repeated,
            preference,
            absolute_imbalance,
            absolute,
            strong: !absolute && imbalance > 0,
        }
    }
}
