//! The computer's properties, written for any [`Playable`] game so that
//! each game the computer learns runs them too:
//!
//! - the sampler: every state drawn from a seat's belief gives that seat
//!   exactly the views it was told (checked after every action of random
//!   games); and over many draws, the true state of those random games is
//!   among the states the sampler produces (its hidden part, as each game's
//!   test projects it);
//! - no peeking: with a fixed seed and iteration budget, the computer's
//!   choice depends only on what it was told: two true games that told the
//!   seat the same give the same choice;
//! - legality: a few short matches through the arena (for every game of
//!   the name table, in `crate::games`' tests), each side's text
//!   played through the rules like a mail's.

mod bluff;
mod budget;
mod chess;
mod reality;
mod rebel;
mod reflection;
mod superial;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::arena::{Arena, Ending};
use super::{Budget, ComputerInput, Level, Playable, Strategy, computer};
use crate::rules::chess::Chess;
use crate::rules::{AnyGame, Entropy, Options, Seat, Status, Viewer};

/// A true game and, for each seat, what it was told after each action
/// and what it wrote.
pub(super) struct Told {
    pub(super) game: Box<dyn AnyGame>,
    pub(super) views: [Vec<serde_json::Value>; 2],
    pub(super) sent: [Vec<String>; 2],
}

pub(super) fn told_of(game: &dyn AnyGame) -> [serde_json::Value; 2] {
    Seat::BOTH.map(|s| game.seat_view(s).view().json().clone())
}

impl Told {
    pub(super) fn new(game: Box<dyn AnyGame>) -> Told {
        let views = told_of(&*game).map(|v| vec![v]);
        Told {
            game,
            views,
            sent: [Vec::new(), Vec::new()],
        }
    }

    /// Plays `text` for `seat` as a mail would.
    pub(super) fn play(&mut self, seat: Seat, text: &str, index: u64) {
        let played = self
            .game
            .play_text(seat, text, &mut Entropy::new([7; 32], index))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        self.game = played.state;
        self.sent[seat.index()].push(played.notation);
        for (views, now) in self.views.iter_mut().zip(told_of(&*self.game)) {
            views.push(now);
        }
    }

    /// Plays `texts` in turn as [`Told::play`] does, the first as action 0.
    pub(super) fn play_all(&mut self, texts: &[(Seat, &str)]) {
        for (index, (seat, text)) in texts.iter().enumerate() {
            self.play(*seat, text, index as u64);
        }
    }

    pub(super) fn actor(&self) -> Option<Seat> {
        match self.game.status() {
            Status::Ongoing(dues) => Some(dues[0].seat),
            Status::Finished(_) => None,
        }
    }
}

/// The seat's belief from what it was told in `told`.
pub(super) fn belief_of<G: Playable>(told: &Told, seat: Seat, options: &Options) -> G::Belief {
    let views: Vec<G::Told> = told.views[seat.index()]
        .iter()
        .map(|v| serde_json::from_value(v.clone()).unwrap())
        .collect();
    G::recall(seat, options, &views, &told.sent[seat.index()])
        .unwrap_or_else(|e| panic!("{seat}'s belief: {e}"))
}

/// The next action of a random game: one of the actor's legal texts, or,
/// where a game lists none (a free setup), what `fallback` writes.
pub(super) fn random_text(
    told: &Told,
    actor: Seat,
    rng: &mut StdRng,
    fallback: &dyn Fn(&dyn AnyGame, Seat, &mut StdRng) -> String,
) -> String {
    let texts = told.game.legal_texts(actor);
    if texts.is_empty() {
        fallback(&*told.game, actor, rng)
    } else {
        texts[rng.random_range(0..texts.len())].clone()
    }
}

/// A fallback for games whose every action is listed.
pub(super) fn listed(_: &dyn AnyGame, seat: Seat, _: &mut StdRng) -> String {
    panic!("{seat} has no listed action")
}

/// Random legal games of `G` from `start`; after every action, for each
/// seat, a few states sampled from its belief each give it the view it was
/// last told.
pub(super) fn sampler_gives_the_views_told<G: Playable>(
    start: impl Fn() -> G,
    games: u64,
    plies: usize,
) {
    sampler_gives_the_views_told_with(&Options::default(), start, games, plies, &listed)
}

