//! What the referee *does* with every real-world mail shape of
//! `tests/data/eml` (their parsed form is pinned by `tests/integration/mail_parse.rs`).
//!
//! Each sample goes through the real mail room on an in-memory database.
//! A sample that acts in a game or answers a challenge first gets a real
//! one: a game between its sender and a rival, brought to the position the
//! sample answers, or a challenge to its sender. The sample's tag (or
//! `key:` line) is then replaced by the real one, so the key and sender
//! check passes as it would for the player's own mail. The table below
//! names, for every sample, what must come of it: applied (and what
//! changed: which move, which result, a challenge, a game started),
//! refused, answered or ignored with nothing changed. Nothing may panic,
//! and no mail may go to anyone but the sender or the game's players.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::support::room::{REFEREE, Room, mail};
use arbiter::config::RefereeConfig;
use arbiter::mail::parse::parse;
use arbiter::rules::Seat::{self, Black, White};
use arbiter::store::mail::Handled;
use sqlx::Row;

/// The sender's opponent in the games the samples play in.
const RIVAL: &str = "rival@example.test";

/// What a sample needs in the database before it arrives.
#[derive(Clone, Copy, Debug)]
enum Setup {
    /// Nothing: the mail goes as it is (untagged, or its tag names nothing).
    Plain,
    /// A game of `game` in which the sender (or `player`, for a mail whose
    /// sender plays no game) has `seat`, after `before`: one line per
    /// turn, White first, each sent by mail by the seat to move (or by the
    /// seat it names: `white: draw`).
    Game {
        game: &'static str,
        seat: Seat,
        before: &'static [&'static str],
        player: Option<&'static str>,
    },
    /// A challenge from the rival to the sender, to `game`.
    Challenge { game: &'static str },
}

const fn chess(seat: Seat, before: &'static [&'static str]) -> Setup {
    Setup::Game {
        game: "chess",
        seat,
        before,
        player: None,
    }
}

const fn bluff(seat: Seat, before: &'static [&'static str]) -> Setup {
    Setup::Game {
        game: "bluff-chess",
        seat,
        before,
        player: None,
    }
}

/// A game of chess for `player`, whose tag the sample carries though
/// someone else sent it.
const fn chess_of(player: &'static str) -> Setup {
    Setup::Game {
        game: "chess",
        seat: White,
        before: &[],
        player: Some(player),
    }
}

use Handled::{Answered, Applied, Ignored, Refused};
use Setup::{Challenge, Plain};

/// What became of nothing: no move, no challenge, no game.
const NOTHING: &str = "nothing";

