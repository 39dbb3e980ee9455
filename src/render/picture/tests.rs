//! The pictures: what the SVG draws where, and that the PNG is that SVG,
//! rendered with the bundled font.

use super::*;
use crate::rules::geometry::Geometry;
use crate::rules::geometry::Square;
use crate::rules::presentation::{CubeFace, Role};
use crate::rules::{Mark, Seat};

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// The PNG's size and its pixels as RGB, read back with the decoder.
fn decode(png: &[u8]) -> (u32, u32, Vec<[u8; 3]>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut buffer = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buffer).unwrap();
    assert_eq!(
        info.color_type,
        png::ColorType::Rgb,
        "opaque, from a palette"
    );
    let pixels = buffer[..info.buffer_size()]
        .chunks(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width, info.height, pixels)
}

fn hex(colour: &str) -> [u8; 3] {
    let v = u32::from_str_radix(colour.trim_start_matches('#'), 16).unwrap();
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

/// The pixel at the centre of `square` as drawn.
fn centre(diagram: &Diagram, pixels: &[[u8; 3]], square: Square) -> [u8; 3] {
    let frame = Frame::of(diagram);
    let (column, row, _) = frame.squares().find(|(_, _, s)| *s == square).unwrap();
    let (x, y) = frame.corner(column, row);
    let (x, y) = (x + frame.square / 2, y + frame.square / 2);
    pixels[(y * frame.width + x) as usize]
}

fn chess_start() -> Diagram {
    let mut d = Diagram::empty(&Geometry::rectangle(8, 8), Seat::White);
    let back = [
        Role::Rook,
        Role::Knight,
        Role::Bishop,
        Role::Queen,
        Role::King,
        Role::Bishop,
        Role::Knight,
        Role::Rook,
    ];
    for file in 0..8 {
        for (rank, seat, role) in [
            (0, Seat::White, back[file as usize]),
            (1, Seat::White, Role::Pawn),
            (6, Seat::Black, Role::Pawn),
            (7, Seat::Black, back[file as usize]),
        ] {
            let square = Square::new(file, rank).unwrap();
            d.set(square, Cell::piece("x", seat, Figure::Orthodox(role)));
        }
    }
    d
}

#[test]
fn the_png_is_the_svg_at_its_size_and_the_same_diagram_gives_the_same_bytes() {
    let d = chess_start();
    let bytes = png(&d);
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let (width, height, pixels) = decode(&bytes);
    assert_eq!(size(&d), Size { width, height });
    let svg = svg(&d);
    assert!(svg.contains(&format!("width=\"{width}\" height=\"{height}\"")));
    assert_eq!(png(&d), bytes, "rendering is deterministic");
    // Empty squares keep their colours, exactly (the palette keeps flat
    // colours): e4 is light, d4 dark.
    assert_eq!(centre(&d, &pixels, sq("e4")), hex(LIGHT));
    assert_eq!(centre(&d, &pixels, sq("d4")), hex(DARK));
}

#[test]
fn pieces_are_drawn_in_their_sides_colours_and_read_on_both_square_colours() {
    let d = chess_start();
    let (_, _, pixels) = decode(&png(&d));
    // The middle of a pawn's body: White's light, Black's dark, whatever
    // the square.
    for (square, ink) in [
        ("a2", pieces::ink(Seat::White).body),
        ("b2", pieces::ink(Seat::White).body),
        ("a7", pieces::ink(Seat::Black).body),
        ("b7", pieces::ink(Seat::Black).body),
    ] {
        let frame = Frame::of(&d);
        let (column, row, _) = frame.squares().find(|(_, _, s)| *s == sq(square)).unwrap();
        let (x, y) = frame.corner(column, row);
        // (22.5, 28) of the 45-unit box: the pawn's body.
        let px = x + frame.square / 2;
        let py = y + frame.square * 28 / 45;
        assert_eq!(
            pixels[(py * frame.width + px) as usize],
            hex(ink),
            "{square}"
        );
    }
}

#[test]
fn the_board_is_drawn_from_the_viewers_side() {
    let mut d = chess_start();
    let white = svg(&d);
    d.bottom = Seat::Black;
    let black = svg(&d);
    let labels = |svg: &str| -> Vec<String> {
        svg.split("<text ")
            .skip(1)
            .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
            .collect()
    };
    let (ranks, files) = d.drawing_order();
    let expected: Vec<String> = ranks
        .iter()
        .map(|r| (r + 1).to_string())
        .chain(files.iter().map(|f| ((b'a' + f) as char).to_string()))
        .collect();
    assert_eq!(labels(&black), expected);
    assert_eq!(labels(&black)[..2], ["1", "2"]);
    assert_eq!(labels(&black)[8..10], ["h", "g"]);
    assert_eq!(labels(&white)[..2], ["8", "7"]);
    // Black's view puts a1 at the top right.
    let frame = Frame::of(&d);
    let (column, row, _) = frame.squares().find(|(_, _, s)| *s == sq("a1")).unwrap();
    assert_eq!((column, row), (7, 0));
}

#[test]
fn the_coordinates_are_drawn_in_the_bundled_font() {
    let d = Diagram::empty(&Geometry::rectangle(8, 8), Seat::White);
    let (_, _, pixels) = decode(&png(&d));
    let frame = Frame::of(&d);
    // The band below the board, under the files: text there, or nothing
    // would have been drawn without a font.
    let top = frame.top + frame.square * 8 + 2;
    let inked = (top..frame.height)
        .flat_map(|y| (frame.left..frame.width).map(move |x| (x, y)))
        .filter(|(x, y)| pixels[(y * frame.width + x) as usize] != hex(BACKGROUND))
        .count();
    assert!(inked > 100, "{inked} pixels of file letters");
}

#[test]
fn missing_squares_are_not_drawn_and_the_last_move_is_highlighted() {
    // A 3x3 board without its centre and its a3 corner.
    let geometry = Geometry::from_rows(&[" ..", ". .", "..."]);
    let mut d = Diagram::empty(&geometry, Seat::White);
    d.highlight = vec![sq("a1"), sq("b1")];
    let svg = svg(&d);
    assert_eq!(fill_of(&svg, "b2"), None);
    assert_eq!(fill_of(&svg, "a3"), None);
    assert_eq!(fill_of(&svg, "a1"), Some(DARK_MOVED));
    assert_eq!(fill_of(&svg, "b1"), Some(LIGHT_MOVED));
    assert_eq!(fill_of(&svg, "c1"), Some(DARK));
    let (_, _, pixels) = decode(&png(&d));
    assert_eq!(centre(&d, &pixels, sq("b2")), hex(BACKGROUND));
    assert_eq!(centre(&d, &pixels, sq("a1")), hex(DARK_MOVED));
}

#[test]
fn ruled_square_colours_are_kept_and_the_last_move_framed() {
    let mut d = Diagram::empty(&Geometry::rectangle(2, 2), Seat::White);
    // Colours against the usual pattern, to see they are the game's.
    d.shade_with(|s| {
        if s.rank() == 0 {
            Shade::Black
        } else {
            Shade::White
        }
    });
    d.highlight = vec![sq("a1")];
    let svg = svg(&d);
    assert_eq!(fill_of(&svg, "a1"), Some(RULED_BLACK));
    assert_eq!(fill_of(&svg, "b1"), Some(RULED_BLACK));
    assert_eq!(fill_of(&svg, "a2"), Some(RULED_WHITE));
    assert_eq!(svg.matches(MOVED_FRAME).count(), 1);
}

#[test]
fn chips_show_the_down_face_only_where_the_view_has_it() {
    let mut d = Diagram::empty(&Geometry::rectangle(2, 1), Seat::White);
    let known = Figure::Chip {
        up: Role::Knight,
        down: Some(Role::Rook),
    };
    let unknown = Figure::Chip {
        up: Role::Bishop,
        down: None,
    };
    d.set(sq("a1"), Cell::piece("N/R", Seat::White, known));
    d.set(sq("b1"), Cell::piece("b", Seat::Black, unknown));
    let svg = svg(&d);
    // A chip's faces are drawn in the other side's ink, so they stand out
    // on the disc in the owner's colour.
    let a1 = drawn_on(&svg, "a1");
    assert!(a1.contains("#black-knight") && a1.contains("#black-rook"));
    assert!(!a1.contains(">?<"));
    let b1 = drawn_on(&svg, "b1");
    assert!(b1.contains("#white-bishop") && b1.contains(">?<"), "{b1}");
    assert_eq!(b1.matches("<use").count(), 1, "no down face: {b1}");
}

#[test]
fn cubes_riders_recruiters_and_marks_each_have_their_drawing() {
    let mut d = Diagram::empty(&Geometry::rectangle(4, 2), Seat::White);
    let put = |d: &mut Diagram, s: &str, owner, figure, marks| {
        d.set(sq(s), Cell::marked("x", owner, figure, marks))
    };
    put(
        &mut d,
        "a1",
        Seat::White,
        Figure::Cube(CubeFace::Hopper),
        vec![],
    );
    let rider = Figure::Rider {
        cube: CubeFace::Pusher,
        rider: Role::Knight,
    };
    put(&mut d, "b1", Seat::Black, rider, vec![]);
    put(&mut d, "c1", Seat::Black, Figure::Recruiter, vec![]);
    let knight = Figure::Orthodox(Role::Knight);
    put(&mut d, "d1", Seat::White, knight, vec![Mark::Converted]);
    put(&mut d, "a2", Seat::Black, knight, vec![Mark::AlterEgo]);
    let both = vec![Mark::SecondArmy, Mark::Unpaired];
    put(&mut d, "b2", Seat::White, knight, both);
    let svg = svg(&d);
    assert!(drawn_on(&svg, "a1").contains("#white-cube-hopper"));
    let b1 = drawn_on(&svg, "b1");
    assert!(b1.contains("#black-cube-pusher") && b1.contains("#black-knight"));
    assert!(drawn_on(&svg, "c1").contains("#black-recruiter"));
    // Each mark adds its sign to the plain knight.
    let plain = "<use href=\"#white-knight\"/>";
    let signs = |s: &str| {
        drawn_on(&svg, s).matches("<path").count() + drawn_on(&svg, s).matches("<circle").count()
    };
    assert!(drawn_on(&svg, "d1").contains(plain) && signs("d1") > 0);
    assert!(drawn_on(&svg, "a2").contains("#f2b705"), "a gold star");
    assert!(drawn_on(&svg, "b2").contains(SECOND_ARMY_INK));
    let b2 = drawn_on(&svg, "b2");
    assert!(
        b2.contains(SECOND_ARMY_INK) && b2.contains("fill=\"none\" stroke=\"#c62828\""),
        "two marks: {b2}"
    );
    // Only the drawings in use are defined, each once.
    assert_eq!(svg.matches("<g id=\"white-knight\"").count(), 1);
    assert!(!svg.contains("id=\"white-queen\""));
    assert!(
        !svg.contains("xlink") && !svg.contains("data:"),
        "self-contained"
    );
}

#[test]
fn large_boards_get_smaller_squares_and_stay_modest() {
    let small = size(&Diagram::empty(&Geometry::rectangle(8, 8), Seat::White));
    let large = size(&Diagram::empty(&Geometry::rectangle(14, 14), Seat::White));
    let two = size(&Diagram::empty(&Geometry::rectangle(16, 8), Seat::White));
    assert!(small.width < 400 && large.width < 600 && two.width < 600);
    assert!(Frame::of(&Diagram::empty(&Geometry::rectangle(14, 14), Seat::White)).square < 44);
}

/// The labels of a picture's coordinates, in drawing order.
fn labels(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string())
        .collect()
}

