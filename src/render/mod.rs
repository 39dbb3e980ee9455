//! Turning notices and views into what people read: plain text (enough to
//! play on its own) and HTML from the templates in `templates/`, and the
//! board as a picture ([`picture`]).

pub mod diagram;
pub mod picture;

use std::sync::OnceLock;

use minijinja::{Environment, UndefinedBehavior, context};
use serde::Serialize;

use crate::referee::{Notice, NoticeKind, SpectatorNotice};
use crate::rules::{AnyView, Diagram, HistoryLine};

/// The templates, compiled into the binary so an installed referee needs no
/// template directory.
const TEMPLATES: &[(&str, &str)] = &[
    ("notice.txt", include_str!("../../templates/notice.txt")),
    ("view.txt", include_str!("../../templates/view.txt")),
    ("notice.html", include_str!("../../templates/notice.html")),
    ("plain.html", include_str!("../../templates/plain.html")),
    ("help.txt", include_str!("../../templates/help.txt")),
    ("watch.txt", include_str!("../../templates/watch.txt")),
    ("watch.html", include_str!("../../templates/watch.html")),
    ("digest.txt", include_str!("../../templates/digest.txt")),
    ("digest.html", include_str!("../../templates/digest.html")),
];

/// A template environment with the project's settings (a missing value is
/// an error; block tags leave no blank lines; `.html` names autoescape),
/// holding `templates`. A template that does not compile is a bug: panic.
pub(crate) fn environment_of(templates: &[(&'static str, &'static str)]) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_trim_blocks(true);
    env.set_lstrip_blocks(true);
    env.set_keep_trailing_newline(true);
    for (name, source) in templates {
        env.add_template(name, source)
            .unwrap_or_else(|e| panic!("template {name} does not compile: {e}"));
    }
    env
}

fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| environment_of(TEMPLATES))
}

fn render(name: &str, ctx: minijinja::Value) -> String {
    environment()
        .get_template(name)
        .and_then(|t| t.render(ctx))
        .unwrap_or_else(|e| panic!("template {name} does not render: {e:#}"))
}

#[derive(Serialize)]
struct ViewContext {
    diagram: String,
    legend: Vec<String>,
    facts: Vec<String>,
}

fn view_context(view: &AnyView) -> ViewContext {
    ViewContext {
        diagram: view
            .presentation()
            .diagram
            .as_ref()
            .map(diagram::text)
            .unwrap_or_default(),
        legend: view.presentation().legend.clone(),
        facts: view.presentation().facts.clone(),
    }
}

/// The board picture an HTML body shows: its part's Content-ID and size.
#[derive(Clone, Debug, Serialize)]
struct PictureContext {
    cid: String,
    width: u32,
    height: u32,
}

/// The board a notice's mail shows as a picture: its diagram, unless the
/// notice shows none (the move history).
pub fn notice_diagram(notice: &Notice) -> Option<&Diagram> {
    if notice.kind == NoticeKind::History {
        return None;
    }
    notice.view.view().presentation().diagram.as_ref()
}

/// The board picture of a notice's mail, as PNG (see [`notice_diagram`]).
pub fn notice_picture(notice: &Notice) -> Option<Vec<u8>> {
    notice_diagram(notice).map(picture::png)
}

