//! riichienv's representations in hupai-game's terms: its tile ids (Tenhou's 0–135, the red fives
//! at 16, 52 and 88, the first copy of each five as in Tenhou and hupai), its walls, and its
//! actions, so that both engines' legal actions can be compared as sets of [`Action`]s.

use hupai_game::{Action, Pai, Wall};
use riichienv_core::action::{Action as RAction, ActionType};

/// The tile of riichienv's (and Tenhou's) id 0–135: kind `id / 4`, red for the first copy of a five.
pub fn pai(id: u8) -> Pai {
    let kind = id / 4;
    let red = matches!(id, 16 | 52 | 88);
    let base = Pai::from_index(kind).unwrap_or(Pai::UNKNOWN);
    match (red, kind) {
        (true, 4) => Pai::RED_5M,
        (true, 13) => Pai::RED_5P,
        (true, 22) => Pai::RED_5S,
        _ => base,
    }
}

fn sorted<const N: usize>(mut pais: [Pai; N]) -> [Pai; N] {
    pais.sort();
    pais
}

/// An action with its tiles in one order (consumed tiles sorted), so that the same choice reads
/// the same whichever engine listed it.
pub fn normalized(action: Action) -> Action {
    match action {
        Action::Chi { pai, consumed } => Action::Chi { pai, consumed: sorted(consumed) },
        Action::Pon { pai, consumed } => Action::Pon { pai, consumed: sorted(consumed) },
        Action::Daiminkan { pai, consumed } => Action::Daiminkan { pai, consumed: sorted(consumed) },
        Action::Ankan { consumed } => Action::Ankan { consumed: sorted(consumed) },
        other => other,
    }
}

/// riichienv's action as hupai-game's (normalized): `drawn` is the id of the tile just drawn by the
/// seat to move (a discard of that very copy is tsumogiri). `None` for an action hupai has no
/// name for (none are known).
pub fn action(a: &RAction, drawn: Option<u8>) -> Option<Action> {
    let tile = a.tile.map(pai);
    let consumed: Vec<Pai> = a.consume_tiles.iter().map(|&t| pai(t)).collect();
    let out = match a.action_type {
        ActionType::Discard => Action::Dahai { pai: tile?, tsumogiri: a.tile.is_some() && a.tile == drawn },
        ActionType::Riichi => Action::Reach,
        ActionType::Tsumo | ActionType::Ron => Action::Hora,
        ActionType::Pass => Action::None,
        ActionType::KyushuKyuhai => Action::Ryukyoku,
        ActionType::Kita => Action::Kita,
        ActionType::Chi => Action::Chi { pai: tile?, consumed: consumed.try_into().ok()? },
        ActionType::Pon => Action::Pon { pai: tile?, consumed: consumed.try_into().ok()? },
        ActionType::Daiminkan => Action::Daiminkan { pai: tile?, consumed: consumed.try_into().ok()? },
        ActionType::Ankan => Action::Ankan { consumed: consumed.try_into().ok()? },
        ActionType::Kakan => Action::Kakan { pai: tile? },
    };
    Some(normalized(out))
}

/// riichienv's wall of one hand (its `tiles` after the shuffle: the deal and the draws taken from
/// the end, the dead wall at the start) as a hupai [`Wall`] dealing the same tiles.
///
/// Four players: the deal and the live draws sit at the same places in both; riichienv's dead
/// wall `tiles[0..14]` holds the replacement tiles at 0, 1, 2, 3 (in drawing order), the dora
/// indicators at 4, 6, … and the ura indicators at 5, 7, …, where hupai's (Tenhou's) has the
/// replacements at 1, 0, 3, 2, the dora at 5, 7, … and the ura at 4, 6, …: each pair swapped.
///
/// Three players: riichienv keeps eight replacement tiles (`tiles[0..8]`) before the five
/// indicator pairs (`tiles[8..18]`), the last two of which are also the last live tiles; hupai's
/// dead wall is fourteen tiles as with four players. The first four replacements and the first
/// three indicator pairs are placed to match; a fifth replacement draw or a fourth dora indicator
/// finds different tiles in the two engines ([`layout_diverges`]).
pub fn wall(tiles: &[u8], players: u8) -> Wall {
    let mut yama: Vec<u8> = tiles.to_vec();
    if players == 4 {
        for j in 0..7 {
            yama.swap(2 * j, 2 * j + 1);
        }
    } else {
        yama[0] = tiles[1];
        yama[1] = tiles[0];
        yama[2] = tiles[3];
        yama[3] = tiles[2];
        for k in 0..3 {
            yama[5 + 2 * k] = tiles[8 + 2 * k];
            yama[4 + 2 * k] = tiles[9 + 2 * k];
        }
        yama[10..14].copy_from_slice(&tiles[4..8]);
    }
    Wall::from_ids(&yama, players, [1, 1])
        .unwrap_or_else(|e| panic!("riichienv's wall is not a {players}-player set: {e}"))
}

/// True when the two engines' three-player walls no longer hold the same tiles where they are
/// drawn: after more than four replacement draws, or a fourth dora indicator (see [`wall`]).
pub fn layout_diverges(players: u8, replacements: u8, dora_indicators: usize) -> bool {
    players == 3 && (replacements > 4 || dora_indicators > 3)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn red_fives_and_kinds() {
        assert_eq!(pai(16), Pai::RED_5M);
        assert_eq!(pai(17).mjai(), "5m");
        assert_eq!(pai(52), Pai::RED_5P);
        assert_eq!(pai(88), Pai::RED_5S);
        assert_eq!(pai(135).mjai(), "C");
        assert_eq!(pai(0).mjai(), "1m");
    }

    #[test]
    fn walls_deal_the_same_tiles() {
        for players in [3u8, 4] {
            let mut w = riichienv_core::state::wall::WallState::new(Some(5));
            let tiles: Vec<u8> = if players == 4 {
                w.shuffle();
                w.tiles.clone()
            } else {
                let mut w3 = riichienv_core::state_3p::wall::WallState3P::new(Some(5));
                w3.shuffle();
                w3.tiles.clone()
            };
            let hw = wall(&tiles, players);
            let n = usize::from(players);
            // The first tile dealt is the last of riichienv's vector, the dealer's first draw the
            // one after the deal, the first replacement riichienv's tiles[0].
            assert_eq!(hw.dealt(players, 0, 0).0, tiles[tiles.len() - 1]);
            assert_eq!(hw.draw(players, 0).0, tiles[tiles.len() - 1 - 13 * n]);
            assert_eq!(hw.replacement(0).0, tiles[0]);
            assert_eq!(hw.replacement(3).0, tiles[3]);
            let dora0 = if players == 4 { tiles[4] } else { tiles[8] };
            assert_eq!(hw.dora_indicator(0).0, dora0);
        }
    }
}
