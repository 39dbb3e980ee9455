//! HTML-only mail: the quoted history removed by its markup, then the rest
//! converted to text (which still goes through [`super::new_text`]).

/// The text of an HTML body without its quoted history: quoting elements
/// are removed before the conversion to text, and block elements become
/// line breaks (mail-parser's converter breaks lines only at `<br>` and
/// `</p>`, so `<div>Nf3</div><div>stay</div>` would read "Nf3stay").
///
/// Removed with their content: `<blockquote>` (Apple Mail's
/// `type="cite"`, Gmail's `class="gmail_quote"`, Thunderbird), and elements
/// whose tag names the classes `gmail_quote`, `gmail_attr`,
/// `gmail_signature`, `moz-cite-prefix`, `moz-signature` or `yahoo_quoted`.
/// Everything from Outlook's reply markers (`appendonsend`,
/// `divRplyFwdMsg`, `stopSpelling`, `OutlookMessageHeader`,
/// `mail-editor-reference-message-container`) to the end is removed.
/// Comments are removed. The result still needs [`new_text`] for
/// signatures and text-level attributions.
///
/// ```
/// use arbiter::mail::quote::html_to_text;
/// let html = r#"<div dir="ltr">Nf3<div>stay</div></div><br><div class="gmail_quote">On Mon wrote:<blockquote class="gmail_quote">Your move</blockquote></div>"#;
/// assert_eq!(html_to_text(html).split_whitespace().collect::<Vec<_>>(), ["Nf3", "stay"]);
/// ```
pub fn html_to_text(html: &str) -> String {
    mail_parser::decoders::html::html_to_text(&strip_html_quotes(html))
}

/// Tags after which a line starts.
const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "blockquote",
    "center",
    "dd",
    "div",
    "dl",
    "dt",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "li",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tr",
    "ul",
];

/// Class or id fragments of elements that hold quoted history or a
/// signature, removed with their content.
const QUOTE_MARKERS: &[&str] = &[
    "gmail_quote",
    "gmail_attr",
    "gmail_signature",
    "moz-cite-prefix",
    "moz-signature",
    "yahoo_quoted",
];

/// Class or id fragments after which everything is quoted history.
const HISTORY_MARKERS: &[&str] = &[
    "appendonsend",
    "divrplyfwdmsg",
    "stopspelling",
    "outlookmessageheader",
    "mail-editor-reference-message-container",
];

/// HTML with quoted history removed and block boundaries made `<br>`;
/// the other tags and text pass through for mail-parser's converter.
fn strip_html_quotes(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    // The element being removed: its tag name and nesting depth.
    let mut skipping: Option<(String, usize)> = None;
    let mut pre_depth = 0usize;
    // Whether the current output line has text: a block boundary breaks
    // the line only then, so `</div><div>` makes one break, not two.
    let mut line_has_text = false;
    let mut pos = 0;
    while pos < html.len() {
        let rest = &html[pos..];
        let next = rest.find('<').unwrap_or(rest.len());
        if skipping.is_none() {
            let text = &rest[..next];
            if pre_depth > 0 {
                out.push_str(&text.replace('\n', "<br>"));
                line_has_text = !text.ends_with('\n');
            } else {
                out.push_str(text);
                line_has_text |= !text.trim().is_empty();
            }
        }
        let rest = &rest[next..];
        if rest.is_empty() {
            break;
        }
        if let Some(comment) = rest.strip_prefix("<!--") {
            // Comments go, Outlook's conditional ones included.
            let len = comment.find("-->").map_or(rest.len(), |end| 4 + end + 3);
            pos += next + len;
            continue;
        }
        if !starts_tag(rest) {
            // A lone `<` in text ("1 < 2"): text, not the start of a tag
            // that would swallow what follows up to the next `>`.
            if skipping.is_none() {
                out.push_str("&lt;");
                line_has_text = true;
            }
            pos += next + 1;
            continue;
        }
        let tag_len = rest.find('>').map_or(rest.len(), |end| end + 1);
        let raw = &rest[..tag_len];
        pos += next + tag_len;
        let tag = Tag::parse(raw);

        if let Some((name, depth)) = &mut skipping {
            if let Some(tag) = &tag
                && tag.name == *name
            {
                if tag.closing {
                    *depth -= 1;
                    if *depth == 0 {
                        skipping = None;
                    }
                } else if !tag.self_closing {
                    *depth += 1;
                }
            }
            continue;
        }
        let Some(tag) = tag else {
            out.push_str(raw);
            continue;
        };
        let lower = raw.to_ascii_lowercase();
        if !tag.closing && HISTORY_MARKERS.iter().any(|m| lower.contains(m)) {
            break;
        }
        let mut line_break = || {
            if line_has_text {
                out.push_str("<br>");
                line_has_text = false;
            }
        };
        if !tag.closing
            && (tag.name == "blockquote" || QUOTE_MARKERS.iter().any(|m| lower.contains(m)))
        {
            line_break();
            if !tag.self_closing {
                skipping = Some((tag.name, 1));
            }
            continue;
        }
        if tag.name == "br" || (tag.name == "p" && tag.closing) {
            // mail-parser's converter breaks the line itself.
            line_has_text = false;
        } else if BLOCK_TAGS.contains(&tag.name.as_str()) {
            line_break();
        } else if tag.name == "td" || tag.name == "th" {
            out.push(' ');
        }
        if tag.name == "pre" {
            if tag.closing {
                pre_depth = pre_depth.saturating_sub(1);
            } else if !tag.self_closing {
                pre_depth += 1;
            }
        }
        out.push_str(raw);
    }
    out
}

/// Whether `rest`, which starts with `<`, starts a tag, an end tag or a
/// declaration (`<div`, `</div`, `<!DOCTYPE`).
fn starts_tag(rest: &str) -> bool {
    let mut chars = rest.chars().skip(1);
    match chars.next() {
        Some('/') => chars.next().is_some_and(|c| c.is_ascii_alphabetic()),
        Some(c) => c.is_ascii_alphabetic() || c == '!' || c == '?',
        None => false,
    }
}

/// A start or end tag, as far as quote stripping needs it.
struct Tag {
    /// Lower-cased.
    name: String,
    closing: bool,
    self_closing: bool,
}

impl Tag {
    /// `raw` runs from `<` to `>` (or to the end of the input).
    fn parse(raw: &str) -> Option<Tag> {
        let inner = raw.strip_prefix('<')?;
        let inner = inner.strip_suffix('>').unwrap_or(inner);
        let (closing, inner) = match inner.strip_prefix('/') {
            Some(rest) => (true, rest),
            None => (false, inner),
        };
        let name: String = inner
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        if name.is_empty() || !name.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        Some(Tag {
            name,
            closing,
            self_closing: inner.ends_with('/'),
        })
    }
}
