//! Turning notices and views into what people read: plain text (enough to
//! play on its own) from the templates in `templates/`.

pub mod diagram;

use std::sync::OnceLock;

use minijinja::{Environment, UndefinedBehavior, context};
use serde::Serialize;

use crate::referee::{Notice, NoticeKind};
use crate::rules::{AnyView, HistoryLine};

/// The templates, compiled into the binary so an installed referee needs no
/// template directory.
const TEMPLATES: &[(&str, &str)] = &[
    ("notice.txt", include_str!("../../templates/notice.txt")),
    ("view.txt", include_str!("../../templates/view.txt")),
];

fn environment() -> &'static Environment<'static> {
    static ENV: OnceLock<Environment<'static>> = OnceLock::new();
    ENV.get_or_init(|| {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_trim_blocks(true);
        env.set_lstrip_blocks(true);
        for (name, source) in TEMPLATES {
            env.add_template(name, source)
                .unwrap_or_else(|e| panic!("template {name} does not compile: {e}"));
        }
        env
    })
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
            .presentation
            .diagram
            .as_ref()
            .map(diagram::text)
            .unwrap_or_default(),
        legend: view.presentation.legend.clone(),
        facts: view.presentation.facts.clone(),
    }
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
    let (kind, notation) = match &notice.kind {
        NoticeKind::Started => ("started", String::new()),
        NoticeKind::Accepted { notation } => ("accepted", notation.clone()),
        NoticeKind::OpponentActed => ("opponent", String::new()),
        NoticeKind::Show => ("show", String::new()),
        NoticeKind::History => ("history", String::new()),
    };
    render(
        "notice.txt",
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
            view => view_context(&notice.view),
            history => history_text(&notice.view.history),
            status_line => notice.status_line(),
            seed_hash => notice.seed_hash,
            seed => notice.seed,
        },
    )
}

/// A view on its own (the host's `arbiter game show`).
pub fn view_text(title: &str, id: i64, view: &AnyView, status_line: &str) -> String {
    render(
        "view.txt",
        context! {
            id => id,
            title => title,
            view => view_context(view),
            history => history_text(&view.history),
            status_line => status_line,
        },
    )
}
