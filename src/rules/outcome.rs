//! Where a game stands: what each seat owes, or how it ended.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Seat;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    Win(Seat),
    Draw,
    /// No result: the game was aborted before it really began.
    Aborted,
}

impl GameResult {
    /// PGN-style score: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score(self) -> &'static str {
        match self {
            GameResult::Win(Seat::White) => "1-0",
            GameResult::Win(Seat::Black) => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Aborted => "*",
        }
    }
}

/// The result of a finished game and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub result: GameResult,
    pub reason: Ending,
}

impl Outcome {
    pub fn win(seat: Seat, reason: Ending) -> Outcome {
        Outcome {
            result: GameResult::Win(seat),
            reason,
        }
    }

    pub fn draw(reason: Ending) -> Outcome {
        Outcome {
            result: GameResult::Draw,
            reason,
        }
    }

    /// `seat` aborted the game before its first move: no result.
    pub fn aborted(seat: Seat) -> Outcome {
        Outcome {
            result: GameResult::Aborted,
            reason: Ending::Aborted(seat),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.result {
            GameResult::Win(seat) => write!(
                f,
                "{} wins ({}), {}",
                seat,
                self.reason,
                self.result.score()
            ),
            GameResult::Draw => write!(f, "draw ({}), {}", self.reason, self.result.score()),
            GameResult::Aborted => write!(f, "no result ({})", self.reason),
        }
    }
}

/// A rule that draws a game: at once (stalemate, insufficient material,
/// fivefold repetition, the 75-move rule) or on a claim (threefold
/// repetition, the 50-move rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawRule {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// No checkmate is possible.
    InsufficientMaterial,
    /// The same position for the fifth time.
    FivefoldRepetition,
    /// 75 moves each without capture or pawn move.
    SeventyFiveMoveRule,
    /// Claimable: the same position for the third time.
    ThreefoldRepetition,
    /// Claimable: 50 moves each without capture or pawn move.
    FiftyMoveRule,
}

impl DrawRule {
    pub const ALL: [DrawRule; 6] = [
        DrawRule::Stalemate,
        DrawRule::InsufficientMaterial,
        DrawRule::FivefoldRepetition,
        DrawRule::SeventyFiveMoveRule,
        DrawRule::ThreefoldRepetition,
        DrawRule::FiftyMoveRule,
    ];

    /// In players' words: `threefold repetition`, `50-move rule`.
    pub fn text(self) -> &'static str {
        match self {
            DrawRule::Stalemate => "stalemate",
            DrawRule::InsufficientMaterial => "insufficient material",
            DrawRule::FivefoldRepetition => "fivefold repetition",
            DrawRule::SeventyFiveMoveRule => "75-move rule",
            DrawRule::ThreefoldRepetition => "threefold repetition",
            DrawRule::FiftyMoveRule => "50-move rule",
        }
    }
}

impl fmt::Display for DrawRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// Why a game ended: the board's rules, the referee's (resignation,
/// agreement, the clock, the host's ruling), or a game's own endings.
///
/// Its [`Display`](fmt::Display) is the players' words, and that text is
/// also what is stored (the database and the snapshots keep the words they
/// kept before this type existed, so old rows still load): an ending is
/// written as its words and read back by matching them, any other text being
/// the host's own words of an adjudication.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    /// Drawn by a rule, at once.
    Draw(DrawRule),
    /// Drawn on a player's claim.
    Claimed(DrawRule),
    /// That seat resigned.
    Resigned(Seat),
    /// Both players agreed to a draw.
    Agreed,
    /// That seat let its deadline pass.
    OutOfTime(Seat),
    BothOutOfTime,
    /// The host's ruling, in the host's words.
    Adjudicated(String),
    /// Bluff Chess: the piece carrying the loser's alter ego was captured.
    AlterEgoCaptured,
    /// Bluff Chess: in check, committed to a piece with no move out of it.
    EmptyMate,
    /// Rebel Chess III: the Spartans could not answer the check on their
    /// kings.
    SpartanKingsCheckmated,
    /// Rebel Chess III: the Rebels returned their king with check.
    RebelKingReturned,
    /// Rebel Chess III: the Rebels have no piece left.
    RebelsWipedOut,
    /// Rebel Chess III: the Rebels conceded.
    RebelsConceded,
    /// Reality Check: all four of that seat's true chips have left play.
    TrueChipsGone(Seat),
    /// That seat had to drop and had no free square to drop on.
    NoDropSquare(Seat),
    /// That seat had no legal action at its turn.
    NoLegalAction(Seat),
    /// Superial Chess: that seat has no cube left.
    AllCubesCaptured(Seat),
    /// Reflection Teammate (`win=kings`): the loser's last king was captured.
    LastKingCaptured,
    /// That seat aborted the game before its first move.
    Aborted(Seat),
}

impl Ending {
    /// Every ending with fixed words (all but the host's adjudications).
    fn fixed() -> Vec<Ending> {
        let mut all = vec![
            Ending::Checkmate,
            Ending::Agreed,
            Ending::BothOutOfTime,
            Ending::AlterEgoCaptured,
            Ending::EmptyMate,
            Ending::SpartanKingsCheckmated,
            Ending::RebelKingReturned,
            Ending::RebelsWipedOut,
            Ending::RebelsConceded,
            Ending::LastKingCaptured,
        ];
        for rule in DrawRule::ALL {
            all.push(Ending::Draw(rule));
            all.push(Ending::Claimed(rule));
        }
        for seat in Seat::BOTH {
            all.extend([
                Ending::Resigned(seat),
                Ending::OutOfTime(seat),
                Ending::TrueChipsGone(seat),
                Ending::NoDropSquare(seat),
                Ending::NoLegalAction(seat),
                Ending::AllCubesCaptured(seat),
                Ending::Aborted(seat),
            ]);
        }
        all
    }

