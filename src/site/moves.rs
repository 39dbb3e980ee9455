//! The move list of a game's page as players write it: one line a turn
//! (`1. e4 e5`), a decision beside the move it belongs to (Bluff Chess's
//! `Nxf2 transfer e7`), and what is not a move (a setup, a resignation, a
//! takeback) on a line of its own; and the number of moves as players
//! count them (a four-move mate is 4 moves, not 7 entries).

use serde::Serialize;

use crate::archive::{Archive, ArchivedEntry, Ply};
use crate::rules::{HistoryLine, Seat};

/// One line of the move list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct Line {
    /// The turn's number, for a line of moves; `None` for an entry that
    /// is not a move (`White: resign`) and for the start.
    pub number: Option<u32>,
    /// White's part of the turn: its move, then its decisions.
    pub white: Vec<Link>,
    /// Black's part of the turn.
    pub black: Vec<Link>,
    /// The entry of a line that is not a move, with who made it.
    pub note: Option<Link>,
}

/// An entry in the list, a link to its ply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct Link {
    pub ply: usize,
    pub text: String,
}

/// Where an entry stands among the game's turns: the history line it
/// became part of, for a game action; `None` for anything else.
pub(super) fn turn<'a>(entry: &ArchivedEntry, ply: &'a Ply) -> Option<&'a HistoryLine> {
    let action = entry.entry.get("kind").and_then(|k| k.as_str()) == Some("action");
    ply.view
        .history()
        .last()
        .filter(|line| action && Some(line.seat) == entry.seat)
}

/// The log entry a ply shows (none for the start).
pub(super) fn entry_of<'a>(archive: &'a Archive, ply: &Ply) -> Option<&'a ArchivedEntry> {
    ply.index
        .and_then(|i| archive.log.iter().find(|e| e.index == i))
}

/// The move list of a game: the start, then its entries grouped by turn.
pub(super) fn lines(archive: &Archive, plies: &[Ply]) -> Vec<Line> {
    let mut lines = vec![Line::note(0, "Start".into())];
    // The turn and seat the last line's last link was made at, while
    // that line is open for more of the same turn.
    let mut open: Option<(u32, Seat)> = None;
    for (n, ply) in plies.iter().enumerate() {
        let Some(entry) = entry_of(archive, ply) else {
            continue;
        };
        let link = Link {
            ply: n,
            text: entry.notation.clone(),
        };
        // Turn 0 is before the first move (Reality Check's setups).
        match turn(entry, ply).filter(|line| line.number > 0) {
            Some(line) => {
                let same_turn = open.is_some_and(|(number, seat)| {
                    number == line.number && (seat == line.seat || seat == Seat::White)
                });
                if !same_turn {
                    lines.push(Line {
                        number: Some(line.number),
                        white: Vec::new(),
                        black: Vec::new(),
                        note: None,
                    });
                }
                let current = lines.last_mut().expect("a line was just pushed");
                match line.seat {
                    Seat::White => current.white.push(link),
                    Seat::Black => current.black.push(link),
                }
                open = Some((line.number, line.seat));
            }
            None => {
                let text = match entry.seat {
                    Some(seat) => format!("{seat}: {}", entry.notation),
                    None => entry.notation.clone(),
                };
                lines.push(Line::note(n, text));
                open = None;
            }
        }
    }
    lines
}

impl Line {
    fn note(ply: usize, text: String) -> Line {
        Line {
            number: None,
            white: Vec::new(),
            black: Vec::new(),
            note: Some(Link { ply, text }),
        }
    }
}