/// Every sample: its setup, how the mail room handles it, and what changed
/// in the database (see [`changes`]).
#[rustfmt::skip]
const CASES: &[(&str, Setup, Handled, &str)] = &[
    ("001-thunderbird-bottom-posted", bluff(White, &[]), Applied, "white Nf3 stay"),
    ("002-gmail-top-posted-alternative", bluff(Black, &["e4"]), Applied, "black e5"),
    ("003-gmail-html-only", bluff(White, &["b3", "d6", "Bb2", "e5 stay"]), Applied, "white Bxe5; result 1-0"),
    ("004-apple-mail-blockquote-cite", chess(White, &["b3", "e5", "Bb2", "Nc6", "Bc3", "Nf6"]), Applied, "white Bd4"),
    ("005-outlook-original-message", chess(White, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]), Applied, "white O-O"),
    ("006-outlook-from-sent-block", chess(White, &[]), Applied, "white offer draw; draw offer white"),
    ("007-outlook-web-html-only", chess(White, &["e4", "e5", "Bc4", "Nc6"]), Applied, "white Qh5"),
    ("008-quoted-printable-soft-breaks", Plain, Refused, NOTHING),
    ("009-base64-body", Challenge { game: "bluff-chess" }, Applied, "challenge accepted; game started"),
    ("010-iso-8859-1-french", chess(White, &["e4", "c6", "Bb5", "d6"]), Refused, NOTHING),
    ("011-windows-1252", chess(Black, &["white: draw", "e4"]), Applied, "black accept draw; result 1/2-1/2"),
    ("012-german-am-schrieb", chess(White, &["e4", "e5", "d4", "exd4", "Nf3", "Nc6"]), Applied, "white Nxd4"),
    ("013-signature-dash-dash", Plain, Answered, NOTHING),
    ("014-sent-from-iphone", chess(White, &[]), Applied, "white resign; result 0-1"),
    ("015-subject-command", Plain, Applied, "challenge open"),
    ("016-challenge-tag-accept", Challenge { game: "chess" }, Applied, "challenge accepted; game started"),
    ("017-tag-via-delivered-to", chess(White, &["e4", "e5", "Nf3", "Nc6"]), Applied, "white Bb5"),
    ("018-key-line-fallback", chess(Black, &["d4"]), Applied, "black d5"),
    ("019-multi-line-body", bluff(White, &[]), Applied, "white Nf3 stay"),
    ("020-auto-submitted-auto-replied", chess(White, &[]), Ignored, NOTHING),
    ("021-x-autoreply", chess(White, &[]), Ignored, NOTHING),
    ("022-precedence-bulk", Plain, Ignored, NOTHING),
    ("023-list-id", Plain, Ignored, NOTHING),
    ("024-mailer-daemon-dsn", chess_of("bob.jones@example.test"), Ignored, NOTHING),
    ("025-return-path-empty", chess(White, &[]), Ignored, NOTHING),
    ("026-from-referee", chess_of("bob.jones@example.test"), Ignored, NOTHING),
    ("027-no-from", Plain, Ignored, NOTHING),
    ("028-malformed-garbage", Plain, Ignored, NOTHING),
    ("029-outlook-underscore-separator", chess(White, &["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"]), Applied, "white Qxf7#; result 1-0"),
    ("030-read-receipt-mdn", chess(White, &[]), Ignored, NOTHING),
    ("031-auto-response-suppress-is-not-automatic", chess(White, &["b3", "c5", "a3", "c4"]), Applied, "white bxc4"),
    ("032-thunderbird-html-bottom-posted", bluff(White, &["e4", "e5", "Nf3", "Nc6 stay"]), Applied, "white Nxe5"),
    ("033-reply-subject-empty-body", chess(White, &[]), Refused, NOTHING),
    ("034-encoded-subject-command", Plain, Applied, "challenge open"),
    ("035-mixed-with-attachment", chess(White, &["e4"]), Answered, NOTHING),
    ("036-format-flowed-delsp", Plain, Refused, NOTHING),
    ("037-bcc-undisclosed-recipients", chess(White, &[]), Refused, NOTHING),
    ("038-gmail-android-app", chess(Black, &["d4"]), Applied, "black Nf6"),
    ("039-outlook-desktop-html-from-sent", chess(White, &["e4", "e5", "Nf3", "Nc6"]), Applied, "white Bc4"),
    ("040-outlook-winmail-dat-tnef", chess(Black, &["e4"]), Applied, "black e5"),
    ("041-outlook-ios-app", chess(White, &["e4", "d5"]), Applied, "white exd5"),
    ("042-ios-mail-blockquote-cite", chess(White, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]), Applied, "white O-O"),
    ("043-apple-mail-macos-html-only", chess(White, &["e4", "e5", "Nf3", "Nf6"]), Applied, "white Qe2"),
    ("044-k9-mail-android", chess(Black, &["Nf3"]), Applied, "black Nc6"),
    ("045-gmail-forward-inline", Plain, Refused, NOTHING),
    ("046-forward-with-move-on-top", chess(Black, &["e4"]), Applied, "black d5"),
    ("047-forward-as-attachment-rfc822", chess(Black, &["e4"]), Applied, "black c5"),
    ("048-undeclared-8bit-body", chess(White, &[]), Applied, "white Nf3"),
    ("049-wrong-charset-label", chess(White, &["e4", "e5", "Nf3", "Nc6"]), Applied, "white Nxe5"),
    ("050-invalid-base64", chess(White, &[]), Refused, NOTHING),
    ("051-invalid-quoted-printable", chess(Black, &["e4"]), Refused, NOTHING),
    ("052-rfc2047-split-across-lines", Plain, Applied, "challenge open"),
    ("053-8bit-headers-utf8", chess(White, &[]), Applied, "white d4"),
    ("054-8bit-headers-latin1", chess(Black, &["e4"]), Applied, "black c5"),
    ("055-very-long-lines", chess(White, &["e4", "e5", "Nf3", "Nc6"]), Applied, "white Bb5"),
    ("056-bare-lf-line-endings", chess(Black, &["e4"]), Applied, "black e6"),
    ("057-mixed-crlf-and-lf", chess(Black, &["d4"]), Applied, "black Nf6"),
    ("058-smime-signed", chess(Black, &["e4", "e5", "Bc4"]), Applied, "black Be7"),
    ("059-pgp-mime-signed", chess(Black, &["d4", "Nf6", "c4", "e6", "Nc3"]), Applied, "black Bb4"),
    ("060-pgp-mime-encrypted", chess(Black, &["d4", "Nf6", "c4", "e6", "Nc3"]), Refused, NOTHING),
    ("061-calendar-invite", chess(White, &[]), Refused, NOTHING),
    ("062-read-receipt-requested", chess(White, &[]), Applied, "white e4"),
    ("063-non-ascii-display-names", chess(White, &["e4", "e5", "Nf3", "Nf6", "Nc3", "Nxe4"]), Applied, "white Nxe4"),
    ("064-8bit-headers-undeclared", chess(Black, &["e4"]), Applied, "black e5"),
];

