//! Game export: the JSON of every game replays to the stored state, the PGN
//! of the chess-based games reads back under a strict PGN reader (and the
//! orthodox one replays in the engine), an ongoing game with hidden
//! information is refused to all but the host, and the `history` mail of a
//! finished game carries both files.

use arbiter::archive::{Archive, pgn};
use arbiter::command::Command;
use arbiter::games::GameInfo;
use arbiter::referee::{LogEntry, Match, Reader, Referee, RefereeError};
use arbiter::rules::chess::Position;
use arbiter::rules::{Options, Seat, Status};
use arbiter::store::Store;
use sha2::{Digest, Sha256};

const WHITE: &str = "alice@example.test";
const BLACK: &str = "bob@example.test";

async fn referee() -> Referee {
    Referee::new(Store::open_in_memory().await.unwrap())
}

async fn new_game(referee: &Referee, game: &str, options: &[&str], position: Option<&str>) -> i64 {
    let options: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    let options = Options::parse(&options).unwrap();
    let mut tx = referee.store().write().await.unwrap();
    let (id, _) = referee
        .create_game(&mut tx, game, WHITE, BLACK, &options, position)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    id
}

async fn act(referee: &Referee, id: i64, seat: Seat, command: Command) {
    let mut tx = referee.store().write().await.unwrap();
    let what = format!("{command:?}");
    referee
        .act(&mut tx, id, seat, &command, "test")
        .await
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    tx.commit().await.unwrap();
}

/// Plays `moves` in turn (whoever owes an action), then `plies` more of the
/// first legal action of whoever owes one.
async fn play(referee: &Referee, id: i64, moves: &[&str], plies: usize) {
    for text in moves {
        let seat = due(referee, id).await.expect("someone owes a move");
        act(referee, id, seat, Command::Play(text.to_string())).await;
    }
    for _ in 0..plies {
        let Some(seat) = due(referee, id).await else {
            return;
        };
        let mut conn = referee.store().read().await.unwrap();
        let loaded = referee.load(&mut conn, id).await.unwrap();
        let text = loaded.legal_texts(seat).into_iter().next().unwrap();
        drop(conn);
        act(referee, id, seat, Command::Play(text)).await;
    }
}

async fn due(referee: &Referee, id: i64) -> Option<Seat> {
    let mut conn = referee.store().read().await.unwrap();
    match referee.load(&mut conn, id).await.unwrap().status() {
        Status::Ongoing(dues) => dues.first().map(|d| d.seat),
        Status::Finished(_) => None,
    }
}

async fn archive(referee: &Referee, id: i64, reader: Reader) -> Result<Archive, RefereeError> {
    let mut conn = referee.store().read().await.unwrap();
    referee.archive(&mut conn, id, reader).await
}

/// The JSON read back replays, from its own log, options and seed, to the
/// stored state; the seed matches its hash; every secret verifies.
async fn round_trip(referee: &Referee, id: i64) -> Archive {
    let exported = archive(referee, id, Reader::Public).await.unwrap();
    let back: Archive = serde_json::from_str(&exported.json()).unwrap();
    assert_eq!(back.format, "arbiter-game/1");
    let entries: Vec<LogEntry> = back
        .log
        .iter()
        .map(|e| serde_json::from_value(e.entry.clone()).unwrap())
        .collect();
    let info = GameInfo::find(&back.game).unwrap();
    let seed: [u8; 32] = match &back.seed {
        Some(seed) => {
            let bytes = hex::decode(seed).unwrap();
            assert_eq!(
                hex::encode(Sha256::digest(&bytes)),
                back.seed_hash.clone().unwrap()
            );
            bytes.try_into().unwrap()
        }
        None => {
            assert!(
                !info.random,
                "{}: a random game's finished export has its seed",
                back.game
            );
            [0; 32]
        }
    };
    let replayed = Match::replay(info, &back.options, seed, &entries).unwrap();
    let mut conn = referee.store().read().await.unwrap();
    let stored = referee.load(&mut conn, id).await.unwrap();
    assert_eq!(
        replayed.host_position(),
        stored.host_position(),
        "{}",
        back.game
    );
    assert_eq!(back.position, stored.host_position());
    assert_eq!(
        back.result.as_deref(),
        replayed.status().outcome().map(|o| o.result.score())
    );
    assert_eq!(
        (back.players.white.as_str(), back.players.black.as_str()),
        (WHITE, BLACK)
    );
    assert!(
        back.secrets.iter().all(|s| s.verified),
        "{:?}",
        back.secrets
    );
    assert!(!back.host_only);
    back
}

