//! The position string: the whole truth of a position in one line, for the
//! host (`arbiter game show`) and for perft (`--fen`). It holds secrets.
//!
//! ```text
//! position = board SP side SP number SP hands SP out SP last SP pending [SP drops]
//! board    = rank *("/" rank)       ; top rank first; each rank lists its existing
//!                                   ; squares left to right (holes are skipped)
//! rank     = 1*(chip / count)       ; count: a digit 1-7, that many empty squares
//! chip     = face face ["*"]        ; up face, then down face; White uppercase,
//!                                   ; Black lowercase; "*": both faces are known
//!                                   ; to both sides (shown since it left a hand)
//! face     = "P" / "N" / "B" / "R"
//! side     = "w" / "b"              ; who acts now
//! number   = 1*DIGIT                ; the full-move number; "1 w" is White's first turn
//! hands    = group "/" group        ; White's hand / Black's hand
//! out      = group "/" group        ; chips out of play
//! group    = "-" / 1*(face face)    ; chips by their two faces, in any order
//! last     = "-" / square *("," square)  ; chips the opponent of `side` flipped
//!                                   ; or dropped on their last turn
//! pending  = "-" / "keep:" chip / "roll:" die *("," die) ["@" square *("," square)]
//!          ; keep: the captured chip of `side` awaiting keep or refuse;
//!          ; roll: dice still owed a flip this turn, the first now, and
//!          ; the chips already flipped this turn
//! drops    = squares "/" squares    ; only with board=basic setup=free: where
//!                                   ; each side may drop (the squares it set up on)
//! ```
//!
//! The board is read from the options (`board=`); without that option it is
//! told by the number of ranks (9 basic, 7 advanced). A game still in its
//! setup is written `setup WHITE BLACK`, each `-` (not yet sent) or the
//! canonical setup with commas for spaces, `;`, and its salt.
//!
//! Example, the basic board after both setups and no move:
//! `rr/nbbbnn/pppnbrprpb/7/7/7/PPPNBRPRPB/NBBBNN/RR w 1 NR/nr -/- - -`.

use super::board::{Chip, ChipId, Face, Kind, Place, Shape};
use super::setup::{Sealed, Setup};
use super::{RealityCheck, Settings};
use crate::rules::entropy::commitment;
use crate::rules::geometry::Square;
use crate::rules::{Options, PositionError, Seat};

fn err(text: impl Into<String>) -> PositionError {
    PositionError::Malformed(text.into())
}

