//! The tournaments' pages (`tournaments/NAME.html`: each section's
//! crosstable, every finished game linked, the tiebreaks named) and the
//! rating lists (`ratings.html`, with the list of tournaments).

use minijinja::context;
use serde::Serialize;

use super::{STYLE, render, trusted};
use crate::tournament::swiss::{self, Bye};
use crate::tournament::{Game, standings};

/// A tournament as its page shows it.
pub struct SiteTournament {
    pub name: String,
    pub title: String,
    pub format: String,
    pub rated: bool,
    pub status: String,
    pub sections: Vec<SiteSection>,
}

/// One section: its players by starting number, its games, and for each
/// game its id once it has a page (finished), else `None`.
pub struct SiteSection {
    pub number: i64,
    pub players: Vec<String>,
    pub games: Vec<Game>,
    pub pages: Vec<Option<i64>>,
    /// A Swiss's byes and the rounds paired so far; `None` for a round
    /// robin section.
    pub swiss: Option<(Vec<Bye>, u32)>,
}

/// One game's rating list.
pub struct SiteRatings {
    pub title: String,
    /// Player, rating, deviation, games; best first.
    pub rows: Vec<(String, f64, f64, i64)>,
}

#[derive(Serialize)]
struct Mark {
    text: String,
    /// The game whose page the mark links to.
    game: Option<i64>,
}

#[derive(Serialize)]
struct Row {
    place: u32,
    number: u32,
    name: String,
    cells: Vec<Vec<Mark>>,
    points: String,
    tiebreaks: Vec<String>,
}

#[derive(Serialize)]
struct Section {
    number: i64,
    /// The crosstable's columns: the starting numbers (round robin) or the
    /// rounds (Swiss).
    columns: Vec<String>,
    tiebreaks: Vec<&'static str>,
    rows: Vec<Row>,
}

/// The marks of `player` against `other`, one a game in round order, each
/// linked to the game's page when it has one.
fn marks(section: &SiteSection, player: u32, other: u32) -> Vec<Mark> {
    let mut games: Vec<usize> = (0..section.games.len())
        .filter(|&i| {
            let g = &section.games[i];
            (g.white == player && g.black == other) || (g.white == other && g.black == player)
        })
        .collect();
    games.sort_by_key(|&i| section.games[i].round);
    games
        .into_iter()
        .map(|i| Mark {
            text: standings::cell(&section.games[i..=i], player, other),
            game: section.pages[i],
        })
        .collect()
}

/// A round robin section: one column an opponent.
fn round_robin_section(s: &SiteSection) -> Section {
    let count = s.players.len() as u32;
    let rows = standings::standings(count, &s.games)
        .into_iter()
        .map(|r| Row {
            place: r.place,
            number: r.player,
            name: s.players[r.player as usize - 1].clone(),
            cells: (1..=count)
                .map(|o| {
                    if o == r.player {
                        vec![Mark {
                            text: "×".into(),
                            game: None,
                        }]
                    } else {
                        marks(s, r.player, o)
                    }
                })
                .collect(),
            points: r.points.to_string(),
            tiebreaks: vec![
                r.wins.to_string(),
                r.sonneborn_berger.to_string(),
                r.between.to_string(),
            ],
        })
        .collect();
    Section {
        number: s.number,
        columns: (1..=count).map(|n| n.to_string()).collect(),
        tiebreaks: vec!["Wins", "Sonneborn-Berger", "Between the tied"],
        rows,
    }
}

/// A Swiss: one column a round (opponent, colour, result).
fn swiss_section(s: &SiteSection, byes: &[Bye], rounds: u32) -> Section {
    let count = s.players.len() as u32;
    let rows = swiss::standings::standings(count, &s.games, byes, rounds)
        .into_iter()
        .map(|r| Row {
            place: r.place,
            number: r.player,
            name: s.players[r.player as usize - 1].clone(),
            cells: (1..=rounds)
                .map(|round| {
                    let game = s.games.iter().position(|g| {
                        g.round == round && (g.white == r.player || g.black == r.player)
                    });
                    vec![Mark {
                        text: swiss::standings::mark(&s.games, byes, r.player, round),
                        game: game.and_then(|i| s.pages[i]),
                    }]
                })
                .collect(),
            points: r.points.to_string(),
            tiebreaks: vec![
                r.buchholz_cut1.to_string(),
                r.buchholz.to_string(),
                r.sonneborn_berger.to_string(),
            ],
        })
        .collect();
    Section {
        number: s.number,
        columns: (1..=rounds).map(|r| format!("R{r}")).collect(),
        tiebreaks: swiss::standings::TIEBREAKS.to_vec(),
        rows,
    }
}

/// The page of one tournament.
pub fn tournament_html(t: &SiteTournament) -> String {
    let sections: Vec<Section> = t
        .sections
        .iter()
        .map(|s| match &s.swiss {
            Some((byes, rounds)) => swiss_section(s, byes, *rounds),
            None => round_robin_section(s),
        })
        .collect();
    let swiss = t.sections.iter().any(|s| s.swiss.is_some());
    render(
        "tournament.html",
        context! {
            style => trusted(STYLE),
            name => t.name,
            title => t.title,
            format => t.format,
            rated => if t.rated { "rated" } else { "not rated" },
            status => t.status,
            sections => sections,
            swiss => swiss,
        },
    )
}

