//! Tournament games played by mail: each read from the store (its seed and
//! the players' game addresses), then played with random legal moves and
//! ended by a resignation or an agreed draw chosen at random, every game's
//! next action mailed at once, round after round of actions.

use arbiter::games::GameInfo;
use arbiter::referee::Match;
use arbiter::rules::{Options, Seat, Status};
use futures_util::{StreamExt, stream};
use rand::Rng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use sqlx::Row;

use std::collections::HashMap;

use super::{Harness, Reader};
use arbiter::store::Store;

/// What the test does next in a game.
pub enum Next {
    Move,
    Resign(Seat),
    Draw(Seat),
    AcceptDraw(Seat),
    Over,
}

pub struct Played {
    pub id: i64,
    pub seed: [u8; 32],
    pub offline: Match,
    /// White's and Black's user names and game addresses.
    pub players: [(String, String); 2],
    pub log_len: i64,
    /// Random moves left before the ending.
    pub moves_left: u32,
    pub next: Next,
    /// White's score in half points, once over.
    pub white_score: Option<u32>,
}

/// The chess games of the tournaments in the store (of `round` only, when
/// given), oldest first, each to be played with up to `max_moves` random
/// moves.
pub async fn tournament_games(
    store: &Store,
    round: Option<i64>,
    max_moves: u32,
    rng: &mut StdRng,
) -> Vec<Played> {
    let rows = sqlx::query(
        "SELECT t.game_id, g.seed, w.address, ws.secret, b.address, bs.secret \
         FROM tournament_games t JOIN games g ON g.id = t.game_id \
         JOIN seats w ON w.game_id = t.game_id AND w.seat = 'white' \
         JOIN seats b ON b.game_id = t.game_id AND b.seat = 'black' \
         JOIN seats ws ON ws.game_id = t.game_id AND ws.seat = 'white' \
         JOIN seats bs ON bs.game_id = t.game_id AND bs.seat = 'black' \
         WHERE ($1 = 0 OR t.round = $1) ORDER BY t.game_id",
    )
    .bind(round.unwrap_or(0))
    .fetch_all(store.pool())
    .await
    .unwrap();
    let info = GameInfo::find("chess").unwrap();
    let user = |address: String| address.split('@').next().unwrap().to_string();
    rows.iter()
        .map(|r| {
            let id: i64 = r.get(0);
            let seed: [u8; 32] = hex::decode(r.get::<String, _>(1))
                .unwrap()
                .try_into()
                .unwrap();
            let address = |secret: String| format!("referee+{id}.{secret}@example.test");
            Played {
                id,
                seed,
                offline: Match::new(info, &Options::default(), seed).unwrap(),
                players: [
                    (user(r.get(2)), address(r.get(3))),
                    (user(r.get(4)), address(r.get(5))),
                ],
                log_len: 0,
                moves_left: rng.random_range(0..=max_moves),
                next: Next::Move,
                white_score: None,
            }
        })
        .collect()
}

/// Plays every game of `played` to its end by mail.
pub async fn play_out(harness: &Harness, played: &mut [Played], rng: &mut StdRng) {
    // Round by round: each game's next action, all mailed at once.
    loop {
        let mut mails = Vec::new();
        for game in played.iter_mut() {
            let (seat, text) = match game.next {
                Next::Over => continue,
                Next::Move => {
                    let Status::Ongoing(dues) = game.offline.status() else {
                        unreachable!("an ongoing game")
                    };
                    let seat = dues[0].seat;
                    let legal: Vec<String> = game
                        .offline
                        .legal_texts(seat)
                        .into_iter()
                        .filter(|t| !t.contains("claim"))
                        .collect();
                    let text = legal.choose(rng).unwrap().clone();
                    let step = game
                        .offline
                        .play(seat, &text, game.seed, game.log_len as u64)
                        .unwrap();
                    game.offline = step.state;
                    game.moves_left = game.moves_left.saturating_sub(1);
                    game.next = match game.offline.status() {
                        Status::Finished(outcome) => {
                            game.white_score = Some(match outcome.result {
                                arbiter::rules::GameResult::Win(Seat::White) => 2,
                                arbiter::rules::GameResult::Win(Seat::Black) => 0,
                                _ => 1,
                            });
                            Next::Over
                        }
                        Status::Ongoing(dues) if game.moves_left == 0 => {
                            let on_move = dues[0].seat;
                            match rng.random_range(0..3) {
                                0 => Next::Resign(on_move),
                                1 => Next::Resign(on_move.other()),
                                _ => Next::Draw(on_move),
                            }
                        }
                        Status::Ongoing(_) => Next::Move,
                    };
                    (seat, text)
                }
                Next::Resign(seat) => {
                    game.white_score = Some(if seat == Seat::White { 0 } else { 2 });
                    game.next = Next::Over;
                    (seat, "resign".to_string())
                }
                Next::Draw(seat) => {
                    game.next = Next::AcceptDraw(seat.other());
                    (seat, "draw".to_string())
                }
                Next::AcceptDraw(seat) => {
                    game.white_score = Some(1);
                    game.next = Next::Over;
                    (seat, "draw".to_string())
                }
            };
            game.log_len += 1;
            let (user, to) = &game.players[if seat == Seat::White { 0 } else { 1 }];
            mails.push((harness.player(user), to.clone(), text));
        }
        if mails.is_empty() {
            break;
        }
        stream::iter(mails)
            .map(|(player, to, text)| async move {
                player.send(&to, "move", &text, None).await.unwrap();
            })
            .buffer_unordered(8)
            .collect::<Vec<_>>()
            .await;
        let wanted: Vec<(i64, i64)> = played.iter().map(|g| (g.id, g.log_len)).collect();
        harness.await_log_lengths(&wanted).await;
    }
}

/// Each of `players` joins tournament `name` by mail, and is told so; a
/// reader of each player's inbox, past the answer.
pub async fn join_by_mail<'a>(
    harness: &Harness,
    players: &[&'a str],
    name: &str,
) -> HashMap<&'a str, Reader> {
    let mut readers: HashMap<&str, Reader> = players
        .iter()
        .map(|p| (*p, Reader::new(harness.player(p))))
        .collect();
    let join = format!("join {name}");
    for p in players {
        harness
            .player(p)
            .send(&harness.referee, "join", &join, None)
            .await
            .unwrap();
    }
    for p in players {
        let answer = readers.get_mut(p).unwrap().one().await;
        assert!(
            answer
                .text
                .contains(&format!("You have joined tournament {name}")),
            "{p}: {}",
            answer.text
        );
    }
    readers
}
