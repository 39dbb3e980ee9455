//! Tournaments through the referee: entries, the start, a result read as a
//! game ends, a withdrawal's forfeits (ICCF's rule: unfinished games lost,
//! finished ones stand, forfeits not rated), the host's adjudication, and
//! the refusals, each changing nothing.

use arbiter::command::Command;
use arbiter::referee::{Referee, TournamentSpec};
use arbiter::rules::{GameResult, Options, Seat};
use arbiter::store::Store;
use arbiter::store::{ratings, tournaments};

fn player(i: usize) -> String {
    format!("p{i}@x.test")
}

async fn announced(referee: &Referee, players: usize) {
    let mut tx = referee.store().write().await.unwrap();
    let spec = TournamentSpec::round_robin("club", "chess", 7);
    referee.new_tournament(&mut tx, spec).await.unwrap();
    for i in 0..players {
        let words = referee
            .join_tournament(&mut tx, "club", &player(i))
            .await
            .unwrap();
        assert!(
            words.contains(&format!("It has {} entrants so far", i + 1)),
            "{words}"
        );
    }
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn entries_are_refused_in_the_players_terms_and_change_nothing() {
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    announced(&referee, 2).await;
    let mut tx = referee.store().write().await.unwrap();
    let refusal = |e: arbiter::referee::RefereeError| e.to_string();
    let again = referee
        .join_tournament(&mut tx, "club", &player(0))
        .await
        .unwrap_err();
    assert_eq!(refusal(again), "you have already joined tournament club");
    let unknown = referee
        .join_tournament(&mut tx, "winter", &player(0))
        .await
        .unwrap_err();
    assert!(refusal(unknown).contains("there is no tournament called \"winter\""));
    let few = referee
        .start_tournament(&mut tx, "club", "test")
        .await
        .unwrap_err();
    assert_eq!(
        refusal(few),
        "tournament club has 2 entrants: it needs at least 3 to start"
    );
    let spec = TournamentSpec::round_robin("bad name!", "chess", 7);
    assert!(
        refusal(referee.new_tournament(&mut tx, spec).await.unwrap_err())
            .contains("is not a tournament name")
    );
    let left = referee
        .leave_tournament(&mut tx, "club", &player(1), "test")
        .await
        .unwrap();
    assert!(left.words.contains("You have left tournament club") && left.notices.is_empty());
    referee
        .join_tournament(&mut tx, "club", &player(1))
        .await
        .unwrap();
    referee
        .join_tournament(&mut tx, "club", &player(2))
        .await
        .unwrap();
    referee
        .start_tournament(&mut tx, "club", "test")
        .await
        .unwrap();
    let late = referee
        .join_tournament(&mut tx, "club", &player(3))
        .await
        .unwrap_err();
    assert_eq!(
        refusal(late),
        "tournament club has already started: entries are closed"
    );
    let t = tournaments::by_name(&mut tx, "club")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(tournaments::entrants(&mut tx, t.id).await.unwrap().len(), 3);
    assert_eq!(tournaments::games(&mut tx, t.id).await.unwrap().len(), 3);
}

#[tokio::test]
async fn a_withdrawal_forfeits_the_unfinished_games_and_the_host_adjudicates() {
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    announced(&referee, 4).await;
    let mut tx = referee.store().write().await.unwrap();
    let notices = referee
        .start_tournament(&mut tx, "club", "test")
        .await
        .unwrap();
    assert_eq!(notices.len(), 12, "six games, two start mails each");
    assert!(
        notices[0]
            .events
            .iter()
            .any(|e| e.contains("This is a game of tournament club, section 1"))
    );
    let t = tournaments::by_name(&mut tx, "club")
        .await
        .unwrap()
        .unwrap();
    let games = tournaments::games(&mut tx, t.id).await.unwrap();
    let entrants = tournaments::entrants(&mut tx, t.id).await.unwrap();
    let address = |number: i64| {
        entrants
            .iter()
            .find(|e| e.number == Some(number))
            .unwrap()
            .address
            .clone()
    };

    // One game of number 1 is played out: Black resigns.
    let played = games
        .iter()
        .find(|g| g.white == 1 || g.black == 1)
        .unwrap()
        .clone();
    let end = referee
        .act(
            &mut tx,
            played.game_id,
            Seat::Black,
            &Command::Resign,
            "test",
        )
        .await
        .unwrap();
    assert!(
        end.iter().all(|n| n
            .events
            .iter()
            .any(|e| e.starts_with("Ratings (Chess): White "))),
        "the end mail's rating line"
    );
    assert!(end.iter().all(|n| {
        n.events
            .iter()
            .any(|e| e.contains("write `standings club`"))
    }));

    // Number 1 withdraws: the two others of their games are forfeits.
    let left = referee
        .leave_tournament(&mut tx, "club", &address(1), "test")
        .await
        .unwrap();
    assert!(
        left.words
            .contains("your 2 unfinished games are lost by forfeit"),
        "{}",
        left.words
    );
    assert_eq!(left.notices.len(), 4);
    let after = tournaments::games(&mut tx, t.id).await.unwrap();
    for g in &after {
        let expected = if g.game_id == played.game_id {
            Some("1-0")
        } else if g.white == 1 {
            Some("-/+")
        } else if g.black == 1 {
            Some("+/-")
        } else {
            None
        };
        assert_eq!(g.result.as_deref(), expected, "{g:?}");
    }
    // Only the game played out was rated.
    let rated = ratings::list(&mut tx, "chess").await.unwrap();
    assert_eq!(rated.len(), 2);
    assert!(rated.iter().all(|r| r.games == 1));
    let Err(twice) = referee
        .leave_tournament(&mut tx, "club", &address(1), "test")
        .await
    else {
        panic!("a second withdrawal is refused");
    };
    assert_eq!(
        twice.to_string(),
        "you have already withdrawn from tournament club"
    );

    // The host adjudicates a game between two others: a draw.
    let open = after.iter().find(|g| g.result.is_none()).unwrap();
    referee
        .adjudicate_tournament_game(&mut tx, "club", open.game_id, GameResult::Draw, "test")
        .await
        .unwrap();
    let stranger = referee
        .adjudicate_tournament_game(&mut tx, "club", 999, GameResult::Draw, "test")
        .await;
    assert!(
        stranger
            .unwrap_err()
            .to_string()
            .contains("is not a game of tournament club")
    );
    let text = referee.standings_text(&mut tx, "club").await.unwrap();
    assert!(
        text.contains(&format!(
            "{} (withdrew)",
            arbiter::referee::hidden_address(&address(1))
        )),
        "{text}"
    );
    // The withdrawn player's row: the game played out won, two forfeits.
    let row: Vec<&str> = text
        .lines()
        .find(|l| l.contains("(withdrew)"))
        .unwrap()
        .split_whitespace()
        .collect();
    let marks = &row[4..8];
    assert_eq!(marks.iter().filter(|m| **m == "-").count(), 2, "{text}");
    assert_eq!(marks.iter().filter(|m| **m == "1").count(), 1, "{text}");
    assert_eq!(row[8], "1", "one point: {text}");
    let t = tournaments::get(&mut tx, t.id).await.unwrap().unwrap();
    assert_eq!(t.status, "started");
    // The last two games end: the tournament is finished.
    for g in tournaments::games(&mut tx, t.id)
        .await
        .unwrap()
        .iter()
        .filter(|g| g.result.is_none())
    {
        referee
            .act(&mut tx, g.game_id, Seat::White, &Command::Resign, "test")
            .await
            .unwrap();
    }
    let t = tournaments::get(&mut tx, t.id).await.unwrap().unwrap();
    assert_eq!(t.status, "finished");
}

/// The computer is rated at its level, in the game's own list; a game
/// between two players in another game is in that game's list.
#[tokio::test]
async fn the_computer_is_rated_at_its_level_and_each_game_has_its_list() {
    let referee = Referee::new(Store::open_in_memory().await.unwrap());
    let mut tx = referee.store().write().await.unwrap();
    let options = ["level=3".to_string()];
    let (id, _) = referee
        .new_computer_game(
            &mut tx,
            arbiter::referee::ComputerRequest {
                player: "ann@x.test",
                game: "chess",
                options: &options,
                color: arbiter::command::ColorChoice::White,
                position: None,
            },
            "test",
        )
        .await
        .unwrap();
    referee
        .act(&mut tx, id, Seat::White, &Command::Resign, "test")
        .await
        .unwrap();
    let (other, _) = referee
        .create_game(
            &mut tx,
            "bluff-chess",
            "ann@x.test",
            "bo@x.test",
            &Options::default(),
            None,
        )
        .await
        .unwrap();
    referee
        .act(&mut tx, other, Seat::Black, &Command::Resign, "test")
        .await
        .unwrap();
    let chess: Vec<(String, i64)> = ratings::list(&mut tx, "chess")
        .await
        .unwrap()
        .into_iter()
        .map(|r| (r.player, r.rating.round() as i64))
        .collect();
    // Two new sides, one game: 1500 ± 162 (Glicko-2 from 1500/350).
    assert_eq!(
        chess,
        [
            ("computer:3".to_string(), 1662),
            ("ann@x.test".to_string(), 1338)
        ]
    );
    let bluff: Vec<String> = ratings::list(&mut tx, "bluff-chess")
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.player)
        .collect();
    assert_eq!(bluff, ["ann@x.test", "bo@x.test"]);
    let text = referee.ratings_text(&mut tx, Some("chess")).await.unwrap();
    assert!(
        text.contains("computer (level 3)") && text.contains("1662"),
        "{text}"
    );
}