/// The rating lists, with the tournaments (name, game title, format,
/// status).
pub fn ratings_html(
    lists: &[SiteRatings],
    tournaments: &[(String, String, String, String)],
) -> String {
    let lists: Vec<_> = lists
        .iter()
        .map(|l| {
            let rows: Vec<_> = l
                .rows
                .iter()
                .map(|(player, rating, deviation, games)| {
                    context! {
                        player => player,
                        rating => rating.round() as i64,
                        deviation => deviation.round() as i64,
                        games => games,
                    }
                })
                .collect();
            context! { title => l.title, rows => rows }
        })
        .collect();
    let tournaments: Vec<_> = tournaments
        .iter()
        .map(|(name, title, format, status)| context! { name => name, title => title, format => format, status => status })
        .collect();
    render(
        "ratings.html",
        context! { style => trusted(STYLE), lists => lists, tournaments => tournaments },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::{GameResult, round_robin_games};

    fn section() -> SiteSection {
        let mut games = round_robin_games(3, false);
        games[0].result = Some(GameResult::WhiteWins);
        let pages = games
            .iter()
            .enumerate()
            .map(|(i, g)| g.result.map(|_| i as i64 + 40))
            .collect();
        SiteSection {
            number: 1,
            players: vec!["a@x.test".into(), "<b>@x.test".into(), "c@x.test".into()],
            games,
            pages,
            swiss: None,
        }
    }

    #[test]
    fn a_swiss_page_has_a_column_a_round_and_names_its_tiebreaks() {
        use crate::tournament::Game;
        let games = vec![
            Game {
                round: 1,
                white: 1,
                black: 2,
                result: Some(GameResult::WhiteWins),
            },
            Game {
                round: 2,
                white: 3,
                black: 1,
                result: None,
            },
        ];
        let byes = vec![
            Bye {
                round: 1,
                player: 3,
            },
            Bye {
                round: 2,
                player: 2,
            },
        ];
        let t = SiteTournament {
            name: "open".into(),
            title: "Chess".into(),
            format: "swiss/5".into(),
            rated: true,
            status: "started".into(),
            sections: vec![SiteSection {
                number: 1,
                players: vec!["a@x.test".into(), "b@x.test".into(), "c@x.test".into()],
                pages: vec![Some(40), None],
                games,
                swiss: Some((byes, 2)),
            }],
        };
        let html = tournament_html(&t);
        assert!(html.contains("<th>R1</th><th>R2</th><th>Points</th><th>Buchholz Cut 1</th><th>Buchholz</th><th>Sonneborn-Berger</th>"), "{html}");
        assert!(
            html.contains("<a href=\"../games/40.html\">2w1</a>"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"../games/40.html\">1b0</a>"),
            "{html}"
        );
        assert!(html.contains("<td class=\"cell\">3b*</td>"), "{html}");
        assert_eq!(
            html.matches("<td class=\"cell\">bye</td>").count(),
            2,
            "{html}"
        );
        assert!(!html.contains("Section 1"), "{html}");
    }

    #[test]
    fn a_tournament_page_links_each_finished_game_and_names_the_tiebreaks() {
        let t = SiteTournament {
            name: "club".into(),
            title: "Chess".into(),
            format: "round-robin/7".into(),
            rated: true,
            status: "started".into(),
            sections: vec![section()],
        };
        let html = tournament_html(&t);
        assert!(html.contains("<h1>Tournament club</h1>"));
        assert!(
            html.contains("<a href=\"../games/40.html\">1</a>"),
            "{html}"
        );
        assert!(html.contains("<a href=\"../games/40.html\">0</a>"));
        assert_eq!(
            html.matches("../games/").count(),
            2,
            "only the finished game links"
        );
        assert!(html.contains("Sonneborn-Berger") && html.contains("Between the tied"));
        // Players' text is escaped.
        assert!(html.contains("&lt;b&gt;@x.test") && !html.contains("<b>@x.test"));
    }

    #[test]
    fn the_rating_page_lists_each_game_and_the_tournaments() {
        let lists = [SiteRatings {
            title: "Bluff Chess".into(),
            rows: vec![
                ("a@x.test".into(), 1662.3, 290.2, 1),
                ("computer:2".into(), 1337.7, 290.2, 1),
            ],
        }];
        let html = ratings_html(
            &lists,
            &[(
                "club".into(),
                "Chess".into(),
                "round-robin/7".into(),
                "started".into(),
            )],
        );
        assert!(html.contains("Ratings: Bluff Chess"));
        assert!(
            html.contains("<td>a@x.test</td><td>1662</td><td>290</td><td>1</td>"),
            "{html}"
        );
        assert!(html.contains("<a href=\"tournaments/club.html\">club</a>"));
        assert!(ratings_html(&[], &[]).contains("No game has been rated yet."));
    }
}
