//! The board picture a game mail carries, read back as a mail program
//! reads it.

use mail_parser::{MessageParser, MimeHeaders, PartType};

/// A mail's board picture and the HTML that shows it.
pub struct Picture {
    /// Without angle brackets.
    pub content_id: String,
    pub png: Vec<u8>,
    pub html: String,
}

/// The board picture of a raw mail, if it has one, checked to be in the
/// shape mail programs show inline: a `multipart/related` holding the HTML
/// part and an `image/png` part (`Content-Disposition: inline`, a
/// Content-ID) that the HTML shows by `cid:`, with no `data:` URI anywhere,
/// beside a plain-text part in a `multipart/alternative`.
pub fn board_picture(raw: &[u8]) -> Option<Picture> {
    let message = MessageParser::default()
        .parse(raw)
        .expect("our mails parse");
    let is = |i: usize, ctype: &str, subtype: &str| {
        message.parts[i].content_type().is_some_and(|t| {
            t.ctype().eq_ignore_ascii_case(ctype)
                && t.subtype().is_some_and(|s| s.eq_ignore_ascii_case(subtype))
        })
    };
    let children = |i: usize| -> Vec<usize> {
        match &message.parts[i].body {
            PartType::Multipart(parts) => parts.iter().map(|p| *p as usize).collect(),
            _ => Vec::new(),
        }
    };
    let image = (0..message.parts.len()).find(|i| is(*i, "image", "png"))?;
    let related = (0..message.parts.len())
        .find(|i| is(*i, "multipart", "related") && children(*i).contains(&image))
        .expect("the picture is in a multipart/related");
    let html_part = children(related)
        .into_iter()
        .find(|i| is(*i, "text", "html"))
        .expect("beside the HTML part");
    let alternative = (0..message.parts.len())
        .find(|i| is(*i, "multipart", "alternative") && children(*i).contains(&related))
        .expect("the related part is the alternative to the text");
    assert!(
        children(alternative)
            .iter()
            .any(|i| is(*i, "text", "plain")),
        "with a plain-text part"
    );
    let part = &message.parts[image];
    assert!(
        part.content_disposition().is_some_and(|d| d.is_inline()),
        "the picture is inline"
    );
    let content_id = part
        .content_id()
        .expect("the picture has a Content-ID")
        .trim_matches(|c| c == '<' || c == '>')
        .to_string();
    let html = String::from_utf8(message.parts[html_part].contents().to_vec()).unwrap();
    assert!(
        html.contains(&format!("src=\"cid:{content_id}\"")),
        "the HTML shows the picture by its Content-ID: {html}"
    );
    assert!(!html.contains("data:"), "no data: URI in the HTML");
    let png = part.contents().to_vec();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
    Some(Picture {
        content_id,
        png,
        html,
    })
}