#[test]
fn two_boards_are_drawn_apart_each_lettered_a_to_h_board_one_first_and_turned_for_the_viewer() {
    for bottom in Seat::BOTH {
        let mut d = Diagram::empty(&Geometry::rectangle(16, 8), bottom);
        d.boards = 2;
        // Board 2's c1-f4 is k1-n4 of the diagram.
        d.highlight = vec![sq("k1"), sq("n4")];
        let svg = svg(&d);
        let frame = Frame::of(&d);
        let letters: Vec<String> = labels(&svg)[16..].to_vec();
        let board: Vec<String> = match bottom {
            Seat::White => "abcdefgh".chars().map(String::from).collect(),
            Seat::Black => "hgfedcba".chars().map(String::from).collect(),
        };
        assert_eq!(letters, [board.clone(), board].concat(), "{bottom:?}");
        // Each board has its rank numbers.
        assert_eq!(labels(&svg)[..16].iter().filter(|l| *l == "1").count(), 2);
        // Board 1 on the left: its files all left of board 2's.
        let column = |s: &str| frame.squares().find(|(_, _, q)| *q == sq(s)).unwrap().0;
        assert!(column("h1") < column("i1") && column("a1") < column("p1"));
        // A gap between them wider than the rank numbers need.
        let (end_of_one, _) = frame.corner(7, 0);
        let (start_of_two, _) = frame.corner(8, 0);
        assert!(start_of_two - end_of_one >= frame.square + 20);
        // The highlight of board 2's c1 stands above a c, on board 2.
        let (x, _) = frame.corner(column("k1"), 0);
        assert!(x >= start_of_two);
        assert_eq!(letters[column("k1")], "c");
        assert_eq!(letters[column("n4")], "f");
        assert_eq!(fill_of(&svg, "k1"), Some(DARK_MOVED));
    }
}

