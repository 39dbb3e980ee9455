//! What one viewer sees of a Bluff Chess game.
//!
//! Everything here is built by [`BluffView::new`] from the truth, and every
//! hidden thing passes through one gate, [`Sight::opens`]: a sealed
//! decision (and with it where its maker's alter ego is, and whether they
//! are committed) is opened only to its maker, to the host, and to everyone
//! once the game is over. For anyone else the view holds only the
//! commitment; the decision, its salt and the alter ego's square are not in
//! the view at all.

use serde::Serialize;

use super::piece_name;
use super::state::Turn;
use super::{BluffChess, Decision, Sealed};
use crate::rules::chess::{self, DrawRule, LastMove, Position};
use crate::rules::geometry::{Geometry, Square};
use crate::rules::{
    Cell, Diagram, Due, Duty, Ending, GameResult, HistoryLine, Mark, Outcome, Presentation, Seat,
    View, Viewer,
};

/// Where a side's alter ego is, as far as the viewer may know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AlterEgo {
    /// In no piece yet: that side has not moved.
    Nowhere,
    /// In the piece on this square.
    In(Square),
    /// Behind a sealed decision: in the turn piece or transferred.
    Sealed,
    /// Captured with its piece: the game is lost.
    Captured,
}

/// A sealed decision's opening: the decision and its salt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Opened {
    pub decision: Decision,
    pub salt: String,
}

/// A decision that its maker's opponent has not seen yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SealedView {
    /// SHA-256 of the decision text, `|`, and the salt.
    pub commitment: String,
    /// The opening, only for its maker, the host, or once the game is over.
    pub opened: Option<Opened>,
}

/// One side as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideView {
    pub seat: Seat,
    pub alter_ego: AlterEgo,
    /// The piece this side must move next turn (it transferred into it),
    /// when the viewer may know.
    pub committed: Option<Square>,
    /// This side's decision still sealed from its opponent.
    pub sealed: Option<SealedView>,
    /// The decision after this side's last move, once revealed.
    pub revealed: Option<DecisionView>,
}

/// One decision of the game, as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecisionView {
    pub number: u32,
    pub seat: Seat,
    /// The death move it followed, in SAN.
    pub san: String,
    pub commitment: String,
    /// Still sealed from the maker's opponent.
    pub sealed: bool,
    pub opened: Option<Opened>,
}

/// A Bluff Chess game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BluffView {
    pub viewer: Viewer,
    /// Whether this view shows everything (the host, or a finished game).
    pub everything: bool,
    /// The board (public), serialised as its FEN.
    pub position: Position,
    pub bottom: Seat,
    /// Who owes what now.
    pub due: Option<Due>,
    /// Whether the side to move is in check.
    pub check: bool,
    pub en_passant: Option<Square>,
    pub last_move: Option<LastMove>,
    /// The last turn, if it was lost: the seat and its committed piece.
    pub lost_turn: Option<(Seat, Square)>,
    /// White, then Black.
    pub sides: [SideView; 2],
    pub decisions: Vec<DecisionView>,
    pub history: Vec<HistoryLine>,
    pub claimable: Option<DrawRule>,
    pub outcome: Option<Outcome>,
}

/// Who may open what: the one gate for hidden things.
#[derive(Clone, Copy)]
struct Sight {
    viewer: Viewer,
    everything: bool,
}

impl Sight {
    /// Whether the viewer may see inside `owner`'s sealed decision.
    fn opens(self, owner: Seat) -> bool {
        self.everything || self.viewer == Viewer::Seat(owner)
    }

    fn open(self, owner: Seat, sealed: &Sealed) -> Option<Opened> {
        self.opens(owner).then(|| Opened {
            decision: sealed.decision,
            salt: sealed.salt.clone(),
        })
    }
}

/// `stayed` or `transferred to d1`.
fn past(decision: Decision) -> String {
    match decision {
        Decision::Stay => "stayed".to_string(),
        Decision::Transfer(square) => format!("transferred to {square}"),
    }
}

/// The first 12 hex digits and an ellipsis, for facts; views hold it whole.
fn short(hex: &str) -> String {
    format!("{}…", &hex[..hex.len().min(12)])
}

