//! `arbiter demo`: the referee by mail on one machine. Starts the local mail
//! server, runs the daemon against it, and lets two local users, alice and
//! bob, play the opening of a Bluff Chess game by mail, printing every mail
//! they receive. Then it keeps serving so you can go on with a mail client.

pub mod mailstack;
pub mod player;

use std::path::Path;
use std::time::Duration;

use anyhow::Context;

use crate::config::ConfigFile;
use crate::mail::login::{Login, Logins};
use mailstack::MailStack;
use player::{Player, Received};

const PASSWORD_ENV: &str = "ARBITER_DEMO_PASSWORD";
const WAIT: Duration = Duration::from_secs(60);

/// Runs the demo with its state (mail server, database) in `dir`.
pub async fn run(dir: &Path, exit_after_script: bool) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let dir = dir.canonicalize()?;
    println!(
        "Starting the local mail server (Postfix and Dovecot on 127.0.0.1) in {} ...",
        dir.display()
    );
    let stack = MailStack::start(&dir.join("mail"))?;
    let config_path = dir.join("arbiter.toml");
    std::fs::write(
        &config_path,
        stack.daemon_config(&dir.join("arbiter.db"), PASSWORD_ENV),
    )?;
    let file = ConfigFile {
        path: config_path,
        database: None,
    };
    let config = file.load()?;
    let password = MailStack::password("referee");
    let referee = MailStack::address("referee");
    let logins = Logins {
        imap: Login::password(&referee, &password),
        smtp: Some(Login::password(&referee, &password)),
    };
    // The referee stops before the mail server (which stops when `stack`
    // is dropped), so that it never sees its server go away.
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let daemon = tokio::spawn(crate::mail::daemon::serve_until(
        file,
        config,
        logins,
        async move {
            let _ = stopped.await;
        },
    ));

    let alice = Player::new(&stack, "alice");
    let bob = Player::new(&stack, "bob");
    play_opening(&alice, &bob).await?;

    println!(
        "\nThe referee is serving referee@{domain}. Go on with any mail client:\n  \
         IMAPS 127.0.0.1:{imaps} and SMTP 127.0.0.1:{smtp}, users alice, bob, carol, dave @{domain},\n  \
         passwords alice-pw, bob-pw, ...; the CA certificate is {ca}.\n  \
         The database is {db}; try `arbiter --db {db} game show 1`.",
        domain = mailstack::DOMAIN,
        imaps = stack.imaps,
        smtp = stack.smtp,
        ca = stack.ca.display(),
        db = dir.join("arbiter.db").display(),
    );
    if exit_after_script {
        let _ = stop.send(());
        daemon.await??;
        return Ok(());
    }
    println!("Press Ctrl-C to stop.");
    daemon.await??;
    // Held until here: dropping it would stop the referee too.
    drop(stop);
    Ok(())
}

fn show(who: &str, mail: &Received) {
    println!(
        "\n===== {who} received: {} =====\n{}",
        mail.subject,
        mail.text.trim_end()
    );
}

async fn next(player: &Player, seen: &mut usize, who: &str) -> anyhow::Result<Received> {
    let new = player.wait_for_new(*seen, WAIT).await?;
    *seen += new.len();
    for mail in &new {
        show(who, mail);
    }
    Ok(new.last().expect("at least one new mail").clone())
}

async fn play_opening(alice: &Player, bob: &Player) -> anyhow::Result<()> {
    let referee = MailStack::address("referee");
    let (mut seen_a, mut seen_b) = (0usize, 0usize);
    println!(
        "\n----- alice mails: challenge {} bluff-chess as white",
        bob.address
    );
    alice
        .send(
            &referee,
            "challenge",
            &format!("challenge {} bluff-chess as white", bob.address),
            None,
        )
        .await?;
    let invitation = next(bob, &mut seen_b, "bob").await?;
    next(alice, &mut seen_a, "alice").await?;
    println!("\n----- bob replies: accept");
    bob.reply(&invitation, "accept").await?;
    let mut to_alice = next(alice, &mut seen_a, "alice").await?;
    next(bob, &mut seen_b, "bob").await?;
    // The last is a death move: the knight can be taken by the queen, and
    // alice's decision to stay is sealed until bob has moved.
    let moves = [
        ("e4", "e5"),
        ("Nf3", "Nc6"),
        ("Bc4", "Bc5"),
        ("Ng5 stay", "d6"),
    ];
    for (white, black) in moves {
        println!("\n----- alice replies: {white}");
        alice.reply(&to_alice, white).await?;
        next(alice, &mut seen_a, "alice").await?;
        let to_bob = next(bob, &mut seen_b, "bob").await?;
        println!("\n----- bob replies: {black}");
        bob.reply(&to_bob, black).await?;
        next(bob, &mut seen_b, "bob").await?;
        to_alice = next(alice, &mut seen_a, "alice").await?;
    }
    Ok(())
}