#[tokio::test]
async fn every_game_exports_json_that_replays_to_the_stored_state() {
    let referee = referee().await;
    let reality_white =
        "setup d1=R/R c2=N/N d2=B/B e2=N/R b3=P/B c3=P/P d3=B/R e3=P/N f3=P/R hand=NB";
    let reality_black =
        "setup d9=R/R c8=N/B d8=B/B e8=N/N b7=P/P c7=P/N d7=B/R e7=P/R f7=P/B hand=NR";
    let cases: [(&str, &[&str], &[&str], usize); 6] = [
        ("chess", &[], &["f3", "e5", "g4", "Qh4#"], 0),
        (
            "bluff-chess",
            &[],
            &["e4", "d5 transfer d8", "exd5 stay", "Qxd5"],
            0,
        ),
        (
            "reality-check",
            &["dice=1"],
            &[reality_white, reality_black],
            6,
        ),
        ("rebel-chess", &[], &["Uc4", "a6", "U*a6"], 6),
        (
            "superial-chess",
            &["random-moves=1"],
            &["c2-c3=X", "random"],
            6,
        ),
        ("reflection-teammate", &[], &[], 6),
    ];
    for (game, options, moves, plies) in cases {
        let id = new_game(&referee, game, options, None).await;
        play(&referee, id, moves, plies).await;
        if due(&referee, id).await.is_some() {
            act(&referee, id, Seat::White, Command::Resign).await;
        }
        let back = round_trip(&referee, id).await;
        assert!(back.finished, "{game}");
        match game {
            "bluff-chess" => {
                let texts: Vec<(Seat, &str)> = back
                    .secrets
                    .iter()
                    .map(|s| (s.seat, s.text.as_str()))
                    .collect();
                assert_eq!(texts, [(Seat::Black, "transfer d8"), (Seat::White, "stay")]);
                assert_eq!(back.reason.as_deref(), Some("alter ego captured"));
            }
            "reality-check" => {
                let setups: Vec<&str> = back.secrets.iter().map(|s| s.what.as_str()).collect();
                assert_eq!(setups, ["setup", "setup"]);
                assert!(back.seed.is_some());
            }
            _ => {}
        }
    }
}

#[tokio::test]
async fn an_ongoing_hidden_game_is_exported_to_the_host_only() {
    let referee = referee().await;
    let bluff = new_game(&referee, "bluff-chess", &[], None).await;
    play(&referee, bluff, &["e4", "d5 transfer d8"], 0).await;
    let refused = archive(&referee, bluff, Reader::Public).await.unwrap_err();
    assert!(
        matches!(refused, RefereeError::HiddenOngoing { .. }),
        "{refused}"
    );
    assert!(refused.to_string().contains("--host"), "{refused}");
    // The host gets all of it, marked as such.
    let host = archive(&referee, bluff, Reader::Host).await.unwrap();
    assert!(host.host_only);
    assert_eq!(host.secrets.len(), 1);
    assert!(host.seed.is_some());

    // A game without hidden information may be exported while it is on;
    // a random one keeps its seed sealed.
    let superial = new_game(&referee, "superial-chess", &["random-moves=1"], None).await;
    play(&referee, superial, &["c2-c3=X"], 0).await;
    let on = archive(&referee, superial, Reader::Public).await.unwrap();
    assert!(!on.finished && !on.host_only);
    assert_eq!(on.seed, None);
    assert!(on.seed_hash.is_some());
    let chess = new_game(&referee, "chess", &[], None).await;
    play(&referee, chess, &["e4"], 0).await;
    let pgn = pgn::write(
        &archive(&referee, chess, Reader::Public).await.unwrap(),
        "?",
    )
    .unwrap();
    let read = crate::support::pgn::read(&pgn, "").unwrap();
    assert_eq!(read.result, "*");
    assert_eq!(read.tag("Termination"), Some("unterminated"));
}

