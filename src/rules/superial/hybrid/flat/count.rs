//! Perft of the hybrid on the flat position: the same tree of plays as
//! the layer's position gives (`super::super::actions`), counted without
//! allocating per play.

use std::ops::ControlFlow;

use super::Node;
use super::plays::visit;

/// The leaves `depth` plays below `node`.
pub fn perft(node: &Node, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    let _ = visit(node, &mut |_, next| {
        total += if depth == 1 {
            1
        } else {
            perft(next, depth - 1)
        };
        ControlFlow::Continue(())
    });
    total
}
