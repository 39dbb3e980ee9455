//! Format=flowed bodies (RFC 3676): soft line breaks joined back into the
//! lines the sender typed.

/// Joins the lines of a `format=flowed` body (RFC 3676) back into the
/// paragraphs the sender typed: a line ending in a space continues on the
/// next line of the same quote depth. Space-stuffing is undone; with
/// `delsp` the trailing space of a flowed line is deleted when joining.
/// The signature delimiter `-- ` is never joined.
///
/// ```
/// use arbiter::mail::quote::unflow;
/// assert_eq!(unflow("challenge alice@example.test \nchess\n", false), "challenge alice@example.test chess\n");
/// ```
pub fn unflow(body: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(body.len());
    let ends_with_newline = body.ends_with('\n');
    let body = body.strip_suffix('\n').unwrap_or(body);
    // The paragraph being joined: its quote depth and its text.
    let mut open: Option<(usize, String)> = None;
    for line in body.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let content = &line[depth..];
        let content = content.strip_prefix(' ').unwrap_or(content);
        let flowed = content.ends_with(' ') && content != "-- ";
        let mut text = match open.take() {
            Some((d, text)) if d == depth => text,
            Some((d, text)) => {
                push_flowed_line(&mut out, d, &text);
                String::new()
            }
            None => String::new(),
        };
        if flowed {
            // The trailing space is ASCII: slicing it off is safe.
            let piece = if delsp {
                &content[..content.len() - 1]
            } else {
                content
            };
            text.push_str(piece);
            open = Some((depth, text));
        } else {
            text.push_str(content);
            push_flowed_line(&mut out, depth, &text);
        }
    }
    if let Some((depth, text)) = open {
        push_flowed_line(&mut out, depth, &text);
    }
    if !ends_with_newline {
        out.pop();
    }
    out
}

fn push_flowed_line(out: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        out.push('>');
    }
    if depth > 0 && !text.is_empty() {
        out.push(' ');
    }
    out.push_str(text);
    out.push('\n');
}