/// The PGN's moves replayed in the orthodox engine from its FEN (or the
/// start): the final position must be the game's.
fn replay_pgn(read: &crate::support::pgn::Pgn) -> Position {
    let mut position = match read.tag("FEN") {
        Some(fen) => Position::from_fen(fen).unwrap(),
        None => Position::startpos(),
    };
    for (_, _, san, _) in &read.moves {
        let mv = position
            .parse_move(san)
            .unwrap_or_else(|e| panic!("{san}: {e}"));
        position = position.play(&mv);
    }
    position
}

#[tokio::test]
async fn chess_pgn_reads_back_and_replays_to_the_same_position() {
    let referee = referee().await;
    // A game from a position, with castling, a capture and a promotion.
    let fen = "r3k2r/6P1/8/8/8/8/1p6/R3K2R w KQkq - 0 30";
    let id = new_game(&referee, "chess", &[], Some(fen)).await;
    play(&referee, id, &["O-O", "O-O-O", "gxh8=Q", "bxa1=Q"], 8).await;
    act(&referee, id, Seat::White, Command::Resign).await;
    let exported = archive(&referee, id, Reader::Public).await.unwrap();
    let text = pgn::write(&exported, "referee@club.example").unwrap();
    let read = crate::support::pgn::read(&text, "").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(
        read.tag("Event"),
        Some(format!("Arbiter game #{id}").as_str())
    );
    assert_eq!(read.tag("Site"), Some("referee@club.example"));
    assert_eq!(read.tag("Round"), Some("-"));
    assert_eq!(read.tag("White"), Some(WHITE));
    assert_eq!(read.tag("Result"), Some("0-1"));
    assert_eq!(read.tag("SetUp"), Some("1"));
    assert_eq!(read.tag("FEN"), Some(fen));
    assert_eq!(read.tag("Variant"), None);
    let date = read.tag("Date").unwrap();
    assert_eq!(date, exported.created[..10].replace('-', "."));
    assert_eq!(read.moves.first().unwrap().0, 30);
    assert_eq!(read.moves.len(), 12);
    let last = &read.moves.last().unwrap().3;
    assert_eq!(last, &["White resigned".to_string()]);
    assert_eq!(read.tag("Termination"), Some("normal"));
    // The engine reaches the game's final position.
    let position: String = exported.position.split(" ; ").next().unwrap().to_string();
    assert_eq!(replay_pgn(&read).fen(), position);
}

#[tokio::test]
async fn bluff_and_rebel_pgn_carry_decisions_and_recruits_as_comments() {
    let referee = referee().await;
    let bluff = new_game(&referee, "bluff-chess", &[], None).await;
    play(
        &referee,
        bluff,
        &["e4", "d5 transfer d8", "exd5 stay", "Qxd5"],
        0,
    )
    .await;
    let exported = archive(&referee, bluff, Reader::Public).await.unwrap();
    let text = pgn::write(&exported, "?").unwrap();
    let read = crate::support::pgn::read(&text, "").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read.tag("Variant"), Some("Bluff Chess"));
    assert_eq!(read.tag("Result"), Some("0-1"));
    let d8 = &exported.secrets[0];
    let comments: Vec<String> = read.moves.iter().flat_map(|m| m.3.clone()).collect();
    assert_eq!(
        comments[0],
        format!(
            "Black decides: transfer d8 (sealed; commitment {}, salt {})",
            d8.commitment, d8.salt
        )
    );
    assert!(comments.contains(&"Black's decision after 1... d5 is revealed to White".into()));
    assert!(comments.contains(&"White's decision after 2. exd5 is revealed to Black".into()));
    assert_eq!(comments.last().unwrap(), "alter ego captured");
    // Bluff's moves are orthodox: the engine replays them.
    assert_eq!(
        replay_pgn(&read).fen(),
        exported.position.split(" ; ").next().unwrap()
    );

    let rebel = new_game(&referee, "rebel-chess", &[], None).await;
    play(&referee, rebel, &["Uc4", "a6", "U*a6", "d6"], 0).await;
    act(&referee, rebel, Seat::White, Command::Resign).await;
    let text = pgn::write(
        &archive(&referee, rebel, Reader::Public).await.unwrap(),
        "?",
    )
    .unwrap();
    let read = crate::support::pgn::read(&text, "U").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read.tag("Variant"), Some("Rebel Chess I"));
    let moves: Vec<&str> = read.moves.iter().map(|m| m.2.as_str()).collect();
    assert_eq!(moves, ["Uc4", "a6", "--", "d6"]);
    assert!(
        read.moves[2].3[0].starts_with("recruit U*a6"),
        "{:?}",
        read.moves[2]
    );
}

