//! The reading of a score in words: the sets and pair that scored (declared melds as written), or
//! the special form's tiles, in the hand notation (`22z 123m 456p 789s 111z [555z]`).

use std::fmt::Write;

use hupai::{Meld, Tile};

use super::divide::Division;
use super::kinds::{Concrete, Kind, Set, Shape, kind, tile};
use super::special::{KNITTED, SpecialForm, knitted_kinds};

/// The reading that scored.
#[derive(Clone)]
pub(crate) enum Chosen {
    Sets(Division),
    Special(SpecialForm),
}

/// Appends tiles of one suit, given in order, as `123m`.
fn push_run(out: &mut String, tiles: impl IntoIterator<Item = Tile>) {
    let mut letter = None;
    for t in tiles {
        let l = t.suit().letter();
        if letter.is_some_and(|p| p != l) {
            out.push(letter.unwrap_or('m'));
        }
        letter = Some(l);
        out.push(char::from(b'0' + t.rank()));
    }
    if let Some(l) = letter {
        out.push(l);
    }
}

fn push_set(out: &mut String, s: Set) {
    let t = tile(s.tile);
    match s.shape {
        Shape::Chow => push_run(out, [t, tile(s.tile + 1), tile(s.tile + 2)]),
        Shape::Pung => push_run(out, [t; 3]),
        Shape::Kong => push_run(out, [t; 4]),
    }
}

/// Every concealed tile in tile order.
fn concealed_tiles(hand: &Concrete) -> impl Iterator<Item = Tile> + '_ {
    Tile::ALL.into_iter().flat_map(|t| std::iter::repeat_n(t, usize::from(hand.concealed[usize::from(kind(t))])))
}

/// `22z 123m 456p 789s 111z [555z]`: pair, concealed sets in tile order, declared melds.
pub(crate) fn describe(hand: &Concrete, melds: &[Meld], chosen: &Chosen) -> String {
    let mut out = String::with_capacity(48);
    match chosen {
        Chosen::Sets(d) => {
            push_run(&mut out, [tile(d.pair); 2]);
            let mut sets = [d.sets[0]; 4];
            let n = d.sets().len();
            sets[..n].copy_from_slice(d.sets());
            sets[..n].sort_unstable_by_key(|s| (tile(s.tile), s.shape == Shape::Chow));
            for s in &sets[..n] {
                out.push(' ');
                push_set(&mut out, *s);
            }
        }
        Chosen::Special(SpecialForm::SevenPairs) => {
            for t in Tile::ALL {
                for _ in 0..hand.concealed[usize::from(kind(t))] / 2 {
                    if !out.is_empty() {
                        out.push(' ');
                    }
                    push_run(&mut out, [t, t]);
                }
            }
        }
        Chosen::Special(SpecialForm::ThirteenOrphans | SpecialForm::HonorsAndKnitted | SpecialForm::NineGates) => {
            push_run(&mut out, concealed_tiles(hand));
        }
        Chosen::Special(SpecialForm::KnittedStraight { order, set, pair }) => {
            let mut nine: [Kind; 9] = knitted_kinds(KNITTED[*order]);
            nine.sort_unstable_by_key(|&k| tile(k));
            push_run(&mut out, nine.map(tile));
            out.push(' ');
            push_run(&mut out, [tile(*pair); 2]);
            if !set.declared {
                out.push(' ');
                push_set(&mut out, *set);
            }
        }
    }
    for m in melds {
        let _ = write!(out, " {m}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_print_like_the_notation() {
        let mut s = String::new();
        push_run(&mut s, ["1m", "9m", "1p", "9p", "9p", "1z"].map(|t| t.parse::<Tile>().unwrap()));
        assert_eq!(s, "19m199p1z");
    }
}
