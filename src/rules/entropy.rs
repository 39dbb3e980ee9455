//! Committed randomness: every die, salt and shuffle a game needs is drawn
//! from the game's secret seed, so the rules stay deterministic and a
//! finished game's published seed lets anyone re-check every draw.

use sha2::{Digest, Sha256};

/// A deterministic stream of random numbers: SHA-256 over the game's seed,
/// a stream number (the action's place in the log) and a counter.
#[derive(Clone, Debug)]
pub struct Entropy {
    seed: [u8; 32],
    stream: u64,
    counter: u64,
}

impl Entropy {
    /// The stream for one action of a game.
    ///
    /// ```
    /// use arbiter::rules::Entropy;
    /// let mut a = Entropy::new([7; 32], 3);
    /// let mut b = Entropy::new([7; 32], 3);
    /// assert_eq!(a.below(6), b.below(6));
    /// ```
    pub fn new(seed: [u8; 32], stream: u64) -> Entropy {
        Entropy {
            seed,
            stream,
            counter: 0,
        }
    }

    /// A fixed stream for counting positions (perft), where draws do not
    /// matter but must be repeatable.
    pub fn for_perft() -> Entropy {
        Entropy::new([0; 32], 0)
    }

    /// 32 fresh bytes.
    pub fn bytes(&mut self) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(b"arbiter-entropy-v1");
        hasher.update(self.seed);
        hasher.update(self.stream.to_be_bytes());
        hasher.update(self.counter.to_be_bytes());
        self.counter += 1;
        hasher.finalize().into()
    }

    /// A uniform number in `0..n` (`n` > 0), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "below(0)");
        let zone = u64::MAX - (u64::MAX % n);
        loop {
            let bytes = self.bytes();
            let value = u64::from_be_bytes(bytes[..8].try_into().expect("8 bytes"));
            if value < zone {
                return value % n;
            }
        }
    }

    /// A die roll, 1 to 6.
    pub fn die(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// A salt for a sealed commitment, as 32 hex digits.
    pub fn salt(&mut self) -> String {
        hex::encode(&self.bytes()[..16])
    }
}

/// How a commitment is made, in players' words, for the mails that give one
/// or reveal it: enough to check it with any SHA-256 tool.
pub const COMMITMENT_RULE: &str = "a commitment is the SHA-256, in hex, of the text's UTF-8 bytes, a '|' and the salt's hex text (for example: printf '%s' 'stay|SALT' | sha256sum)";

/// The SHA-256 commitment of a sealed text with its salt, as hex: what the
/// opponent receives while the text stays sealed.
///
/// ```
/// use arbiter::rules::entropy::commitment;
/// let c = commitment("stay", "00ff");
/// assert_eq!(c.len(), 64);
/// assert_ne!(c, commitment("transfer e4", "00ff"));
/// ```
pub fn commitment(text: &str, salt: &str) -> String {
    // Keep in step with COMMITMENT_RULE, which tells players how to check it.
    let mut hasher = Sha256::new();
    hasher.update(text.as_bytes());
    hasher.update(b"|");
    hasher.update(salt.as_bytes());
    hex::encode(hasher.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_rule_describes_the_commitment() {
        // "stay|00ff" hashed by hand, as the rule tells players to do.
        let by_hand = hex::encode(Sha256::digest(b"stay|00ff"));
        assert_eq!(commitment("stay", "00ff"), by_hand);
        assert!(COMMITMENT_RULE.contains("'|' and the salt's hex text"));
    }

    #[test]
    fn streams_differ_by_seed_and_stream_and_repeat_exactly() {
        let draw = |seed, stream| {
            let mut e = Entropy::new(seed, stream);
            (0..8).map(|_| e.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draw([1; 32], 0), draw([1; 32], 0));
        assert_ne!(draw([1; 32], 0), draw([1; 32], 1));
        assert_ne!(draw([1; 32], 0), draw([2; 32], 0));
    }

    #[test]
    fn dice_cover_one_to_six_evenly() {
        let mut e = Entropy::new([9; 32], 0);
        let mut counts = [0u32; 6];
        for _ in 0..6000 {
            counts[e.die() as usize - 1] += 1;
        }
        for count in counts {
            assert!((850..1150).contains(&count), "{counts:?}");
        }
    }

    #[test]
    fn commitment_is_sha256_of_text_bar_salt() {
        // Independent value: printf 'stay|abc' | sha256sum
        assert_eq!(
            commitment("stay", "abc"),
            "dff4e61d44e9e7cf628ab857846e3e3c853727dac5ce10fd757898dc6ee3e41b"
        );
    }
}
