//! The one font a picture's text is drawn in: Arimo (SIL Open Font
//! License 1.1, `assets/fonts/OFL.txt`), compiled into the binary. The
//! rasteriser is built without system-font loading, so a picture looks the
//! same on every host and never depends on what fonts a machine has.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb;

/// Arimo Regular, from Debian's `fonts-croscore`.
const ARIMO: &[u8] = include_bytes!("../../../assets/fonts/Arimo-Regular.ttf");

/// The family name the SVG asks for first (browsers that lack it fall back
/// to the metric-compatible Arial, then any sans-serif).
pub(super) const FAMILY: &str = "Arimo, Arial, Helvetica, sans-serif";

/// A font database holding only the bundled font, built once.
pub(super) fn database() -> Arc<fontdb::Database> {
    static DATABASE: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    DATABASE
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            db.load_font_source(fontdb::Source::Binary(Arc::new(ARIMO)));
            db.set_sans_serif_family("Arimo");
            Arc::new(db)
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_holds_the_bundled_font_and_nothing_else() {
        let db = database();
        let families: Vec<String> = db
            .faces()
            .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
            .collect();
        assert_eq!(families, ["Arimo"]);
    }
}
