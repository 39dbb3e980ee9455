//! The command grammar on arbitrary text: never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = arbiter::command::parse(text);
});
