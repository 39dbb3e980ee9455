use crate::rules::superial::hybrid::{actions, position};

#[test]
fn start_counts() {
    let pos = position::read(position::START).unwrap();
    for d in 1..=3 {
        eprintln!("depth {d}: {}", actions::perft(&pos, d));
    }
}
