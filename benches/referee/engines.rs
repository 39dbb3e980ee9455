//! The rules engines and the search road: the generic trait path, the
//! chess-like layer, Rebel Chess, Reflection Teammate and the search,
//! each against the bitboard engine on the same tree.

use arbiter::rules::bluff::BluffChess;
use arbiter::rules::chess::{Chess, Position};
use arbiter::rules::chesslike;
use arbiter::rules::rebel::{RebelPosition, Version};
use arbiter::rules::reflection::{Config, ReflectionPosition};
use arbiter::rules::{Entropy, Game, Options, Status};

use super::{best, report};

fn generic_perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Status::Ongoing(dues) = game.status() else {
        return 0;
    };
    let seat = dues[0].seat;
    let mut entropy = Entropy::for_perft();
    game.legal_actions(seat)
        .iter()
        .map(|a| generic_perft(&game.apply(seat, a, &mut entropy).unwrap().state, depth - 1))
        .sum()
}

pub fn rules() {
    let start = Position::startpos();
    let chess = Chess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    let bluff = BluffChess::new(&Options::default(), &mut Entropy::for_perft()).unwrap();
    assert_eq!(start.perft(3), generic_perft(&chess, 3));
    let engine = best(5, || start.perft(3));
    let generic = best(5, || generic_perft(&chess, 3));
    report(
        "chess perft 3, generic trait path",
        "engine perft 3",
        generic,
        engine,
    );
    let bluff_time = best(5, || generic_perft(&bluff, 3));
    report(
        "bluff-chess perft 3, generic trait path",
        "chess, same path",
        bluff_time,
        generic,
    );
}

pub fn layer() {
    let positions = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            4,
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            3,
        ),
        ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    ];
    for (name, fen, depth) in positions {
        let engine = Position::from_fen(fen).unwrap();
        let ours = chesslike::Position::from_fen(chesslike::Variant::orthodox(), fen).unwrap();
        assert_eq!(engine.perft(depth), ours.perft(depth));
        let base = best(3, || engine.perft(depth));
        let measured = best(3, || ours.perft(depth));
        report(
            &format!("layer perft {depth}, {name}"),
            "bitboard engine, same",
            measured,
            base,
        );
    }
}

/// Rebel Chess on the layer, every version, from the start (191,958
/// leaves at depth 4, against orthodox chess's 197,281 on the bitboard
/// engine) and from a mid-game position of `tests/data/rebel.perft`.
pub fn rebel() {
    let chess = Position::startpos();
    let base = best(3, || chess.perft(4));
    for version in [Version::One, Version::Two, Version::Three] {
        let rebel = RebelPosition::startpos(version);
        assert_eq!(rebel.perft(4), 191_958);
        let measured = best(3, || rebel.perft(4));
        report(
            &format!("rebel-chess perft 4, start, version {}", version.number()),
            "bitboard chess engine perft 4",
            measured,
            base,
        );
    }
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let chess = Position::from_fen(kiwipete).unwrap();
    let base = best(3, || chess.perft(3));
    let fen = "r3k2r/p1upqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBUPPP/R3K2R w KQkq - 0 1";
    for version in [Version::One, Version::Two, Version::Three] {
        let rebel = RebelPosition::from_fen(fen, version).unwrap();
        let measured = best(3, || rebel.perft(3));
        report(
            &format!(
                "rebel-chess perft 3, kiwipete-u, version {}",
                version.number()
            ),
            "bitboard engine perft 3, Kiwipete",
            measured,
            base,
        );
    }
}

/// Reflection Teammate on the layer, every setup from its start at depth
/// 3, against the bitboard engine's orthodox start at depth 3 (8,902
/// leaves; the setups have 4,000 to 9,400).
pub fn reflection() {
    let chess = Position::startpos();
    let base = best(5, || chess.perft(3));
    for setup in ["cross14", "cross12", "cross8", "halves", "two-boards"] {
        let options = Options::parse([format!("setup={setup}")]).unwrap();
        let start = ReflectionPosition::start(Config::from_options(&options).unwrap());
        let measured = best(5, || start.perft(3));
        report(
            &format!("reflection perft 3, {setup} start"),
            "bitboard chess engine perft 3",
            measured,
            base,
        );
    }
}

