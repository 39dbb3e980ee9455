//! Every game's position reader (`from_position`, as `arbiter game new
//! --position` uses it): the first byte picks a game of `rules::GAMES`,
//! the rest is the position text. A position it accepts must give a game
//! whose legal actions can be listed and played. Never a panic.
#![no_main]

use arbiter::rules::{Entropy, GAMES, Options, Seat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let info = &GAMES[usize::from(pick) % GAMES.len()];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(game) = (info.from_position)(text, &Options::default()) else {
        return;
    };
    let _ = game.status();
    let _ = game.position();
    for seat in Seat::BOTH {
        let _ = game.seat_view(seat);
        if let Some(action) = game.legal_texts(seat).first() {
            let mut entropy = Entropy::new([7; 32], 1);
            let _ = game.play_text(seat, action, &mut entropy);
        }
    }
});
