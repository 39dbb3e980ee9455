//! A strict reader of PGN's export format, as Arbiter writes it: the tag
//! pairs (the seven-tag roster first, in order), a blank line, then
//! movetext of move numbers, SAN (or `--`), `{comments}` and the result,
//! in lines of at most 79 characters. Anything else is an error.

/// A game read back.
#[derive(Debug, Default)]
pub struct Pgn {
    pub tags: Vec<(String, String)>,
    /// Each move: its number, whether Black's, its SAN (`--` for none) and
    /// the comments after it.
    pub moves: Vec<(u32, bool, String, Vec<String>)>,
    /// Comments after the last move (the termination).
    pub result: String,
}

impl Pgn {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

fn is_san(token: &str, extra_pieces: &str) -> bool {
    if token == "--" {
        return true;
    }
    let body = token.trim_end_matches(['+', '#']);
    if body == "O-O" || body == "O-O-O" {
        return true;
    }
    let (body, promotion) = match body.split_once('=') {
        Some((b, p)) => (b, Some(p)),
        None => (body, None),
    };
    if let Some(p) = promotion
        && !(p.len() == 1 && "QRBN".contains(p))
    {
        return false;
    }
    let chars: Vec<char> = body.chars().collect();
    let mut i = 0;
    if i < chars.len() && ("KQRBN".contains(chars[i]) || extra_pieces.contains(chars[i])) {
        i += 1;
    }
    let rest: String = chars[i..].iter().collect();
    let rest = rest.replacen('x', "", 1);
    let rest: Vec<char> = rest.chars().collect();
    // Destination last; before it at most a file, a rank, or both.
    let n = rest.len();
    if !(2..=4).contains(&n) {
        return false;
    }
    let square = |f: char, r: char| ('a'..='h').contains(&f) && ('1'..='8').contains(&r);
    if !square(rest[n - 2], rest[n - 1]) {
        return false;
    }
    match n {
        2 => true,
        3 => ('a'..='h').contains(&rest[0]) || ('1'..='8').contains(&rest[0]),
        _ => square(rest[0], rest[1]),
    }
}

/// Reads one game; `extra_pieces` are piece letters beyond K Q R B N that
/// the game's SAN uses (Rebel Chess's `U`).
pub fn read(text: &str, extra_pieces: &str) -> Result<Pgn, String> {
    for (n, line) in text.lines().enumerate() {
        if line.chars().count() > 79 {
            return Err(format!("line {} is {} long", n + 1, line.len()));
        }
    }
    let (head, movetext) = text
        .split_once("\n\n")
        .ok_or("no blank line after the tags")?;
    let mut pgn = Pgn::default();
    for line in head.lines() {
        let inner = line
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix("\"]"))
            .ok_or(format!("bad tag line {line:?}"))?;
        let (name, value) = inner.split_once(" \"").ok_or(format!("bad tag {line:?}"))?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("bad tag name {name:?}"));
        }
        let mut out = String::new();
        let mut chars = value.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => out.push(chars.next().ok_or("dangling escape")?),
                '"' => return Err(format!("unescaped quote in {line:?}")),
                c => out.push(c),
            }
        }
        pgn.tags.push((name.to_string(), out));
    }
    let names: Vec<&str> = pgn.tags.iter().take(7).map(|(n, _)| n.as_str()).collect();
    if names != ROSTER {
        return Err(format!("the seven-tag roster is not first: {names:?}"));
    }
    let expected_result = pgn.tag("Result").unwrap().to_string();

    // Tokens: comments may span lines.
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = movetext.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if c == '{' {
            chars.next();
            let mut comment = String::new();
            loop {
                match chars.next() {
                    Some('}') => break,
                    Some('{') => return Err("nested brace in a comment".into()),
                    Some(c) => comment.push(c),
                    None => return Err("unclosed comment".into()),
                }
            }
            tokens.push(format!("{{{comment}"));
        } else {
            let mut token = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '{' {
                    break;
                }
                token.push(c);
                chars.next();
            }
            tokens.push(token);
        }
    }
    let last = tokens.pop().ok_or("no result token")?;
    if last != expected_result || !["1-0", "0-1", "1/2-1/2", "*"].contains(&last.as_str()) {
        return Err(format!("result token {last:?}, tag {expected_result:?}"));
    }
    pgn.result = last;
    let mut number: Option<(u32, bool)> = None;
    for token in tokens {
        if let Some(comment) = token.strip_prefix('{') {
            let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
            match pgn.moves.last_mut() {
                Some(last) => last.3.push(comment),
                None => return Err("a comment before the first move".into()),
            }
        } else if let Some(n) = token.strip_suffix("...") {
            number = Some((
                n.parse().map_err(|_| format!("bad number {token:?}"))?,
                true,
            ));
        } else if let Some(n) = token.strip_suffix('.') {
            number = Some((
                n.parse().map_err(|_| format!("bad number {token:?}"))?,
                false,
            ));
        } else if is_san(&token, extra_pieces) {
            // Black's move without a number follows White's move.
            let (n, black) = match number.take() {
                Some(numbered) => numbered,
                None => match pgn.moves.last() {
                    Some(&(n, false, _, ref comments)) if comments.is_empty() => (n, true),
                    _ => return Err(format!("{token:?} has no move number")),
                },
            };
            if let Some(&(prev, prev_black, _, _)) = pgn.moves.last() {
                let next = if prev_black {
                    (prev + 1, false)
                } else {
                    (prev, true)
                };
                if (n, black) != next {
                    return Err(format!("{token:?} numbered {n} out of order"));
                }
            }
            pgn.moves.push((n, black, token, Vec::new()));
        } else {
            return Err(format!("unexpected token {token:?}"));
        }
    }
    Ok(pgn)
}
