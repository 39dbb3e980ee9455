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
    /// A game against the referee's computer, which starts at once:
    /// `challenge computer GAME [KEY=VALUE ...] [level=1..3] [as SIDE]`
    /// (`level` stays among the options; the referee takes it out).
    ChallengeComputer {
        game: String,
        options: Vec<String>,
        /// The challenger's side.
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
    /// Asks for the spectator's mails of a public game after each move.
    Watch(i64),
    /// Stops those mails.
    Unwatch(i64),
    /// How the sender wants to hear of their opponents' moves.
    Notify(NotifyMode),
    /// Asks to take back one's last move, or agrees to the opponent's ask.
    Takeback,
    DeclineTakeback,
    /// Ends the game with no result, before the sender's first move.
    Abort,
    /// Conditional moves: `if Nf6 then Bg5; if d5 then exd5`. Each line is
    /// the opponent's move and the answer, then the opponent's next move and
    /// the next answer, and so on.
    Conditional(Vec<ConditionalLine>),
    /// Cancels the sender's conditional moves in the game.
    CancelConditional,
    /// Enters a tournament: `join NAME`.
    Join(String),
    /// Takes back an entry before the start, withdraws after it:
    /// `leave NAME`.
    Leave(String),
    /// A tournament's crosstable and tiebreaks: `standings NAME`.
    Standings(String),
    /// The tournaments, open and started: `tournaments`.
    Tournaments,
    /// A game's rating list, or every game's: `ratings [GAME]`.
    Ratings(Option<String>),
    /// The sender's public name, shown instead of their address in
    /// standings, rating lists and the archive site: `name Alice Smith`.
    Name(String),
    /// Anything else: a game action in the game's own notation.
    Play(String),
}

/// How a player hears of their opponents' moves (`notify each|digest`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotifyMode {
    /// A mail after each move (the default).
    Each,
    /// At most one mail a day listing every game waiting for the player.
    Digest,
}

impl NotifyMode {
    pub fn name(self) -> &'static str {
        match self {
            NotifyMode::Each => "each",
            NotifyMode::Digest => "digest",
        }
    }

    pub fn parse(text: &str) -> Option<NotifyMode> {
        match text.to_ascii_lowercase().as_str() {
            "each" => Some(NotifyMode::Each),
            "digest" | "daily" => Some(NotifyMode::Digest),
            _ => None,
        }
    }
}

/// One line of conditional moves: pairs of (the opponent's move, the
/// answer), in the order they would be played, as the player wrote them.
pub type ConditionalLine = Vec<(String, String)>;

/// A line that looks like a referee command but is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct CommandError(pub String);

const CHALLENGE_FORM: &str = "challenge ADDRESS GAME [KEY=VALUE ...] [as white|black|random] \
     (or, against the referee's computer: challenge computer GAME [level=1..3] [as ...])";

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
        ("watch", [id]) => Command::Watch(game_number(id, "watch")?),
        ("unwatch", [id]) => Command::Unwatch(game_number(id, "unwatch")?),
        ("notify", [mode]) => Command::Notify(NotifyMode::parse(mode).ok_or_else(|| {
            CommandError(format!(
                "{mode:?} is not a way to be told. Write `notify each` (a mail after every move) \
                 or `notify digest` (at most one mail a day)."
            ))
        })?),
        ("takeback", []) => Command::Takeback,
        ("offer" | "accept", [w]) if w.eq_ignore_ascii_case("takeback") => Command::Takeback,
        ("decline", [w]) if w.eq_ignore_ascii_case("takeback") => Command::DeclineTakeback,
        ("abort", []) => Command::Abort,
        ("if", [w]) if w.eq_ignore_ascii_case("none") => Command::CancelConditional,
        ("cancel", [w]) if w.to_ascii_lowercase().starts_with("conditional") => {
            Command::CancelConditional
        }
        ("if", _) => Command::Conditional(parse_conditional(line)?),
        ("offer" | "accept" | "claim", [w])
            if w.eq_ignore_ascii_case("draw") && first != "claim" =>
        {
            Command::Draw
        }
        ("challenge", _) => parse_challenge(rest)?,
        ("join", [name]) => Command::Join(name.to_string()),
        ("leave", [name]) => Command::Leave(name.to_string()),
        ("standings", [name]) => Command::Standings(name.to_string()),
        ("join" | "leave" | "standings", _) => {
            return Err(CommandError(format!(
                "Name the tournament: {first} NAME (write `tournaments` for the list)."
            )));
        }
        ("tournaments", []) => Command::Tournaments,
        ("ratings", []) => Command::Ratings(None),
        ("ratings", [game]) => Command::Ratings(Some(game.to_ascii_lowercase())),
        ("name", []) => {
            return Err(CommandError(
                "Write the name you want to be shown by: name Alice Smith".into(),
            ));
        }
        ("name", words) => Command::Name(words.join(" ")),
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