fn eml_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/eml")
}

/// The names of the sample mails, sorted.
fn sample_names() -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(eml_dir())
        .expect("tests/data/eml")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The database's game-visible state: log rows, games, challenges.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Snapshot {
    log: Vec<(i64, i64, String, String)>,
    games: Vec<(i64, Option<String>, i64, Option<String>)>,
    challenges: Vec<(i64, String)>,
}

async fn snapshot(room: &Room) -> Snapshot {
    let pool = room.mailroom.referee.store().pool();
    let log = sqlx::query(
        "SELECT game_id, idx, COALESCE(seat, ''), notation FROM log ORDER BY game_id, idx",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
    .collect();
    let games = sqlx::query("SELECT id, draw_offer, finished, result FROM games ORDER BY id")
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect();
    let challenges = sqlx::query("SELECT id, status FROM challenges ORDER BY id")
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    Snapshot {
        log,
        games,
        challenges,
    }
}

/// What changed from `before` to `after`, in words: `white Nf3`,
/// `draw offer white`, `result 1-0`, `challenge open`, `game started`;
/// [`NOTHING`] when nothing did.
fn changes(before: &Snapshot, after: &Snapshot) -> String {
    let mut out = Vec::new();
    for row in &after.log {
        if !before.log.contains(row) {
            out.push(format!("{} {}", row.2, row.3));
        }
    }
    for (id, status) in &after.challenges {
        if !before.challenges.contains(&(*id, status.clone())) {
            out.push(format!("challenge {status}"));
        }
    }
    for game in &after.games {
        match before.games.iter().find(|g| g.0 == game.0) {
            None => out.push("game started".to_string()),
            Some(old) => {
                if old.1 != game.1
                    && let Some(offer) = &game.1
                {
                    out.push(format!("draw offer {offer}"));
                }
                if old.3 != game.3
                    && let Some(result) = &game.3
                {
                    out.push(format!("result {result}"));
                }
            }
        }
    }
    if out.is_empty() {
        NOTHING.to_string()
    } else {
        out.join("; ")
    }
}

/// The tag in the reply address of the newest mail to `to`.
async fn tag_of(room: &Room, to: &str) -> String {
    let reply_to = room.reply_to(to).await;
    let (_, rest) = reply_to.split_once('+').expect("a tagged reply address");
    rest.split_once('@').expect("an address").0.to_string()
}

/// `raw` with every `from` (any case) replaced by `to`.
fn replace_ignoring_case(raw: &[u8], from: &str, to: &str) -> Vec<u8> {
    let from = from.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw.len() - i >= from.len() && raw[i..i + from.len()].eq_ignore_ascii_case(from) {
            out.extend_from_slice(to.as_bytes());
            i += from.len();
        } else {
            out.push(raw[i]);
            i += 1;
        }
    }
    out
}

