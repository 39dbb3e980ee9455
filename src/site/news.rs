//! What a game told, as a visitor reads it: the mails' sentences without
//! what was there for a player to check by hand (long hashes, salts, the
//! shell line that computes a commitment), which the page's Commitments
//! and Seed tables give in full; and a legend's text drawings (Superial
//! Chess's square-colour map) kept as drawings instead of lines of a list.

use serde::Serialize;

/// A text as the page shows it: `text` without the brackets and sentences
/// that give hashes or salts or a shell hint, and whether anything was
/// left out. `None` when nothing else is left.
pub(super) fn plain(text: &str) -> Option<(String, bool)> {
    let unbracketed = without_technical_brackets(text);
    let mut kept: Vec<&str> = Vec::new();
    let mut dropped = unbracketed != text;
    for sentence in sentences(&unbracketed) {
        if is_technical(sentence) {
            dropped = true;
        } else {
            kept.push(sentence);
        }
    }
    let plain = kept.join(" ");
    (!plain.is_empty()).then_some((plain, dropped))
}

/// Whether a text gives what only a check by hand needs: a run of 16 hex
/// digits or more (a salt, a commitment, a seed), or a shell command.
fn is_technical(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        run = if c.is_ascii_hexdigit() { run + 1 } else { 0 };
        if run >= 16 {
            return true;
        }
    }
    text.contains("sha256sum")
}

/// `text` without its bracketed parts that are technical (brackets inside
/// brackets go with them), and without the space before each.
fn without_technical_brackets(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = matching_bracket(&rest[open..]).map(|c| open + c) else {
            break;
        };
        let inside = &rest[open..=close];
        if is_technical(inside) {
            out.push_str(rest[..open].trim_end());
        } else {
            out.push_str(&rest[..=close]);
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Where the bracket opening `text` closes.
fn matching_bracket(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// The sentences of a text: each ends with `.` followed by a space, or
/// with the text (`1...Nf6` and `4.Qxf7#` have no space after the dot).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices(". ") {
        out.push(text[start..=i].trim());
        start = i + 2;
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// A legend line, or a drawing in text with its caption.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(super) struct LegendItem {
    pub text: String,
    /// The drawing's lines (a text board), kept as they are drawn.
    pub drawing: Option<String>,
}

/// A legend as the page shows it: a line that starts with a space
/// continues the drawing captioned by the line before (Superial Chess's
/// `Square colours (# black, - white):` over ` 6  - # - # - #`), so it is
/// shown as a drawing, not as lines of a list.
pub(super) fn legend(lines: &[String]) -> Vec<LegendItem> {
    let mut items: Vec<LegendItem> = Vec::new();
    for line in lines {
        let continues = line.starts_with(' ');
        match items.last_mut() {
            Some(last) if continues => {
                let drawing = last.drawing.get_or_insert_with(String::new);
                if !drawing.is_empty() {
                    drawing.push('\n');
                }
                drawing.push_str(line);
            }
            _ => items.push(LegendItem {
                text: line.clone(),
                drawing: None,
            }),
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: &str = "a commitment is the SHA-256, in hex, of the text's UTF-8 bytes, a '|' \
                        and the salt's hex text (for example: printf '%s' 'stay|SALT' | sha256sum)";

    fn hex(n: usize) -> String {
        "3f2a9c".chars().cycle().take(n).collect()
    }

    #[test]
    fn a_reveal_keeps_its_decision_and_loses_its_salt_commitment_and_shell_hint() {
        let text = format!(
            "Black's sealed decision was: transfer e7 (salt {}, commitment {}; {RULE}).",
            hex(32),
            hex(64)
        );
        assert_eq!(
            plain(&text),
            Some(("Black's sealed decision was: transfer e7.".into(), true))
        );
        let sealed = format!(
            "Black has made a sealed decision (commitment {}; it is revealed with its salt \
             after the next move, and {RULE}).",
            hex(64)
        );
        assert_eq!(
            plain(&sealed),
            Some(("Black has made a sealed decision.".into(), true))
        );
    }

    #[test]
    fn a_sentence_that_gives_hashes_goes_and_the_others_stay() {
        let text = format!(
            "Both setups are in; each side now sees the other's up faces. Commitments: White \
             {}, Black {}; each setup is revealed with its salt when the game ends, and {RULE}. \
             White moves first.",
            hex(64),
            hex(64)
        );
        assert_eq!(
            plain(&text),
            Some((
                "Both setups are in; each side now sees the other's up faces. White moves first."
                    .into(),
                true
            ))
        );
        let setup = format!(
            "Your setup is in: d1=R/R hand=NB. Its commitment is {}; the salt stays sealed \
             until the game ends.",
            hex(64)
        );
        assert_eq!(
            plain(&setup),
            Some(("Your setup is in: d1=R/R hand=NB.".into(), true))
        );
    }

    #[test]
    fn plain_news_is_left_as_it_is() {
        for text in [
            "White played Qxf7#",
            "Checkmate: White wins.",
            "Last move: 4.Qxf7#",
            "Kxd1 is not a death move, so your decision (stay) is not needed and was ignored.",
            "Black played b6-b5=X. White resigned. Black wins.",
        ] {
            assert_eq!(plain(text), Some((text.to_string(), false)), "{text}");
        }
    }

    #[test]
    fn a_text_that_is_only_a_hash_is_left_out() {
        assert_eq!(plain(&format!("Commitment {}.", hex(64))), None);
    }

    #[test]
    fn a_text_drawing_in_a_legend_stays_a_drawing() {
        let lines: Vec<String> = [
            "Square colours (# black, - white):",
            " 6  - # - # - #",
            " 5  # - # - # -",
            "    a b c d e f",
            "Wo W+ WX: White's pusher, hopper, slasher",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            legend(&lines),
            vec![
                LegendItem {
                    text: "Square colours (# black, - white):".into(),
                    drawing: Some(" 6  - # - # - #\n 5  # - # - # -\n    a b c d e f".into()),
                },
                LegendItem {
                    text: "Wo W+ WX: White's pusher, hopper, slasher".into(),
                    drawing: None,
                },
            ]
        );
    }
}
