//! The grammar of what players write: one command per line. Pure: no I/O.
//!
//! Referee words (`resign`, `draw`, `show`, ...) are recognised here; any
//! other line is handed to the game as an action in its own notation.

/// Which side a challenger wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

/// One command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    /// The rules page of a game (of the current game when none is named).
    Rules(Option<String>),
    /// The games the sender plays.
    Games,
    Challenge {
        opponent: String,
        game: String,
        options: Vec<String>,
        color: ColorChoice,
    },
    Accept,
    /// Declines a challenge; in a game, declines a draw offer.
    Decline,
    Show,
    History,
    Resign,
    /// Offers a draw, accepts the opponent's offer, or claims one the rules
    /// allow.
    Draw,
    DeclineDraw,
    /// Stops the sender's clocks in all their games for so many days.
    Vacation(u32),
    /// Anything else: a game action in the game's own notation.
    Play(String),
}

/// A line that looks like a referee command but is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CommandError(pub String);

const CHALLENGE_FORM: &str = "challenge ADDRESS GAME [KEY=VALUE ...] [as white|black|random]";

/// Parses one line.
///
/// ```
/// use arbiter::command::{parse, Command};
/// assert_eq!(parse("Resign").unwrap(), Command::Resign);
/// assert_eq!(parse("  Nf3  ").unwrap(), Command::Play("Nf3".into()));
/// assert_eq!(parse("decline draw").unwrap(), Command::DeclineDraw);
/// ```
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = fold_fullwidth(line);
    let line = line.trim();
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err(CommandError(
            "The message holds no command. Write `help` for the list of commands.".into(),
        ));
    };
    let first = first.to_ascii_lowercase();
    let rest = &words[1..];
    let command = match (first.as_str(), rest) {
        ("help" | "?", []) => Command::Help,
        ("rules", []) => Command::Rules(None),
        ("rules", [game]) => Command::Rules(Some(game.to_ascii_lowercase())),
        ("games" | "list", []) => Command::Games,
        ("accept", []) => Command::Accept,
        ("decline", []) => Command::Decline,
        ("decline", [w]) if w.eq_ignore_ascii_case("draw") => Command::DeclineDraw,
        ("show" | "board", []) => Command::Show,
        ("history" | "moves", []) => Command::History,
        ("resign", []) => Command::Resign,
        ("vacation", [days]) => Command::Vacation(days.parse().map_err(|_| {
            CommandError(format!(
                "{days:?} is not a number of days. Write: vacation 7"
            ))
        })?),
        ("draw", []) => Command::Draw,
        ("offer" | "accept" | "claim", [w])
            if w.eq_ignore_ascii_case("draw") && first != "claim" =>
        {
            Command::Draw
        }
        ("challenge", _) => parse_challenge(rest)?,
        _ => Command::Play(line.to_string()),
    };
    Ok(command)
}

/// Folds fullwidth forms, as East Asian keyboards type them, to plain ASCII
/// (`ｅ４` reads `e4`), and the ideographic space to a space.
///
/// ```
/// assert_eq!(arbiter::command::fold_fullwidth("Ｎｆ３\u{3000}ｓｔａｙ"), "Nf3 stay");
/// ```
pub fn fold_fullwidth(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => {
                char::from_u32(c as u32 - 0xFF01 + 0x21).expect("in the ASCII range")
            }
            '\u{3000}' => ' ',
            other => other,
        })
        .collect()
}