/// The inbound table's word on the newest mail, for failure messages.
async fn last_detail(room: &Room) -> String {
    sqlx::query("SELECT outcome || ': ' || detail FROM inbound ORDER BY id DESC LIMIT 1")
        .fetch_one(room.mailroom.referee.store().pool())
        .await
        .unwrap()
        .get(0)
}

/// Sets up what `setup` asks for; returns the tag the sample must carry
/// (none for [`Setup::Plain`]) and the game's players.
async fn prepare(
    room: &mut Room,
    setup: Setup,
    sender: Option<&str>,
) -> (Option<String>, Vec<String>) {
    match setup {
        Setup::Plain => (None, Vec::new()),
        Setup::Challenge { game } => {
            let sender = sender.expect("a challenged sender");
            let body = format!("challenge {sender} {game} as white");
            let raw = mail(RIVAL, REFEREE, "game?", "setup-challenge@x", &body);
            assert_eq!(
                room.deliver(&raw).await,
                Applied,
                "{}",
                last_detail(room).await
            );
            (
                Some(tag_of(room, sender).await),
                vec![RIVAL.to_string(), sender.to_string()],
            )
        }
        Setup::Game {
            game,
            seat,
            before,
            player,
        } => {
            let player = player.or(sender).expect("a player");
            let colour = if seat == White { "white" } else { "black" };
            let body = format!("challenge {RIVAL} {game} as {colour}");
            let raw = mail(player, REFEREE, "game?", "setup-challenge@x", &body);
            assert_eq!(
                room.deliver(&raw).await,
                Applied,
                "{}",
                last_detail(room).await
            );
            let invite = room.reply_to(RIVAL).await;
            let raw = mail(RIVAL, &invite, "Re", "setup-accept@x", "accept");
            assert_eq!(
                room.deliver(&raw).await,
                Applied,
                "{}",
                last_detail(room).await
            );
            let player_tag = tag_of(room, player).await;
            let rival_tag = tag_of(room, RIVAL).await;
            let mut turns = 0;
            for (n, line) in before.iter().enumerate() {
                // `white: draw`: an action out of the turn order.
                let (mover, line) = if let Some(line) = line.strip_prefix("white: ") {
                    (White, line)
                } else if let Some(line) = line.strip_prefix("black: ") {
                    (Black, line)
                } else {
                    turns += 1;
                    (if turns % 2 == 1 { White } else { Black }, *line)
                };
                let (from, tag) = if mover == seat {
                    (player, &player_tag)
                } else {
                    (RIVAL, &rival_tag)
                };
                let to = format!("referee+{tag}@example.test");
                let raw = mail(from, &to, "Re", &format!("setup-{n}@x"), line);
                assert_eq!(
                    room.deliver(&raw).await,
                    Applied,
                    "setting up with {line:?}: {}",
                    last_detail(room).await
                );
            }
            (
                Some(player_tag),
                vec![player.to_string(), RIVAL.to_string()],
            )
        }
    }
}

#[tokio::test]
async fn every_sample_has_its_expected_outcome() {
    let names = sample_names();
    assert!(names.len() >= 50, "only {} samples", names.len());
    let listed: BTreeSet<&str> = CASES.iter().map(|c| c.0).collect();
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| !listed.contains(n.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "samples without an expected outcome: {missing:?}"
    );
    assert_eq!(listed.len(), CASES.len(), "a sample is listed twice");
    for &(name, _, handled, change) in CASES {
        // Only an applied mail may change anything.
        assert_eq!(handled == Applied, change != NOTHING, "{name}");
    }
    check_cases(|raw| raw).await;
}

/// Mail programs and servers differ in line ends: a sample stored with
/// bare LF (as some IMAP servers hand out Maildir files) has the outcome
/// of the CRLF original.
#[tokio::test]
async fn bare_lf_line_ends_change_no_outcome() {
    check_cases(|raw| {
        let mut out = Vec::with_capacity(raw.len());
        for (i, &b) in raw.iter().enumerate() {
            if !(b == b'\r' && raw.get(i + 1) == Some(&b'\n')) {
                out.push(b);
            }
        }
        out
    })
    .await;
}

