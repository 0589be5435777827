//! Hand notation in and out: mpsz (`123m456p789s11z`, `0` = red five), `*` per wildcard, declared
//! melds in brackets (`[789s][5555z]`), concealed kans in parentheses (`(5555z)`), bonus tiles as
//! `1f`–`8f`, and Unicode mahjong tiles.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::{BonusTile, Error, Hand, Meld, Suit, Tile, TileCounts};

/// The Unicode joker tile (U+1F02A), used for wildcards in Unicode output and accepted in input.
pub const JOKER: char = '\u{1F02A}';

const EXPECTED_ANY: &str = "a digit, a suit letter (m p s z f), '*', '[', ']', '(', ')' or a mahjong tile";

/// Where parsed tiles go: the concealed part or the meld being read.
struct Parser {
    hand: Hand,
    red: [u8; 3],
    digits: ArrayVec<(char, usize), 64>,
    meld: Option<(usize, usize, Vec<Tile>)>, // (position of '[' or '(', its byte offset, tiles)
    /// Whether the open bracket is `(`: a concealed kan.
    closed: bool,
    /// Red fives written inside declared melds, per numbered suit.
    meld_red: [u8; 3],
    /// Declared melds beyond the most a hand holds.
    extra_melds: usize,
    /// Concealed copies per kind as written (the hand's own counts stop at 255), so a fifth-copy
    /// error states the true count.
    written: [usize; 34],
}

impl Parser {
    fn push_tile(&mut self, tile: Tile) {
        match &mut self.meld {
            Some((_, _, tiles)) => tiles.push(tile),
            None => {
                self.written[tile.index()] += 1;
                let c = &mut self.hand.concealed_mut()[tile];
                *c = c.saturating_add(1);
            }
        }
    }

    fn flush(&mut self, suit_char: char, position: usize) -> Result<(), Error> {
        if self.digits.is_empty() {
            return Err(Error::UnexpectedChar {
                position,
                found: suit_char,
                expected: "digits before the suit letter",
            });
        }
        let digits = std::mem::take(&mut self.digits);
        for (d, pos) in digits {
            let n = d as u8 - b'0';
            if suit_char == 'f' {
                let bonus = BonusTile::from_number(n).ok_or(Error::BadRank { position: pos, digit: d, suit: 'f' })?;
                if self.meld.is_some() || !self.hand.push_bonus(bonus) {
                    return Err(Error::UnexpectedChar {
                        position: pos,
                        found: d,
                        expected: "each bonus tile at most once, outside declared melds",
                    });
                }
                continue;
            }
            let suit = Suit::from_letter(suit_char).expect("caller passes a suit letter");
            let (rank, red) = if n == 0 && suit.is_numbered() { (5, true) } else { (n, false) };
            let tile =
                Tile::from_suit_rank(suit, rank).ok_or(Error::BadRank { position: pos, digit: d, suit: suit_char })?;
            if red {
                let reds = if self.meld.is_none() { &mut self.red } else { &mut self.meld_red };
                let r = &mut reds[suit.offset() / 9];
                *r = r.saturating_add(1);
            }
            self.push_tile(tile);
        }
        Ok(())
    }

    fn need_no_digits(&self) -> Result<(), Error> {
        match self.digits.last() {
            Some(&(_, position)) => Err(Error::MissingSuit { position }),
            None => Ok(()),
        }
    }
}

/// Parses hand notation. Never panics; every error names what is wrong and where.
pub fn parse_hand(input: &str) -> Result<Hand, Error> {
    match parse_plain(input) {
        Some(hand) => Ok(hand),
        None => parse_full(input),
    }
}