#[test]
fn a_king_in_check_glows_red_and_is_framed() {
    let mut d = chess_start();
    let plain = d.clone();
    d.check = vec![sq("e8")];
    let svg = svg(&d);
    assert!(svg.contains("id=\"check-e8\""));
    assert!(!svg.contains("id=\"check-e1\""));
    let (_, _, pixels) = decode(&png(&d));
    let (_, _, before) = decode(&png(&plain));
    let frame = Frame::of(&d);
    let (column, row, _) = frame.squares().find(|(_, _, s)| *s == sq("e8")).unwrap();
    let (x, y) = frame.corner(column, row);
    // Left of the king's body: red, where the square was plain.
    let at = ((y + frame.square * 2 / 3) * frame.width + x + frame.square / 5) as usize;
    let [r, g, b] = pixels[at];
    assert!(
        r > 180 && g < 120 && b < 120,
        "{:?} was {:?}",
        pixels[at],
        before[at]
    );
    // The frame: dark at the square's edge, not only a colour.
    let edge = ((y + frame.square / 2) * frame.width + x + 1) as usize;
    assert_eq!(pixels[edge], hex(CHECK_FRAME));
    // Nothing else changed colour.
    let (e1_column, e1_row, _) = frame.squares().find(|(_, _, s)| *s == sq("e1")).unwrap();
    let (x1, y1) = frame.corner(e1_column, e1_row);
    let at1 = ((y1 + frame.square * 2 / 3) * frame.width + x1 + frame.square / 5) as usize;
    assert_eq!(pixels[at1], before[at1]);
}

