//! Headers written in raw 8-bit text that is not UTF-8.
//!
//! RFC 6532 allows raw 8-bit headers only in UTF-8; older clients still
//! write the sender's name and the subject in their own charset, declared
//! nowhere (`From: René …` in Latin-1). Read as UTF-8 those bytes become
//! U+FFFD, and a player's public name (their first From's display name)
//! would be `Ren� Lefèvre` on every standings page. Such a header is read
//! again in the charset the message declares for its text (the client
//! wrote both), else in Windows-1252, the usual undeclared one.

use mail_parser::decoders::charsets::map::charset_decoder;
use mail_parser::{HeaderName, Message, MessageParser, MimeHeaders};

/// The header's value decoded as the message's text charset, when its raw
/// bytes are not UTF-8; `None` when they are (the parser read them right).
fn redecoded(message: &Message, name: HeaderName) -> Option<String> {
    let header = message
        .headers()
        .iter()
        .find(|header| header.name == name)?;
    let raw = message
        .raw_message()
        .get(header.offset_start as usize..header.offset_end as usize)?;
    if std::str::from_utf8(raw).is_ok() {
        return None;
    }
    let decode = declared_charset(message)
        .and_then(|charset| charset_decoder(charset.as_bytes()))
        .or_else(|| charset_decoder(b"windows-1252"))?;
    Some(decode(raw))
}

/// The first charset a part of the message declares for its text.
fn declared_charset<'m>(message: &'m Message) -> Option<&'m str> {
    message.parts.iter().find_map(|part| {
        part.content_type()
            .and_then(|content_type| content_type.attribute("charset"))
            .filter(|charset| !charset.eq_ignore_ascii_case("utf-8"))
    })
}

/// The From's display name read again from undeclared 8-bit bytes.
pub(super) fn from_name(message: &Message) -> Option<String> {
    let value = redecoded(message, HeaderName::From)?;
    // The decoded value is UTF-8 now: let the parser read the address list
    // (quotes, comments, encoded words) as it reads any From.
    let header = format!("From:{value}\r\n\r\n");
    let reparsed = MessageParser::default().parse(header.as_bytes())?;
    let name = reparsed
        .from()?
        .first()?
        .name
        .as_deref()?
        .trim()
        .to_string();
    (!name.is_empty()).then_some(name)
}

/// The subject read again from undeclared 8-bit bytes.
pub(super) fn subject(message: &Message) -> Option<String> {
    let value = redecoded(message, HeaderName::Subject)?;
    let header = format!("Subject:{value}\r\n\r\n");
    let reparsed = MessageParser::default().parse(header.as_bytes())?;
    Some(reparsed.subject()?.trim().to_string())
}