/// The moves of a game as players count them: the turns that stand after
/// its last ply (a takeback removes some), a turn of both sides counting
/// one, a setup (turn 0) none, and a decision part of its move.
pub(super) fn count(plies: &[Ply]) -> usize {
    let Some(last) = plies.last() else {
        return 0;
    };
    let mut numbers: Vec<u32> = last
        .view
        .history()
        .iter()
        .map(|line| line.number)
        .filter(|number| *number > 0)
        .collect();
    numbers.dedup();
    numbers.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyView, Presentation};

    /// A log entry made up for a test: its seat, notation and kind, and
    /// the history after it as `(number, seat)` lines.
    type Entry<'a> = (Seat, &'a str, &'a str, &'a [(u32, Seat)]);

    /// A Bluff-like game of `entries`.
    fn game(entries: &[Entry]) -> (Archive, Vec<Ply>) {
        let log: Vec<serde_json::Value> = entries
            .iter()
            .enumerate()
            .map(|(i, (seat, notation, kind, _))| {
                serde_json::json!({"index": i, "seat": seat, "notation": notation,
                    "time": "2026-11-24T08:01:00Z", "entry": {"kind": kind}})
            })
            .collect();
        let archive: Archive = serde_json::from_value(serde_json::json!({
            "format": "arbiter-game/1", "id": 1, "game": "bluff-chess", "title": "Bluff Chess",
            "options": {}, "players": {"white": "a@example.test", "black": "b@example.test"},
            "created": "2026-11-24T08:00:00Z", "start_position": null, "log": log,
            "finished": true, "result": "0-1", "reason": "White resigned", "position": "",
            "seed_hash": null, "seed": null, "secrets": [], "host_only": false,
        }))
        .unwrap();
        let ply = |index: Option<i64>, history: &[(u32, Seat)]| Ply {
            index,
            events: vec![],
            view: AnyView::sample(
                Presentation {
                    diagram: None,
                    legend: vec![],
                    facts: vec![],
                },
                history
                    .iter()
                    .map(|(number, seat)| HistoryLine {
                        number: *number,
                        seat: *seat,
                        text: String::new(),
                    })
                    .collect(),
            ),
            moves: 0,
        };
        let mut plies = vec![ply(None, &[])];
        for (i, (_, _, _, history)) in entries.iter().enumerate() {
            plies.push(ply(Some(i as i64), history));
        }
        (archive, plies)
    }

    fn link(ply: usize, text: &str) -> Link {
        Link {
            ply,
            text: text.into(),
        }
    }

    fn turn(number: u32, white: Vec<Link>, black: Vec<Link>) -> Line {
        Line {
            number: Some(number),
            white,
            black,
            note: None,
        }
    }

    use Seat::{Black, White};
    const W1: (u32, Seat) = (1, White);
    const B1: (u32, Seat) = (1, Black);
    const W2: (u32, Seat) = (2, White);
    const B2: (u32, Seat) = (2, Black);

    #[test]
    fn moves_pair_by_turn_with_a_decision_beside_its_move_and_the_rest_on_lines_of_their_own() {
        let (archive, plies) = game(&[
            (White, "e4", "action", &[W1]),
            (Black, "d5", "action", &[W1, B1]),
            (Black, "transfer d8", "action", &[W1, B1]),
            (White, "exd5 stay", "action", &[W1, B1, W2]),
            (Black, "Qxd5", "action", &[W1, B1, W2, B2]),
            (White, "resign", "resign", &[W1, B1, W2, B2]),
        ]);
        assert_eq!(
            lines(&archive, &plies),
            vec![
                Line::note(0, "Start".into()),
                turn(
                    1,
                    vec![link(1, "e4")],
                    vec![link(2, "d5"), link(3, "transfer d8")]
                ),
                turn(2, vec![link(4, "exd5 stay")], vec![link(5, "Qxd5")]),
                Line::note(6, "White: resign".into()),
            ]
        );
        assert_eq!(count(&plies), 2, "a decision is part of its move");
    }

    #[test]
    fn a_four_move_mate_is_four_moves_and_a_takeback_counts_what_stands() {
        let (_, plies) = game(&[
            (White, "e4", "action", &[W1]),
            (Black, "e5", "action", &[W1, B1]),
            (White, "Qh5", "action", &[W1, B1, W2]),
            (Black, "Nc6", "action", &[W1, B1, W2, B2]),
            (White, "Bc4", "action", &[W1, B1, W2, B2, (3, White)]),
            (
                Black,
                "Nf6",
                "action",
                &[W1, B1, W2, B2, (3, White), (3, Black)],
            ),
            (
                White,
                "Qxf7#",
                "action",
                &[W1, B1, W2, B2, (3, White), (3, Black), (4, White)],
            ),
        ]);
        assert_eq!(count(&plies), 4);
        let (archive, plies) = game(&[
            (White, "d4", "action", &[W1]),
            (White, "takeback", "takeback", &[W1]),
            (Black, "accept takeback", "accept_takeback", &[]),
            (White, "f3", "action", &[W1]),
        ]);
        assert_eq!(count(&plies), 1);
        assert_eq!(
            lines(&archive, &plies),
            vec![
                Line::note(0, "Start".into()),
                turn(1, vec![link(1, "d4")], vec![]),
                Line::note(2, "White: takeback".into()),
                Line::note(3, "Black: accept takeback".into()),
                turn(1, vec![link(4, "f3")], vec![]),
            ]
        );
    }

    #[test]
    fn setups_before_the_first_move_are_not_moves() {
        let (archive, plies) = game(&[
            (White, "setup d1=R/R", "action", &[(0, White)]),
            (Black, "setup d9=R/R", "action", &[(0, White), (0, Black)]),
            (White, "c3-c4", "action", &[(0, White), (0, Black), W1]),
        ]);
        assert_eq!(count(&plies), 1);
        assert_eq!(
            lines(&archive, &plies),
            vec![
                Line::note(0, "Start".into()),
                Line::note(1, "White: setup d1=R/R".into()),
                Line::note(2, "Black: setup d9=R/R".into()),
                turn(1, vec![link(3, "c3-c4")], vec![]),
            ]
        );
    }

    #[test]
    fn a_game_from_a_position_with_black_to_move_starts_with_blacks_half() {
        let (archive, plies) = game(&[
            (Black, "e5", "action", &[(30, Black)]),
            (White, "Nf3", "action", &[(30, Black), (31, White)]),
        ]);
        assert_eq!(
            lines(&archive, &plies)[1..],
            [
                turn(30, vec![], vec![link(1, "e5")]),
                turn(31, vec![link(2, "Nf3")], vec![]),
            ]
        );
        assert_eq!(count(&plies), 2);
    }
}