    /// Reads stored words back: the ending whose words they are, else the
    /// host's words of an adjudication.
    ///
    /// ```
    /// use arbiter::rules::{Ending, Seat};
    /// assert_eq!(Ending::from_words("White resigned"), Ending::Resigned(Seat::White));
    /// assert_eq!(
    ///     Ending::from_words("agreed by phone"),
    ///     Ending::Adjudicated("agreed by phone".into())
    /// );
    /// ```
    pub fn from_words(words: &str) -> Ending {
        Ending::fixed()
            .into_iter()
            .find(|ending| ending.to_string() == words)
            .unwrap_or_else(|| Ending::Adjudicated(words.to_string()))
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Checkmate => f.write_str("checkmate"),
            Ending::Draw(rule) => write!(f, "{rule}"),
            Ending::Claimed(rule) => write!(f, "{rule} claimed"),
            Ending::Resigned(seat) => write!(f, "{seat} resigned"),
            Ending::Agreed => f.write_str("agreed"),
            Ending::OutOfTime(seat) => write!(f, "{seat} ran out of time"),
            Ending::BothOutOfTime => f.write_str("both players ran out of time"),
            Ending::Adjudicated(words) => f.write_str(words),
            Ending::AlterEgoCaptured => f.write_str("alter ego captured"),
            Ending::EmptyMate => f.write_str("empty mate"),
            Ending::SpartanKingsCheckmated => f.write_str("the Spartans' kings checkmated"),
            Ending::RebelKingReturned => {
                f.write_str("the Rebels returned their king and gave check")
            }
            Ending::RebelsWipedOut => f.write_str("the Rebels wiped out"),
            Ending::RebelsConceded => f.write_str("the Rebels conceded"),
            Ending::TrueChipsGone(seat) => {
                write!(f, "all four of {seat}'s true chips have left play")
            }
            Ending::NoDropSquare(seat) => {
                write!(f, "{seat} must drop but has no free drop square")
            }
            Ending::NoLegalAction(seat) => write!(f, "{seat} has no legal action"),
            Ending::Aborted(seat) => write!(f, "{seat} aborted the game"),
            Ending::AllCubesCaptured(seat) => write!(f, "all of {seat}'s cubes captured"),
            Ending::LastKingCaptured => f.write_str("last king captured"),
        }
    }
}

impl Serialize for Ending {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Ending {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let words = String::deserialize(deserializer)?;
        Ok(Ending::from_words(&words))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fixed_ending_reads_back_from_its_words() {
        let fixed = Ending::fixed();
        for ending in &fixed {
            assert_eq!(&Ending::from_words(&ending.to_string()), ending);
        }
        let mut words: Vec<String> = fixed.iter().map(ToString::to_string).collect();
        words.sort();
        words.dedup();
        assert_eq!(words.len(), fixed.len(), "no two endings share words");
    }

    #[test]
    fn an_outcome_stored_before_the_enum_still_loads() {
        // The snapshot form the referee wrote when the reason was a string.
        let old = r#"{"result":{"win":"white"},"reason":"Black resigned"}"#;
        let outcome: Outcome = serde_json::from_str(old).unwrap();
        assert_eq!(outcome.reason, Ending::Resigned(Seat::Black));
        assert_eq!(serde_json::to_string(&outcome).unwrap(), old);
        let ruled = r#"{"result":"draw","reason":"agreed by phone"}"#;
        let outcome: Outcome = serde_json::from_str(ruled).unwrap();
        assert_eq!(
            outcome.reason,
            Ending::Adjudicated("agreed by phone".into())
        );
    }
}

/// What a seat owes the game now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Duty {
    /// An ordinary turn.
    Move,
    /// A sealed submission that both seats make without seeing the other's,
    /// such as a simultaneous setup.
    Sealed,
    /// A decision owed after a move (Bluff Chess's stay or transfer, Reality
    /// Check's keep or refuse).
    Decision,
}

/// A seat and what it owes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Due {
    pub seat: Seat,
    pub duty: Duty,
}

/// Where a game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Play goes on; these seats owe an action now (one, or both in a sealed
    /// phase).
    Ongoing(Vec<Due>),
    Finished(Outcome),
}

impl Status {
    /// The status of a game with one mover at a time: finished with
    /// `outcome`, or `turn` owes a move.
    pub fn of_turn(outcome: Option<&Outcome>, turn: Seat) -> Status {
        match outcome {
            Some(outcome) => Status::Finished(outcome.clone()),
            None => Status::Ongoing(vec![Due {
                seat: turn,
                duty: Duty::Move,
            }]),
        }
    }

    /// Whether `seat` owes an action now.
    pub fn owes(&self, seat: Seat) -> Option<Duty> {
        match self {
            Status::Ongoing(dues) => dues.iter().find(|d| d.seat == seat).map(|d| d.duty),
            Status::Finished(_) => None,
        }
    }

    pub fn outcome(&self) -> Option<&Outcome> {
        match self {
            Status::Finished(outcome) => Some(outcome),
            Status::Ongoing(_) => None,
        }
    }

    pub fn is_finished(&self) -> bool {
        matches!(self, Status::Finished(_))
    }
}
