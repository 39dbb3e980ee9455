//! What the viewers see: the board with square colours, aspects and teams,
//! and the facts. The game hides nothing, so every viewer sees the same
//! but for the side drawn at the bottom.

use super::{B, W, at, new_game, play, play_all};
use crate::render::{diagram, picture};
use crate::rules::superial::Colour;
use crate::rules::{Cell, Game, Presentation, Seat, View, Viewer};

fn present(game: &crate::rules::superial::Superial, viewer: Viewer) -> Presentation {
    game.view(viewer).present()
}

#[test]
pub(super) fn the_text_board_shows_each_cubes_team_and_aspect() {
    let game = play_all(&new_game(""), &["c2-c3=X", "b6-b5=+"]);
    let p = present(&game, Viewer::Seat(W));
    let text = diagram::text(p.diagram.as_ref().unwrap());
    let expected = [
        " 6  .  .  .  Bo .  Bo",
        " 5  Bo B+ Bo .  Bo .",
        " 4  .  .  .  .  .  .",
        " 3  .  .  WX .  .  .",
        " 2  Wo .  .  .  Wo .",
        " 1  .  Wo .  Wo .  Wo",
        "",
        "    a  b  c  d  e  f",
    ];
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    assert_eq!(
        p.legend[8..],
        [
            "Wo W+ WX: White's pusher, hopper, slasher; Bo B+ BX: Black's",
            "Home colours: white for White's cubes, black for Black's",
            "A cube changes aspect only off its home colour",
        ]
    );
    assert!(p.legend.iter().all(|line| line.len() <= 78));
    let cell = p
        .diagram
        .as_ref()
        .unwrap()
        .cell(crate::rules::geometry::Square::parse("b5").unwrap());
    assert_eq!(
        cell,
        &Cell::Piece {
            label: "B+".to_string(),
            owner: B,
            figure: crate::rules::Figure::Cube(crate::rules::presentation::CubeFace::Hopper),
            marks: vec![],
        }
    );
}

#[test]
pub(super) fn the_text_board_draws_every_squares_colour_from_the_viewers_side() {
    let game = new_game("");
    let white = present(&game, Viewer::Seat(W)).legend;
    assert_eq!(
        white[..8],
        [
            "Square colours (# black, - white):",
            " 6  - # - # - #",
            " 5  # - # - # -",
            " 4  - # - # - #",
            " 3  # - # - # -",
            " 2  - # - # - #",
            " 1  # - # - # -",
            "    a b c d e f",
        ]
    );
    // Black sees rank 1 at the top and the files from f to a: a1 is still
    // black, in the top right corner.
    let black = present(&game, Viewer::Seat(B)).legend;
    assert_eq!(black[1], " 1  - # - # - #");
    assert_eq!(black[7], "    f e d c b a");
    // Every mark agrees with the rule, for both sides.
    for (legend, bottom) in [(white, W), (black, B)] {
        for line in &legend[1..7] {
            let rank: u8 = line[..2].trim().parse().unwrap();
            for (i, mark) in line[4..].split(' ').enumerate() {
                let file = if bottom == W { i as u8 } else { 5 - i as u8 };
                let square = crate::rules::geometry::Square::new(file, rank - 1).unwrap();
                let expected = if Colour::of(square) == Colour::Black {
                    "#"
                } else {
                    "-"
                };
                assert_eq!(mark, expected, "{square}");
            }
        }
    }
}

#[test]
pub(super) fn the_picture_draws_the_square_colours_and_the_cubes() {
    let game = play(&new_game(""), "c2-c3=X");
    let p = present(&game, Viewer::Spectator);
    let d = p.diagram.as_ref().unwrap();
    for square in ["a1", "c3", "b6"] {
        let square = crate::rules::geometry::Square::parse(square).unwrap();
        assert_eq!(
            d.shade(square),
            Some(crate::rules::Shade::Black),
            "{square}"
        );
    }
    let svg = picture::svg(d);
    // a1 black and empty; b1 white with White's pusher; c3 black, keeping
    // its colour under the last action's highlight, with the new slasher.
    let black = picture::fill_of(&svg, "a1").unwrap();
    let white = picture::fill_of(&svg, "b1").unwrap();
    assert_ne!(black, white);
    assert_eq!(picture::drawn_on(&svg, "a1"), "");
    assert!(picture::drawn_on(&svg, "b1").contains("#white-cube-pusher"));
    assert_eq!(picture::fill_of(&svg, "c3"), Some(black));
    assert!(picture::drawn_on(&svg, "c3").contains("#white-cube-slasher"));
    assert_eq!(picture::fill_of(&svg, "b6"), Some(black));
    assert!(picture::drawn_on(&svg, "b6").contains("#black-cube-pusher"));
}

