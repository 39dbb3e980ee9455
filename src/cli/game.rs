//! `arbiter game ...`: the referee from the command line.

use anyhow::Context;

mod args;

pub use args::{ExportFormat, GameCommand};

use super::{CliError, connection};
use crate::archive::pgn;
use crate::command::{ColorChoice, Command};
use crate::mail::parse::{self, Commands};
use crate::referee::{
    Answered, ChallengeRequest, ComputerRequest, LoadedGame, Reader, Referee, RefereeError,
    normalize_address,
};
use crate::render;
use crate::rules::{ActionError, GameResult, Options, Seat};
use crate::store::games;

fn refused(e: RefereeError) -> CliError {
    match e {
        RefereeError::Store(_) | RefereeError::Damaged { .. } => CliError::Failed(e.into()),
        other => CliError::Refused(other.to_string()),
    }
}

/// Prints the refusal mail the player would get (board included) and
/// gives the refusal (exit 1).
fn refusal(
    referee: &Referee,
    loaded: &LoadedGame,
    seat: Seat,
    line: &str,
    error: &ActionError,
) -> CliError {
    print!(
        "{}",
        render::notice_text(&referee.refusal(loaded, seat, line, error))
    );
    CliError::Refused(error.to_string())
}

/// Runs a `game` command; `site` is the referee's address for PGN (`?`
/// when no configuration names it).
pub async fn run(referee: &Referee, command: &GameCommand, site: &str) -> Result<(), CliError> {
    match command {
        GameCommand::New {
            game,
            white,
            black,
            options,
            position,
            public,
            unrated,
            seed,
        } => {
            let mut tx = referee
                .store()
                .write()
                .await
                .context("opening a transaction")?;
            let against_computer = match (referee.is_computer(white), referee.is_computer(black)) {
                (true, true) => return Err(refused(RefereeError::SamePlayer)),
                (true, false) => Some((black, ColorChoice::Black)),
                (false, true) => Some((white, ColorChoice::White)),
                (false, false) => None,
            };
            let (id, _notices) = match against_computer {
                Some((player, color)) => referee
                    .new_computer_game_seeded(
                        &mut tx,
                        ComputerRequest {
                            player,
                            game,
                            options,
                            color,
                            position: position.as_deref(),
                        },
                        "cli",
                        *seed,
                    )
                    .await
                    .map_err(refused)?,
                None => {
                    let options =
                        Options::parse(options).map_err(|e| CliError::Refused(e.to_string()))?;
                    referee
                        .create_game_seeded(
                            &mut tx,
                            game,
                            white,
                            black,
                            &options,
                            position.as_deref(),
                            *seed,
                        )
                        .await
                        .map_err(refused)?
                }
            };
            if *public {
                crate::store::watchers::set_public(&mut tx, id, true)
                    .await
                    .context("making the game public")?;
            }
            if *unrated {
                crate::store::ratings::set_unrated(&mut tx, id)
                    .await
                    .context("leaving the game unrated")?;
            }
            tx.commit().await.context("saving the new game")?;
            // The computer's first move, when it plays White: thought now,
            // outside the game's transaction.
            referee.computer_answer_now(id).await.map_err(refused)?;
            println!("{id}");
        }
        GameCommand::Challenge {
            game,
            challenger,
            opponent,
            options,
            side,
        } => {
            let color = match side.as_str() {
                "white" => ColorChoice::White,
                "black" => ColorChoice::Black,
                _ => ColorChoice::Random,
            };
            let mut tx = referee
                .store()
                .write()
                .await
                .context("opening a transaction")?;
            let issued = referee
                .challenge(
                    &mut tx,
                    ChallengeRequest {
                        challenger,
                        opponent,
                        game,
                        options,
                        color,
                    },
                )
                .await
                .map_err(refused)?;
            tx.commit().await.context("saving the challenge")?;
            println!("{}", issued.id);
        }
        GameCommand::Accept { id, player } | GameCommand::Decline { id, player } => {
            let accept = matches!(command, GameCommand::Accept { .. });
            let mut tx = referee
                .store()
                .write()
                .await
                .context("opening a transaction")?;
            let answered = referee
                .answer_challenge(&mut tx, *id, player, accept)
                .await
                .map_err(refused)?;
            tx.commit().await.context("saving the answer")?;
            match answered {
                Answered::Accepted { game_id, .. } => println!("{game_id}"),
                Answered::Declined { .. } => println!("challenge #{id} declined"),
            }
        }
        GameCommand::Play { id, player, text } => {
            let mut tx = referee
                .store()
                .write()
                .await
                .context("opening a transaction")?;
            let loaded = referee.load(&mut tx, *id).await.map_err(refused)?;
            let seat = loaded.seat_of(player).ok_or_else(|| {
                refused(RefereeError::NotAPlayer {
                    game: *id,
                    address: normalize_address(player),
                })
            })?;
            // The text is read as a mail's body is (parse::read_body: no
            // quoted history, signature or "Sent from my ..." line), and
            // its lines tried as the mail room tries a game mail's
            // (mail::in_game): the first that acts is the command, a line
            // the game reads as no move (a greeting) is passed over, and
            // conditional moves are set after it.
            let reading = parse::read_body(text);
            let Commands {
                tries,
                conditionals,
            } = parse::commands(&reading.lines);
            let mut first_error: Option<(&str, ActionError)> = None;
            let mut done = None;
            for (line, command) in tries {
                let command = match command {
                    Ok(command) => command,
                    Err(e) => {
                        first_error.get_or_insert((line, ActionError::syntax(line, e.0)));
                        continue;
                    }
                };
                match referee.act(&mut tx, *id, seat, &command, "cli").await {
                    Ok(mut notices) => {
                        if !conditionals.is_empty() {
                            crate::mail::conditionals_after(
                                referee,
                                &mut tx,
                                *id,
                                seat,
                                &conditionals,
                                &mut notices,
                            )
                            .await
                            .context("setting the conditional moves")?;
                        }
                        done = Some(notices);
                        break;
                    }
                    Err(RefereeError::Refused(e @ ActionError::Syntax { .. })) => {
                        first_error.get_or_insert((line, e));
                    }
                    Err(RefereeError::Refused(e)) => {
                        return Err(refusal(referee, &loaded, seat, line, &e));
                    }
                    Err(e) => return Err(refused(e)),
                }
            }
            if done.is_none() && !conditionals.is_empty() {
                let command = Command::Conditional(conditionals);
                match referee.act(&mut tx, *id, seat, &command, "cli").await {
                    Ok(notices) => done = Some(notices),
                    Err(RefereeError::Refused(e)) => {
                        return Err(refusal(referee, &loaded, seat, "if ...", &e));
                    }
                    Err(e) => return Err(refused(e)),
                }
            }
            let Some(notices) = done else {
                let (line, e) = first_error
                    .unwrap_or_else(|| ("", ActionError::syntax("", "the text holds no command")));
                return Err(refusal(referee, &loaded, seat, line, &e));
            };
            tx.commit().await.context("saving the game")?;
            let mine = notices
                .iter()
                .find(|n| n.seat == seat)
                .expect("the actor always gets a notice");
            // Against the computer: its answer, thought now outside the
            // game's transaction, comes in the same notice.
            let answered = match mine.held {
                true => referee.computer_answer_now(*id).await.map_err(refused)?,
                false => Vec::new(),
            };
            let mine = answered.iter().find(|n| n.seat == seat).unwrap_or(mine);
            print!("{}", render::notice_text(mine));
        }
        GameCommand::Show { id, player, png } => {
            let (loaded, seat) = resolve_seat(referee, *id, player.as_deref()).await?;
            if let Some(file) = png {
                let view = match seat {
                    Some(seat) => loaded.seat_view(seat).view().clone(),
                    None => loaded.public_view().view().clone(),
                };
                let diagram =
                    view.presentation().diagram.as_ref().ok_or_else(|| {
                        CliError::Refused(format!("game #{id} has no board to draw"))
                    })?;
                std::fs::write(file, render::picture::png(diagram))
                    .with_context(|| format!("writing {}", file.display()))?;
            }
            let (view, mut status_line) = match seat {
                Some(seat) => (
                    loaded.seat_view(seat).view().clone(),
                    Referee::duty_words(&loaded.status(), seat),
                ),
                None => (loaded.host_view().view().clone(), host_status_line(&loaded)),
            };
            if let Some(offer) = Referee::draw_offer_words(&loaded, seat) {
                status_line = format!("{offer}\n{status_line}");
            }
            print!(
                "{}",
                render::view_text(loaded.info.title, *id, &view, &status_line)
            );
        }
        GameCommand::Log { id, player } => {
            let (loaded, seat) = resolve_seat(referee, *id, player.as_deref()).await?;
            let view = match seat {
                Some(seat) => loaded.seat_view(seat).view().clone(),
                None => loaded.public_view().view().clone(),
            };
            print!("{}", render::history_text(view.history()));
            if let Some(outcome) = loaded.status().outcome() {
                println!("{}", outcome);
            }
        }
        GameCommand::List {
            player,
            limit,
            before,
        } => {
            if *limit < 1 {
                return Err(CliError::Refused("--limit must be at least 1".into()));
            }
            let mut conn = connection(referee).await?;
            let address = player.as_deref().map(normalize_address);
            // One more than asked tells whether another page follows.
            let mut list = games::list_page(&mut conn, address.as_deref(), *before, limit + 1)
                .await
                .context("listing games")?;
            let more = list.len() as i64 > *limit;
            list.truncate(*limit as usize);
            let last = list.last().map(|g| g.id);
            for game in list {
                let state = match (&game.finished, &game.result) {
                    (true, Some(result)) => result.clone(),
                    _ => "playing".to_string(),
                };
                let computer = match game.computer {
                    Some((seat, level)) => format!(" (computer: {seat}, level {level})"),
                    None => String::new(),
                };
                println!(
                    "#{} {} {} vs {} {}{computer}",
                    game.id, game.game, game.white, game.black, state
                );
            }
            if let (true, Some(last)) = (more, last) {
                println!("(more: add --before {last})");
            }
        }
        GameCommand::Verify { id } => {
            let mut conn = connection(referee).await?;
            let replayed = referee
                .verify(&mut conn, *id)
                .await
                .map_err(|e| CliError::Failed(e.into()))?;
            println!(
                "game #{id}: the log replays to the stored state ({})",
                Referee::duty_words(&replayed.status(), Seat::White)
            );
        }
        GameCommand::Watchers { id } => {
            let mut conn = connection(referee).await?;
            let watchers = referee.watchers(&mut conn, *id).await.map_err(refused)?;
            if watchers.is_empty() {
                println!("game #{id}: no one watches");
            }
            for address in watchers {
                println!("{address}");
            }
        }
        GameCommand::Export {
            id,
            format,
            out,
            host,
        } => {
            let mut conn = connection(referee).await?;
            let reader = if *host { Reader::Host } else { Reader::Public };
            let archive = referee
                .archive(&mut conn, *id, reader)
                .await
                .map_err(refused)?;
            let text = match format {
                ExportFormat::Json => archive.json(),
                ExportFormat::Pgn => pgn::write(&archive, site).ok_or_else(|| {
                    CliError::Refused(format!(
                        "{} has no PGN: its board and moves are not chess's; export it with \
                         --format json",
                        archive.title
                    ))
                })?,
            };
            match out {
                Some(path) => std::fs::write(path, text)
                    .with_context(|| format!("writing {}", path.display()))?,
                None => print!("{text}"),
            }
        }
        GameCommand::Adjudicate { id, result, reason } => {
            let result = match result.as_str() {
                "1-0" => GameResult::Win(Seat::White),
                "0-1" => GameResult::Win(Seat::Black),
                "draw" | "1/2-1/2" => GameResult::Draw,
                other => {
                    return Err(CliError::Refused(format!(
                        "result {other:?}: write 1-0, 0-1 or draw"
                    )));
                }
            };
            let mut tx = referee
                .store()
                .write()
                .await
                .context("opening a transaction")?;
            referee
                .adjudicate(&mut tx, *id, result, reason, "cli")
                .await
                .map_err(refused)?;
            tx.commit().await.context("saving the game")?;
            println!("game #{id} adjudicated");
        }
    }
    Ok(())
}

fn host_status_line(loaded: &crate::referee::LoadedGame) -> String {
    use crate::rules::Status;
    match loaded.status() {
        Status::Finished(outcome) => format!("Game over: {outcome}."),
        Status::Ongoing(dues) => {
            let due: Vec<String> = dues
                .iter()
                .map(|d| format!("{} ({:?})", d.seat, d.duty).to_lowercase())
                .collect();
            format!(
                "White: {}. Black: {}. Awaited: {}.",
                loaded.address(Seat::White),
                loaded.address(Seat::Black),
                due.join(", ")
            )
        }
    }
}

/// The game and the seat of `player` (None: no player named).
async fn resolve_seat(
    referee: &Referee,
    id: i64,
    player: Option<&str>,
) -> Result<(crate::referee::LoadedGame, Option<Seat>), CliError> {
    let mut conn = connection(referee).await?;
    let loaded = referee.load(&mut conn, id).await.map_err(refused)?;
    let seat = match player {
        None => None,
        Some(address) => Some(loaded.seat_of(address).ok_or_else(|| {
            refused(RefereeError::NotAPlayer {
                game: id,
                address: normalize_address(address),
            })
        })?),
    };
    Ok((loaded, seat))
}

#[cfg(test)]
mod tests;