#[tokio::test]
async fn games_that_are_not_chess_have_no_pgn() {
    let referee = referee().await;
    for game in ["reality-check", "superial-chess", "reflection-teammate"] {
        let id = new_game(&referee, game, &[], None).await;
        act(&referee, id, Seat::Black, Command::Resign).await;
        let exported = archive(&referee, id, Reader::Public).await.unwrap();
        assert!(pgn::write(&exported, "?").is_none(), "{game}");
    }
}

/// The newest mail to `to`: its text and its attachments (name, content
/// type, body).
async fn last_mail(
    room: &crate::support::room::Room,
    to: &str,
) -> (String, Vec<(String, String, String)>) {
    use mail_parser::MimeHeaders;
    use sqlx::Row;
    let raw: Vec<u8> =
        sqlx::query("SELECT raw FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1")
            .bind(to)
            .fetch_one(room.mailroom.referee.store().pool())
            .await
            .unwrap()
            .get(0);
    let parsed = mail_parser::MessageParser::default().parse(&raw).unwrap();
    let text = parsed.body_text(0).unwrap_or_default().into_owned();
    let files = parsed
        .attachments()
        .map(|part| {
            let ct = part.content_type().unwrap();
            (
                part.attachment_name().unwrap_or_default().to_string(),
                format!("{}/{}", ct.ctype(), ct.subtype().unwrap_or_default()),
                String::from_utf8_lossy(part.contents()).into_owned(),
            )
        })
        .collect();
    (text, files)
}

#[tokio::test]
async fn history_by_mail_attaches_a_finished_games_pgn_and_json_only() {
    use crate::support::room::{Room, mail, started_game};
    use arbiter::config::RefereeConfig;
    use arbiter::store::mail::Handled;
    let mut room = Room::new(RefereeConfig::default()).await;
    let (alice, bob) = started_game(&mut room, "bluff-chess", "").await;
    let send = |who: &str, to: &str, id: &str, text: &str| {
        mail(&format!("{who}@example.test"), to, "Re", id, text)
    };
    for (who, to, id, text) in [
        ("alice", &alice, "m1@x", "e4"),
        ("bob", &bob, "m2@x", "d5 transfer d8"),
    ] {
        assert_eq!(
            room.deliver(&send(who, to, id, text)).await,
            Handled::Applied
        );
    }
    // Ongoing: the history comes without any file (Black's decision is
    // sealed from White).
    assert_eq!(
        room.deliver(&send("alice", &alice, "h1@x", "history"))
            .await,
        Handled::Answered
    );
    let (text, files) = last_mail(&room, WHITE).await;
    assert!(files.is_empty(), "{files:?}");
    assert!(!text.contains("transfer d8"), "{text}");
    assert!(!text.contains("attached"), "{text}");

    for (who, to, id, text) in [
        ("alice", &alice, "m3@x", "exd5 stay"),
        ("bob", &bob, "m4@x", "Qxd5"),
    ] {
        assert_eq!(
            room.deliver(&send(who, to, id, text)).await,
            Handled::Applied
        );
    }
    assert_eq!(
        room.deliver(&send("alice", &alice, "h2@x", "history"))
            .await,
        Handled::Answered
    );
    let (text, files) = last_mail(&room, WHITE).await;
    assert!(
        text.contains("The whole game is attached: arbiter-1.pgn and arbiter-1.json."),
        "{text}"
    );
    let names: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t, _)| (n.as_str(), t.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("arbiter-1.pgn", "text/plain"),
            ("arbiter-1.json", "application/json")
        ]
    );
    let read = crate::support::pgn::read(&files[0].2.replace("\r\n", "\n"), "").unwrap();
    assert_eq!(read.tag("Site"), Some(crate::support::room::REFEREE));
    assert_eq!(read.tag("Result"), Some("0-1"));
    let json: Archive = serde_json::from_str(&files[1].2).unwrap();
    assert_eq!(json.secrets.len(), 2);
    assert!(json.secrets.iter().all(|s| s.verified));
}

