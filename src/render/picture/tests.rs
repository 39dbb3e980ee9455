//! The pictures: what the SVG draws where, and that the PNG is that SVG,
//! rendered with the bundled font.

use super::*;
use crate::rules::geometry::Geometry;
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
    let a1 = drawn_on(&svg, "a1");
    assert!(a1.contains("#white-knight") && a1.contains("#white-rook"));
    assert!(!a1.contains(">?<"));
    let b1 = drawn_on(&svg, "b1");
    assert!(b1.contains("#black-bishop") && b1.contains(">?<"), "{b1}");
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
    assert!(signs("b2") > signs("d1"), "two marks");
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
