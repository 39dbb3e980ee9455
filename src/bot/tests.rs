//! The computer's properties, written for any [`Playable`] game so that
//! each game the computer learns runs them too:
//!
//! - the sampler: every state drawn from a seat's belief gives that seat
//!   exactly the views it was told (checked after every action of random
//!   games);
//! - no peeking: with a fixed seed and iteration budget, the computer's
//!   choice depends only on what it was told: two true games that told the
//!   seat the same give the same choice;
//! - legality: a few short matches through the arena, each side's text
//!   played through the rules like a mail's.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::arena::{Arena, Ending};
use super::{Budget, ComputerInput, Level, Playable, Strategy, computer};
use crate::rules::chess::Chess;
use crate::rules::{AnyGame, Entropy, Game, GameInfo, Options, Seat, Status, Viewer};

/// A true game and, for each seat, what it was told after each action.
struct Told {
    game: Box<dyn AnyGame>,
    views: [Vec<serde_json::Value>; 2],
}

fn told_of(game: &dyn AnyGame) -> [serde_json::Value; 2] {
    Seat::BOTH.map(|s| game.seat_view(s).view().json().clone())
}

impl Told {
    fn new(game: Box<dyn AnyGame>) -> Told {
        let views = told_of(&*game).map(|v| vec![v]);
        Told { game, views }
    }

    /// Plays `text` for `seat` as a mail would.
    fn play(&mut self, seat: Seat, text: &str, index: u64) {
        let played = self
            .game
            .play_text(seat, text, &mut Entropy::new([7; 32], index))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        self.game = played.state;
        for (views, now) in self.views.iter_mut().zip(told_of(&*self.game)) {
            views.push(now);
        }
    }

    fn actor(&self) -> Option<Seat> {
        match self.game.status() {
            Status::Ongoing(dues) => Some(dues[0].seat),
            Status::Finished(_) => None,
        }
    }
}

