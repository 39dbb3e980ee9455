//! A torus's joined edges (Superial Chess): a pale band around the board
//! and, beside every square of each edge, an arrow pointing the same way on
//! both opposite edges: what leaves on the right comes in on the left, what
//! leaves at the top comes in at the bottom, rank by rank and file by file.

use std::fmt::Write;

use super::frame::Frame;

const BAND: &str = "#dde6fb";
const ARROW: &str = "#2d55c4";

pub(super) fn torus(out: &mut String, frame: &Frame) {
    let seam = frame.seam as f32;
    let square = frame.square as f32;
    let (left, top) = (frame.left as f32, frame.top as f32);
    let width = square * frame.files.len() as f32;
    let height = square * frame.ranks.len() as f32;
    let (right, bottom) = (left + width, top + height);
    out.push_str("<g id=\"torus\">");
    // The band: the board's outline widened by the seam on every side.
    let _ = write!(
        out,
        "<path d=\"M{} {}H{}V{}H{}Z M{left} {top}V{bottom}H{right}V{top}Z\" fill=\"{BAND}\" fill-rule=\"evenodd\"/>",
        left - seam,
        top - seam,
        right + seam,
        bottom + seam,
        left - seam,
    );
    let half = seam / 2.0;
    let size = seam * 0.34;
    let _ = write!(out, "<g fill=\"{ARROW}\">");
    for row in 0..frame.ranks.len() {
        let y = top + square * (row as f32 + 0.5);
        for x in [left - half, right + half] {
            // Pointing right, on both sides.
            let _ = write!(
                out,
                "<path d=\"M{} {}L{} {y}L{} {}Z\"/>",
                x - size,
                y - size * 1.2,
                x + size,
                x - size,
                y + size * 1.2
            );
        }
    }
    for column in 0..frame.files.len() {
        let x = left + square * (column as f32 + 0.5);
        for y in [top - half, bottom + half] {
            // Pointing up, on both sides.
            let _ = write!(
                out,
                "<path d=\"M{} {}L{x} {}L{} {}Z\"/>",
                x - size * 1.2,
                y + size,
                y - size,
                x + size * 1.2,
                y + size
            );
        }
    }
    out.push_str("</g></g>");
}
