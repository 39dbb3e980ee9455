//! Mail parsing on arbitrary bytes: never a panic, and the limits on the
//! command lines hold whatever comes in.
#![no_main]

use arbiter::mail::parse::{MAX_LINE_CHARS, MAX_LINES, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|raw: &[u8]| {
    let inbound = parse(raw, "referee@example.test");
    assert!(inbound.lines.len() <= MAX_LINES);
    assert!(
        inbound
            .lines
            .iter()
            .all(|line| line.chars().count() <= MAX_LINE_CHARS)
    );
});