/// [`sampler_gives_the_views_told`] for a game with `options`, whose
/// unlisted actions `fallback` writes.
pub(super) fn sampler_gives_the_views_told_with<G: Playable>(
    options: &Options,
    start: impl Fn() -> G,
    games: u64,
    plies: usize,
    fallback: &dyn Fn(&dyn AnyGame, Seat, &mut StdRng) -> String,
) {
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..games {
        let mut told = Told::new(Box::new(start()));
        for index in 0..plies as u64 {
            for seat in Seat::BOTH {
                let belief = belief_of::<G>(&told, seat, options);
                for _ in 0..3 {
                    let sampled = G::sample(&belief, &mut rng);
                    let view = if sampled.status().is_finished() {
                        serde_json::to_value(sampled.archive()).unwrap()
                    } else {
                        serde_json::to_value(sampled.view(Viewer::Seat(seat))).unwrap()
                    };
                    assert_eq!(
                        &view,
                        told.views[seat.index()].last().unwrap(),
                        "a sample of {seat}'s belief after {index} actions"
                    );
                }
            }
            let Some(actor) = told.actor() else { break };
            let text = random_text(&told, actor, &mut rng, fallback);
            told.play(actor, &text, index);
        }
    }
}

/// The other half of the sampler's property: along random games of `G`
/// with `options` from `start`, after every action and for each seat, the
/// true state is among `draws` states sampled from the seat's belief, as
/// `project` tells states apart (the part of a state the seat cannot see;
/// [`hidden_from`] by default). A sampler that never produces some
/// consistent state fails here; one that produces inconsistent states
/// fails [`sampler_gives_the_views_told`].
pub(super) fn sampler_reaches_the_truth<G: Playable>(
    options: &Options,
    start: impl Fn() -> G,
    games: u64,
    plies: usize,
    draws: usize,
    project: &dyn Fn(&G, Seat) -> serde_json::Value,
    fallback: &dyn Fn(&dyn AnyGame, Seat, &mut StdRng) -> String,
) {
    let mut rng = StdRng::seed_from_u64(17);
    for game in 0..games {
        let mut truth = start();
        let mut told = Told::new(Box::new(truth.clone()));
        for index in 0..plies as u64 {
            if truth.status().is_finished() {
                break;
            }
            for seat in Seat::BOTH {
                let belief = belief_of::<G>(&told, seat, options);
                let wanted = project(&truth, seat);
                let found =
                    (0..draws).any(|_| project(&G::sample(&belief, &mut rng), seat) == wanted);
                assert!(
                    found,
                    "game {game}, after {index} actions: {draws} samples of {seat}'s belief never \
                     gave the true {wanted}"
                );
            }
            let Some(actor) = told.actor() else { break };
            let text = random_text(&told, actor, &mut rng, fallback);
            let action = truth.parse_action(actor, &text).unwrap();
            truth = truth
                .apply(actor, &action, &mut Entropy::new([7; 32], index))
                .unwrap()
                .state;
            told.play(actor, &text, index);
        }
    }
}

/// What `seat` cannot see of a state: what the state shows the other seat
/// (its own secrets included).
pub(super) fn hidden_from<G: Playable>(state: &G, seat: Seat) -> serde_json::Value {
    serde_json::to_value(state.view(Viewer::Seat(seat.other()))).unwrap()
}

/// Along random games of `G`, each choice's state by the search's road
/// ([`Playable::advance`]) is the state the rules' `apply` makes.
pub(super) fn advance_is_apply<G: Playable>(start: G, games: u64, plies: usize) {
    let mut rng = StdRng::seed_from_u64(16);
    for _ in 0..games {
        let mut state = start.clone();
        for _ in 0..plies {
            let standing = state.standing();
            assert_eq!(standing, super::Standing::of(&state.status()));
            let Some(actor) = standing.actor() else {
                break;
            };
            let choices = state.choices(actor);
            for action in &choices {
                let applied = state
                    .apply(actor, action, &mut Entropy::for_perft())
                    .unwrap()
                    .state;
                let advanced = state.advance(actor, action, &mut Entropy::for_perft());
                assert_eq!(
                    serde_json::to_value(&advanced).unwrap(),
                    serde_json::to_value(&applied).unwrap(),
                    "{action:?}"
                );
            }
            let action = &choices[rng.random_range(0..choices.len())];
            state = state.advance(actor, action, &mut Entropy::for_perft());
        }
    }
}