#[test]
pub(super) fn the_facts_tell_the_turn_the_last_action_the_cubes_and_the_random_moves() {
    let game = play(&new_game("random-moves=2"), "c2-c3");
    assert_eq!(
        present(&game, Viewer::Seat(B)).facts,
        [
            "Black to move",
            "Last action: 1.c2-c3",
            "Cubes: White 6, Black 6",
            "Random moves left: White 2, Black 2 (write: random)",
        ]
    );
    let classic = present(&new_game(""), Viewer::Seat(W)).facts;
    assert_eq!(classic, ["White to move", "Cubes: White 6, Black 6"]);
}

#[test]
pub(super) fn the_facts_tell_a_claimable_draw_and_a_long_quiet_stretch() {
    let game = at("p5/6/6/6/6/5P w 0/0 99 60", "");
    let facts = present(&play(&game, "f1-f2"), Viewer::Seat(B)).facts;
    assert!(facts.contains(&"Draw claimable: 50-move rule (write: claim draw)".to_string()));
    assert!(facts.contains(
        &"Turns without a capture or random move: 50 by each side (a draw may be claimed at 50, \
          and is automatic at 75)"
            .to_string()
    ));
    let over = play(&play(&game, "f1-f2"), "claim draw");
    let facts = present(&over, Viewer::Seat(W)).facts;
    assert_eq!(
        over.outcome().unwrap().to_string(),
        "draw (50-move rule claimed), 1/2-1/2"
    );
    assert!(
        !facts.iter().any(|f| f.contains("Game over")),
        "the referee's status line says it, once: {facts:?}"
    );
    assert!(!facts.iter().any(|f| f.starts_with("Draw claimable")));
}

#[test]
pub(super) fn every_viewer_sees_everything_and_only_the_bottom_and_the_hint_differ() {
    let game = play_all(&new_game("random-moves=1"), &["c2-c3", "random"]);
    let json = |viewer| {
        let mut json = serde_json::to_value(game.view(viewer)).unwrap();
        json.as_object_mut().unwrap().remove("bottom");
        json.as_object_mut().unwrap().remove("may_throw");
        json
    };
    let host = json(Viewer::Host);
    for viewer in [Viewer::Seat(W), Viewer::Seat(B), Viewer::Spectator] {
        assert_eq!(json(viewer), host);
    }
    assert_eq!(game.view(Viewer::Seat(Seat::Black)).bottom, B);
    assert_eq!(game.view(Viewer::Spectator).bottom, W);
    assert!(game.view(Viewer::Seat(W)).may_throw && !game.view(Viewer::Seat(B)).may_throw);
    let history = game.view(Viewer::Seat(W)).history();
    assert_eq!(history.len(), 2);
    assert!(history[1].text.starts_with("random "), "{history:?}");
}

#[test]
pub(super) fn only_a_player_with_a_random_move_left_is_told_how_to_write_one() {
    let game = play(&new_game("random-moves=1"), "random");
    let random_fact = |viewer| {
        present(&game, viewer)
            .facts
            .into_iter()
            .find(|f| f.starts_with("Random moves left"))
            .expect("the random moves are told")
    };
    assert_eq!(
        random_fact(Viewer::Seat(W)),
        "Random moves left: White 0, Black 1"
    );
    assert_eq!(
        random_fact(Viewer::Seat(B)),
        "Random moves left: White 0, Black 1 (write: random)"
    );
    assert_eq!(
        random_fact(Viewer::Spectator),
        "Random moves left: White 0, Black 1"
    );
}
