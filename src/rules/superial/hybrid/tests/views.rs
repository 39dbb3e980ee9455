//! The boards: square colours, cubes with aspect and team, chess pieces,
//! and Black's king riding its cube.

use super::{at, start};
use crate::rules::superial::hybrid::HybridView;
use crate::rules::{View, Viewer};

fn text_board(view: &HybridView) -> String {
    crate::render::diagram::text(view.present().diagram.as_ref().unwrap())
}

#[test]
pub(super) fn the_text_board_shows_pieces_cubes_and_square_colours() {
    let view = HybridView::build(&start(), Viewer::Host);
    let board = text_board(&view);
    assert!(board.contains(" 8  .  Bo .  Bo .  Bo .  Bo"), "{board}");
    assert!(board.contains(" 1  R  N  B  Q  K  B  N  R"), "{board}");
    let legend = view.present().legend.join("\n");
    assert!(legend.contains(" 1  # - # - # - # -"), "{legend}");
    assert!(
        legend.contains("Bo B+ BX: Black's pusher, hopper, slasher"),
        "{legend}"
    );
}

#[test]
fn blacks_king_is_drawn_riding_its_cube() {
    let game = at("8/8/8/8/3(xn)4/8/8/K7 w - - 0 1");
    let view = HybridView::build(&game, Viewer::Host);
    let board = text_board(&view);
    assert!(
        board
            .lines()
            .any(|l| l.starts_with(" 4") && l.contains("X/n")),
        "{board}"
    );
    let facts = view.present().facts.join("\n");
    assert!(
        facts.contains("Black's king rides its cube on d4"),
        "{facts}"
    );
    let svg = crate::render::picture::svg(view.present().diagram.as_ref().unwrap());
    let drawn = crate::render::picture::drawn_on(&svg, "d4");
    assert!(
        drawn.contains("#black-cube-slasher") && drawn.contains("#black-knight"),
        "{drawn}"
    );
}

#[test]
pub(super) fn the_legend_names_blacks_king_as_it_stands() {
    let legend = |position: &str| {
        HybridView::build(&at(position), Viewer::Host)
            .present()
            .legend
            .join("\n")
    };
    let with_king = legend("8/4Ro2/2o1(op)3/8/P7/8/1PPPPPP1/R1BQKBN1 b Q - 0 11");
    assert!(
        with_king.contains("o/p: Black's king, a pawn (p) riding a pusher (o)"),
        "{with_king}"
    );
    assert!(!with_king.contains("o/n"), "{with_king}");
    let slasher = legend("8/8/8/8/3(xq)4/8/8/K7 w - - 0 1");
    assert!(
        slasher.contains("X/q: Black's king, a queen (q) riding a slasher (X)"),
        "{slasher}"
    );
    // Before Black's first capture there is no king to name.
    assert!(!legend(super::super::position::START).contains("Black's king"));
}