/// The engine's perft without bulk counting: every move played, as a
/// search plays its moves.
fn played_perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    position
        .legal_moves()
        .iter()
        .map(|mv| played_perft(&position.play(mv), depth - 1))
        .sum()
}

/// Perft through the search's road (`Playable::standing`,
/// `Playable::choices` and `Playable::advance`), the last ply counted in bulk as the engine's own
/// perft counts it: the same tree, only the machinery differs.
fn search_perft<G: arbiter::bot::Playable>(
    state: &G,
    depth: u32,
    lists: &mut [Vec<G::Action>],
) -> u64 {
    let Some(seat) = state.standing().actor() else {
        return 0;
    };
    let (choices, deeper) = lists.split_first_mut().expect("a list per level");
    state.choices_into(seat, choices);
    if depth == 1 {
        return choices.len() as u64;
    }
    let mut entropy = Entropy::for_perft();
    choices
        .iter()
        .map(|a| search_perft(&state.advance(seat, a, &mut entropy), depth - 1, deeper))
        .sum()
}

/// The computer's search over the `Game` trait (IS-MCTS through
/// `Playable`: a sample, the choices, each action's key, the state after
/// it, an evaluation per leaf), in actions played per second, against the
/// chess engine's own perft on the same position: its leaves per second
/// (the last ply counted in bulk, not played) and the moves per second it
/// plays when every move is played.
pub fn search() {
    use arbiter::bot::{Budget, Playable, search};
    use arbiter::rules::{Seat, Viewer};
    use rand::SeedableRng;

    let positions = [
        (
            "start",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        (
            "kiwipete",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ),
    ];
    for (name, fen) in positions {
        let game = Chess::from_position(fen, &Options::default()).unwrap();
        let told = serde_json::to_value(game.view(Viewer::Seat(Seat::White))).unwrap();
        let told = vec![serde_json::from_value(told).unwrap()];
        let belief = Chess::believe(Seat::White, &Options::default(), &told).unwrap();
        let mut nodes = 0;
        let searched = best(3, || {
            let mut rng = rand::rngs::StdRng::seed_from_u64(1);
            let run = search::run::<Chess>(
                &belief,
                Seat::White,
                Budget::iterations(20_000),
                &arbiter::bot::clock::Wall::start(),
                &mut rng,
            )
            .unwrap();
            nodes = run.nodes;
        });
        let search_rate = nodes as f64 / searched.as_secs_f64();
        let engine = Position::from_fen(fen).unwrap();
        let depth = 4;
        let leaves = engine.perft(depth);
        let perft = best(3, || engine.perft(depth));
        let perft_rate = leaves as f64 / perft.as_secs_f64();
        let played = best(3, || played_perft(&engine, depth));
        let played_rate = leaves as f64 / played.as_secs_f64();
        let mut lists = vec![Vec::new(); depth as usize];
        assert_eq!(search_perft(&game, depth, &mut lists), leaves);
        let road = best(3, || search_perft(&game, depth, &mut lists));
        report(
            &format!("chess perft {depth}, {name}, the search's road"),
            &format!("engine perft {depth}"),
            road,
            perft,
        );
        println!(
            "chess search, {name}: {:>10.0} actions/s ({nodes} in 20,000 iterations); engine perft {depth}: \
             {:>11.0} leaves/s (ratio {:>6.1}), every move played: {:>10.0} moves/s (ratio {:>5.1})",
            search_rate,
            perft_rate,
            perft_rate / search_rate,
            played_rate,
            played_rate / search_rate,
        );
    }
}
