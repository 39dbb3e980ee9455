//! Board pictures against the 8x8 chess picture and the text diagram.

use arbiter::rules::{Entropy, Options, Status};

use super::{best, report};

/// A game after `plies` random legal actions (Reality Check's fixed setups
/// first), from a fixed seed.
fn played(name: &str, options: &[&str], plies: usize) -> Box<dyn arbiter::rules::AnyGame> {
    use arbiter::games::GameInfo;
    use arbiter::rules::Seat;
    let info = GameInfo::find(name).unwrap();
    let options = Options::parse(options.iter().copied()).unwrap();
    let mut entropy = Entropy::new([7; 32], 0);
    let mut picks = Entropy::new([7; 32], 1);
    let mut game = (info.new)(&options, &mut entropy).unwrap();
    for _ in 0..plies {
        let Status::Ongoing(dues) = game.status() else {
            break;
        };
        let seat = dues[0].seat;
        let legal = game.legal_texts(seat);
        let text = if legal.is_empty() {
            match seat {
                Seat::White => {
                    "setup d1=R/R c2=N/B d2=B/B e2=N/N b3=P/P c3=P/N d3=B/R e3=P/R f3=P/B hand=NR"
                }
                Seat::Black => {
                    "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR"
                }
            }
            .to_string()
        } else {
            legal[picks.below(legal.len() as u64) as usize].clone()
        };
        game = game.play_text(seat, &text, &mut entropy).unwrap().state;
    }
    game
}

pub fn pictures() {
    use arbiter::render::{diagram, picture};
    use arbiter::rules::Seat;
    let boards: [(&str, &str, &[&str], usize); 9] = [
        ("chess 8x8", "chess", &[], 12),
        ("bluff-chess 8x8", "bluff-chess", &[], 12),
        ("reality-check 7x9 (basic), chips", "reality-check", &[], 12),
        ("rebel-chess 8x8", "rebel-chess", &[], 12),
        ("superial-chess 6x6", "superial-chess", &[], 12),
        ("superial hybrid 8x8", "superial-chess", &["hybrid=on"], 12),
        (
            "reflection cross14 (14x14)",
            "reflection-teammate",
            &["setup=cross14"],
            6,
        ),
        (
            "reflection cross12 (12x12)",
            "reflection-teammate",
            &["setup=cross12"],
            6,
        ),
        (
            "reflection two-boards (16x8)",
            "reflection-teammate",
            &["setup=two-boards"],
            6,
        ),
    ];
    let diagram_of = |game: &dyn arbiter::rules::AnyGame| {
        game.seat_view(Seat::Black)
            .view()
            .presentation()
            .diagram
            .clone()
            .unwrap()
    };
    let chess = diagram_of(&*played("chess", &[], 12));
    let base = best(20, || picture::png(&chess));
    let text = best(20, || diagram::text(&chess));
    report("chess picture 8x8 (PNG)", "the text diagram", base, text);
    for (name, game, options, plies) in boards {
        let d = diagram_of(&*played(game, options, plies));
        let bytes = picture::png(&d).len();
        let size = picture::size(&d);
        let measured = best(20, || picture::png(&d));
        report(
            &format!("{name}: {}x{} px, {bytes} B", size.width, size.height),
            "chess picture 8x8",
            measured,
            base,
        );
    }
}
