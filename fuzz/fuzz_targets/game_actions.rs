//! Every game's action reader, through the public `Game` API: the first
//! byte picks a game of `rules::GAMES`, the first line of the rest is its
//! options (words as in a challenge), each further line is an action tried
//! for each seat in turn and played when legal, so later lines meet
//! positions deeper in the game. Never a panic.
#![no_main]

use arbiter::rules::{Entropy, GAMES, Options, Seat};
use libfuzzer_sys::fuzz_target;

/// Enough to reach the middle game, few enough to keep runs fast.
const MAX_ACTIONS: usize = 64;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let info = &GAMES[usize::from(pick) % GAMES.len()];
    let text = String::from_utf8_lossy(rest);
    let mut lines = text.lines();
    let options = lines.next().unwrap_or("");
    let Ok(options) = Options::parse(options.split_whitespace()) else {
        return;
    };
    let mut entropy = Entropy::new([7; 32], 0);
    let Ok(mut game) = (info.new)(&options, &mut entropy) else {
        return;
    };
    for (n, line) in lines.take(MAX_ACTIONS).enumerate() {
        for seat in Seat::BOTH {
            let mut entropy = Entropy::new([7; 32], n as u64 + 1);
            if let Ok(played) = game.play_text(seat, line, &mut entropy) {
                game = played.state;
                // What the players are shown must render for any state.
                let _ = game.seat_view(seat);
                let _ = game.public_view();
                break;
            }
        }
    }
    let _ = game.status();
});
