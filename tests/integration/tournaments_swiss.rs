//! A Swiss through the referee: round 1 at the start (the bye to the last
//! seed), each later round paired when the last game of the round before
//! ends (here by the host's adjudication and by a withdrawal's forfeits),
//! as the pure Dutch pairing gives it from the stored results; a late
//! entry paired from the next round with no points for the one missed; a
//! withdrawn player not paired again; the end after the last round.

use arbiter::referee::{Referee, TournamentSpec, initial_colour};
use arbiter::rules::{GameResult, Options, Seat};
use arbiter::store::swiss as swiss_store;
use arbiter::store::{Store, Tx, tournaments};
use arbiter::tournament::swiss::{self, Bye};
use arbiter::tournament::{Format, Game};

fn player(i: usize) -> String {
    format!("s{i}@x.test")
}

/// How standings name player `i`: publicly, never by the address.
fn shown(i: usize) -> String {
    arbiter::referee::hidden_address(&player(i))
}

/// The games and byes stored, as the pure pairing reads them.
pub async fn stored(tx: &mut Tx, id: i64) -> (Vec<Game>, Vec<Bye>) {
    let games = tournaments::games(tx, id)
        .await
        .unwrap()
        .iter()
        .map(|g| Game {
            round: g.round as u32,
            white: g.white as u32,
            black: g.black as u32,
            result: g
                .result
                .as_deref()
                .and_then(arbiter::tournament::GameResult::from_word),
        })
        .collect();
    let byes = swiss_store::byes(tx, id)
        .await
        .unwrap()
        .iter()
        .map(|b| Bye {
            round: b.round as u32,
            player: b.number as u32,
        })
        .collect();
    (games, byes)
}

/// Round `round`'s boards and bye as stored equal the pure pairing of the
/// players `active` from the rounds before.
pub async fn round_is_dutch(tx: &mut Tx, id: i64, round: u32, active: &[u32]) {
    let (games, byes) = stored(tx, id).await;
    let before: Vec<Game> = games.iter().filter(|g| g.round < round).cloned().collect();
    let byes_before: Vec<Bye> = byes.iter().filter(|b| b.round < round).copied().collect();
    let players = swiss::history(active, &before, &byes_before, round - 1);
    let expected = swiss::pair_round(&players, round, 3, initial_colour(id)).unwrap();
    let mut boards: Vec<(u32, u32)> = games
        .iter()
        .filter(|g| g.round == round)
        .map(|g| (g.white, g.black))
        .collect();
    let mut wanted: Vec<(u32, u32)> = expected.boards.iter().map(|b| (b.white, b.black)).collect();
    boards.sort_unstable();
    wanted.sort_unstable();
    assert_eq!(boards, wanted, "round {round}");
    let bye: Option<u32> = byes.iter().find(|b| b.round == round).map(|b| b.player);
    assert_eq!(bye, expected.bye, "round {round}'s bye");
}

/// Adjudicates every unfinished game of the tournament: White wins on
/// even game ids, Black on odd ones.
async fn finish_round(referee: &Referee, tx: &mut Tx, id: i64) {
    for g in tournaments::games(tx, id).await.unwrap() {
        if g.result.is_some() {
            continue;
        }
        let result = GameResult::Win(if g.game_id % 2 == 0 {
            Seat::White
        } else {
            Seat::Black
        });
        referee
            .adjudicate_tournament_game(tx, "open", g.game_id, result, "test")
            .await
            .unwrap();
    }
}

