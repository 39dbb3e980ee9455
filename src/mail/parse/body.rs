//! A mail's body as the referee reads it: only what the sender wrote now
//! (no quoted history, signature or mobile footer: [`super::quote`]), as
//! candidate command lines, and those lines as commands. The one reading
//! for mail ([`super::parse`]) and for what the host types for a player
//! (`arbiter game play`), so that both give the same command.

use mail_parser::{Message, MimeHeaders, PartType};

use super::tag::is_tag;
use crate::command::{self, Command, CommandError, ConditionalLine};
use crate::mail::quote::{self, new_text};

/// At most this many command lines are taken from one mail.
pub const MAX_LINES: usize = 20;
/// A command line is cut to this many characters.
pub const MAX_LINE_CHARS: usize = 200;

/// A body as the referee reads it: the one reading for a mail ([`parse`])
/// and for what the host types for a player (`arbiter game play`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reading {
    /// Candidate command lines, in order: the new text's non-empty trimmed
    /// lines without `key:` lines, at most [`MAX_LINES`], each cut to
    /// [`MAX_LINE_CHARS`] characters.
    pub lines: Vec<String>,
    /// The tag of the first well-formed `key:` line, lower-cased.
    pub key: Option<String>,
}

/// Reads a plain-text body as the referee reads a mail's: only what the
/// sender wrote now ([`new_text`]: no quoted history, no signature, no
/// "Sent from my iPhone"), then its command lines.
///
/// ```
/// use arbiter::mail::parse::read_body;
/// assert_eq!(read_body("e4\n\nSent from my iPad").lines, ["e4"]);
/// assert_eq!(read_body("Nf3\n-- \nBob\nkey: 42.k3x9q").lines, ["Nf3"]);
/// ```
pub fn read_body(body: &str) -> Reading {
    read_new_text(&new_text(body))
}

/// The command lines and the key of a body's new text.
pub(super) fn read_new_text(text: &str) -> Reading {
    let mut reading = Reading::default();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(value) = key_line(line) {
            if reading.key.is_none() && is_tag(value) {
                reading.key = Some(value.to_lowercase());
            }
            continue;
        }
        if reading.lines.len() < MAX_LINES {
            reading.lines.push(truncate_chars(line, MAX_LINE_CHARS));
        }
    }
    reading
}

/// A body's lines as commands, as the referee tries them in a game.
#[derive(Debug)]
pub struct Commands<'a> {
    /// Every line but the conditional moves, in order, with its command or
    /// why it is none. The first that acts is the mail's command; a line
    /// the game reads as no move at all (a greeting) is passed over.
    pub tries: Vec<(&'a str, Result<Command, CommandError>)>,
    /// The conditional moves (`if ...` lines), set after the command they
    /// came with, or alone when there is none.
    pub conditionals: Vec<ConditionalLine>,
}

/// Splits `lines` ([`Reading::lines`]) into the commands to try and the
/// conditional moves.
pub fn commands(lines: &[String]) -> Commands<'_> {
    let mut commands = Commands {
        tries: Vec::new(),
        conditionals: Vec::new(),
    };
    for line in lines {
        match command::parse(line) {
            Ok(Command::Conditional(more)) => commands.conditionals.extend(more),
            parsed => commands.tries.push((line.as_str(), parsed)),
        }
    }
    commands
}

/// The subject as a command, for a mail whose new text has none: without
/// reply and forward prefixes; none for a reply subject that holds an
/// `[arbiter #N]` tag, or an empty one.
///
/// ```
/// use arbiter::mail::parse::subject_command;
/// assert_eq!(subject_command("Re: AW: challenge bob@example.test chess").as_deref(),
///            Some("challenge bob@example.test chess"));
/// assert_eq!(subject_command("Re: [arbiter #42] Bluff Chess: your move"), None);
/// ```
pub fn subject_command(subject: &str) -> Option<String> {
    const PREFIXES: &[&str] = &[
        "re", "fwd", "fw", "aw", "sv", "vs", "wg", "tr", "antw", "rif", "odp",
    ];
    let mut s = subject.trim();
    while let Some(colon) = s.find(':') {
        // "Re:", "RE[2]:", "Re (3):"
        let head = s[..colon].trim_end();
        let head = head
            .find(['[', '('])
            .map_or(head, |open| head[..open].trim_end());
        if !PREFIXES.iter().any(|p| head.eq_ignore_ascii_case(p)) {
            break;
        }
        s = s[colon + 1..].trim_start();
    }
    if s.to_lowercase().contains("[arbiter #") {
        return None;
    }
    let s = s.trim();
    (!s.is_empty()).then(|| truncate_chars(s, MAX_LINE_CHARS))
}

/// The new text of the body: the first text/plain body part (joined back
/// when `format=flowed`), or, for HTML-only mail or an empty text part,
/// the first HTML body part with its quoted history removed.
pub(super) fn body_new_text(message: &Message) -> String {
    if let Some(part) = message.text_part(0) {
        match &part.body {
            PartType::Text(text) => {
                let content_type = part.content_type();
                let param = |name: &str| {
                    content_type
                        .and_then(|ct| ct.attribute(name))
                        .map(str::trim)
                };
                let flowed = param("format").is_some_and(|v| v.eq_ignore_ascii_case("flowed"));
                let delsp = param("delsp").is_some_and(|v| v.eq_ignore_ascii_case("yes"));
                let text = if flowed {
                    quote::unflow(text, delsp)
                } else {
                    text.to_string()
                };
                let new = new_text(&text);
                if !new.is_empty() {
                    return new;
                }
            }
            PartType::Html(html) => return new_text(&quote::html_to_text(html)),
            _ => {}
        }
    }
    match message.html_part(0).map(|part| &part.body) {
        Some(PartType::Html(html)) => new_text(&quote::html_to_text(html)),
        _ => String::new(),
    }
}

/// The value of a `key:` line, if `line` is one.
fn key_line(line: &str) -> Option<&str> {
    let head = line.get(..4)?;
    head.eq_ignore_ascii_case("key:").then(|| line[4..].trim())
}

fn truncate_chars(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((end, _)) => s[..end].to_string(),
        None => s.to_string(),
    }
}
