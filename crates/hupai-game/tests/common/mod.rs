//! What the scripted tests share: tiles written in order, in mpsz.

use hupai_game::Pai;

/// Tiles of an mpsz string in the order written (`0` a red five, `1f`–`8f` the flowers): walls
/// are laid out tile by tile, so the order matters, which hupai's hand parser (counts) does not keep.
pub(crate) fn tiles(text: &str) -> Vec<Pai> {
    let mut out = Vec::new();
    let mut digits = Vec::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            for d in digits.drain(..) {
                out.push(format!("{d}{c}").parse().unwrap_or_else(|e| panic!("{e}")));
            }
        }
    }
    out
}
