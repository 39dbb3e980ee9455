//! The position round trip, for every game and option set: every position
//! reached by random play is written ([`Game::position`]), read back
//! ([`Game::from_position`]) under the same options, and is the same
//! position: the same string, the same status, and the same legal actions
//! for both seats.
//!
//! One generic walk over the [`Game`] trait, called per game and option
//! set. What a position string cannot hold is left out of the comparison,
//! and said per game ([`Walked`]): draw claims, which hang on the game's
//! history (a repetition), and endings that come from it.
//!
//! Superial Chess has its own round-trip test (`superial/tests`); it is not
//! walked here, as a classic game won by capturing every cube ends in a
//! position its reader refuses (a team without a cube).

use std::collections::BTreeSet;

use crate::rules::chess::tests::Rng;
use crate::rules::{
    DrawRule, Ending, Entropy, Game, Options, Outcome, Seat, Status, bluff, chess, reality, rebel,
    reflection,
};

/// What the walk must know of a game beyond the trait.
trait Walked: Game {
    /// Whether an action's being legal may hang on the game's history,
    /// which no position string holds (a draw claim by repetition). Such
    /// actions are neither compared nor played.
    fn from_history(action: &Self::Action) -> bool;

    /// Whether random play skips an action that ends the game by a player's
    /// word (a concession): the position after it is the one before.
    fn ends_by_word(_action: &Self::Action) -> bool {
        false
    }

    /// A sealed action to send for `seat` when the game offers no list to
    /// choose from (Reality Check's setups).
    fn sealed(&self, _seat: Seat, _rng: &mut Entropy) -> Option<String> {
        None
    }
}

impl Walked for chess::Chess {
    fn from_history(action: &chess::ChessAction) -> bool {
        !matches!(action, chess::ChessAction::Move(_))
    }
}

impl Walked for bluff::BluffChess {
    fn from_history(action: &bluff::BluffAction) -> bool {
        matches!(
            action,
            bluff::BluffAction::ClaimDraw | bluff::BluffAction::MoveAndClaim(_)
        )
    }
}

impl Walked for reality::RealityCheck {
    fn from_history(_action: &reality::actions::Action) -> bool {
        false
    }

    fn sealed(&self, seat: Seat, rng: &mut Entropy) -> Option<String> {
        Some(reality::tests::random_setup(self, seat, rng))
    }
}

impl Walked for rebel::RebelChess {
    fn from_history(action: &rebel::RebelAction) -> bool {
        matches!(
            action,
            rebel::RebelAction::ClaimDraw | rebel::RebelAction::PlayAndClaim(_)
        )
    }

    fn ends_by_word(action: &rebel::RebelAction) -> bool {
        matches!(action, rebel::RebelAction::Concede)
    }
}

impl Walked for reflection::ReflectionTeammate {
    fn from_history(action: &reflection::ReflectionAction) -> bool {
        !matches!(action, reflection::ReflectionAction::Turn(_))
    }
}

/// Whether an outcome comes from the game's history rather than its
/// position (a fivefold repetition), so a position read back cannot have
/// it.
fn from_history(outcome: &Outcome) -> bool {
    matches!(
        outcome.reason,
        Ending::Draw(DrawRule::FivefoldRepetition) | Ending::Claimed(_)
    )
}

/// The legal actions of `seat` that a position decides, as JSON.
fn actions<G: Walked>(game: &G, seat: Seat) -> BTreeSet<String> {
    game.legal_actions(seat)
        .iter()
        .filter(|a| !G::from_history(a))
        .map(|a| serde_json::to_string(a).expect("actions serialise"))
        .collect()
}

/// Reads `game`'s position back and checks it is the same position.
fn check_round_trip<G: Walked>(game: &G, options: &Options, label: &str) {
    let text = game.position();
    let back = G::from_position(&text, options)
        .unwrap_or_else(|e| panic!("{label}: {text:?} does not read back: {e}"));
    assert_eq!(back.position(), text, "{label}: written again differently");
    match game.status() {
        Status::Finished(outcome) if from_history(&outcome) => return,
        status => assert_eq!(back.status(), status, "{label}: {text}"),
    }
    for seat in Seat::BOTH {
        assert_eq!(
            actions(&back, seat),
            actions(game, seat),
            "{label}: {seat}'s legal actions differ after reading back {text}"
        );
    }
}

