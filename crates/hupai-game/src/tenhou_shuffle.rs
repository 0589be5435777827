//! Tenhou's own shuffle: MT19937 seeded from a log's `SHUFFLE` seed, SHA-512 over its output,
//! one wall and two dice per hand (the algorithm Tenhou published with validation data).

use crate::wall::Wall;

/// The generator of a Tenhou game's walls, hand after hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TenhouShuffle {
    _private: (),
}

impl TenhouShuffle {
    /// The generator of the walls of a log whose `SHUFFLE` seed is `seed`
    /// (`mt19937ar-sha512-n288-base64,…`).
    pub fn from_seed(seed: &str) -> Result<TenhouShuffle, String> {
        Err(format!(
            "Tenhou's shuffle is not available in this build (seed '{}')",
            seed.chars().take(40).collect::<String>()
        ))
    }

    /// The next hand's wall.
    pub fn next_wall(&mut self, players: u8) -> Wall {
        Wall::seeded(0, 0, players)
    }
}