#[test]
fn a_torus_shows_its_edges_joined() {
    let mut d = Diagram::empty(&Geometry::rectangle(8, 8), Seat::White);
    let flat = Frame::of(&d);
    d.torus = true;
    let svg = svg(&d);
    assert!(svg.contains("id=\"torus\""));
    let frame = Frame::of(&d);
    assert!(frame.width > flat.width && frame.height > flat.height);
    // One arrow beside each square of each of the four edges.
    let torus = &svg[svg.find("id=\"torus\"").unwrap()..];
    assert_eq!(
        torus[..torus.find("</g></g>").unwrap()]
            .matches("<path")
            .count(),
        1 + 4 * 8
    );
    // The band is drawn beside the board, left and right alike.
    let (_, _, pixels) = decode(&png(&d));
    let y = frame.top + frame.square / 5;
    let left = (y * frame.width + frame.left - 2) as usize;
    let right = (y * frame.width + frame.left + 8 * frame.square + 2) as usize;
    assert_eq!(pixels[left], hex("#dde6fb"));
    assert_eq!(pixels[right], pixels[left]);
}

fn hand(
    owner: Seat,
    count: usize,
    chips: Option<Vec<(Role, Role)>>,
) -> crate::rules::presentation::Hand {
    crate::rules::presentation::Hand {
        owner,
        count,
        chips,
        limit: Some(3),
        out: vec![(Role::Pawn, Role::Bishop)],
    }
}