/// The letters of `text` that only look like plain Latin ones (Cyrillic,
/// Greek, accented), named with their code points, for a refusal whose
/// text would otherwise look right to the player: `"е" is U+0435, a
/// Cyrillic letter`.
///
/// ```
/// let odd = arbiter::command::odd_letters("\u{0435}4").unwrap();
/// assert!(odd.contains("U+0435, a Cyrillic letter"));
/// assert_eq!(arbiter::command::odd_letters("Nf3"), None);
/// ```
pub fn odd_letters(text: &str) -> Option<String> {
    let mut named: Vec<String> = Vec::new();
    for c in text.chars().filter(|c| c.is_alphabetic() && !c.is_ascii()) {
        let script = match c as u32 {
            0x0370..=0x03FF => "a Greek letter",
            0x0400..=0x052F => "a Cyrillic letter",
            0x00C0..=0x024F => "an accented Latin letter",
            _ => "not a plain Latin letter",
        };
        let words = format!("\"{c}\" is U+{:04X}, {script}", c as u32);
        if !named.contains(&words) {
            named.push(words);
        }
    }
    (!named.is_empty()).then(|| {
        format!(
            "{}; write moves with plain Latin letters and digits",
            named.join(", ")
        )
    })
}

fn parse_challenge(words: &[&str]) -> Result<Command, CommandError> {
    let [opponent, game, rest @ ..] = words else {
        return Err(CommandError(format!(
            "Write a challenge as: {CHALLENGE_FORM}"
        )));
    };
    if !opponent.contains('@') {
        return Err(CommandError(format!(
            "{opponent:?} is not a mail address. Write: {CHALLENGE_FORM}"
        )));
    }
    let mut options = Vec::new();
    let mut color = ColorChoice::Random;
    let mut i = 0;
    while i < rest.len() {
        let word = rest[i];
        if word.eq_ignore_ascii_case("as") {
            color = match rest.get(i + 1).map(|w| w.to_ascii_lowercase()).as_deref() {
                Some("white") => ColorChoice::White,
                Some("black") => ColorChoice::Black,
                Some("random") => ColorChoice::Random,
                _ => {
                    return Err(CommandError(format!(
                        "After `as` write white, black or random. {CHALLENGE_FORM}"
                    )));
                }
            };
            i += 2;
        } else if word.contains('=') {
            options.push(word.to_string());
            i += 1;
        } else {
            return Err(CommandError(format!(
                "I did not understand {word:?} in the challenge. {CHALLENGE_FORM}"
            )));
        }
    }
    Ok(Command::Challenge {
        opponent: opponent
            .trim_matches(|c| c == '<' || c == '>')
            .to_ascii_lowercase(),
        game: game.to_ascii_lowercase(),
        options,
        color,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn referee_words_in_any_case_and_moves_pass_through() {
        assert_eq!(parse("HELP").unwrap(), Command::Help);
        assert_eq!(
            parse("rules bluff-chess").unwrap(),
            Command::Rules(Some("bluff-chess".into()))
        );
        assert_eq!(parse("offer draw").unwrap(), Command::Draw);
        assert_eq!(parse("accept draw").unwrap(), Command::Draw);
        assert_eq!(parse("draw").unwrap(), Command::Draw);
        // `claim draw` is the game's own action (a rules claim), not an offer.
        assert_eq!(
            parse("claim draw").unwrap(),
            Command::Play("claim draw".into())
        );
        assert_eq!(
            parse("e2e4 stay").unwrap(),
            Command::Play("e2e4 stay".into())
        );
        assert!(parse("   ").is_err());
        assert_eq!(parse("Vacation 7").unwrap(), Command::Vacation(7));
        assert!(parse("vacation soon").is_err());
    }

    #[test]
    fn challenges() {
        assert_eq!(
            parse("challenge Bob@Example.test rebel-chess version=2 as black").unwrap(),
            Command::Challenge {
                opponent: "bob@example.test".into(),
                game: "rebel-chess".into(),
                options: vec!["version=2".into()],
                color: ColorChoice::Black,
            }
        );
        assert!(matches!(
            parse("challenge bob@example.test chess").unwrap(),
            Command::Challenge {
                color: ColorChoice::Random,
                ..
            }
        ));
        assert!(parse("challenge bob chess").is_err());
        assert!(parse("challenge bob@example.test").is_err());
        assert!(parse("challenge bob@example.test chess as purple").is_err());
        assert!(parse("challenge bob@example.test chess please").is_err());
    }
}