/// Runs every case of [`CASES`] on its sample, changed by `transform`.
async fn check_cases(transform: impl Fn(Vec<u8>) -> Vec<u8>) {
    let mut failures = Vec::new();
    for &(name, setup, handled, change) in CASES {
        let path = eml_dir().join(format!("{name}.eml"));
        let raw = fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let raw = transform(raw);
        let parsed = parse(&raw, REFEREE);
        let sender = parsed.from.clone();

        let mut room = Room::new(RefereeConfig::default()).await;
        let (tag, players) = prepare(&mut room, setup, sender.as_deref()).await;
        let raw = match (&tag, parsed.tag.as_deref().or(parsed.key.as_deref())) {
            (Some(real), Some(sample)) => replace_ignoring_case(&raw, sample, real),
            (Some(_), None) => panic!("{name}: the setup makes a tag but the sample carries none"),
            (None, _) => raw,
        };

        let before = snapshot(&room).await;
        let outbox_before = room.outbox().await.len();
        let got = room.deliver(&raw).await;
        let after = snapshot(&room).await;
        let changed = changes(&before, &after);
        let new_mail: Vec<String> = room.outbox().await[outbox_before..]
            .iter()
            .map(|(to, _, _)| to.clone())
            .collect();

        if got != handled || changed != change {
            failures.push(format!(
                "{name}: expected {handled:?} ({change}), got {got:?} ({changed}); {}",
                last_detail(&room).await
            ));
            continue;
        }
        let sender = sender.unwrap_or_default();
        // A challenge mails its opponent too.
        let challenged: Vec<String> = sqlx::query("SELECT opponent FROM challenges")
            .fetch_all(room.mailroom.referee.store().pool())
            .await
            .unwrap()
            .iter()
            .map(|r| r.get(0))
            .collect();
        let allowed =
            |to: &String| *to == sender || players.contains(to) || challenged.contains(to);
        let wrong = match got {
            Ignored => (!new_mail.is_empty()).then(|| format!("answered {new_mail:?}")),
            Refused | Answered => (new_mail.is_empty() || new_mail.iter().any(|to| *to != sender))
                .then(|| format!("answers went to {new_mail:?}, not only to {sender}")),
            _ => (!new_mail.iter().all(allowed)).then(|| format!("mail went to {new_mail:?}")),
        };
        if let Some(wrong) = wrong {
            failures.push(format!("{name}: {wrong}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} samples differ:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

/// A reply with a 15 MB attachment (a photo of the board, a scanned score
/// sheet) is read like any other: its move is applied.
#[tokio::test]
async fn a_huge_attachment_does_not_hide_the_move() {
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, _) = crate::support::room::started_game(&mut room, "chess", "").await;
    // 15 MB of incompressible-looking bytes, base64 in 76-column lines.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let bytes: Vec<u8> = (0..15 * 1024 * 1024)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let encoded = base64_lines(&bytes);
    let raw = format!(
        "From: Alice <alice@example.test>\r\nTo: {alice}\r\nSubject: Re: your move\r\n\
         Message-ID: <huge-attachment@example.test>\r\nDate: Tue, 24 Nov 2026 16:00:00 +0000\r\n\
         MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"huge\"\r\n\r\n\
         --huge\r\nContent-Type: text/plain; charset=utf-8\r\n\r\ne4\r\n\r\nThe board, photographed.\r\n\
         --huge\r\nContent-Type: image/jpeg; name=\"board.jpg\"\r\n\
         Content-Disposition: attachment; filename=\"board.jpg\"\r\n\
         Content-Transfer-Encoding: base64\r\n\r\n{encoded}--huge--\r\n"
    );
    assert!(raw.len() > 20_000_000);
    let before = snapshot(&room).await;
    assert_eq!(
        room.deliver(raw.as_bytes()).await,
        Applied,
        "{}",
        last_detail(&room).await
    );
    assert_eq!(changes(&before, &snapshot(&room).await), "white e4");
}

/// Base64 (RFC 4648) in CRLF-ended lines of 76 characters.
fn base64_lines(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + bytes.len() / 38 + 8);
    for (n, chunk) in bytes.chunks(3).enumerate() {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let v = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[(v >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
        if n % 19 == 18 {
            out.push_str("\r\n");
        }
    }
    out.push_str("\r\n");
    out
}
