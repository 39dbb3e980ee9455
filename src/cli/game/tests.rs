use super::args::parse_seed;
use crate::referee::Referee;
use crate::rules::Options;
use crate::store::Store;

#[test]
fn a_seed_is_64_hex_digits() {
    assert_eq!(parse_seed(&"ab".repeat(32)), Ok([0xab; 32]));
    assert!(parse_seed("abc").unwrap_err().contains("not hex"));
    assert!(parse_seed("abcd").unwrap_err().contains("2 bytes"));
}

/// Two referees given one seed hold the same seed, and so draw the same
/// chance (`game new --seed`, for `scripts/versus`).
#[tokio::test]
async fn a_game_made_with_a_seed_keeps_it() {
    for seed in [[7u8; 32], [9u8; 32]] {
        let referee = Referee::new(Store::open_in_memory().await.unwrap());
        let mut tx = referee.store().write().await.unwrap();
        let (id, _) = referee
            .create_game_seeded(
                &mut tx,
                "reality-check",
                "a@example.org",
                "b@example.org",
                &Options::default(),
                None,
                Some(seed),
            )
            .await
            .unwrap();
        tx.commit().await.unwrap();
        let mut tx = referee.store().write().await.unwrap();
        let row = crate::store::games::get(&mut tx, id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.seed, seed);
    }
}