/// Announces the rated chess Swiss "open" over `rounds` rounds, and enters
/// `players` players in order.
async fn open_swiss(referee: &Referee, tx: &mut Tx, players: usize, rounds: u32) {
    let spec = TournamentSpec {
        name: "open",
        game: "chess",
        options: &Options::default(),
        format: Format::Swiss { rounds },
        rated: true,
    };
    referee.new_tournament(tx, spec).await.unwrap();
    for i in 1..=players {
        referee
            .join_tournament(tx, "open", &player(i))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_swiss_pairs_each_round_when_the_last_one_ends() {
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    let mut tx = referee.store().write().await.unwrap();
    open_swiss(&referee, &mut tx, 9, 3).await;
    let notices = referee
        .start_tournament(&mut tx, "open", "test")
        .await
        .unwrap();
    assert_eq!(notices.len(), 8, "four games, two start mails each");
    assert!(
        notices[0]
            .events
            .iter()
            .any(|e| e == "This is a game of tournament open, round 1 of 3 (Swiss).")
    );
    let t = tournaments::by_name(&mut tx, "open")
        .await
        .unwrap()
        .unwrap();
    // Nobody is rated: the pairing numbers follow the order of entry.
    let entrants = tournaments::entrants(&mut tx, t.id).await.unwrap();
    for (i, e) in entrants.iter().enumerate() {
        assert_eq!((e.section, e.number), (Some(1), Some(i as i64 + 1)));
    }
    let nine: Vec<u32> = (1..=9).collect();
    round_is_dutch(&mut tx, t.id, 1, &nine).await;
    // The round's start mails were returned; the bye's mail waits for the
    // mail room.
    let (later, byes) = referee.swiss_announcements(&mut tx).await.unwrap();
    assert!(later.is_empty());
    assert_eq!(byes.len(), 1);
    assert_eq!(byes[0].address, player(9));
    assert!(
        byes[0].text.contains("round 1: you have the bye"),
        "{}",
        byes[0].text
    );
    assert!(byes[0].text.contains("score 1 point"), "{}", byes[0].text);

    // A late entry during round 1 is paired from round 2, with no points
    // for round 1.
    let words = referee
        .join_tournament(&mut tx, "open", &player(10))
        .await
        .unwrap();
    assert!(words.contains("you are paired from round 2 on"), "{words}");

    finish_round(&referee, &mut tx, t.id).await;
    let ten: Vec<u32> = (1..=10).collect();
    round_is_dutch(&mut tx, t.id, 2, &ten).await;
    let (later, byes) = referee.swiss_announcements(&mut tx).await.unwrap();
    assert_eq!(later.len(), 10, "five games, two start mails each");
    assert!(byes.is_empty(), "ten players: no bye");
    assert!(
        later
            .iter()
            .all(|n| n.events.iter().any(|e| e.contains("round 2 of 3")))
    );
    assert_eq!(
        referee.swiss_announcements(&mut tx).await.unwrap().0.len(),
        0,
        "announced once"
    );

    // Number 3 withdraws in round 2: their game is forfeited, which ends
    // the round only once the others end; they are not paired again.
    let left = referee
        .leave_tournament(&mut tx, "open", &player(3), "test")
        .await
        .unwrap();
    assert!(left.words.contains("1 unfinished games"), "{}", left.words);
    finish_round(&referee, &mut tx, t.id).await;
    let active: Vec<u32> = (1..=10).filter(|&n| n != 3).collect();
    round_is_dutch(&mut tx, t.id, 3, &active).await;
    let (games, byes) = stored(&mut tx, t.id).await;
    assert!(
        !games
            .iter()
            .any(|g| g.round == 3 && (g.white == 3 || g.black == 3))
    );
    let bye3 = byes.iter().find(|b| b.round == 3).unwrap().player;
    assert_ne!(bye3, 9, "no second bye");
    let (_, mails) = referee.swiss_announcements(&mut tx).await.unwrap();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].text.contains("round 3: you have the bye"));

    // The last round is paired: entries are closed.
    let late = referee
        .join_tournament(&mut tx, "open", &player(11))
        .await
        .unwrap_err();
    assert_eq!(
        late.to_string(),
        "tournament open has already started: entries are closed"
    );

    finish_round(&referee, &mut tx, t.id).await;
    let t = tournaments::by_name(&mut tx, "open")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(t.status, "finished");
    assert_eq!(stored(&mut tx, t.id).await.0.len(), 4 + 5 + 4);

    // The standings: byes and the late entrant's missed round shown, the
    // Swiss tiebreaks named, points as the pure standings count them.
    let text = referee.standings_text(&mut tx, "open").await.unwrap();
    assert!(
        text.contains("Ties are broken by Buchholz Cut 1, then Buchholz, then Sonneborn-Berger."),
        "{text}"
    );
    let late_line = text.lines().find(|l| l.contains(&shown(10))).unwrap();
    assert!(late_line.contains(" - "), "{late_line}");
    let withdrew = text.lines().find(|l| l.contains(&shown(3))).unwrap();
    assert!(withdrew.contains("(withdrew)"), "{withdrew}");
    let (games, byes) = stored(&mut tx, t.id).await;
    let rows = swiss::standings::standings(10, &games, &byes, 3);
    for row in rows {
        let line = text
            .lines()
            .find(|l| l.contains(&format!("{} ", shown(row.player as usize))))
            .unwrap();
        assert!(
            line.starts_with(&format!("{:>3}.", row.place)),
            "{line} {row:?}"
        );
        assert!(
            line.contains(&format!("  {:<4} ", row.points.to_string())),
            "{line} {row:?}"
        );
    }
    tx.commit().await.unwrap();
}

/// Four players over five rounds: once every pair has met (or the colour
/// rules forbid what is left), the next round has no legal pairing. The
/// tournament ends, and every entrant is mailed why, with the final
/// standings.
#[tokio::test]
async fn a_swiss_without_a_legal_pairing_ends_and_tells_every_entrant() {
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    let mut tx = referee.store().write().await.unwrap();
    open_swiss(&referee, &mut tx, 4, 5).await;
    referee
        .start_tournament(&mut tx, "open", "test")
        .await
        .unwrap();
    let t = tournaments::by_name(&mut tx, "open")
        .await
        .unwrap()
        .unwrap();
    let mut mails = Vec::new();
    for _ in 1..=5 {
        let before = tournaments::games(&mut tx, t.id).await.unwrap().len();
        finish_round(&referee, &mut tx, t.id).await;
        mails.extend(referee.swiss_announcements(&mut tx).await.unwrap().1);
        if tournaments::games(&mut tx, t.id).await.unwrap().len() == before {
            break;
        }
    }
    let t = tournaments::by_name(&mut tx, "open")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(t.status, "finished");
    let (games, byes) = stored(&mut tx, t.id).await;
    let played = games.iter().map(|g| g.round).max().unwrap();
    assert!(played < 5, "ended early, after round {played}");
    assert!(byes.is_empty(), "four players: no bye");
    // The pure pairing agrees that the next round has none.
    let players = swiss::history(&[1, 2, 3, 4], &games, &byes, played);
    assert_eq!(
        swiss::pair_round(&players, played + 1, 5, initial_colour(t.id)),
        None
    );
    assert_eq!(mails.len(), 4, "{mails:?}");
    let standings = referee.standings_text(&mut tx, "open").await.unwrap();
    for (i, mail) in mails.iter().enumerate() {
        assert_eq!(mail.address, player(i + 1));
        assert_eq!(
            mail.subject,
            format!("Tournament open: ended after round {played}")
        );
        assert!(
            mail.text.contains(&format!(
                "round {} has no pairing the Swiss system allows",
                played + 1
            )),
            "{}",
            mail.text
        );
        assert!(mail.text.ends_with(&standings), "{}", mail.text);
    }
    assert!(
        referee
            .swiss_announcements(&mut tx)
            .await
            .unwrap()
            .1
            .is_empty(),
        "told once"
    );
    tx.commit().await.unwrap();
}
