//! The reading of a score in words: the sets and pair that scored (declared melds as written), or
//! the special form's tiles.

use hupai::notation::format_tiles;
use hupai::{Meld, Tile};

use super::divide::Division;
use super::kinds::{Concrete, Set, Shape, tile};
use super::special::{KNITTED, SpecialForm, knitted_kinds};

/// The reading that scored.
pub(crate) enum Chosen {
    Sets(Division),
    Special(SpecialForm),
}

fn set_tiles(s: Set) -> Vec<Tile> {
    match s.shape {
        Shape::Chow => (0..3).map(|i| tile(s.tile + i)).collect(),
        Shape::Pung => vec![tile(s.tile); 3],
        Shape::Kong => vec![tile(s.tile); 4],
    }
}

/// `22z 123m 456p 789s 111z [555z]`: pair, concealed sets in tile order, declared melds.
pub(crate) fn describe(hand: &Concrete, melds: &[Meld], chosen: &Chosen) -> String {
    let mut parts: Vec<String> = Vec::new();
    match chosen {
        Chosen::Sets(d) => {
            parts.push(format_tiles([tile(d.pair); 2]));
            let mut sets: Vec<Set> = d.sets().to_vec();
            sets.sort_by_key(|s| (tile(s.tile), s.shape == Shape::Chow));
            parts.extend(sets.into_iter().map(|s| format_tiles(set_tiles(s))));
        }
        Chosen::Special(SpecialForm::SevenPairs) => {
            for t in Tile::ALL {
                let n = hand.concealed[usize::from(super::kinds::kind(t))];
                for _ in 0..n / 2 {
                    parts.push(format_tiles([t, t]));
                }
            }
        }
        Chosen::Special(SpecialForm::ThirteenOrphans | SpecialForm::HonorsAndKnitted | SpecialForm::NineGates) => {
            let tiles = Tile::ALL.into_iter().flat_map(|t| {
                let n = hand.concealed[usize::from(super::kinds::kind(t))];
                std::iter::repeat_n(t, usize::from(n))
            });
            parts.push(format_tiles(tiles));
        }
        Chosen::Special(SpecialForm::KnittedStraight { order, set, pair }) => {
            let mut nine: Vec<Tile> = knitted_kinds(KNITTED[*order]).iter().map(|&k| tile(k)).collect();
            nine.sort();
            parts.push(format_tiles(nine));
            parts.push(format_tiles([tile(*pair); 2]));
            if !set.declared {
                parts.push(format_tiles(set_tiles(*set)));
            }
        }
    }
    parts.extend(melds.iter().map(|m| m.to_string()));
    parts.join(" ")
}
