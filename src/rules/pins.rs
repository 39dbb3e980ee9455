//! Rules pages pinned to tests (test builds only): each settled point of
//! a page, and each sentence of a rule text that says how to play, named
//! with the tests that pin it, which are run again from the table.

/// A line of the page or a sentence of the text, and the tests that pin it.
pub type Pin = (&'static str, &'static [fn()]);

/// The points (`- ` lines) a page lists after the heading `from`, up to the
/// heading `to` (to the end without one).
pub fn page_points(page: &'static str, from: &str, to: Option<&str>) -> Vec<&'static str> {
    let start = page
        .find(from)
        .unwrap_or_else(|| panic!("the page has no {from:?}"));
    let end = to.map_or(page.len(), |to| {
        page.find(to)
            .unwrap_or_else(|| panic!("the page has no {to:?}"))
    });
    page[start..end]
        .lines()
        .filter_map(|line| line.strip_prefix("- "))
        .collect()
}

/// Every pin has tests, and they pass.
pub fn run_pins(pins: &[Pin]) {
    for (line, tests) in pins {
        assert!(!tests.is_empty(), "nothing pins {line:?}");
        for test in *tests {
            test();
        }
    }
}

/// The page lists exactly the pinned points, in order, and each one's
/// tests pass.
pub fn assert_pinned(listed: &[&str], pins: &[Pin]) {
    let pinned: Vec<&str> = pins.iter().map(|(line, _)| *line).collect();
    assert_eq!(listed, pinned);
    run_pins(pins);
}