fn squares_text(squares: &[Square]) -> String {
    if squares.is_empty() {
        return "-".to_string();
    }
    squares
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn chip_text(id: ChipId, chip: &Chip) -> String {
    let down = id.kind.other(chip.up);
    format!(
        "{}{}{}",
        chip.up.letter_of(id.seat),
        down.letter_of(id.seat),
        if chip.public { "*" } else { "" }
    )
}

fn group_text(game: &RealityCheck, place: Place) -> String {
    let groups: Vec<String> = Seat::BOTH
        .iter()
        .map(|&seat| {
            let names: String = Kind::ALL
                .into_iter()
                .filter(|k| game.chip(ChipId { seat, kind: *k }).place == place)
                .map(|k| k.name_of(seat))
                .collect();
            if names.is_empty() {
                "-".to_string()
            } else {
                names
            }
        })
        .collect();
    groups.join("/")
}

fn sorted(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort_by_key(|s| (s.rank(), s.file()));
    squares
}

/// Writes the position string of `game`.
pub fn write(game: &RealityCheck) -> String {
    if !game.started {
        let parts: Vec<String> = game
            .setups
            .iter()
            .map(|s| match s {
                Some(sealed) => {
                    format!("{};{}", sealed.setup.text().replace(' ', ","), sealed.salt)
                }
                None => "-".to_string(),
            })
            .collect();
        return format!("setup {}", parts.join(" "));
    }
    let geometry = game.settings.shape.geometry();
    let grid = game.grid();
    let mut ranks = Vec::new();
    for rank in (0..geometry.height()).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for file in 0..geometry.width() {
            let square = Square::new(file, rank).expect("inside the board");
            if !geometry.contains(square) {
                continue;
            }
            match grid.at(square) {
                None => empty += 1,
                Some(id) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push_str(&chip_text(id, game.chip(id)));
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let on_board = |ids: &[ChipId]| {
        sorted(
            ids.iter()
                .filter_map(|id| match game.chip(*id).place {
                    Place::Board(sq) => Some(sq),
                    _ => None,
                })
                .collect(),
        )
    };
    let pending = if let Some(id) = game.limbo(game.side) {
        format!("keep:{}", chip_text(id, game.chip(id)))
    } else if !game.roll.is_empty() {
        let dice: Vec<String> = game.roll.iter().map(u8::to_string).collect();
        let done = on_board(&game.touched[game.side.index()]);
        let done = if done.is_empty() {
            String::new()
        } else {
            format!("@{}", squares_text(&done))
        };
        format!("roll:{}{done}", dice.join(","))
    } else {
        "-".to_string()
    };
    let mut text = format!(
        "{} {} {} {} {} {} {}",
        ranks.join("/"),
        if game.side == Seat::White { "w" } else { "b" },
        game.number,
        group_text(game, Place::Hand),
        group_text(game, Place::Out),
        squares_text(&on_board(&game.touched[game.side.other().index()])),
        pending
    );
    if game.settings.shape == Shape::Basic && game.settings.free {
        text.push_str(&format!(
            " {}/{}",
            squares_text(&game.drops[0]),
            squares_text(&game.drops[1])
        ));
    }
    text
}

/// Reads a position string (see the module docs).
pub fn read(text: &str, options: &Options) -> Result<RealityCheck, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let settings = settings_for(&fields, options)?;
    if fields.first() == Some(&"setup") {
        return read_setup(&fields, settings);
    }
    let mut game = RealityCheck::fresh(settings);
    game.started = true;
    let [board, side, number, hands, out, last, pending, rest @ ..] = fields.as_slice() else {
        return Err(err(
            "a position has seven fields: board, side, number, hands, out, last, pending",
        ));
    };
    let mut placed: Vec<ChipId> = Vec::new();
    let mut put = |game: &mut RealityCheck, id: ChipId, chip: Chip| -> Result<(), PositionError> {
        if placed.contains(&id) {
            return Err(err(format!(
                "{}'s chip {} appears twice",
                id.seat,
                id.kind.name()
            )));
        }
        placed.push(id);
        *game.chip_mut(id) = chip;
        Ok(())
    };
    read_board(&mut game, board, &mut put)?;
    game.side = match *side {
        "w" => Seat::White,
        "b" => Seat::Black,
        _ => return Err(err(format!("the side is w or b, not {side:?}"))),
    };
    game.number = number
        .parse()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| err("the move number counts from 1"))?;
    for (field, place) in [(hands, Place::Hand), (out, Place::Out)] {
        let groups: Vec<&str> = field.split('/').collect();
        let [white, black] = groups.as_slice() else {
            return Err(err(format!("{field:?} is not WHITE/BLACK")));
        };
        for (seat, group) in [(Seat::White, white), (Seat::Black, black)] {
            for kind in read_group(group)? {
                let up = kind.faces().0;
                put(
                    &mut game,
                    ChipId { seat, kind },
                    Chip {
                        up,
                        place,
                        public: place == Place::Out,
                    },
                )?;
            }
        }
    }
    let side = game.side;
    game.touched[side.other().index()] = read_squares_of_chips(&game, last)?;
    if let Some(chip) = pending.strip_prefix("keep:") {
        let (id, up, public) = read_chip(chip)?;
        if id.seat != side {
            return Err(err(
                "the chip awaiting keep or refuse belongs to the side to act",
            ));
        }
        put(
            &mut game,
            id,
            Chip {
                up,
                place: Place::Limbo,
                public,
            },
        )?;
    } else if let Some(roll) = pending.strip_prefix("roll:") {
        let (dice, done) = roll.split_once('@').unwrap_or((roll, "-"));
        let dice: Vec<u8> = dice
            .split(',')
            .map(|d| d.parse().ok().filter(|d| (1..=6).contains(d)))
            .collect::<Option<_>>()
            .ok_or_else(|| err(format!("{dice:?} is not a list of dice")))?;
        if dice.len() > settings.dice as usize {
            return Err(err(format!("this game rolls {} dice", settings.dice)));
        }
        game.roll = dice;
        game.touched[side.index()] = read_squares_of_chips(&game, done)?;
    } else if *pending != "-" {
        return Err(err(format!(
            "{pending:?} is not a pending obligation (-, keep:CHIP or roll:DICE)"
        )));
    }
    if placed.len() != 20 {
        let missing: Vec<String> = Seat::BOTH
            .iter()
            .flat_map(|&seat| Kind::ALL.into_iter().map(move |kind| ChipId { seat, kind }))
            .filter(|id| !placed.contains(id))
            .map(|id| id.kind.name_of(id.seat))
            .collect();
        return Err(err(format!(
            "every chip must be somewhere; missing: {}",
            missing.join(", ")
        )));
    }
    for seat in Seat::BOTH {
        game.drops[seat.index()] = match settings.shape {
            Shape::Basic if !settings.free => {
                Shape::home(seat).into_iter().map(|(sq, _)| sq).collect()
            }
            Shape::Advanced => Shape::zone(seat),
            Shape::Basic => Vec::new(),
        };
    }
    match (settings.shape == Shape::Basic && settings.free, rest) {
        (true, [drops]) => {
            let (white, black) = drops
                .split_once('/')
                .ok_or_else(|| err("drops are WHITE/BLACK"))?;
            for (seat, list) in [(Seat::White, white), (Seat::Black, black)] {
                let squares = read_squares(settings, list)?;
                let area = Shape::Basic.setup_area(seat);
                if squares.len() != 9 || squares.iter().any(|s| !area.contains(s)) {
                    return Err(err(format!(
                        "{seat}'s drop squares are nine squares of its half"
                    )));
                }
                game.drops[seat.index()] = squares;
            }
        }
        (true, _) => {
            return Err(err(
                "with board=basic setup=free the position ends with the drop squares",
            ));
        }
        (false, []) => {}
        (false, _) => return Err(err("too many fields")),
    }
    for seat in Seat::BOTH {
        game.drops[seat.index()].sort_by_key(|s| (s.rank(), s.file()));
    }
    if let Some(&die) = game.roll.first()
        && game.die_candidates(die).len() < 2
    {
        return Err(err(format!(
            "a pending roll waits for a choice, but at most one chip meets the die {die}"
        )));
    }
    game.conclude();
    Ok(game)
}

/// The settings from the options, the board told by the rank count when
/// the options do not name it.
fn settings_for(fields: &[&str], options: &Options) -> Result<Settings, PositionError> {
    let mut words: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if options.get("board").is_none() && fields.first() != Some(&"setup") {
        match fields.first().map(|b| b.split('/').count()) {
            Some(7) => words.push("board=advanced".to_string()),
            _ => words.push("board=basic".to_string()),
        }
    }
    let options = Options::parse(words).map_err(|e| err(e.to_string()))?;
    Settings::read(&options).map_err(|e| err(e.to_string()))
}

fn read_setup(fields: &[&str], settings: Settings) -> Result<RealityCheck, PositionError> {
    let [_, white, black] = fields else {
        return Err(err("a position in the setup is `setup WHITE BLACK`"));
    };
    let mut game = RealityCheck::fresh(settings);
    for (seat, field) in [(Seat::White, white), (Seat::Black, black)] {
        if *field == "-" {
            continue;
        }
        let (text, salt) = field
            .split_once(';')
            .ok_or_else(|| err("a sealed setup is SETUP;SALT"))?;
        let setup = Setup::parse(text).map_err(|e| err(format!("{seat}'s setup: {e}")))?;
        setup
            .check(settings.shape, settings.free, seat)
            .map_err(|e| err(format!("{seat}'s setup: {e}")))?;
        let commitment = commitment(&setup.text(), salt);
        game.setups[seat.index()] = Some(Sealed {
            setup,
            salt: salt.to_string(),
            commitment,
        });
    }
    if game.setups.iter().all(Option::is_some) {
        return Err(err(
            "both setups are in: write the position after them instead",
        ));
    }
    Ok(game)
}

type Put<'a> = dyn FnMut(&mut RealityCheck, ChipId, Chip) -> Result<(), PositionError> + 'a;

fn read_board(
    game: &mut RealityCheck,
    board: &str,
    put: &mut Put<'_>,
) -> Result<(), PositionError> {
    let geometry = game.settings.shape.geometry();
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != geometry.height() as usize {
        return Err(err(format!(
            "the {} board has {} ranks",
            game.settings.shape.name(),
            geometry.height()
        )));
    }
    for (top, text) in ranks.iter().enumerate() {
        let rank = geometry.height() - 1 - top as u8;
        let squares: Vec<Square> = (0..geometry.width())
            .filter_map(|f| Square::new(f, rank))
            .filter(|s| geometry.contains(*s))
            .collect();
        let mut next = squares.iter();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(n) = c.to_digit(10) {
                for _ in 0..n {
                    next.next()
                        .ok_or_else(|| err(format!("rank {} is too long", rank + 1)))?;
                }
                continue;
            }
            let second = chars
                .next()
                .ok_or_else(|| err(format!("rank {}: a chip has two faces", rank + 1)))?;
            let mut chip = format!("{c}{second}");
            if chars.peek() == Some(&'*') {
                chars.next();
                chip.push('*');
            }
            let (id, up, public) = read_chip(&chip)?;
            let square = *next
                .next()
                .ok_or_else(|| err(format!("rank {} is too long", rank + 1)))?;
            put(
                game,
                id,
                Chip {
                    up,
                    place: Place::Board(square),
                    public,
                },
            )?;
        }
        if next.next().is_some() {
            return Err(err(format!("rank {} is too short", rank + 1)));
        }
    }
    Ok(())
}

