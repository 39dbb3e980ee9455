//! What the sender wrote now, apart from the history their client quoted and
//! their signature. Pure and best-effort: no input makes these panic.
//!
//! Plain text: [`new_text`]. HTML-only mail: [`html_to_text`] first removes
//! the quoted history by its markup (`<blockquote>`, Gmail's `gmail_quote`,
//! Thunderbird's `moz-cite-prefix`, Outlook's `divRplyFwdMsg`) and then
//! converts to text, which goes through [`new_text`] as well.
//! Format=flowed bodies (RFC 3676) are joined back by [`unflow`].

mod flowed;
mod html;

pub use flowed::unflow;
pub use html::html_to_text;

/// Lines longer than this are not attribution lines ("On ... wrote:").
const MAX_ATTRIBUTION_CHARS: usize = 400;
/// Lines longer than this are not mobile signatures ("Sent from my iPhone").
const MAX_MOBILE_SIGNATURE_CHARS: usize = 80;

/// The part of a plain-text body that the sender wrote now.
///
/// Drops `>`-quoted lines wherever they are; everything from a line that
/// starts quoted history without `>` (`-----Original Message-----`, an
/// Outlook `From:`/`Sent:` header block, a `______` rule, a forwarded
/// message) or a signature (`-- `) to the end; attribution lines ("On ...
/// wrote:", also wrapped over two or three lines, and the French, German,
/// Spanish, Italian, Dutch, Scandinavian and Portuguese forms); and mobile
/// signatures ("Sent from my iPhone"). An attribution followed by `>` lines
/// is only dropped itself, so text written below the quote (bottom-posting)
/// is kept; an attribution followed by unquoted text (history pasted without
/// `>`) ends the new text. Blank lines are collapsed, and trailing white
/// space is removed from every line.
///
/// ```
/// use arbiter::mail::quote::new_text;
/// let top = "Nf3\n\nOn Mon, 3 Mar 2025, Arbiter wrote:\n> Your move.\n";
/// assert_eq!(new_text(top), "Nf3");
/// let bottom = "On Mon, 3 Mar 2025, Arbiter wrote:\n> Your move.\n\nNf3\n-- \nBob\n";
/// assert_eq!(new_text(bottom), "Nf3");
/// ```
pub fn new_text(body: &str) -> String {
    let lines: Vec<&str> = body
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let mut kept: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if is_quoted(line) {
            i += 1;
            continue;
        }
        let trimmed = line.trim();
        if is_signature_delimiter(trimmed)
            || is_history_separator(trimmed)
            || is_outlook_header_block(&lines[i..])
        {
            break;
        }
        if let Some(n) = attribution_len(&lines[i..]) {
            i += n;
            match lines[i..].iter().find(|l| !l.trim().is_empty()) {
                // The quote follows: drop it line by line and keep what the
                // sender wrote below it.
                Some(next) if is_quoted(next) => continue,
                // History without `>`, or nothing at all: the rest is old.
                _ => break,
            }
        }
        if !is_mobile_signature(trimmed) {
            kept.push(line.trim_end());
        }
        i += 1;
    }
    collapse_blank_lines(&kept)
}

fn is_quoted(line: &str) -> bool {
    line.trim_start().starts_with('>')
}

/// `-- ` (RFC 3676), or `--` from clients that trim trailing space.
fn is_signature_delimiter(trimmed: &str) -> bool {
    trimmed == "--"
}

/// A line after which everything is quoted history even without `>`.
fn is_history_separator(trimmed: &str) -> bool {
    if trimmed.chars().count() >= 20 && trimmed.chars().all(|c| c == '_') {
        return true;
    }
    let lower = trimmed.to_lowercase();
    if lower == "begin forwarded message:" {
        return true;
    }
    let dashed = lower.starts_with("---") && lower.ends_with("---");
    dashed
        && [
            "original message",
            "forwarded message",
            "ursprüngliche nachricht",
            "weitergeleitete nachricht",
            "message d'origine",
            "message d’origine",
            "message transféré",
            "mensaje original",
            "messaggio originale",
            "oorspronkelijk bericht",
        ]
        .iter()
        .any(|phrase| lower.contains(phrase))
}

/// The header block Outlook puts above the quoted message: `From:` and,
/// within the next three lines, `Sent:` or `Date:` (English, German,
/// French and Spanish labels; bold `*From:*` too).
fn is_outlook_header_block(lines: &[&str]) -> bool {
    const FROM: &[&str] = &["from:", "von:", "de:", "de :"];
    const SENT: &[&str] = &[
        "sent:",
        "date:",
        "gesendet:",
        "datum:",
        "envoyé:",
        "envoyé :",
        "enviado:",
        "fecha:",
    ];
    let label = |line: &str| line.trim().trim_start_matches('*').to_lowercase();
    let Some(first) = lines.first() else {
        return false;
    };
    let first = label(first);
    FROM.iter().any(|p| first.starts_with(p))
        && lines.iter().skip(1).take(3).any(|line| {
            let line = label(line);
            SENT.iter().any(|p| line.starts_with(p))
        })
}