#[test]
fn hands_are_drawn_beside_the_board_as_the_view_has_them() {
    let mut d = Diagram::empty(&Geometry::rectangle(7, 9), Seat::White);
    let bare = Frame::of(&d);
    d.hands = vec![
        hand(
            Seat::White,
            2,
            Some(vec![(Role::Knight, Role::Rook), (Role::Pawn, Role::Pawn)]),
        ),
        hand(Seat::Black, 2, None),
    ];
    let svg = svg(&d);
    let frame = Frame::of(&d);
    // Black's hand above the board (Black sits at the top), White's below,
    // each with its chips out of play on a second row.
    assert_eq!(frame.top, bare.top + 2 * hands::HAND_ROW);
    assert_eq!(frame.height, bare.height + 4 * hands::HAND_ROW);
    let group = |seat: &str| {
        let at = svg.find(&format!("<g id=\"hand-{seat}\"")).unwrap();
        let rest = &svg[at..];
        &rest[..rest.find("</g></g>").unwrap()]
    };
    let white = group("white");
    assert!(white.contains("#black-knight") && white.contains("#black-rook"));
    assert!(white.contains("2 in hand, limit 3"));
    assert!(white.contains("out of play:"));
    // Black's hand, which this viewer may only count: two chips, no faces.
    let black = group("black");
    assert_eq!(black.matches(">?<").count(), 2);
    assert!(black.contains("2 in hand, limit 3"));
    let before_out = &black[..black.find("out of play").unwrap()];
    assert!(
        !before_out.contains("<use"),
        "no face of a hidden chip: {black}"
    );
    // A side with no true chip left says so.
    d.hands[1].limit = None;
    assert!(super::svg(&d).contains("2 in hand, no true chip left"));
}

/// How many pixels a mark changes on a knight on a light square.
fn mark_area(mark: Mark) -> usize {
    let mut plain = Diagram::empty(&Geometry::rectangle(2, 1), Seat::White);
    let knight = Figure::Orthodox(Role::Knight);
    plain.set(sq("b1"), Cell::piece("N", Seat::White, knight));
    let mut marked = plain.clone();
    marked.set(sq("b1"), Cell::marked("N", Seat::White, knight, vec![mark]));
    let (_, _, a) = decode(&png(&plain));
    let (_, _, b) = decode(&png(&marked));
    a.iter().zip(&b).filter(|(x, y)| x != y).count()
}

#[test]
fn the_small_marks_are_big_enough_to_see_at_mail_size() {
    // At least a 16 px disc's worth of a 44 px square (they were 55 to
    // 155 px; Bluff Chess's star was about 120).
    for mark in [
        Mark::AlterEgo,
        Mark::Converted,
        Mark::SecondArmy,
        Mark::Unpaired,
        Mark::Sealed,
    ] {
        let area = mark_area(mark);
        assert!(area >= 200, "{mark:?}: {area} px");
    }
}

#[test]
fn the_picture_is_opaque_so_dark_mail_clients_show_it_as_drawn() {
    // The decoder says RGB from a palette (no alpha, no transparency).
    let mut d = Diagram::empty(&Geometry::rectangle(8, 8), Seat::White);
    d.torus = true;
    let bytes = png(&d);
    let decoder = png::Decoder::new(std::io::Cursor::new(&bytes));
    let reader = decoder.read_info().unwrap();
    assert!(reader.info().trns.is_none());
    assert_eq!(reader.info().color_type, png::ColorType::Indexed);
    let (_, _, pixels) = decode(&bytes);
    assert_eq!(pixels[0], hex(BACKGROUND));
}