/// Plays `games` random games of up to `plies` actions under `words`,
/// checking the round trip at every position reached; returns the number of
/// positions checked.
fn walk<G: Walked>(words: &[&str], games: u64, plies: usize) -> usize {
    let options = Options::parse(words).expect("test options");
    let label = format!("{} {}", G::NAME, words.join(" "));
    let mut checked = 0;
    for number in 0..games {
        let mut chooser = Rng::new(number + 1);
        let mut entropy = Entropy::new([0x52; 32], number);
        let mut game = G::new(&options, &mut entropy).unwrap_or_else(|e| panic!("{label}: {e}"));
        for _ in 0..plies {
            check_round_trip(&game, &options, &label);
            checked += 1;
            let Status::Ongoing(dues) = game.status() else {
                break;
            };
            let Some(due) = dues.first() else { break };
            let seat = due.seat;
            let playable: Vec<G::Action> = game
                .legal_actions(seat)
                .into_iter()
                .filter(|a| !G::from_history(a) && !G::ends_by_word(a))
                .collect();
            let action = if playable.is_empty() {
                let Some(text) = game.sealed(seat, &mut entropy) else {
                    break;
                };
                game.parse_action(seat, &text)
                    .unwrap_or_else(|e| panic!("{label}: {text:?} refused: {e}"))
            } else {
                playable[chooser.below(playable.len())].clone()
            };
            game = game
                .apply(seat, &action, &mut entropy)
                .unwrap_or_else(|e| panic!("{label}: legal {action:?} refused: {e}"))
                .state;
        }
    }
    checked
}

#[test]
fn chess_positions_round_trip() {
    assert!(walk::<chess::Chess>(&[], 6, 120) > 300);
}

#[test]
fn bluff_chess_positions_round_trip() {
    assert!(walk::<bluff::BluffChess>(&[], 6, 160) > 300);
}

#[test]
fn reality_check_positions_round_trip_under_every_option() {
    let sets: &[&[&str]] = &[
        &[],
        &["setup=free", "dice=1"],
        &["memory=on", "retreat=on", "dice=2"],
        &["memory-flips=on", "setup=free"],
        &["retreat=on", "memory-flips=on", "dice=1"],
        &["board=advanced"],
        &["board=advanced", "memory=on", "memory-flips=on", "dice=2"],
        &["board=advanced", "retreat=on", "dice=1"],
    ];
    for words in sets {
        assert!(
            walk::<reality::RealityCheck>(words, 3, 80) > 60,
            "{words:?}"
        );
    }
}

#[test]
fn rebel_chess_positions_round_trip_in_every_version() {
    for version in ["version=1", "version=2", "version=3"] {
        assert!(walk::<rebel::RebelChess>(&[version], 4, 100) > 100);
    }
}

/// Every option set of Reflection Teammate: every paired setup with every
/// symmetry, capture-reflection and win, and queen-promotion where it may
/// be set; and two boards.
#[test]
fn reflection_teammate_positions_round_trip_under_every_option_set() {
    let mut sets: Vec<Vec<String>> = vec![vec!["setup=two-boards".to_string()]];
    for setup in ["cross14", "cross12", "cross8", "halves"] {
        let queens: &[&str] = if matches!(setup, "cross8" | "halves") {
            &["on", "off"]
        } else {
            &[""]
        };
        for symmetry in ["mirror", "reverse"] {
            for capture in ["on", "off"] {
                for win in ["checkmate", "kings"] {
                    for queen in queens {
                        let mut words = vec![
                            format!("setup={setup}"),
                            format!("symmetry={symmetry}"),
                            format!("capture-reflection={capture}"),
                            format!("win={win}"),
                        ];
                        if !queen.is_empty() {
                            words.push(format!("queen-promotion={queen}"));
                        }
                        sets.push(words);
                    }
                }
            }
        }
    }
    assert_eq!(sets.len(), 1 + 2 * 8 + 2 * 16);
    for words in &sets {
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let plies = if words[0] == "setup=cross8" || words[0] == "setup=halves" {
            50
        } else {
            25
        };
        assert!(
            walk::<reflection::ReflectionTeammate>(&words, 1, plies) > 10,
            "{words:?}"
        );
    }
}