/// How many lines (1 to 3) at the start of `lines` make an attribution.
fn attribution_len(lines: &[&str]) -> Option<usize> {
    let first = lines.first()?.trim();
    if first.is_empty() {
        return None;
    }
    if is_attribution(first) {
        return Some(1);
    }
    // Wrapped: the first line opens like an attribution, a later one ends it.
    if !opens_attribution(first) {
        return None;
    }
    let mut joined = first.to_string();
    for (n, line) in lines.iter().enumerate().skip(1).take(2) {
        let line = line.trim();
        if line.is_empty() || is_quoted(line) {
            return None;
        }
        joined.push(' ');
        joined.push_str(line);
        if is_attribution(&joined) {
            return Some(n + 1);
        }
    }
    None
}

/// Words that open an attribution, each with the verb that must follow.
const ATTRIBUTIONS: &[(&str, &str)] = &[
    ("on ", "wrote"),
    ("le ", "a écrit"),
    ("am ", "schrieb"),
    ("el ", "escribió"),
    ("il ", "ha scritto"),
    ("op ", "schreef"),
    ("den ", "skrev"),
    ("em ", "escreveu"),
];

fn opens_attribution(line: &str) -> bool {
    let lower = line.to_lowercase();
    ATTRIBUTIONS.iter().any(|(open, _)| lower.starts_with(open))
}

fn is_attribution(line: &str) -> bool {
    if line.chars().count() > MAX_ATTRIBUTION_CHARS {
        return false;
    }
    let lower = line.to_lowercase();
    let lower = lower.trim_end();
    if !lower.ends_with(':') {
        return false;
    }
    if lower.ends_with(" wrote:") || lower.ends_with(" schrieb:") {
        return true;
    }
    ATTRIBUTIONS
        .iter()
        .any(|(open, verb)| lower.starts_with(open) && lower.contains(verb))
}

/// "Sent from my iPhone" and its kin, in a few languages.
fn is_mobile_signature(trimmed: &str) -> bool {
    if trimmed.chars().count() > MAX_MOBILE_SIGNATURE_CHARS {
        return false;
    }
    let lower = trimmed.to_lowercase();
    const STARTS: &[&str] = &[
        "sent from my ",
        "sent from outlook",
        "sent from mail for ",
        "sent from yahoo mail",
        "sent from samsung",
        "sent from proton mail",
        "sent with proton mail",
        "get outlook for ",
        "envoyé de mon ",
        "envoyé depuis mon ",
        "enviado desde mi ",
        "enviado do meu ",
        "inviato da ",
        "verzonden vanaf mijn ",
        "skickat från min ",
    ];
    STARTS.iter().any(|s| lower.starts_with(s))
        || (lower.starts_with("von meinem ") && lower.ends_with("gesendet"))
}

