//! Whether the hand waited on the winning tile alone, which 边张, 嵌张 and 单钓将 require: the
//! kinds that complete the hand before the win (its concealed tiles less the winning tile, with
//! its declared melds). As the reference calculator reads them (the default) a kind the hand holds
//! all four of still counts; the live reading leaves it out, since it cannot be drawn.
//!
//! A hand scored as sets and a pair can only have been ready as sets and a pair or as seven pairs
//! (the thirteen orphans and the knitted forms cannot share a ready hand with them), so those two
//! forms are checked here, suit by suit; the knitted straight asks `hupai::waits`.

use super::kinds::{Concrete, Kind, suit};

/// How many kinds the hand waited on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wait {
    /// The winning tile's kind alone.
    Unique,
    /// More than one kind.
    Several,
}

/// The wait of a hand scored as sets and a pair (or seven pairs). With `exhausted` (the
/// reference calculator's reading) a kind the hand holds four of still counts as a wait.
pub(crate) fn standard_wait(hand: &Concrete, exhausted: bool) -> Wait {
    let mut base = hand.concealed;
    let win = usize::from(hand.win);
    base[win] -= 1;
    let mut held = base;
    for s in &hand.declared {
        s.add_to(&mut held);
    }
    let live = |t: usize| exhausted || held[t] < 4;
    if other_wait(&base, hand.win, live) {
        return Wait::Several;
    }
    if hand.declared.is_empty()
        && let Some(t) = seven_pairs_wait(&base)
        && t != hand.win
        && live(usize::from(t))
    {
        return Wait::Several;
    }
    Wait::Unique
}

/// The reference calculator's wait of a concealed knitted straight: the five tiles beside the
/// knitted straight, less the winning tile, read as sets and a pair (kinds held four times
/// count). A winning tile outside those five never makes a wait fan, so its answer is moot.
pub(crate) fn knitted_rest_wait(rest: &[u8; 34], win: Kind) -> Wait {
    let mut base = *rest;
    if base[usize::from(win)] == 0 {
        return Wait::Several;
    }
    base[usize::from(win)] -= 1;
    if other_wait(&base, win, |_| true) { Wait::Several } else { Wait::Unique }
}

/// Does a kind other than `win` (and `live`) complete `base` as sets and a pair?
fn other_wait(base: &[u8; 34], win: Kind, live: impl Fn(usize) -> bool) -> bool {
    let suits = SuitState::new(base);
    // Only a kind within two ranks of a held tile (or an honor held) can complete sets.
    let held = base.iter().enumerate().fold(0u64, |m, (k, &n)| if n > 0 { m | 1 << k } else { m });
    let numbered = (1u64 << 27) - 1;
    let near = ((held | held << 1 | held << 2 | held >> 1 | held >> 2) & numbered) | (held & !numbered);
    // Whether a tile of a suit can complete the hand depends on the other suits alone, once per
    // suit; only candidates of the suits that pass are split.
    let suit_bits = [0x1FFu64, 0x1FF << 9, 0x1FF << 18, 0x7F << 27];
    let mut candidates = near & !(1u64 << win);
    for (s, bits) in suit_bits.iter().enumerate() {
        if candidates & bits != 0 && !suits.others_complete(s) {
            candidates &= !bits;
        }
    }
    while candidates != 0 {
        let t = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        if live(t) && suits.completes_own(base, t as Kind) {
            return true;
        }
    }
    false
}

/// The one kind that completes seven pairs (a four of a kind is two pairs), if the hand is ready.
fn seven_pairs_wait(c: &[u8; 34]) -> Option<Kind> {
    let (mut pairs, mut single) = (0, None);
    for (k, &n) in c.iter().enumerate() {
        pairs += n / 2;
        if n % 2 == 1 {
            if single.is_some() {
                return None;
            }
            single = Some(k as Kind);
        }
    }
    if pairs == 6 { single } else { None }
}

/// Each suit's verdict as it stands, so a candidate tile re-checks its own suit only.
struct SuitState {
    /// Tiles per suit.
    len: [u8; 4],
    /// The suit splits into sets alone.
    sets: [bool; 4],
    /// The suit splits into sets and one pair.
    with_pair: [bool; 4],
}

impl SuitState {
    fn new(c: &[u8; 34]) -> SuitState {
        let mut s = SuitState { len: [0; 4], sets: [false; 4], with_pair: [false; 4] };
        for i in 0..4 {
            let part = suit_of(c, i);
            s.len[i] = part.iter().sum();
            match s.len[i] % 3 {
                0 => s.sets[i] = splits(&part, i == 3, false),
                2 => s.with_pair[i] = splits(&part, i == 3, true),
                _ => {}
            }
        }
        s
    }

    /// With one more tile of suit `ts`: does every suit have a length that fits, with one pair
    /// among them, and does every other suit split as its length asks?
    fn others_complete(&self, ts: usize) -> bool {
        let mut pairs = 0;
        for i in 0..4 {
            let len = self.len[i] + u8::from(i == ts);
            match len % 3 {
                1 => return false,
                2 => pairs += 1,
                _ => {}
            }
        }
        if pairs != 1 {
            return false;
        }
        (0..4).filter(|&i| i != ts).all(|i| if self.len[i] % 3 == 2 { self.with_pair[i] } else { self.sets[i] })
    }