/// Asks `seat`'s computer for an action on `views` that no game of these
/// options could have told it, and checks it is refused as such (and
/// returns the input, for further checks).
pub(super) fn refused_as_inconsistent<G: Playable>(
    seat: Seat,
    options: Options,
    views: Vec<serde_json::Value>,
) -> ComputerInput {
    let input = ComputerInput {
        seat,
        options,
        strategy: Strategy::default(),
        budget: Budget::iterations(10),
        seed: 1,
        told: views,
        sent: Vec::new(),
    };
    let error = computer::<G>(&input).unwrap_err();
    assert!(error.to_string().contains("do not fit together"), "{error}");
    input
}

/// The computer's choice in `seat` for two true games that told it the
/// same: equal, whatever else differs between them (the truth, the seed
/// of the game); and the same again when asked twice.
pub(super) fn no_peeking<G: Playable>(a: &Told, b: &Told, seat: Seat) {
    no_peeking_with::<G>(&Options::default(), a, b, seat)
}

/// [`no_peeking`] for games with `options`.
pub(super) fn no_peeking_with<G: Playable>(options: &Options, a: &Told, b: &Told, seat: Seat) {
    assert_eq!(
        a.views[seat.index()],
        b.views[seat.index()],
        "the two games must tell the seat the same"
    );
    assert_eq!(a.sent[seat.index()], b.sent[seat.index()]);
    let input = |told: &Told| ComputerInput {
        seat,
        options: options.clone(),
        strategy: Strategy::Search(Level::MAX),
        budget: Budget::iterations(300),
        seed: 42,
        told: told.views[seat.index()].clone(),
        sent: told.sent[seat.index()].clone(),
    };
    let first = computer::<G>(&input(a)).unwrap();
    assert_eq!(first, computer::<G>(&input(b)).unwrap());
    assert_eq!(first, computer::<G>(&input(a)).unwrap());
    assert!(
        a.game.legal_texts(seat).contains(&first),
        "{first} is one of the seat's legal actions"
    );
}

/// A short match of `G` (every game in the name table plays these too:
/// `crate::games`' tests).
pub(super) fn arena<G: Playable>(player: Strategy, against: Strategy, games: u32) -> Arena {
    Arena {
        new: |options, entropy| Ok(Box::new(G::new(options, entropy)?)),
        computer: computer::<G>,
        options: Options::default(),
        games,
        player,
        against,
        budget: Budget::iterations(40),
        seed: 9,
        max_actions: 60,
    }
}

#[test]
fn a_finished_game_is_scored_for_the_measured_player() {
    // Random against random to the end of the cap: every game ends or is
    // scored unfinished, and the tally adds up.
    let mut arena = arena::<Chess>(Strategy::Random, Strategy::Random, 4);
    arena.max_actions = 400;
    let tally = arena.run(|_, _| {}).unwrap();
    let counted: usize = [Ending::Win, Ending::Draw, Ending::Loss, Ending::Unfinished]
        .into_iter()
        .map(|e| tally.count(e))
        .sum();
    assert_eq!(counted, 4);
    assert!((0.0..=1.0).contains(&tally.score()));
}

/// Every game's rules page says roughly how strong each level is.
#[test]
fn rules_pages_say_what_each_level_means() {
    for info in crate::games::GAMES {
        let page = (info.rules_page)();
        let levels = page
            .split("Its levels:")
            .nth(1)
            .unwrap_or_else(|| panic!("{}: no paragraph on the levels", info.name));
        let paragraph = levels.split("\n\n").next().unwrap();
        for level in ["level 1", "level 2", "level 3"] {
            assert!(paragraph.contains(level), "{}: {level}", info.name);
        }
    }
}