/// Every form of the notation, with the errors.
fn parse_full(input: &str) -> Result<Hand, Error> {
    let mut p = Parser {
        hand: Hand::default(),
        red: [0; 3],
        digits: ArrayVec::new(),
        meld: None,
        closed: false,
        meld_red: [0; 3],
        extra_melds: 0,
        written: [0; 34],
    };
    for (i, (byte, c)) in input.char_indices().enumerate() {
        let position = i + 1;
        match c {
            '0'..='9' => {
                if p.digits.try_push((c, position)).is_err() {
                    return Err(Error::UnexpectedChar {
                        position,
                        found: c,
                        expected: "a suit letter within 64 digits",
                    });
                }
            }
            'm' | 'p' | 's' | 'z' | 'f' => p.flush(c, position)?,
            '*' | JOKER => {
                if p.meld.is_some() {
                    return Err(Error::UnexpectedChar {
                        position,
                        found: c,
                        expected: "concrete tiles inside a declared meld (wildcards are concealed)",
                    });
                }
                // The count is a u8; saturating would silently drop wildcards.
                if p.hand.wildcards() == u8::MAX {
                    return Err(Error::UnexpectedChar { position, found: c, expected: "at most 255 wildcards" });
                }
                p.hand.add_wildcard();
            }
            '[' | '(' => {
                p.need_no_digits()?;
                if p.meld.is_some() {
                    let expected = match (p.closed, c) {
                        (false, '[') => "']' before another '['",
                        (false, _) => "']' before a '('",
                        (true, '[') => "')' before a '['",
                        (true, _) => "')' before another '('",
                    };
                    return Err(Error::UnexpectedChar { position, found: c, expected });
                }
                p.meld = Some((position, byte, Vec::new()));
                p.closed = c == '(';
            }
            ']' | ')' => {
                p.need_no_digits()?;
                let expected = match (&p.meld, p.closed) {
                    (None, _) if c == ']' => Some("a '[' before ']'"),
                    (None, _) => Some("a '(' before ')'"),
                    (Some(_), true) if c == ']' => Some("')' to close a concealed kan opened with '('"),
                    (Some(_), false) if c == ')' => Some("']' to close a meld opened with '['"),
                    _ => None,
                };
                if let Some(expected) = expected {
                    return Err(Error::UnexpectedChar { position, found: c, expected });
                }
                let Some((open, start, tiles)) = p.meld.take() else {
                    return Err(Error::UnexpectedChar { position, found: c, expected: "a '[' before ']'" });
                };
                let text = input[start..byte + 1].to_string();
                let meld = match Meld::from_tiles(&tiles) {
                    Some(Meld::Kan(t)) if p.closed => Meld::ClosedKan(t),
                    // A concealed kan is four of a kind and nothing else.
                    Some(_) if p.closed => return Err(Error::NotAMeld { position: open, text }),
                    Some(m) => m,
                    None => return Err(Error::NotAMeld { position: open, text }),
                };
                if !p.hand.push_meld(meld) {
                    // Counted to the end, so the error states how many there are.
                    p.extra_melds += 1;
                }
            }
            c if c.is_whitespace() || c == ',' => p.need_no_digits()?,
            c => {
                if let Some(tile) = Tile::from_unicode(c) {
                    p.need_no_digits()?;
                    p.push_tile(tile);
                } else if let Some(bonus) = BonusTile::from_unicode(c) {
                    p.need_no_digits()?;
                    if p.meld.is_some() || !p.hand.push_bonus(bonus) {
                        return Err(Error::UnexpectedChar {
                            position,
                            found: c,
                            expected: "each bonus tile at most once, outside declared melds",
                        });
                    }
                } else {
                    return Err(Error::UnexpectedChar { position, found: c, expected: EXPECTED_ANY });
                }
            }
        }
    }
    p.need_no_digits()?;
    if let Some((position, _, _)) = p.meld {
        return Err(Error::UnclosedMeld { position, bracket: if p.closed { '(' } else { '[' } });
    }
    if p.extra_melds > 0 {
        let max = crate::hand::MAX_MELDS;
        return Err(Error::TooManyMelds { found: max + p.extra_melds, max });
    }
    let mut red = p.red;
    for (s, r) in red.iter_mut().enumerate() {
        *r = (*r).min(p.hand.concealed().0[s * 9 + 4]);
    }
    p.hand.set_red_fives(red);
    let declared = p.hand.declared_counts();
    let mut meld_red = p.meld_red;
    for (s, r) in meld_red.iter_mut().enumerate() {
        *r = (*r).min(declared.0[s * 9 + 4]);
    }
    p.hand.set_meld_red_fives(meld_red);
    let declared = p.hand.declared_counts();
    for t in Tile::ALL {
        let count = p.written[t.index()] + usize::from(declared[t]);
        if count > 4 {
            return Err(Error::TooManyCopies { tile: t, count });
        }
    }
    p.hand.check_copies()?;
    Ok(p.hand)
}