/// The moves as numbered lines: `1. e4 e5`-style, one line per turn number.
pub fn history_text(history: &[HistoryLine]) -> String {
    let mut out = String::new();
    let mut current: Option<u32> = None;
    for line in history {
        if current != Some(line.number) {
            if current.is_some() {
                out.push('\n');
            }
            out.push_str(&format!("{}.", line.number));
            if line.seat == crate::rules::Seat::Black {
                out.push_str(" ...");
            }
            current = Some(line.number);
        }
        out.push(' ');
        out.push_str(&line.text);
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// The plain-text body of a notice.
pub fn notice_text(notice: &Notice) -> String {
    render("notice.txt", notice_context(notice))
}

/// The HTML body of a notice: the same content, with the board picture
/// shown from the mail part whose Content-ID is `picture_cid` (without angle
/// brackets), and the text board below it for readers who block images.
pub fn notice_html(notice: &Notice, picture_cid: Option<&str>) -> String {
    let picture = picture_context(notice_diagram(notice), picture_cid);
    let ctx = notice_context(notice);
    render("notice.html", context! { picture => picture, ..ctx })
}

/// The picture of `diagram` as an HTML body shows it from the part with
/// Content-ID `cid`.
fn picture_context(diagram: Option<&Diagram>, cid: Option<&str>) -> Option<PictureContext> {
    cid.zip(diagram).map(|(cid, d)| {
        let size = picture::size(d);
        PictureContext {
            cid: cid.to_string(),
            width: size.width,
            height: size.height,
        }
    })
}

/// The plain-text body of a spectator's mail.
pub fn spectator_text(notice: &SpectatorNotice, referee_address: &str) -> String {
    render("watch.txt", spectator_context(notice, referee_address))
}

/// The HTML body of a spectator's mail, with the board picture shown from
/// the part with Content-ID `picture_cid`.
pub fn spectator_html(
    notice: &SpectatorNotice,
    referee_address: &str,
    picture_cid: Option<&str>,
) -> String {
    let diagram = notice.view.view().presentation().diagram.as_ref();
    let picture = picture_context(diagram, picture_cid);
    let ctx = spectator_context(notice, referee_address);
    render("watch.html", context! { picture => picture, ..ctx })
}

fn spectator_context(notice: &SpectatorNotice, referee_address: &str) -> minijinja::Value {
    context! {
        id => notice.game_id,
        title => notice.game_title,
        white => notice.white,
        black => notice.black,
        welcome => notice.welcome,
        view => view_context(notice.view.view()),
        history => history_text(notice.view.view().history()),
        status_line => notice.status_line(),
        address => referee_address,
    }
}

/// One game of a digest: its notice and where its player writes to act.
pub struct DigestGame<'a> {
    pub notice: &'a Notice,
    pub reply_to: String,
    /// The Content-ID of its board picture in the mail.
    pub picture_cid: Option<String>,
}

/// The plain-text body of a daily digest.
pub fn digest_text(games: &[DigestGame<'_>]) -> String {
    render("digest.txt", digest_context(games))
}

/// The HTML body of a daily digest.
pub fn digest_html(games: &[DigestGame<'_>]) -> String {
    render("digest.html", digest_context(games))
}

fn digest_context(games: &[DigestGame<'_>]) -> minijinja::Value {
    let games: Vec<minijinja::Value> = games
        .iter()
        .map(|game| {
            let notice = game.notice;
            context! {
                id => notice.game_id,
                title => notice.game_title,
                seat => notice.seat.title(),
                opponent => notice.opponent,
                reply_to => game.reply_to,
                key => format!("{}.{}", notice.game_id, notice.secret),
                view => view_context(notice.view.view()),
                status_line => notice.status_line(),
                draw_offer => notice.draw_offer_line(),
                deadlines => notice.deadlines,
                picture => picture_context(notice_diagram(notice), game.picture_cid.as_deref()),
            }
        })
        .collect();
    context! { games => games }
}

/// Plain text in an HTML body (answers without a board).
pub fn plain_html(title: &str, text: &str) -> String {
    render("plain.html", context! { title => title, text => text })
}

/// The `help` answer.
pub fn help_text(referee_address: &str) -> String {
    let games: Vec<String> = crate::games::GAMES
        .iter()
        .map(|g| format!("{} ({})", g.name, g.title))
        .collect();
    render(
        "help.txt",
        context! { address => referee_address, games => games.join(", ") },
    )
}

/// Renders every template against sample data, so that a broken template
/// fails when the daemon starts rather than in a player's mail.
pub fn self_check() {
    let sample = AnyView::sample(
        crate::rules::Presentation {
            diagram: Some(crate::rules::Diagram::empty(
                &crate::rules::geometry::Geometry::rectangle(2, 2),
                crate::rules::Seat::White,
            )),
            legend: vec!["legend".into()],
            facts: vec!["fact".into()],
        },
        vec![HistoryLine {
            number: 1,
            seat: crate::rules::Seat::White,
            text: "e4".into(),
        }],
    );
    let _ = view_text("Sample", 1, &sample, "Your move.");
    let _ = plain_html("Sample", "text");
    let _ = help_text("referee@example.test");
    for kind in [
        "started", "accepted", "opponent", "referee", "reminder", "vacation", "show", "history",
        "refused",
    ] {
        let ctx = sample_notice_context(&sample, kind);
        let _ = render("notice.txt", ctx.clone());
        let picture = PictureContext {
            cid: "board.sample@example.test".into(),
            width: 100,
            height: 100,
        };
        let _ = render(
            "notice.html",
            context! { picture => Some(picture), ..ctx.clone() },
        );
        let _ = render(
            "notice.html",
            context! { picture => None::<PictureContext>, ..ctx },
        );
    }
    let sample_picture = Some(PictureContext {
        cid: "board.sample@example.test".into(),
        width: 100,
        height: 100,
    });
    for welcome in [true, false] {
        let ctx = context! {
            id => 1, title => "Sample", white => "a@example.test", black => "b@example.test",
            welcome => welcome, view => view_context(&sample),
            history => history_text(sample.history()), status_line => "Waiting for White.",
            address => "referee@example.test", picture => sample_picture.clone(),
        };
        let _ = render("watch.txt", ctx.clone());
        let _ = render("watch.html", ctx);
    }
    let game = context! {
        id => 1, title => "Sample", seat => "White", opponent => "b@example.test",
        reply_to => "referee+1.abc@example.test", key => "1.abc", view => view_context(&sample),
        status_line => "Your move.", draw_offer => Some("Black offers a draw."),
        deadlines => vec!["White must move by 2026-11-28 22:09 UTC."],
        picture => sample_picture,
    };
    for games in [vec![game.clone()], vec![game.clone(), game]] {
        let _ = render("digest.txt", context! { games => games.clone() });
        let _ = render("digest.html", context! { games => games });
    }
}

fn sample_notice_context(view: &AnyView, kind: &str) -> minijinja::Value {
    context! {
        id => 1, title => "Sample", game => "sample", seat => "White", opponent => "b@example.test",
        options => "", kind => kind, notation => "e4", events => vec!["event"],
        view => view_context(view), history => history_text(view.history()),
        status_line => "Your move.", seed_hash => Some("00"), seed => Some("00"), key => "1.abc",
        deadlines => vec!["White must move by 2026-11-28 22:09 UTC."], reason => "why",
        draw_offer => Some("Black offers a draw."),
    }
}

fn notice_context(notice: &Notice) -> minijinja::Value {
    let mut reason = String::new();
    let (kind, notation) = match &notice.kind {
        NoticeKind::Refused {
            command,
            reason: why,
        } => {
            reason = why.clone();
            ("refused", command.clone())
        }
        NoticeKind::Started => ("started", String::new()),
        NoticeKind::Accepted { notation } => ("accepted", notation.clone()),
        NoticeKind::OpponentActed => ("opponent", String::new()),
        NoticeKind::Referee => ("referee", String::new()),
        NoticeKind::Reminder => ("reminder", String::new()),
        NoticeKind::Vacation { until } => ("vacation", until.clone()),
        NoticeKind::Show => ("show", String::new()),
        NoticeKind::History => ("history", String::new()),
    };
    context! {
            id => notice.game_id,
            title => notice.game_title,
            game => notice.game_name,
            seat => notice.seat.title(),
            opponent => notice.opponent,
            options => notice.options,
            kind => kind,
            notation => notation,
            events => notice.events,
            view => view_context(notice.view.view()),
            history => history_text(notice.view.view().history()),
            status_line => notice.status_line(),
            seed_hash => notice.seed_hash,
            seed => notice.seed,
            key => format!("{}.{}", notice.game_id, notice.secret),
            deadlines => notice.deadlines,
            reason => reason,
            draw_offer => notice.draw_offer_line(),
    }
}

/// A view on its own (the host's `arbiter game show`).
pub fn view_text(title: &str, id: i64, view: &AnyView, status_line: &str) -> String {
    render(
        "view.txt",
        context! {
            id => id,
            title => title,
            view => view_context(view),
            history => history_text(view.history()),
            status_line => status_line,
        },
    )
}
