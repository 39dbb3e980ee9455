//! Golden tests of mail parsing: every `tests/data/eml/NNN-name.eml` is
//! parsed for the referee `referee@example.test` and compared with the
//! `Inbound` in `NNN-name.json` beside it. After a deliberate change, run
//! with `BLESS=1` to rewrite the JSON files, then read the diff.
//!
//! Plus properties: parsing never panics, on arbitrary bytes nor on
//! mutations of the sample mails.

use std::fs;
use std::path::{Path, PathBuf};

use arbiter::mail::parse::{Inbound, new_text, parse};
use arbiter::mail::quote::html_to_text;
use proptest::prelude::*;
use serde_json::Value;

const REFEREE: &str = "referee@example.test";

fn eml_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/eml")
}

/// The sample mails, sorted by name.
fn samples() -> Vec<(PathBuf, Vec<u8>)> {
    let mut paths: Vec<PathBuf> = fs::read_dir(eml_dir())
        .expect("tests/data/eml")
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let raw = fs::read(&path).expect("readable sample");
            (path, raw)
        })
        .collect()
}

/// Field by field: what was expected and what came.
fn diff(expected: &Inbound, actual: &Inbound) -> String {
    let expected = serde_json::to_value(expected).expect("serialisable");
    let actual = serde_json::to_value(actual).expect("serialisable");
    let (Value::Object(expected), Value::Object(actual)) = (expected, actual) else {
        unreachable!("Inbound serialises to an object")
    };
    let mut out = String::new();
    for (field, want) in &expected {
        let got = actual.get(field).unwrap_or(&Value::Null);
        if want != got {
            out.push_str(&format!(
                "    {field}:\n      expected {want}\n      actual   {got}\n"
            ));
        }
    }
    out
}

fn pretty(inbound: &Inbound) -> String {
    serde_json::to_string_pretty(inbound).expect("serialisable") + "\n"
}

#[test]
fn golden_mails_parse_as_expected() {
    let bless = std::env::var_os("BLESS").is_some();
    let samples = samples();
    let mut failures = Vec::new();
    for (path, raw) in &samples {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let actual = parse(raw, REFEREE);
        let json_path = path.with_extension("json");
        if bless {
            fs::write(&json_path, pretty(&actual)).expect("writable golden file");
            continue;
        }
        let Ok(text) = fs::read_to_string(&json_path) else {
            failures.push(format!(
                "{name}: no {} (BLESS=1 writes it); actual:\n{}",
                json_path.display(),
                pretty(&actual)
            ));
            continue;
        };
        let expected: Inbound = match serde_json::from_str(&text) {
            Ok(expected) => expected,
            Err(e) => {
                failures.push(format!("{name}: bad expected JSON: {e}"));
                continue;
            }
        };
        if expected != actual {
            failures.push(format!("{name}:\n{}", diff(&expected, &actual)));
        }
    }
    assert!(
        samples.len() >= 50,
        "only {} golden mails in {}",
        samples.len(),
        eml_dir().display()
    );
    assert!(
        failures.is_empty(),
        "{} of {} golden mails differ (BLESS=1 rewrites the expectations):\n{}",
        failures.len(),
        samples.len(),
        failures.join("\n")
    );
}

#[test]
fn every_expectation_has_its_mail() {
    for entry in fs::read_dir(eml_dir()).expect("tests/data/eml") {
        let path = entry.expect("directory entry").path();
        if path.extension().is_some_and(|ext| ext == "json") {
            assert!(
                path.with_extension("eml").exists(),
                "{} has no .eml beside it",
                path.display()
            );
        }
    }
}

/// Found by `scripts/fuzz` (mail_parse): a multipart with a broken
/// boundary around nested `message/rfc822` parts trips a `debug_assert!`
/// in mail-parser ("Invalid part ID, could not find multipart"), a panic
/// in every debug build, tests included. Release builds recover and so
/// must every build (see `[profile.dev.package.mail-parser]`).
#[test]
fn nested_rfc822_parts_in_a_broken_multipart_do_not_panic() {
    let raw = b"F <\nContent-Type: multipart/m\xff\xff\n boundary=-\n\n-----FA\r\n\
Content-Type: message/rfc822\r\n\r\nFc\nContent-Type: message/rfc822; v\n\r\r\n\n------";
    let inbound = parse(raw, REFEREE);
    assert_eq!(inbound.from, None);
    assert!(inbound.automatic.is_none() && inbound.tag.is_none());
}

/// One edit of a sample mail.
#[derive(Clone, Debug)]
enum Edit {
    Flip(prop::sample::Index, u8),
    Insert(prop::sample::Index, Vec<u8>),
    Delete(prop::sample::Index, usize),
    Truncate(prop::sample::Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Bytes that matter to mail syntax come often.
    let interesting = prop_oneof![
        any::<u8>(),
        prop::sample::select(b"\r\n:;<>=?\"-+@. \t/\\".to_vec()),
    ];
    prop_oneof![
        (any::<prop::sample::Index>(), interesting.clone()).prop_map(|(i, b)| Edit::Flip(i, b)),
        (
            any::<prop::sample::Index>(),
            prop::collection::vec(interesting, 1..16)
        )
            .prop_map(|(i, bytes)| Edit::Insert(i, bytes)),
        (any::<prop::sample::Index>(), 1usize..64).prop_map(|(i, n)| Edit::Delete(i, n)),
        any::<prop::sample::Index>().prop_map(Edit::Truncate),
    ]
}

fn apply(raw: &mut Vec<u8>, edit: &Edit) {
    if raw.is_empty() {
        return;
    }
    match edit {
        Edit::Flip(i, b) => {
            let at = i.index(raw.len());
            raw[at] = *b;
        }
        Edit::Insert(i, bytes) => {
            let at = i.index(raw.len());
            raw.splice(at..at, bytes.iter().copied());
        }
        Edit::Delete(i, n) => {
            let at = i.index(raw.len());
            let end = (at + n).min(raw.len());
            raw.drain(at..end);
        }
        Edit::Truncate(i) => {
            let at = i.index(raw.len());
            raw.truncate(at);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn parse_never_panics_on_arbitrary_bytes(raw in prop::collection::vec(any::<u8>(), 0..4096)) {
        let _ = parse(&raw, REFEREE);
    }

    #[test]
    fn parse_never_panics_on_mutated_samples(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..24),
    ) {
        let samples = samples();
        let (_, raw) = &samples[which.index(samples.len())];
        let mut raw = raw.clone();
        for edit in &edits {
            apply(&mut raw, edit);
        }
        let inbound = parse(&raw, REFEREE);
        prop_assert!(inbound.lines.len() <= 20);
        prop_assert!(inbound.lines.iter().all(|line| line.chars().count() <= 200));
    }

    #[test]
    fn new_text_never_panics_and_never_keeps_quotes(body in "(([> \t_-]|On|wrote:|\r|\n|[a-z]{1,4}|é|\u{a0})*)") {
        let text = new_text(&body);
        prop_assert!(text.lines().all(|line| !line.trim_start().starts_with('>')));
    }

    #[test]
    fn html_to_text_never_panics(html in "(<|>|/|!--|-->|=|\"|blockquote|div|pre|br|p| |class=gmail_quote|&amp;|&#x|;|é|\n|[a-z]{1,3})*") {
        let _ = new_text(&html_to_text(&html));
    }
}