impl BluffView {
    /// The view of `game` for `viewer`, hidden parts left out.
    pub(super) fn new(game: &BluffChess, viewer: Viewer) -> BluffView {
        let finished = game.outcome.is_some();
        let sight = Sight {
            viewer,
            everything: finished || viewer == Viewer::Host,
        };
        let still_sealed = |seat: Seat, sealed: &Sealed| {
            !finished
                && game.sealed[seat.index()]
                    .as_ref()
                    .is_some_and(|s| s.commitment == sealed.commitment)
        };

        let captured = game.outcome.as_ref().and_then(|o| match o.result {
            GameResult::Win(winner) if o.reason == Ending::AlterEgoCaptured => Some(winner.other()),
            _ => None,
        });
        let mut sides = Seat::BOTH.map(|seat| {
            let i = seat.index();
            let hidden = !finished && game.sealed[i].is_some() && !sight.opens(seat);
            SideView {
                seat,
                alter_ego: match (hidden, game.alter[i]) {
                    (true, _) => AlterEgo::Sealed,
                    (false, None) if captured == Some(seat) => AlterEgo::Captured,
                    (false, None) => AlterEgo::Nowhere,
                    (false, Some(square)) => AlterEgo::In(square),
                },
                committed: if hidden {
                    None
                } else {
                    game.committed_to(seat)
                },
                sealed: game.sealed[i]
                    .as_ref()
                    .filter(|_| !finished)
                    .map(|s| SealedView {
                        commitment: s.commitment.clone(),
                        opened: sight.open(seat, s),
                    }),
                revealed: None,
            }
        });

        let mut decisions = Vec::new();
        let mut history = Vec::new();
        let mut last_move = None;
        let mut lost_turn = None;
        let turns = game.turns();
        for (index, turn) in turns.iter().enumerate() {
            match turn {
                Turn::Move {
                    number,
                    seat,
                    mv,
                    san,
                    death,
                    decision,
                } => {
                    let text = match decision {
                        Some(sealed) => {
                            let closed = still_sealed(*seat, sealed);
                            let opened = if closed {
                                sight.open(*seat, sealed)
                            } else {
                                Some(Opened {
                                    decision: sealed.decision,
                                    salt: sealed.salt.clone(),
                                })
                            };
                            let text = match (&opened, closed) {
                                (Some(o), false) => format!("{san} {}", o.decision),
                                (Some(o), true) => format!("{san} {} (sealed)", o.decision),
                                (None, _) => format!("{san} (sealed)"),
                            };
                            let decision = DecisionView {
                                number: *number,
                                seat: *seat,
                                san: san.clone(),
                                commitment: sealed.commitment.clone(),
                                sealed: closed,
                                opened,
                            };
                            sides[seat.index()].revealed = (!closed).then(|| decision.clone());
                            decisions.push(decision);
                            text
                        }
                        None if *death
                            && index + 1 == turns.len()
                            && game.deciding == Some(*seat) =>
                        {
                            format!("{san} (deciding)")
                        }
                        None => san.clone(),
                    };
                    if decision.is_none() {
                        sides[seat.index()].revealed = None;
                    }
                    history.push(HistoryLine {
                        number: *number,
                        seat: *seat,
                        text,
                    });
                    last_move = Some(LastMove {
                        number: *number,
                        seat: *seat,
                        san: san.clone(),
                        from: mv.from,
                        to: mv.to,
                    });
                    lost_turn = None;
                }
                Turn::Lost {
                    number,
                    seat,
                    square,
                } => {
                    history.push(HistoryLine {
                        number: *number,
                        seat: *seat,
                        text: format!("(turn lost: the piece on {square} could not move)"),
                    });
                    lost_turn = Some((*seat, *square));
                }
            }
        }

        BluffView {
            viewer,
            everything: sight.everything,
            bottom: chess::bottom_seat(viewer),
            due: game.due(),
            check: game.position.is_check(),
            en_passant: if finished {
                None
            } else {
                game.position.legal_en_passant()
            },
            last_move,
            lost_turn,
            sides,
            decisions,
            history,
            claimable: game.claimable(),
            outcome: game.outcome.clone(),
            position: game.position.clone(),
        }
    }

