//! The PNG encoding: an indexed (palette) image, which for flat board
//! colours is a third to a quarter of the RGBA one tiny-skia writes.
//!
//! A picture has a few hundred colours: the flat ones, and the shades that
//! smooth the pieces' edges. The palette keeps the 256 most frequent
//! exactly (every flat colour is among them); each rarer edge shade takes
//! its nearest palette colour. It is deterministic: the same pixels give
//! the same bytes.

use std::collections::HashMap;

use resvg::tiny_skia::Pixmap;

type Rgb = [u8; 3];

/// An opaque pixmap as an indexed PNG.
pub(super) fn indexed_png(pixmap: &Pixmap) -> Vec<u8> {
    let pixels: Vec<Rgb> = pixmap
        .pixels()
        .iter()
        .map(|p| {
            // The background is opaque, so premultiplied is straight colour.
            let c = p.demultiply();
            [c.red(), c.green(), c.blue()]
        })
        .collect();
    // Counted by runs: most pixels repeat the one before them.
    let mut counts: HashMap<Rgb, u32> = HashMap::new();
    for run in pixels.chunk_by(|a, b| a == b) {
        *counts.entry(run[0]).or_default() += run.len() as u32;
    }
    let mut ranked: Vec<(Rgb, u32)> = counts.into_iter().collect();
    // Most frequent first; equal counts in colour order, so that the
    // palette does not depend on the map's iteration order.
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let palette: Vec<Rgb> = ranked.iter().take(256).map(|(c, _)| *c).collect();
    let mut index: HashMap<Rgb, u8> = palette
        .iter()
        .enumerate()
        .map(|(i, c)| (*c, i as u8))
        .collect();
    for (colour, _) in ranked.iter().skip(256) {
        index.insert(*colour, nearest(&palette, *colour));
    }
    let mut indices = Vec::with_capacity(pixels.len());
    for run in pixels.chunk_by(|a, b| a == b) {
        indices.extend(std::iter::repeat_n(index[&run[0]], run.len()));
    }

    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        encoder.set_color(png::ColorType::Indexed);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_palette(palette.concat());
        encoder.set_deflate_compression(png::DeflateCompression::Level(6));
        encoder.set_filter(png::Filter::NoFilter);
        let mut writer = encoder
            .write_header()
            .expect("writing to memory cannot fail");
        writer
            .write_image_data(&indices)
            .expect("the data fits the header");
    }
    out
}

/// The index of the palette colour nearest `colour` (the first of equals).
fn nearest(palette: &[Rgb], colour: Rgb) -> u8 {
    let distance = |p: &Rgb| -> u32 {
        p.iter()
            .zip(colour)
            .map(|(a, b)| (i32::from(*a) - i32::from(b)).pow(2) as u32)
            .sum()
    };
    palette
        .iter()
        .enumerate()
        .min_by_key(|(i, p)| (distance(p), *i))
        .map(|(i, _)| i as u8)
        .expect("a picture has at least one colour")
}
