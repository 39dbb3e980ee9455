//! The tournaments' pages (`tournaments/NAME.html`: each section's
//! crosstable, every finished game linked, the tiebreaks named) and the
//! rating lists (`ratings.html`, with the list of tournaments).

use minijinja::context;
use serde::Serialize;

use super::{STYLE, render, trusted};
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
    wins: u32,
    sb: String,
    between: String,
}

#[derive(Serialize)]
struct Section {
    number: i64,
    numbers: Vec<u32>,
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

/// The page of one tournament.
pub fn tournament_html(t: &SiteTournament) -> String {
    let sections: Vec<Section> = t
        .sections
        .iter()
        .map(|s| {
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
                    wins: r.wins,
                    sb: r.sonneborn_berger.to_string(),
                    between: r.between.to_string(),
                })
                .collect();
            Section {
                number: s.number,
                numbers: (1..=count).collect(),
                rows,
            }
        })
        .collect();
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
        }
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