/// The common case in one pass over the bytes: digits 1–9 followed by `m`, `p`, `s` or `z` (ranks
/// 1–7), and `*`, with at most four copies of a kind. Anything else (red fives, bonus tiles,
/// melds, spaces, Unicode, and every error) is `None`, for [`parse_hand`]'s full parser, which
/// gives the same hand for every input this accepts (a property test checks it).
fn parse_plain(input: &str) -> Option<Hand> {
    let (counts, wildcards) = plain_counts(input)?;
    Some(Hand::from_checked_counts(counts, wildcards))
}

/// One in each of nine 7-bit lanes: a suit's nine ranks counted in one word.
const LANES: u64 = 0x0102_0408_1020_4081;
/// Bits 3–6 of every lane: set after adding 3 exactly where a lane held more than 4.
const OVER_FOUR: u64 = 0x78f1_e3c7_8f1e_3c78;
/// Longest run of digits that can still hold at most four of each of nine ranks; a longer run is
/// refused before its lanes (7 bits, so at most 127) could overflow.
const MAX_RUN: u32 = 36;

/// The concealed counts and wildcards of plain mpsz text (digits 1–9 followed by `m`, `p`, `s` or
/// `z` (ranks 1–7), and `*`, at most four copies of a kind), read in one pass over the bytes, or
/// `None` for anything else: red fives, bonus tiles, melds, spaces, Unicode and every error take
/// the full parser, which gives the same hand wherever this answers. For callers that answer a
/// concealed hand from its counts without building a [`Hand`]; an empty string gives no tiles.
///
/// ```
/// use hupai_tiles::notation::plain_counts;
/// let (counts, wildcards) = plain_counts("123m456p789s1122z*").unwrap();
/// assert_eq!((counts.total(), wildcards), (13, 1));
/// assert_eq!(plain_counts("123m[456p]"), None); // a declared meld: the full parser reads it
/// assert_eq!(plain_counts("11111m"), None); // a fifth copy: the full parser names the error
/// ```
#[inline]
pub fn plain_counts(input: &str) -> Option<(TileCounts, u8)> {
    // Ranks seen since the last suit letter, rank r in lane r − 1; then each suit's counts the same
    // way. Counting in lanes keeps the loop free of per-rank branches, which random hands mispredict.
    let mut pending = 0u64;
    let mut run = 0u32;
    let mut suits = [0u64; 4];
    let mut wildcards = 0u8;
    for &b in input.as_bytes() {
        match b {
            b'1'..=b'9' => {
                pending += 1 << (7 * u32::from(b - b'1'));
                run += 1;
                if run > MAX_RUN {
                    return None;
                }
            }
            b'm' | b'p' | b's' | b'z' => {
                let s = match b {
                    b'm' => 0,
                    b'p' => 1,
                    b's' => 2,
                    _ => 3,
                };
                // No digits before the letter, or 8z / 9z: the full parser names the error.
                if pending == 0 || (s == 3 && pending >> (7 * 7) != 0) {
                    return None;
                }
                let suit = suits[s] + pending;
                if (suit + 3 * LANES) & OVER_FOUR != 0 {
                    return None;
                }
                suits[s] = suit;
                pending = 0;
                run = 0;
            }
            b'*' if pending == 0 => wildcards = wildcards.checked_add(1)?,
            _ => return None,
        }
    }
    if pending != 0 {
        return None;
    }
    let mut counts = [0u8; 34];
    // Suit by suit with constant shifts (the honors' lanes 8 and 9 are zero), so the loops unroll.
    for (chunk, suit) in counts.chunks_mut(9).zip(suits) {
        for (r, c) in chunk.iter_mut().enumerate() {
            // Every lane is at most 4 here, so the cast keeps the count.
            *c = (suit >> (7 * r) & 0x7f) as u8;
        }
    }
    Some((TileCounts(counts), wildcards))
}

impl FromStr for Hand {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_hand(s)
    }
}

