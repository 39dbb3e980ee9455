//! The README's main command: `arbiter demo` plays the opening of a Bluff
//! Chess game by mail on the real local mail server, then (with --exit)
//! stops cleanly: the referee first, then the mail server, so that nothing
//! is logged as going wrong.

use std::process::Command;

#[test]
fn the_demo_plays_an_opening_by_mail_and_stops() {
    let dir = format!("/tmp/arb-demo-{}", std::process::id());
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["demo", "--exit", "--dir", &dir])
        .env("ARBITER_LOG", "warn")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    // A clean run logs nothing at WARN or ERROR (ARBITER_LOG=warn shows
    // both): not the referee losing its mail server on the way out.
    let alarming: Vec<&str> = stdout
        .lines()
        .chain(stderr.lines())
        .filter(|l| l.contains("WARN") || l.contains("ERROR"))
        .collect();
    assert!(alarming.is_empty(), "{alarming:#?}\n{stderr}");
    // Every step of the script arrived by mail: the invitation, the
    // acknowledgement, two start notices and two mails per move.
    assert_eq!(stdout.matches("===== bob received").count(), 10, "{stdout}");
    assert_eq!(
        stdout.matches("===== alice received").count(),
        10,
        "{stdout}"
    );
    // Alice's death move 4. Ng5 was sealed for Bob, then revealed to both.
    let sealed_for_bob = stdout
        .find("White has made a sealed decision")
        .expect("Bob is told a decision is sealed");
    let revealed = stdout
        .find("Revealed: White stayed")
        .expect("the decision is revealed after Bob's move");
    assert!(sealed_for_bob < revealed, "{stdout}");
    assert!(
        stdout.contains("The referee is serving referee@example.test"),
        "{stdout}"
    );
}
