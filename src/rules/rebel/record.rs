//! What Rebel adds to the layer's draw record
//! ([`DrawRecord`](crate::rules::chesslike::DrawRecord)): the repetition key,
//! with the converted marks and the teams, and insufficient material.

use super::Role;
use super::position::{RebelPosition, teams_field};

impl RebelPosition {
    /// What makes two positions "the same" for the repetition rules: the
    /// position string without its counters, the en passant square only
    /// when a capture there is legal. Converted marks and the teams are in
    /// it, so a recruit and its return give the same key again.
    ///
    /// ```
    /// use arbiter::rules::rebel::{RebelPosition, Version};
    /// let pos = RebelPosition::startpos(Version::One);
    /// assert_eq!(pos.repetition_key(), "rnbqkbnr/ppppuppp/8/8/8/8/PPPPUPPP/RNBQKBNR w KQkq -");
    /// ```
    pub fn repetition_key(&self) -> String {
        let ep = self
            .legal_en_passant()
            .map_or("-".to_string(), |sq| sq.to_string());
        let mut key = format!(
            "{} {} {} {ep}",
            self.placement(),
            self.board.turn_char(),
            self.castling_rights()
        );
        if let Some(rebels) = self.rebels {
            key.push_str(teams_field(rebels));
        }
        key
    }

    /// No checkmate is possible whatever is played, counting every piece
    /// whoever owns it (recruiting changes owners, never the pieces): no
    /// pawn, rook or queen, and at most one knight or bishop, or bishops
    /// only, all on squares of one colour; and no Recruiter, which could
    /// block its own king's flight square, unless only kings and Recruiters
    /// are left (then no one can ever give check). Never once there are
    /// Spartans and Rebels: the Spartans' kings may hunt down a lone
    /// Recruiter.
    pub fn is_insufficient_material(&self) -> bool {
        if self.rebels.is_some() {
            return false;
        }
        let pieces = self.pieces_on_board();
        let of = |role: Role| pieces.iter().filter(move |(_, p)| p.role == role);
        if of(Role::PAWN)
            .chain(of(Role::ROOK))
            .chain(of(Role::QUEEN))
            .next()
            .is_some()
        {
            return false;
        }
        let knights = of(Role::KNIGHT).count();
        let bishops: Vec<bool> = of(Role::BISHOP)
            .map(|(sq, _)| (sq.file() + sq.rank()) % 2 == 0)
            .collect();
        if of(Role::Recruiter).next().is_some() {
            return knights + bishops.len() == 0;
        }
        if knights + bishops.len() <= 1 {
            return true;
        }
        knights == 0 && (bishops.iter().all(|dark| *dark) || bishops.iter().all(|dark| !dark))
    }
}
