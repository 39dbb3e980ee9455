//! PGN for the games whose board and moves are chess's (chess, Bluff Chess,
//! Rebel Chess): the seven standard tags, `Variant` for the others,
//! `SetUp`/`FEN` for a game from a position, `Termination`, SAN movetext
//! with move numbers, what the moves do not say in `{comments}`, and the
//! result; no line longer than 80 characters (PGN's export format).

use super::Archive;
use crate::rules::{Ending, Seat};

/// The longest line written (PGN export format: below 80 characters).
pub const LINE: usize = 79;

/// The game as PGN, `None` for a game whose board or moves are not chess's.
/// `site` is the referee's address (`?` when unknown).
pub fn write(archive: &Archive, site: &str) -> Option<String> {
    let score = archive.score.as_ref()?;
    let result = archive.result.as_deref().unwrap_or("*");
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    };
    tag("Event", &format!("Arbiter game #{}", archive.id));
    tag("Site", if site.is_empty() { "?" } else { site });
    tag("Date", &date(&archive.created));
    tag("Round", "-");
    tag("White", &archive.players.white);
    tag("Black", &archive.players.black);
    tag("Result", result);
    if let Some(variant) = score.variant {
        tag("Variant", variant);
    }
    if let Some(fen) = &archive.start_fen {
        tag("SetUp", "1");
        tag("FEN", fen);
    }
    tag("Termination", termination(archive.ending.as_ref()));
    out.push('\n');

    let mut tokens: Vec<String> = Vec::new();
    // After a comment (or at the start) a Black move repeats its number.
    let mut numbered = false;
    for turn in &score.turns {
        match turn.seat {
            Seat::White => tokens.push(format!("{}.", turn.number)),
            Seat::Black if !numbered => tokens.push(format!("{}...", turn.number)),
            Seat::Black => {}
        }
        tokens.push(turn.san.clone().unwrap_or_else(|| "--".to_string()));
        numbered = true;
        for comment in &turn.comments {
            push_comment(&mut tokens, comment);
            numbered = false;
        }
    }
    if let Some(reason) = &archive.reason {
        push_comment(&mut tokens, reason);
    }
    tokens.push(result.to_string());
    out.push_str(&wrap(&tokens));
    out.push('\n');
    Some(out)
}

/// A comment as tokens (one a word, so that it wraps), braces attached;
/// a `}` inside would end it early and becomes `)`.
fn push_comment(tokens: &mut Vec<String>, text: &str) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let last = words.len().saturating_sub(1);
    for (i, word) in words.iter().enumerate() {
        let word = word.replace('}', ")");
        let mut token = String::new();
        if i == 0 {
            token.push('{');
        }
        token.push_str(&word);
        if i == last {
            token.push('}');
        }
        tokens.push(token);
    }
    if words.is_empty() {
        tokens.push("{}".to_string());
    }
}

/// Tokens joined by spaces into lines of at most [`LINE`] characters.
fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > LINE {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(token);
    }
    out.push_str(&line);
    out
}

/// A tag value with PGN's two escapes.
fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// `2026-11-24T08:00:00Z` as `2026.11.24` (`????.??.??` if unreadable).
fn date(created: &str) -> String {
    match created.get(..10) {
        Some(day) if day.as_bytes().iter().filter(|&&b| b == b'-').count() == 2 => {
            day.replace('-', ".")
        }
        _ => "????.??.??".to_string(),
    }
}

/// PGN's `Termination` value for how a game ended.
fn termination(ending: Option<&Ending>) -> &'static str {
    match ending {
        None => "unterminated",
        Some(Ending::OutOfTime(_) | Ending::BothOutOfTime) => "time forfeit",
        Some(Ending::Adjudicated(_)) => "adjudication",
        Some(_) => "normal",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_wrap_at_tokens_within_the_limit() {
        let tokens: Vec<String> = (0..100).map(|i| format!("tok{i}")).collect();
        let text = wrap(&tokens);
        assert!(text.lines().all(|l| l.len() <= LINE));
        assert_eq!(text.split_whitespace().count(), 100);
    }

    #[test]
    fn comments_cannot_close_early_and_tags_escape() {
        let mut tokens = Vec::new();
        push_comment(&mut tokens, "a } b");
        assert_eq!(tokens, ["{a", ")", "b}"]);
        assert_eq!(escape(r#"x"y\z"#), r#"x\"y\\z"#);
        assert_eq!(date("2026-11-24T08:00:00Z"), "2026.11.24");
        assert_eq!(date("bad"), "????.??.??");
    }
}