/// `12` or `#12`.
fn game_number(word: &str, command: &str) -> Result<i64, CommandError> {
    word.trim_start_matches('#')
        .parse()
        .ok()
        .filter(|id: &i64| *id > 0)
        .ok_or_else(|| CommandError(format!("Write the game's number: {command} 12")))
}

const CONDITIONAL_FORM: &str = "Write conditional moves as: if Nf6 then Bg5; if d5 then exd5 (a line may go on: \
     if Nf6 then Bg5 if Be7 then Bxf6)";

/// `if A then B [if C then D ...] [; if E then F ...]`: each clause a line.
fn parse_conditional(line: &str) -> Result<Vec<ConditionalLine>, CommandError> {
    let mut lines = Vec::new();
    for clause in line.split(';').map(str::trim).filter(|c| !c.is_empty()) {
        let words: Vec<&str> = clause.split_whitespace().collect();
        let mut pairs = Vec::new();
        let mut rest = words.as_slice();
        while !rest.is_empty() {
            let [r#if, rest_after_if @ ..] = rest else {
                unreachable!("rest is not empty")
            };
            if !r#if.eq_ignore_ascii_case("if") {
                return Err(CommandError(format!(
                    "I expected `if` before {:?}. {CONDITIONAL_FORM}",
                    rest.join(" ")
                )));
            }
            let then = rest_after_if
                .iter()
                .position(|w| w.eq_ignore_ascii_case("then"))
                .ok_or_else(|| CommandError(format!("`if` without `then`. {CONDITIONAL_FORM}")))?;
            let next_if = rest_after_if[then + 1..]
                .iter()
                .position(|w| w.eq_ignore_ascii_case("if"))
                .map(|i| i + then + 1)
                .unwrap_or(rest_after_if.len());
            let theirs = rest_after_if[..then].join(" ");
            let ours = rest_after_if[then + 1..next_if].join(" ");
            if rest_after_if[then + 1..next_if]
                .iter()
                .any(|w| w.eq_ignore_ascii_case("then"))
            {
                return Err(CommandError(format!(
                    "`then` without its `if` in {clause:?}. {CONDITIONAL_FORM}"
                )));
            }
            if theirs.is_empty() || ours.is_empty() {
                return Err(CommandError(format!(
                    "Each `if` needs a move before and after `then`. {CONDITIONAL_FORM}"
                )));
            }
            pairs.push((theirs, ours));
            rest = &rest_after_if[next_if..];
        }
        lines.push(pairs);
    }
    if lines.is_empty() {
        return Err(CommandError(CONDITIONAL_FORM.to_string()));
    }
    Ok(lines)
}

