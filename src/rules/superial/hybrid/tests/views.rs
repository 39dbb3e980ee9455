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