    /// Given [`SuitState::others_complete`] for `t`'s suit: does `t`'s own suit split with it?
    fn completes_own(&self, c: &[u8; 34], t: Kind) -> bool {
        let ts = usize::from(suit(t));
        let mut part = suit_of(c, ts);
        part[usize::from(t) - ts * 9] += 1;
        let len = self.len[ts] + 1;
        splits(&part, ts == 3, len % 3 == 2)
    }
}

/// One suit's counts by rank (honors: the seven kinds, then zeros), copied at a fixed size.
fn suit_of(c: &[u8; 34], s: usize) -> [u8; 9] {
    let mut out = [0u8; 9];
    match s {
        0 => out.copy_from_slice(&c[0..9]),
        1 => out.copy_from_slice(&c[9..18]),
        2 => out.copy_from_slice(&c[18..27]),
        _ => out[..7].copy_from_slice(&c[27..34]),
    }
    out
}

/// Can these counts of one suit split into sets (and exactly one pair if `pair`)? Honors make
/// no chows.
fn splits(c: &[u8; 9], honors: bool, pair: bool) -> bool {
    if honors {
        let pairs = c.iter().filter(|&&n| n == 2).count();
        return c.iter().all(|&n| n == 0 || n == 3 || n == 2) && pairs == usize::from(pair);
    }
    split_numbered(c, pair)
}

/// One numbered suit as sets, and one pair if `pair` (each rank with two or more tried as it).
fn split_numbered(c: &[u8; 9], pair: bool) -> bool {
    if !pair {
        return sets_only(c);
    }
    (0..9).any(|i| {
        if c[i] < 2 {
            return false;
        }
        let mut rest = *c;
        rest[i] -= 2;
        sets_only(&rest)
    })
}

/// Sets alone, greedily from the lowest rank: three of a kind there is a pung (three chows from
/// it would be the same tiles), the rest chows starting there.
fn sets_only(c: &[u8; 9]) -> bool {
    let mut c = *c;
    for i in 0..9 {
        let n = c[i] % 3;
        if n == 0 {
            continue;
        }
        if i + 2 >= 9 || c[i + 1] < n || c[i + 2] < n {
            return false;
        }
        c[i + 1] -= n;
        c[i + 2] -= n;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gb::kinds::{Set, kind, tile};
    use hupai::{Hand, Meld, Rules, Tile, TileCounts};

    /// Random winning hands (sets and a pair, some declared; now and then seven pairs), each won
    /// on each of its concealed kinds: the fast check says "one wait" exactly when `hupai::waits`
    /// of the hand before the win is that one kind.
    #[test]
    fn agrees_with_hupai_waits() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut below = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        while checked < 3000 {
            let mut counts = TileCounts::EMPTY;
            let mut melds = Vec::new();
            if below(6) == 0 {
                for _ in 0..7 {
                    counts[Tile::ALL[below(34)]] += 2;
                }
            } else {
                let declared = below(5);
                for i in 0..4 {
                    // Few kinds, so that waits overlap and kinds run out.
                    let chow = below(2) == 0;
                    let t = if chow { Tile::ALL[9 * below(2) + below(4)] } else { Tile::ALL[below(12)] };
                    let meld = if chow {
                        Meld::Chi(t)
                    } else if below(3) == 0 {
                        Meld::Kan(t)
                    } else {
                        Meld::Pon(t)
                    };
                    if i < declared {
                        melds.push(meld);
                    } else {
                        for x in meld.tiles().into_iter().take(3) {
                            counts[x] += 1;
                        }
                    }
                }
                counts[Tile::ALL[below(14)]] += 2;
            }
            let Ok(hand) = Hand::new(counts, 0, &melds) else { continue };
            if !hupai::is_win(&hand, &Rules::GB).unwrap_or(false) {
                continue;
            }
            for win in counts.kinds().iter() {
                let mut before = counts;
                before[win] -= 1;
                let waits = hupai::waits(&Hand::new(before, 0, &melds).unwrap(), &Rules::GB).unwrap();
                let mut concealed = [0u8; 34];
                for t in Tile::ALL {
                    concealed[usize::from(kind(t))] = counts[t];
                }
                let hand =
                    Concrete { concealed, declared: melds.iter().map(|&m| Set::declared(m)).collect(), win: kind(win) };
                let unique = waits.len() == 1 && waits.contains(tile(kind(win)));
                assert_eq!(
                    standard_wait(&hand, false) == Wait::Unique,
                    unique,
                    "{counts:?} {melds:?} on {win}: {waits:?}"
                );
                checked += 1;
            }
        }
    }

    #[test]
    fn suits_split() {
        assert!(splits(&[1, 1, 1, 0, 0, 0, 0, 0, 0], false, false));
        assert!(splits(&[3, 1, 1, 0, 0, 0, 0, 0, 0], false, true));
        assert!(!splits(&[1, 1, 0, 0, 0, 0, 0, 0, 0], false, false));
        assert!(splits(&[0, 0, 3, 0, 2, 0, 0, 0, 0], true, true));
        assert!(!splits(&[0, 0, 3, 0, 2, 0, 0, 0, 0], true, false));
    }
}