fn parse_challenge(words: &[&str]) -> Result<Command, CommandError> {
    let [opponent, game, rest @ ..] = words else {
        return Err(CommandError(format!(
            "Write a challenge as: {CHALLENGE_FORM}"
        )));
    };
    let computer = opponent.eq_ignore_ascii_case("computer");
    if !computer && !opponent.contains('@') {
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
    if computer {
        return Ok(Command::ChallengeComputer {
            game: game.to_ascii_lowercase(),
            options,
            color,
        });
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
    fn tournaments_and_ratings() {
        assert_eq!(
            parse("join Autumn-2026").unwrap(),
            Command::Join("Autumn-2026".into())
        );
        assert_eq!(
            parse("LEAVE autumn").unwrap(),
            Command::Leave("autumn".into())
        );
        assert_eq!(
            parse("standings club").unwrap(),
            Command::Standings("club".into())
        );
        assert_eq!(parse("tournaments").unwrap(), Command::Tournaments);
        assert_eq!(
            parse("Name  Alice   Smith").unwrap(),
            Command::Name("Alice Smith".into())
        );
        assert!(parse("name").is_err());
        assert_eq!(parse("ratings").unwrap(), Command::Ratings(None));
        assert_eq!(
            parse("Ratings Bluff-Chess").unwrap(),
            Command::Ratings(Some("bluff-chess".into()))
        );
        for bad in ["join", "leave a b", "standings"] {
            let e = parse(bad).unwrap_err().0;
            assert!(e.contains("Name the tournament"), "{bad}: {e}");
        }
    }

    #[test]
    fn habits() {
        assert_eq!(parse("watch #12").unwrap(), Command::Watch(12));
        assert_eq!(parse("Unwatch 12").unwrap(), Command::Unwatch(12));
        assert!(parse("watch twelve").is_err());
        assert!(parse("watch 0").is_err());
        assert_eq!(
            parse("notify digest").unwrap(),
            Command::Notify(NotifyMode::Digest)
        );
        assert_eq!(
            parse("notify EACH").unwrap(),
            Command::Notify(NotifyMode::Each)
        );
        assert!(parse("notify weekly").is_err());
        assert_eq!(parse("takeback").unwrap(), Command::Takeback);
        assert_eq!(parse("accept takeback").unwrap(), Command::Takeback);
        assert_eq!(parse("decline takeback").unwrap(), Command::DeclineTakeback);
        assert_eq!(parse("abort").unwrap(), Command::Abort);
        assert_eq!(parse("if none").unwrap(), Command::CancelConditional);
        assert_eq!(
            parse("cancel conditionals").unwrap(),
            Command::CancelConditional
        );
    }

    #[test]
    fn conditional_moves() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            parse("if Nf6 then Bg5; IF d5 THEN exd5").unwrap(),
            Command::Conditional(vec![vec![pair("Nf6", "Bg5")], vec![pair("d5", "exd5")]])
        );
        assert_eq!(
            parse("if Nf6 then Bg5 if Be7 then Bxf6").unwrap(),
            Command::Conditional(vec![vec![pair("Nf6", "Bg5"), pair("Be7", "Bxf6")]])
        );
        // Moves of more than one word (a game's own notation) are kept whole.
        assert_eq!(
            parse("if e7e5 stay then g1f3 stay").unwrap(),
            Command::Conditional(vec![vec![pair("e7e5 stay", "g1f3 stay")]])
        );
        for bad in [
            "if Nf6",
            "if then Bg5",
            "if Nf6 then",
            "if Nf6 then Bg5 Be7 then Bxf6;",
        ] {
            let error = parse(bad).map(|_| ()).unwrap_err();
            assert!(error.0.contains("if Nf6 then Bg5"), "{bad}: {error}");
        }
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
        assert_eq!(
            parse("Challenge Computer Chess level=3 as black").unwrap(),
            Command::ChallengeComputer {
                game: "chess".into(),
                options: vec!["level=3".into()],
                color: ColorChoice::Black,
            }
        );
        assert!(parse("challenge computer").is_err());
        assert!(parse("challenge computer chess strongly").is_err());
        assert!(parse("challenge bob@example.test").is_err());
        assert!(parse("challenge bob@example.test chess as purple").is_err());
        assert!(parse("challenge bob@example.test chess please").is_err());
    }
}
