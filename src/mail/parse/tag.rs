//! The reply tag a referee's address or a `key:` line carries
//! (`42.k3x9q`): read here once, for the address and for the body.

/// Whether `s` has the syntax of a reply tag: an optional `c` (a
/// challenge), digits, a dot, then letters and digits, as in `42.k3x9q`
/// or `c17.ab3de`. Case is ignored.
///
/// ```
/// use arbiter::mail::parse::is_tag;
/// assert!(is_tag("42.k3x9q") && is_tag("c17.AB3DE"));
/// assert!(!is_tag("42") && !is_tag("x.k3x9q") && !is_tag("42.k3 x9q"));
/// ```
pub fn is_tag(s: &str) -> bool {
    let s = s
        .strip_prefix('c')
        .or_else(|| s.strip_prefix('C'))
        .unwrap_or(s);
    let Some((number, secret)) = s.split_once('.') else {
        return false;
    };
    s.len() <= 64
        && !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && !secret.is_empty()
        && secret.bytes().all(|b| b.is_ascii_alphanumeric())
}