/// Without leading and trailing blank lines, and with runs of blank lines
/// made one.
fn collapse_blank_lines(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut blank_pending = false;
    for line in lines {
        if line.trim().is_empty() {
            blank_pending = !out.is_empty();
            continue;
        }
        if blank_pending {
            out.push('\n');
            blank_pending = false;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn top_posted_reply_keeps_the_text_above_the_attribution() {
        let body = "Nf3\r\n\r\nOn Mon, 3 Mar 2025 at 10:00, Arbiter <referee+42.k3x9q@example.test> wrote:\r\n\r\n> Your move.\r\n> \r\n";
        assert_eq!(new_text(body), "Nf3");
    }

    #[test]
    fn bottom_posted_and_interleaved_replies_keep_unquoted_lines() {
        let body = "On 03/03/2025 10:00, Arbiter wrote:\n> Your move.\n> Board:\n\nNf3\n\n> Anything else?\n\nstay\n";
        assert_eq!(new_text(body), "Nf3\n\nstay");
    }

    #[test]
    fn attribution_wrapped_over_two_or_three_lines() {
        let two = "e4\n\nOn Mon, Mar 3, 2025 at 10:00 AM Arbiter Referee <\nreferee+42.k3x9q@example.test> wrote:\n\n> old\n";
        assert_eq!(new_text(two), "e4");
        let three = "e4\nOn Mon, Mar 3, 2025 at 10:00 AM\nArbiter Referee\n<referee@example.test> wrote:\n> old\n";
        assert_eq!(new_text(three), "e4");
        // A line that merely starts with "On" is text.
        assert_eq!(
            new_text("On second thought\nresign\n"),
            "On second thought\nresign"
        );
    }

    #[test]
    fn attribution_followed_by_unquoted_history_ends_the_new_text() {
        let body = "resign\nLe lun. 3 mars 2025 à 10:00, Arbiter <referee@example.test> a écrit :\nVotre coup.\n";
        assert_eq!(new_text(body), "resign");
        let body = "draw\nAm Mo., 3. März 2025 um 10:00 Uhr schrieb Arbiter <\nreferee@example.test>:\n\n> Sie sind am Zug.\n";
        assert_eq!(new_text(body), "draw");
    }

    #[test]
    fn outlook_separators_and_header_blocks_end_the_new_text() {
        assert_eq!(
            new_text("Nf3\n\n-----Original Message-----\nFrom: Arbiter\nYour move"),
            "Nf3"
        );
        assert_eq!(
            new_text(
                "Nf3\n\nFrom: Arbiter <referee@example.test>\nSent: Monday, March 3, 2025 10:00 AM\nTo: Bob\nYour move"
            ),
            "Nf3"
        );
        assert_eq!(
            new_text("Nf3\n________________________________\nFrom: Arbiter\nYour move"),
            "Nf3"
        );
        assert_eq!(
            new_text("resign\n\n---------- Forwarded message ---------\nFrom: Arbiter\ne4"),
            "resign"
        );
        assert_eq!(
            new_text("draw\n\n-----Ursprüngliche Nachricht-----\nVon: Arbiter"),
            "draw"
        );
        // A lone "From:" line is not a header block.
        assert_eq!(new_text("From: Bob\nNf3"), "From: Bob\nNf3");
    }

    #[test]
    fn signatures_are_dropped() {
        assert_eq!(new_text("Nf3\n-- \nBob Smith\n+1 555"), "Nf3");
        assert_eq!(new_text("Nf3\n--\nBob"), "Nf3");
        assert_eq!(new_text("Nf3\n\nSent from my iPhone\n"), "Nf3");
        assert_eq!(new_text("Nf3\n\nVon meinem iPhone gesendet"), "Nf3");
        // A move with dashes is not a delimiter.
        assert_eq!(new_text("O-O-O\n"), "O-O-O");
    }

    #[test]
    fn blank_lines_collapse() {
        assert_eq!(new_text("\n\n  \nHi Bob,\n\n\n\nNf3\n\n"), "Hi Bob,\n\nNf3");
        assert_eq!(new_text(""), "");
        assert_eq!(new_text("> only a quote"), "");
    }

    #[test]
    fn unflow_joins_flowed_lines_of_the_same_depth() {
        let body = "challenge alice@example.test bluff-chess days=3 \r\nas white\r\n> a long \r\n> quote\r\n-- \r\nBob\r\n";
        assert_eq!(
            unflow(body, false),
            "challenge alice@example.test bluff-chess days=3 as white\n> a long quote\n-- \nBob\n"
        );
        assert_eq!(unflow("ab \ncd", true), "abcd");
        assert_eq!(unflow(" >From here", false), ">From here");
        assert_eq!(unflow("", false), "");
        assert_eq!(unflow("a\n", false), "a\n");
    }

    #[test]
    fn html_quotes_are_removed_before_conversion() {
        let gmail = r#"<div dir="ltr">Hi Bob,<div>Nf3 stay</div><div>Cheers</div></div><br><div class="gmail_quote gmail_quote_container"><div dir="ltr" class="gmail_attr">On Mon, Mar 3, 2025 at 10:00 AM Arbiter &lt;<a href="mailto:referee@example.test">referee@example.test</a>&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px"><div>Your move. <div>nested</div></div></blockquote></div>"#;
        assert_eq!(new_text(&html_to_text(gmail)), "Hi Bob,\nNf3 stay\nCheers");

        let apple = r#"<html><head><meta charset="utf-8"><style>p{color:red}</style></head><body>e4<div><br><blockquote type="cite"><div>On 3 Mar 2025, at 10:00, Arbiter wrote:</div><blockquote type="cite">older</blockquote><div>Your move</div></blockquote></div></body></html>"#;
        assert_eq!(new_text(&html_to_text(apple)), "e4");

        let outlook = r#"<div>resign</div><div id="appendonsend"></div><hr><div id="divRplyFwdMsg"><b>From:</b> Arbiter</div><div>Your move</div>"#;
        assert_eq!(new_text(&html_to_text(outlook)), "resign");

        let thunderbird = r#"<div class="moz-cite-prefix">On 3/3/25 10:00, Arbiter wrote:<br></div><blockquote type="cite" cite="mid:x@y">Your move</blockquote><p>Nf3</p><pre class="moz-signature" cols="72">-- 
Bob</pre>"#;
        assert_eq!(new_text(&html_to_text(thunderbird)), "Nf3");
    }

    #[test]
    fn html_pre_keeps_its_lines_and_entities_decode() {
        let html = "<pre>Nf3\nstay</pre><p>caf&eacute; &amp; co</p>";
        assert_eq!(new_text(&html_to_text(html)), "Nf3\nstay\ncafé & co");
    }

    #[test]
    fn a_lone_less_than_sign_is_text() {
        let html = "<blockquote>if a < b</blockquote><div>e4 <- best</div>";
        assert_eq!(new_text(&html_to_text(html)), "e4 <- best");
    }

    #[test]
    fn broken_html_does_not_panic() {
        for html in [
            "<",
            "<<<>>>",
            "<blockquote>",
            "</blockquote></div>",
            "<!--",
            "<div class='gmail_quote'",
            "é<é>é</é",
            "<pre>\n</pre></pre>",
            "<a/><blockquote/>text",
        ] {
            let _ = new_text(&html_to_text(html));
        }
    }
}
