//! A mail that arrives while the referee is busy with another is read as
//! soon as that one is done, not at the next IDLE renewal: the server
//! announces it in a reply the `imap` crate drops, and IDLE does not
//! announce it again.

use std::time::{Duration, Instant};

use crate::support::{Harness, Setup};
use arbiter::demo::mailstack::StackOptions;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mail_that_arrives_during_another_is_read_right_after_it() {
    // IDLE lasts five minutes here: a mail missed until its renewal would
    // wait that long.
    let harness =
        Harness::start_configured("arrival", Setup::DEFAULT, StackOptions::default(), |text| {
            text.replace("idle_seconds = 60", "idle_seconds = 300")
        });
    let alice = harness.player("alice");
    let carol = harness.player("carol");
    harness.await_log("watching the mailbox", 1);
    let (lock, first, second) = harness.busy_while_a_second_arrives(&alice, &carol).await;
    lock.commit().await.unwrap();
    assert_eq!(harness.outcome_of(&first).await, "applied");

    // The second follows within seconds, far inside the IDLE period.
    let released = Instant::now();
    let limit = Duration::from_secs(20);
    loop {
        if !harness.outcomes_of(&second).await.is_empty() {
            break;
        }
        assert!(
            released.elapsed() < limit,
            "the second mail waited for the IDLE renewal:\n{}",
            harness.daemon_log()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(harness.outcomes_of(&second).await, ["applied"]);
}
