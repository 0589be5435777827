//! Seven pairs and thirteen orphans, checked directly (S003 has neither); wildcards fill gaps.
//! The caller has already checked the size (14 tiles) and that special forms apply.

use hupai_tiles::{SevenPairs, Tile};

/// Seven pairs with `wild` wildcards. A wildcard completes a single (1 → 2, or 3 → 4 when a
/// four-of-a-kind counts as two pairs); wildcards left over pair up on kinds the hand lacks
/// (a 14-tile hand lacks at least 20 kinds, and copies never exceed 4 this way).
pub(crate) fn seven_pairs(counts: &[u8; 34], wild: u32, mode: SevenPairs) -> bool {
    match mode {
        SevenPairs::Off => false,
        SevenPairs::Distinct => {
            counts.iter().all(|&c| c <= 2) && counts.iter().filter(|&&c| c == 1).count() as u32 <= wild
        }
        SevenPairs::AllowQuads => {
            counts.iter().all(|&c| c <= 4) && counts.iter().filter(|&&c| c % 2 == 1).count() as u32 <= wild
        }
    }
}

/// Thirteen orphans: only terminals and honors, each at most twice and only one of them twice;
/// wildcards stand for the missing ones (and the second copy if no kind is doubled). The size
/// check makes the wildcard count come out exactly.
pub(crate) fn thirteen_orphans(counts: &[u8; 34]) -> bool {
    let mut doubled = 0;
    for t in Tile::ALL {
        let c = counts[t.index()];
        if c > 0 && !t.is_terminal_or_honor() || c > 2 {
            return false;
        }
        doubled += (c == 2) as u32;
    }
    doubled <= 1
}