    fn me(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Spectator | Viewer::Host => None,
        }
    }

    /// The facts about one side, in the viewer's words.
    fn side_facts(&self, side: &SideView, facts: &mut Vec<String>) {
        let mine = self.me() == Some(side.seat);
        let (whose, subject) = if mine {
            ("Your".to_string(), "you".to_string())
        } else {
            (format!("{}'s", side.seat), side.seat.to_string())
        };
        match side.alter_ego {
            AlterEgo::Nowhere => facts.push(format!(
                "{whose} alter ego is in no piece yet: it enters the first piece {subject} move{}",
                if mine { "" } else { "s" }
            )),
            AlterEgo::In(square) => facts.push(format!(
                "{whose} alter ego is in {}",
                piece_name(&self.position, square)
            )),
            AlterEgo::Sealed => {}
            AlterEgo::Captured => facts.push(format!("{whose} alter ego was captured")),
        }
        if let Some(sealed) = &side.sealed {
            let from = side.seat.other();
            match (&sealed.opened, mine, self.everything) {
                (Some(o), true, _) => facts.push(format!(
                    "Your decision is sealed from {from}: {} (salt {}, commitment {})",
                    o.decision,
                    short(&o.salt),
                    short(&sealed.commitment)
                )),
                (Some(o), false, true) => facts.push(format!(
                    "Sealed from {from}: {}'s {} (salt {}, commitment {})",
                    side.seat,
                    o.decision,
                    o.salt,
                    short(&sealed.commitment)
                )),
                _ => facts.push(format!(
                    "{}'s decision is sealed (commitment {})",
                    side.seat,
                    short(&sealed.commitment)
                )),
            }
        }
        if let Some(square) = side.committed {
            let name = piece_name(&self.position, square);
            let to_move = self
                .due
                .is_some_and(|d| d.seat == side.seat && d.duty == Duty::Move);
            facts.push(match (self.outcome.is_some(), mine, to_move) {
                // Over: nobody must move anything any more.
                (true, true, _) => format!("You had transferred into {name} when the game ended"),
                (true, false, _) => format!(
                    "{} had transferred into {name} when the game ended",
                    side.seat
                ),
                (false, true, true) => {
                    format!("You must move the piece on {square} (you transferred into it)")
                }
                (false, true, false) => {
                    format!("You transferred into {name}: you must move it next turn")
                }
                (false, false, true) => {
                    format!("{} must move {name} (transferred into it)", side.seat)
                }
                (false, false, false) => format!(
                    "{} transferred into {name} and must move it next turn",
                    side.seat
                ),
            });
        }
        // The side's last decision, once revealed.
        if let Some(last) = &side.revealed
            && let Some(opened) = &last.opened
            && self.outcome.is_none()
        {
            facts.push(format!(
                "Revealed: {} {} after {} (salt {})",
                side.seat,
                past(opened.decision),
                last.san,
                opened.salt
            ));
        }
    }
}

impl View for BluffView {
    fn present(&self) -> Presentation {
        let geometry = Geometry::rectangle(8, 8);
        let mut diagram = Diagram::empty(&geometry, self.bottom);
        let carriers: Vec<Square> = self
            .sides
            .iter()
            .filter_map(|s| match s.alter_ego {
                AlterEgo::In(square) => Some(square),
                _ => None,
            })
            .collect();
        for (square, piece) in self.position.pieces_on_board() {
            let mut label = piece.char().to_string();
            let mut marks = Vec::new();
            if carriers.contains(&square) {
                label.push('*');
                marks.push(Mark::AlterEgo);
            }
            diagram.set(
                square,
                Cell::marked(label, piece.color, chess::figure(piece.role), marks),
            );
        }
        if let Some(last) = &self.last_move {
            diagram.highlight = vec![last.from, last.to];
        }
        if self.check {
            diagram.mark_check(self.position.turn());
        }

        let mut facts = Vec::new();
        match (&self.outcome, self.due) {
            // The referee's status line says how the game ended, once.
            (Some(_), _) => {}
            (None, Some(due)) if due.duty == Duty::Decision => {
                if self.me() == Some(due.seat) {
                    facts.push(
                        "Your move was a death move: decide now, stay or transfer SQUARE"
                            .to_string(),
                    );
                } else {
                    facts.push(format!("{} is deciding after a death move", due.seat));
                }
            }
            (None, Some(due)) => {
                facts.push(format!("{} to move", due.seat));
                if self.check {
                    facts.push(format!("{} is in check", due.seat));
                }
            }
            (None, None) => {}
        }
        if let Some(last) = &self.last_move {
            facts.push(format!("Last move: {}", last.numbered()));
        }
        if let Some((seat, square)) = self.lost_turn {
            facts.push(format!(
                "{seat} lost a turn: the piece on {square} could not move"
            ));
        }
        let order: Vec<&SideView> = match self.me() {
            Some(me) => vec![&self.sides[me.index()], &self.sides[me.other().index()]],
            None => self.sides.iter().collect(),
        };
        for side in order {
            self.side_facts(side, &mut facts);
        }
        if self.outcome.is_none() {
            if let Some(square) = self.en_passant {
                facts.push(format!("En passant capture possible on {square}"));
            }
            if let Some(reason) = self.claimable {
                facts.push(format!("Draw claimable: {reason} (write: claim draw)"));
            }
        }
        Presentation {
            diagram: Some(diagram),
            legend: vec![
                "K Q R B N P: White's king, queen, rook, bishop, knight, pawn; k q r b n p: Black's"
                    .to_string(),
                "*: the piece carries that side's alter ego (as far as you know)".to_string(),
            ],
            facts,
        }
    }

    fn history(&self) -> Vec<HistoryLine> {
        self.history.clone()
    }
}