/// `Nr`-style chips are refused: both letters share the owner's case.
fn read_chip(text: &str) -> Result<(ChipId, Face, bool), PositionError> {
    let (faces, public) = match text.strip_suffix('*') {
        Some(faces) => (faces, true),
        None => (text, false),
    };
    let letters: Vec<char> = faces.chars().collect();
    let [a, b] = letters.as_slice() else {
        return Err(err(format!("{text:?} is not a chip (two faces)")));
    };
    let seat = match (a.is_ascii_uppercase(), b.is_ascii_uppercase()) {
        (true, true) => Seat::White,
        (false, false) => Seat::Black,
        _ => return Err(err(format!("{text:?} mixes White's and Black's case"))),
    };
    let (up, down) = Face::from_letter(*a)
        .zip(Face::from_letter(*b))
        .ok_or_else(|| err(format!("{text:?} is not a chip")))?;
    Ok((
        ChipId {
            seat,
            kind: Kind::of(up, down),
        },
        up,
        public,
    ))
}

fn read_group(group: &str) -> Result<Vec<Kind>, PositionError> {
    if group == "-" {
        return Ok(Vec::new());
    }
    let letters: Vec<char> = group.chars().collect();
    if !letters.len().is_multiple_of(2) {
        return Err(err(format!("{group:?} is not a list of chips")));
    }
    letters
        .chunks(2)
        .map(|pair| {
            let faces = Face::from_letter(pair[0]).zip(Face::from_letter(pair[1]));
            faces
                .map(|(a, b)| Kind::of(a, b))
                .ok_or_else(|| err(format!("{group:?} is not a list of chips")))
        })
        .collect()
}

fn read_squares(settings: Settings, text: &str) -> Result<Vec<Square>, PositionError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|s| {
            settings
                .shape
                .geometry()
                .parse_square(s)
                .ok_or_else(|| err(format!("{s:?} is not a square")))
        })
        .collect()
}

fn read_squares_of_chips(game: &RealityCheck, text: &str) -> Result<Vec<ChipId>, PositionError> {
    let grid = game.grid();
    read_squares(game.settings, text)?
        .into_iter()
        .map(|sq| {
            grid.at(sq)
                .ok_or_else(|| err(format!("there is no chip on {sq}")))
        })
        .collect()
}
