//! Many games at once, as the load-like end-to-end tests make them.

use arbiter::referee::Referee;
use arbiter::rules::Options;
use arbiter::store::Tx;

/// The players of many games: four pairs in turn, each player White in one
/// pair and Black in another.
pub const PAIRS: [(&str, &str); 4] = [
    ("alice", "bob"),
    ("carol", "dave"),
    ("bob", "carol"),
    ("dave", "alice"),
];

/// One game made by [`many_games`].
pub struct Made {
    pub id: i64,
    pub game: &'static str,
    pub white: &'static str,
    pub black: &'static str,
}

/// Makes `count` games between the [`PAIRS`] at `@example.test` in `tx`,
/// as the host would beside running referees: chess, and every fourth one
/// Bluff Chess (a game with sealed decisions among them).
pub async fn many_games(referee: &Referee, tx: &mut Tx, count: usize) -> Vec<Made> {
    let mut made = Vec::with_capacity(count);
    for i in 0..count {
        let (white, black) = PAIRS[i % PAIRS.len()];
        let game = if i % 4 == 3 { "bluff-chess" } else { "chess" };
        let (id, _) = referee
            .create_game(
                tx,
                game,
                &format!("{white}@example.test"),
                &format!("{black}@example.test"),
                &Options::default(),
                None,
            )
            .await
            .unwrap();
        made.push(Made {
            id,
            game,
            white,
            black,
        });
    }
    made
}