/// The players on the chess rating list.
async fn rated_players(referee: &Referee) -> Vec<String> {
    let mut tx = referee.store().read().await.unwrap();
    ratings::list(&mut tx, "chess")
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.player)
        .collect()
}

/// A chess game challenged with `words`, accepted, and resigned by White.
async fn resigned_challenge(
    referee: &Referee,
    words: &[&str],
    opponent: &str,
) -> arbiter::referee::Issued {
    use arbiter::command::ColorChoice;
    use arbiter::referee::{Answered, ChallengeRequest};
    let mut tx = referee.store().write().await.unwrap();
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let issued = referee
        .challenge(
            &mut tx,
            ChallengeRequest {
                challenger: "ann@x.test",
                opponent,
                game: "chess",
                options: &words,
                color: ColorChoice::White,
            },
        )
        .await
        .unwrap();
    let Answered::Accepted { game_id, .. } = referee
        .answer_challenge(&mut tx, issued.id, opponent, true)
        .await
        .unwrap()
    else {
        panic!("accepted");
    };
    referee
        .act(&mut tx, game_id, Seat::White, &Command::Resign, "test")
        .await
        .unwrap();
    tx.commit().await.unwrap();
    issued
}

/// A game challenged with `rated=no` (between players, or against the
/// computer) ends without touching the ratings; the same game challenged
/// without it is rated.
#[tokio::test]
async fn a_game_challenged_with_rated_no_is_left_out_of_the_ratings() {
    use arbiter::command::ColorChoice;
    use arbiter::referee::{ChallengeRequest, ComputerRequest};
    let referee = Referee::new(Store::open_in_memory().await.unwrap());

    let issued = resigned_challenge(&referee, &["rated=no"], "bo@x.test").await;
    assert!(!issued.rated);
    assert!(
        rated_players(&referee).await.is_empty(),
        "an unrated game was rated"
    );

    let mut tx = referee.store().write().await.unwrap();
    let options = ["rated=no".to_string(), "level=1".to_string()];
    let (id, _) = referee
        .new_computer_game(
            &mut tx,
            ComputerRequest {
                player: "ann@x.test",
                game: "chess",
                options: &options,
                color: ColorChoice::White,
                position: None,
            },
            "test",
        )
        .await
        .unwrap();
    referee
        .act(&mut tx, id, Seat::White, &Command::Resign, "test")
        .await
        .unwrap();
    let refused = referee
        .challenge(
            &mut tx,
            ChallengeRequest {
                challenger: "ann@x.test",
                opponent: "bo@x.test",
                game: "chess",
                options: &["rated=maybe".to_string()],
                color: ColorChoice::White,
            },
        )
        .await;
    assert!(refused.is_err(), "rated=maybe is refused");
    tx.commit().await.unwrap();
    assert!(
        rated_players(&referee).await.is_empty(),
        "an unrated computer game was rated"
    );

    let issued = resigned_challenge(&referee, &[], "cy@x.test").await;
    assert!(issued.rated, "rated by default");
    let mut rated = rated_players(&referee).await;
    rated.sort();
    assert_eq!(
        rated,
        ["ann@x.test", "cy@x.test"],
        "the rated game was rated"
    );
}