/// Random legal games of `G` from `start`; after every action, for each
/// seat, a few states sampled from its belief each give it the view it was
/// last told.
fn sampler_gives_the_views_told<G: Playable>(start: impl Fn() -> G, games: u64, plies: usize) {
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..games {
        let mut told = Told::new(Box::new(start()));
        for index in 0..plies as u64 {
            for seat in Seat::BOTH {
                let views: Vec<G::Told> = told.views[seat.index()]
                    .iter()
                    .map(|v| serde_json::from_value(v.clone()).unwrap())
                    .collect();
                let belief = G::believe(seat, &Options::default(), &views)
                    .unwrap_or_else(|e| panic!("{e} after {index} actions"));
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
            let texts = told.game.legal_texts(actor);
            let text = texts[rng.random_range(0..texts.len())].clone();
            told.play(actor, &text, index);
        }
    }
}

/// Along random games of `G`, each choice's state by the search's road
/// ([`Playable::advance`]) is the state the rules' `apply` makes.
fn advance_is_apply<G: Playable>(start: G, games: u64, plies: usize) {
    let mut rng = StdRng::seed_from_u64(16);
    for _ in 0..games {
        let mut state = start.clone();
        for _ in 0..plies {
            let Some(actor) = super::next_actor(&state.status()) else {
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

#[test]
fn chess_advance_is_apply() {
    advance_is_apply(
        Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap(),
        4,
        120,
    );
}

#[test]
fn chess_sampler_gives_the_views_told() {
    let start = || Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    sampler_gives_the_views_told(start, 6, 80);
    // From a position set up by the host: the first view is that position.
    let study = || {
        Chess::from_position(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            &Options::default(),
        )
        .unwrap()
    };
    sampler_gives_the_views_told(study, 3, 40);
}

#[test]
fn views_that_contradict_each_other_are_refused() {
    let mut told = Told::new(Box::new(
        Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap(),
    ));
    told.play(Seat::White, "e4", 0);
    let mut views = told.views[Seat::Black.index()].clone();
    // The last view's board no longer fits its moves.
    views.last_mut().unwrap()["position"] =
        serde_json::json!("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    let input = ComputerInput {
        seat: Seat::Black,
        options: Options::default(),
        strategy: Strategy::default(),
        budget: Budget::iterations(10),
        seed: 1,
        told: views,
    };
    let error = computer::<Chess>(&input).unwrap_err();
    assert!(error.to_string().contains("do not fit together"), "{error}");
    let mut input = input;
    input.told = vec![serde_json::json!({"board": 1})];
    assert!(computer::<Chess>(&input).is_err());
    input.told.clear();
    assert!(computer::<Chess>(&input).is_err());
}

/// The computer's choice in `seat` for two true games that told it the
/// same: equal, whatever else differs between them (the truth, the seed
/// of the game); and the same again when asked twice.
fn no_peeking<G: Playable>(a: &Told, b: &Told, seat: Seat) {
    assert_eq!(
        a.views[seat.index()],
        b.views[seat.index()],
        "the two games must tell the seat the same"
    );
    let input = |told: &Told| ComputerInput {
        seat,
        options: Options::default(),
        strategy: Strategy::Search(Level::MAX),
        budget: Budget::iterations(300),
        seed: 42,
        told: told.views[seat.index()].clone(),
    };
    let first = computer::<G>(&input(a)).unwrap();
    assert_eq!(first, computer::<G>(&input(b)).unwrap());
    assert_eq!(first, computer::<G>(&input(a)).unwrap());
    assert!(
        a.game.legal_texts(seat).contains(&first),
        "{first} is one of the seat's legal actions"
    );
}

#[test]
fn chess_choices_depend_only_on_what_the_seat_was_told() {
    let new = || Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    // Chess hides nothing: equal views mean equal games, so two games
    // reached alike (one replayed from a stored log, one played afresh)
    // stand in for two truths.
    let mut a = Told::new(Box::new(new()));
    let mut b = Told::new(Box::new(new()));
    for (index, (seat, text)) in [
        (Seat::White, "e4"),
        (Seat::Black, "e5"),
        (Seat::White, "Nf3"),
        (Seat::Black, "Nc6"),
        (Seat::White, "Bc4"),
    ]
    .into_iter()
    .enumerate()
    {
        a.play(seat, text, index as u64);
        b.play(seat, text, index as u64);
    }
    no_peeking::<Chess>(&a, &b, Seat::Black);
}

#[test]
fn the_search_takes_a_mate_in_one_and_stops_one() {
    let position = |fen: &str| {
        Told::new(Box::new(
            Chess::from_position(fen, &Options::default()).unwrap(),
        ))
    };
    let ask = |told: &Told, seat: Seat| {
        computer::<Chess>(&ComputerInput {
            seat,
            options: Options::default(),
            strategy: Strategy::Search(Level::MIN),
            budget: Budget::iterations(2000),
            seed: 3,
            told: told.views[seat.index()].clone(),
        })
        .unwrap()
    };
    // Back-rank mate: Re8#.
    let told = position("6k1/5ppp/8/8/8/8/8/4R1K1 w - - 0 1");
    assert_eq!(ask(&told, Seat::White), "Re8#");
    // Black to move must stop Qxf7#... or lose the queen: the search keeps
    // the mate off the board.
    let mut told = position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 4 4");
    let answer = ask(&told, Seat::Black);
    told.play(Seat::Black, &answer, 0);
    assert!(
        !told
            .game
            .legal_texts(Seat::White)
            .contains(&"Qxf7#".to_string()),
        "after {answer} White still mates"
    );
}

fn arena(info: &'static GameInfo, player: Strategy, against: Strategy, games: u32) -> Arena {
    Arena {
        info,
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
fn short_matches_play_only_legal_actions() {
    for info in crate::rules::GAMES.iter().filter(|g| g.computer.is_some()) {
        for against in [
            Strategy::Random,
            Strategy::Greedy,
            Strategy::Search(Level::MIN),
        ] {
            let tally = arena(info, Strategy::Search(Level::MAX), against, 2)
                .run(|_, _| {})
                .unwrap_or_else(|e| panic!("{}: {e}", info.name));
            assert_eq!(tally.games.len(), 2);
            assert!(tally.games.iter().all(|g| g.actions > 0));
            assert_eq!(tally.games[0].seat, Seat::White);
            assert_eq!(tally.games[1].seat, Seat::Black);
        }
    }
}

#[test]
fn a_finished_game_is_scored_for_the_measured_player() {
    // Random against random to the end of the cap: every game ends or is
    // scored unfinished, and the tally adds up.
    let info = GameInfo::find("chess").unwrap();
    let mut arena = arena(info, Strategy::Random, Strategy::Random, 4);
    arena.max_actions = 400;
    let tally = arena.run(|_, _| {}).unwrap();
    let counted: usize = [Ending::Win, Ending::Draw, Ending::Loss, Ending::Unfinished]
        .into_iter()
        .map(|e| tally.count(e))
        .sum();
    assert_eq!(counted, 4);
    assert!((0.0..=1.0).contains(&tally.score()));
}

#[test]
fn games_the_computer_does_not_play_are_refused_by_the_arena() {
    let info = GameInfo::find("bluff-chess").unwrap();
    let error = arena(info, Strategy::Random, Strategy::Random, 1)
        .run(|_, _| {})
        .unwrap_err();
    assert_eq!(error.to_string(), "the computer does not play Bluff Chess");
}