impl FromStr for Tile {
    type Err = Error;
    /// One tile: `5p`, `0p` (red five, same kind), `7z`, or a Unicode tile.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // The usual form, a digit and a suit letter, read without collecting the characters
        // (every score parses its winning tile); anything else, errors included, below.
        if let &[d @ b'0'..=b'9', l] = s.as_bytes()
            && let Some(suit) = Suit::from_letter(char::from(l))
        {
            let n = d - b'0';
            let rank = if n == 0 && suit.is_numbered() { 5 } else { n };
            if let Some(t) = Tile::from_suit_rank(suit, rank) {
                return Ok(t);
            }
        }
        let chars: Vec<char> = s.chars().collect();
        match chars.as_slice() {
            [c] => Tile::from_unicode(*c).ok_or(Error::UnexpectedChar {
                position: 1,
                found: *c,
                expected: "a tile such as 5p, 7z or 🀄",
            }),
            [d @ '0'..='9', l] => {
                let suit = Suit::from_letter(*l).ok_or(Error::UnexpectedChar {
                    position: 2,
                    found: *l,
                    expected: "a suit letter (m p s z)",
                })?;
                let n = *d as u8 - b'0';
                let rank = if n == 0 && suit.is_numbered() { 5 } else { n };
                Tile::from_suit_rank(suit, rank).ok_or(Error::BadRank { position: 1, digit: *d, suit: *l })
            }
            [] => Err(Error::MissingSuit { position: 0 }),
            [c, ..] if !c.is_ascii_digit() => {
                Err(Error::UnexpectedChar { position: 1, found: *c, expected: "a tile such as 5p, 7z or 🀄" })
            }
            [_, c, ..] => {
                Err(Error::UnexpectedChar { position: 2, found: *c, expected: "one digit and a suit letter" })
            }
        }
    }
}

/// Writes tiles (given in tile order) as mpsz, one suit letter per run of a suit. The first
/// `red[s]` fives of a numbered suit are written as `0`.
fn write_mpsz<I: IntoIterator<Item = Tile>>(out: &mut String, tiles: I, red: [u8; 3]) {
    let mut red = red;
    let mut current: Option<Suit> = None;
    for t in tiles {
        if current.is_some_and(|s| s != t.suit()) {
            out.push(current.map_or('?', Suit::letter));
        }
        current = Some(t.suit());
        let digit = if t.suit().is_numbered() && t.rank() == 5 && red[t.suit().offset() / 9] > 0 {
            red[t.suit().offset() / 9] -= 1;
            0
        } else {
            t.rank()
        };
        out.push(char::from(b'0' + digit));
    }
    if let Some(s) = current {
        out.push(s.letter());
    }
}

/// A declared meld in brackets (`[789s]`, `[5555z]`; a concealed kan in parentheses, `(5555z)`),
/// `red` of its fives written as `0`.
fn write_meld(out: &mut String, meld: Meld, red: [u8; 3]) {
    let (open, close) = if meld.is_open() { ('[', ']') } else { ('(', ')') };
    out.push(open);
    write_mpsz(out, meld.tiles(), red);
    out.push(close);
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        push_meld(&mut s, *self);
        f.write_str(&s)
    }
}

impl Hand {
    /// The hand in Unicode tiles: concealed tiles, 🀪 per wildcard, declared melds in brackets, bonus tiles.
    pub fn to_unicode(&self) -> String {
        let mut s: String = self.concealed().tiles().map(Tile::to_unicode).collect();
        s.extend(std::iter::repeat_n(JOKER, self.wildcards() as usize));
        for m in self.melds() {
            let (open, close) = if m.is_open() { ('[', ']') } else { ('(', ')') };
            s.push(open);
            s.extend(m.tiles().into_iter().map(Tile::to_unicode));
            s.push(close);
        }
        s.extend(self.bonus().iter().map(|b| b.to_unicode()));
        s
    }
}

impl fmt::Display for Hand {
    /// Canonical mpsz: concealed tiles by suit, `*` per wildcard, declared melds, bonus tiles.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_mpsz(&mut s, self.concealed().tiles(), self.red_fives());
        s.extend(std::iter::repeat_n('*', self.wildcards() as usize));
        // The melds' red fives go to the first fives of their suit, in meld order.
        let mut red_left = self.meld_red_fives();
        for &m in self.melds() {
            let mut red = [0; 3];
            for t in m.tiles() {
                let suit = t.suit().offset() / 9;
                if t.suit().is_numbered() && t.rank() == 5 && red_left[suit] > 0 {
                    red_left[suit] -= 1;
                    red[suit] += 1;
                }
            }
            write_meld(&mut s, m, red);
        }
        if !self.bonus().is_empty() {
            let mut numbers: Vec<u8> = self.bonus().iter().map(|b| b.number()).collect();
            numbers.sort_unstable();
            s.extend(numbers.iter().map(|&n| char::from(b'0' + n)));
            s.push('f');
        }
        f.write_str(&s)
    }
}

