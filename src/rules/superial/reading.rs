//! Reading what a player of the classic game wrote into a legal action:
//! a cube's action (read by [`super::notation`]), `random`, `claim draw`, or
//! a play followed by `claim`; or why it is refused.

use super::game::{Play, Superial, SuperialAction, write_play};
use super::moves;
use super::notation::{Written, hint, read, read_cube_action};
use crate::rules::chess::{is_claim, strip_claim};
use crate::rules::{ActionError, Seat};

/// Reads what `seat` wrote into a legal action, or says why not: what the
/// cube could do instead, or the legal readings of an ambiguous text.
pub(super) fn parse(
    game: &Superial,
    seat: Seat,
    text: &str,
) -> Result<SuperialAction, ActionError> {
    let text = text.trim();
    if is_claim(&text.to_ascii_lowercase()) {
        return match game.claimable() {
            Some(_) => Ok(SuperialAction::ClaimDraw),
            None => Err(game.no_claim()),
        };
    }
    if let Some(head) = strip_claim(text) {
        let play = resolve(game, seat, head, read(head, game.board.size())?)?;
        if play == Play::Random {
            return Err(ActionError::illegal(
                "A random move starts the repetition and 50-turn counts afresh: there is no draw \
                 to claim after it.",
            ));
        }
        let (next, _) = game.after(seat, &play, None);
        if next.outcome.is_some() || next.claimable().is_some() {
            return Ok(SuperialAction::PlayAndClaim(play));
        }
        return Err(ActionError::illegal(format!(
            "{} would give no draw to claim: after it {}",
            write_play(&game.board, &play),
            next.draw_counts()
        )));
    }
    let written = read(text, game.board.size())?;
    Ok(SuperialAction::Play(resolve(game, seat, text, written)?))
}

/// Matches a written action with `seat`'s legal plays.
fn resolve(game: &Superial, seat: Seat, text: &str, written: Written) -> Result<Play, ActionError> {
    let board = &game.board;
    let (from, legs, aspect) = match written {
        Written::Random => {
            let had = game.settings.random_moves;
            return if game.random_left[seat.index()] > 0 {
                Ok(Play::Random)
            } else if had == 0 && game.random_left == [0, 0] {
                Err(ActionError::illegal(
                    "This game has no random moves (it was started without random-moves=N).",
                ))
            } else if had == 0 {
                Err(ActionError::illegal("You have no random move left."))
            } else {
                Err(ActionError::illegal(format!(
                    "You have no random move left (each player had {had})."
                )))
            };
        }
        Written::Cube { from, legs, aspect } => (from, legs, aspect),
    };
    let cube = match board.get(from) {
        Some(cube) if cube.team == seat => cube,
        _ => {
            let mine: Vec<String> = board
                .tokens()
                .filter(|(_, c)| c.team == seat)
                .map(|(sq, _)| sq.to_string())
                .collect();
            return Err(ActionError::illegal_with_hint(
                format!("There is no cube of yours on {from}."),
                format!("Your cubes stand on {}.", mine.join(", ")),
            ));
        }
    };
    // In the classic game every action of a cube is legal.
    let hint = || {
        hint(
            board,
            (from, cube),
            &moves::actions_of(board, from, cube),
            "your",
        )
    };
    read_cube_action(board, text, (from, cube), &legs, aspect, "your", &hint).map(Play::Cube)
}