#[test]
fn export_from_the_command_line() {
    use crate::support::cli::arbiter;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("export.db");
    let new = |game: &str| {
        let run = arbiter(
            &db,
            &["game", "new", game, "--white", WHITE, "--black", BLACK],
        );
        assert_eq!(run.code, 0, "{}", run.err);
        run.out.trim().to_string()
    };
    let bluff = new("bluff-chess");
    for (who, text) in [(WHITE, "e4"), (BLACK, "d5 stay")] {
        let run = arbiter(&db, &["game", "play", &bluff, "--as", who, text]);
        assert_eq!(run.code, 0, "{}", run.err);
    }
    // Ongoing with a sealed decision: refused (exit 1), nothing written.
    let out = dir.path().join("bluff.json");
    let out_arg = out.to_str().unwrap();
    let run = arbiter(
        &db,
        &[
            "game", "export", &bluff, "--format", "json", "--out", out_arg,
        ],
    );
    assert_eq!(run.code, 1, "{}", run.out);
    assert!(run.err.contains("still being played"), "{}", run.err);
    assert!(run.out.is_empty() && !out.exists());
    // The host may, to a file.
    let run = arbiter(
        &db,
        &[
            "game", "export", &bluff, "--format", "json", "--out", out_arg, "--host",
        ],
    );
    assert_eq!(run.code, 0, "{}", run.err);
    let json: Archive = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert!(json.host_only);
    assert_eq!(json.secrets[0].text, "stay");

    // PGN of a game that is not chess: refused with the way out.
    let reality = new("reality-check");
    let run = arbiter(
        &db,
        &["game", "export", &reality, "--format", "pgn", "--host"],
    );
    assert_eq!(run.code, 1);
    assert!(run.err.contains("--format json"), "{}", run.err);

    // An ongoing chess game: PGN on standard output, `*` as its result.
    let chess = new("chess");
    assert_eq!(
        arbiter(&db, &["game", "play", &chess, "--as", WHITE, "e4"]).code,
        0
    );
    let run = arbiter(&db, &["game", "export", &chess, "--format", "pgn"]);
    assert_eq!(run.code, 0, "{}", run.err);
    let read = crate::support::pgn::read(&run.out, "").unwrap();
    assert_eq!(read.tag("Site"), Some("?"));
    assert_eq!(read.result, "*");
}

/// A standard PGN reader, python-chess (installed by `scripts/test`, run by
/// `scripts/pgn-read.py`): it reads the chess export, from a position too,
/// and Bluff Chess's moves as orthodox chess, to the games' final positions.
#[tokio::test]
async fn python_chess_reads_the_pgn_to_the_final_position() {
    let referee = referee().await;
    let dir = tempfile::tempdir().unwrap();
    let mut files = Vec::new();
    let mut expected = Vec::new();
    let games: [(&str, Option<&str>, &[&str]); 3] = [
        (
            "chess",
            None,
            &["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"],
        ),
        (
            "chess",
            Some("r3k2r/6P1/8/8/8/8/1p6/R3K2R w KQkq - 0 30"),
            &["O-O", "O-O-O", "gxh8=Q", "bxa1=Q"],
        ),
        (
            "bluff-chess",
            None,
            &["e4", "d5 transfer d8", "exd5 stay", "Qxd5"],
        ),
    ];
    for (n, (game, position, moves)) in games.into_iter().enumerate() {
        let id = new_game(&referee, game, &[], position).await;
        play(&referee, id, moves, 0).await;
        let exported = archive(&referee, id, Reader::Public).await.unwrap();
        let path = dir.path().join(format!("{n}.pgn"));
        std::fs::write(&path, pgn::write(&exported, "?").unwrap()).unwrap();
        files.push(path);
        expected.push(exported.position.split(" ; ").next().unwrap().to_string());
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pgn-read.py");
    let run = |args: &[&std::path::Path], orthodox: bool| {
        let mut command = std::process::Command::new("python3");
        command.arg(script);
        if orthodox {
            command.arg("--orthodox");
        }
        let out = command.args(args).output().expect("python3 runs");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(out.status.success(), "python-chess refused: {stderr}");
        String::from_utf8(out.stdout).unwrap()
    };
    let chess = run(&[&files[0], &files[1]], false);
    assert_eq!(chess.lines().collect::<Vec<_>>(), expected[..2]);
    let bluff = run(&[&files[2]], true);
    assert_eq!(bluff.trim(), expected[2]);
}