/// Formats tiles given in tile order as mpsz (`123m55z`).
pub fn format_tiles<I: IntoIterator<Item = Tile>>(tiles: I) -> String {
    let mut s = String::new();
    push_tiles(&mut s, tiles);
    s
}

/// Appends tiles given in tile order to `out` as mpsz (`123m55z`): [`format_tiles`] without a
/// string of its own, for text built from many groups.
pub fn push_tiles<I: IntoIterator<Item = Tile>>(out: &mut String, tiles: I) {
    write_mpsz(out, tiles, [0; 3]);
}

/// Appends a declared meld to `out` as the hand notation writes it (`[789s]`, `(5555z)`).
pub fn push_meld(out: &mut String, meld: Meld) {
    write_meld(out, meld, [0; 3]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TileCounts;

    #[test]
    fn parses_the_design_card_example() {
        let h = parse_hand("11m234p**[789s][5555z]").unwrap();
        assert_eq!(h.wildcards(), 2);
        assert_eq!(h.melds(), &[Meld::Chi("7s".parse().unwrap()), Meld::Kan(Tile::WHITE)]);
        assert_eq!(h.concealed().total(), 5);
        assert_eq!(h.to_string(), "11m234p**[789s][5555z]");
    }

    #[test]
    fn red_fives_round_trip() {
        let h = parse_hand("340m055p").unwrap();
        assert_eq!(h.concealed()[Tile::from_suit_rank(Suit::Man, 5).unwrap()], 1);
        assert_eq!(h.red_fives(), [1, 1, 0]);
        assert_eq!(h.to_string(), "340m055p");
    }

    #[test]
    fn concealed_kans_and_meld_red_fives_round_trip() {
        let h = parse_hand("123m11z(0555p)[406m][5555z]").unwrap();
        let five_p = Tile::from_suit_rank(Suit::Pin, 5).unwrap();
        assert_eq!(h.melds()[0], Meld::ClosedKan(five_p));
        assert!(!h.melds()[0].is_open() && h.melds()[0].is_kan());
        assert!(h.melds()[2].is_open() && !h.is_closed());
        assert_eq!(h.meld_red_fives(), [1, 1, 0]);
        assert_eq!(h.red_fives(), [0, 0, 0]);
        assert_eq!(h.to_string(), "123m11z(0555p)[406m][5555z]");
        assert_eq!(parse_hand(&h.to_string()).unwrap(), h);
        assert_eq!(parse_hand(&h.to_unicode()).unwrap().melds(), h.melds());
        assert!(parse_hand("123m(5555z)").unwrap().is_closed());
        // A concealed kan is four of a kind only, and the brackets must match.
        assert_eq!(parse_hand("11m(555z)").unwrap_err(), Error::NotAMeld { position: 4, text: "(555z)".into() });
        assert!(matches!(parse_hand("11m(5555z]"), Err(Error::UnexpectedChar { position: 10, found: ']', .. })));
        assert!(matches!(parse_hand("11m[555z)"), Err(Error::UnexpectedChar { position: 9, found: ')', .. })));
        assert!(matches!(parse_hand("11m(5555z"), Err(Error::UnclosedMeld { position: 4, bracket: '(' })));
        assert!(matches!(parse_hand("11m)"), Err(Error::UnexpectedChar { position: 4, found: ')', .. })));
    }

    #[test]
    fn unicode_round_trip() {
        let h = parse_hand("123m456p789s1122z**[5555z]1f").unwrap();
        let u = h.to_unicode();
        assert_eq!(parse_hand(&u).unwrap(), h);
        assert_eq!(parse_hand("🀇🀈🀉 🀄🀄").unwrap().concealed().total(), 5);
    }

    #[test]
    fn errors_name_the_place() {
        let e = parse_hand("12x").unwrap_err();
        assert_eq!(e, Error::UnexpectedChar { position: 3, found: 'x', expected: EXPECTED_ANY });
        assert!(e.to_string().contains("position 3"), "{e}");
        assert_eq!(parse_hand("123").unwrap_err(), Error::MissingSuit { position: 3 });
        assert_eq!(parse_hand("18z").unwrap_err(), Error::BadRank { position: 2, digit: '8', suit: 'z' });
        assert_eq!(parse_hand("11m[12m]").unwrap_err(), Error::NotAMeld { position: 4, text: "[12m]".into() });
        assert_eq!(parse_hand("11m[123m").unwrap_err(), Error::UnclosedMeld { position: 4, bracket: '[' });
        assert_eq!(parse_hand("11111m").unwrap_err(), Error::TooManyCopies { tile: Tile::ALL[0], count: 5 });
        // The true count, past what a u8 holds.
        let many = "1m".repeat(300);
        assert_eq!(parse_hand(&many).unwrap_err(), Error::TooManyCopies { tile: Tile::ALL[0], count: 300 });
        assert_eq!(
            parse_hand(&format!("{many}[111m]")).unwrap_err().to_string(),
            "303 copies of 1m, counting concealed tiles and declared melds; there are only 4"
        );
        assert_eq!(parse_hand("1m[111m][1m]").unwrap_err(), Error::NotAMeld { position: 9, text: "[1m]".into() });
        assert!(matches!(parse_hand("[12*m]"), Err(Error::UnexpectedChar { position: 4, .. })));
        assert!(matches!(parse_hand("m"), Err(Error::UnexpectedChar { position: 1, .. })));
    }

    #[test]
    fn tile_from_str() {
        assert_eq!("0p".parse::<Tile>().unwrap(), "5p".parse().unwrap());
        assert_eq!("🀄".parse::<Tile>().unwrap(), Tile::RED);
        assert!("8z".parse::<Tile>().is_err());
        assert!("".parse::<Tile>().is_err());
        assert!("5pp".parse::<Tile>().is_err());
        // Every tile reads back from its text; the errors of two-character texts name what is wrong.
        for t in Tile::ALL {
            assert_eq!(t.to_string().parse::<Tile>().unwrap(), t);
        }
        assert!(matches!("0z".parse::<Tile>(), Err(Error::BadRank { digit: '0', suit: 'z', .. })));
        assert!(matches!("5x".parse::<Tile>(), Err(Error::UnexpectedChar { position: 2, found: 'x', .. })));
        assert!(matches!("p5".parse::<Tile>(), Err(Error::UnexpectedChar { position: 1, found: 'p', .. })));
    }

    #[test]
    fn empty_hand_is_empty() {
        assert_eq!(parse_hand("").unwrap().concealed(), &TileCounts::EMPTY);
    }
}

#[cfg(test)]
mod bonus_tests {
    use super::*;

    #[test]
    fn a_bonus_tile_appears_once() {
        assert!(matches!(parse_hand("11f"), Err(Error::UnexpectedChar { position: 2, found: '1', .. })));
        assert_eq!(parse_hand("12345678f").unwrap().bonus().len(), 8);
    }
}

#[cfg(test)]
mod plain_tests {
    use super::*;

    /// The fast path gives exactly the full parser's hand wherever it answers, on random strings
    /// over its alphabet and a few characters outside it.
    #[test]
    fn plain_agrees_with_the_full_parser() {
        let alphabet: Vec<char> = "123456789123456789mpszmpsz**0f [".chars().collect();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut answered = 0;
        for _ in 0..200_000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
            if let Some(fast) = parse_plain(&text) {
                answered += 1;
                assert_eq!(Ok(fast), parse_full(&text), "{text:?}");
            }
        }
        assert!(answered > 1000, "the fast path answered only {answered} strings");
        for text in ["", "*", "123m456p789s11122z", "1112345678999m", "19m19p19s1234567z**", "7z"] {
            assert_eq!(parse_plain(text).as_ref(), parse_full(text).as_ref().ok(), "{text:?}");
        }
        for text in ["0m", "8z", "12", "m", "11111m", "123m[456p]", "1m 2m", "12*m"] {
            assert_eq!(parse_plain(text), None, "{text:?}");
        }
        // Long runs and repeated suit letters, beyond what the random strings reach: the lanes
        // must refuse a fifth copy however it is written, and never overflow.
        let long = [
            "1234567891234567891234567891234567899m".to_owned(),
            "1".repeat(37) + "m",
            "1".repeat(128) + "m",
            "1".repeat(129) + "z",
            "1m".repeat(5),
            "1m".repeat(128),
            "12345678912345678912345678912345678m".to_owned(),
            "9s".repeat(4) + "9s",
            "7z7z7z7z".to_owned(),
            "*".repeat(255),
            "*".repeat(256),
        ];
        for text in &long {
            assert_eq!(parse_plain(text).as_ref(), parse_full(text).as_ref().ok(), "{text:?}");
        }
    }
}
