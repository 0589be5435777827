//! Shanten with wildcards against the independent brute force of `common` (target enumeration):
//! one-suit hands of 1–14 tiles with 0–4 wildcards, honors, declared melds, 17-tile hands, every
//! rule preset and the fifth-copy option. A sample by default; `HUPAI_FULL=1` runs the one-suit
//! and honors sweeps in full (best with `--release`).

mod common;

use common::{Rng, brute_shanten, digits, full, hand, random_hand};
use hupai_shanten::shanten;
use hupai_tiles::{Hand, Meld, Rules, Tile};

/// Every preset shanten handles (it refuses the regional options: `check_rules`), each also with
/// the fifth-copy rule.
fn presets() -> Vec<Rules> {
    let handled = Rules::PRESETS.iter().map(|&(_, r)| r).filter(|r| hupai_shanten::check_rules(r).is_ok());
    let mut out: Vec<Rules> = handled.clone().collect();
    out.extend(handled.map(|r| r.with_wildcard_fifth_copy(true)));
    out
}

fn check(h: &Hand, rules: &Rules) {
    let got = shanten(h, rules).unwrap_or_else(|e| panic!("{h} under {rules}: {e}"));
    assert_eq!(got.number as i32, brute_shanten(h, rules), "{h} under {rules}: {got:?}");
}

/// Every one-suit pattern (a stride of them by default) with 0–4 wildcards, under standard and
/// riichi rules with and without the fifth-copy option, in each numbered suit by turns.
#[test]
fn one_suit_with_wildcards() {
    let stride = if full() { 1 } else { 211 };
    let mut checked = 0;
    for code in (0..5usize.pow(9)).step_by(stride) {
        let c = digits(code);
        let tiles: usize = c.iter().map(|&x| x as usize).sum();
        let suit = code % 3;
        for w in 0..=4u8 {
            let n = tiles + w as usize;
            if n == 0 || n > 14 || n.is_multiple_of(3) {
                continue;
            }
            let mut counts = [0u8; 34];
            counts[suit * 9..suit * 9 + 9].copy_from_slice(&c);
            let h = hand(counts, w, &[]);
            for rules in [Rules::STANDARD, Rules::RIICHI, Rules::STANDARD.with_wildcard_fifth_copy(true)] {
                check(&h, &rules);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} hands checked");
}

/// Honors-only hands (every pattern of at most 14 tiles, a stride by default) with wildcards.
#[test]
fn honors_with_wildcards() {
    let stride = if full() { 1 } else { 7 };
    let mut checked = 0;
    for code in (0..5usize.pow(7)).step_by(stride) {
        let mut c = [0u8; 7];
        let mut x = code;
        for d in c.iter_mut() {
            *d = (x % 5) as u8;
            x /= 5;
        }
        let tiles: usize = c.iter().map(|&x| x as usize).sum();
        for w in 0..=3u8 {
            let n = tiles + w as usize;
            if n == 0 || n > 14 || n.is_multiple_of(3) {
                continue;
            }
            let mut counts = [0u8; 34];
            counts[27..].copy_from_slice(&c);
            let h = hand(counts, w, &[]);
            for rules in [Rules::CHINESE, Rules::CHINESE.with_wildcard_fifth_copy(true)] {
                check(&h, &rules);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} hands checked");
}

/// Random hands of every preset, with and without the fifth-copy option, 0–4 wildcards, 0–2
/// declared melds, complete and one short (17-tile hands under the 16-tile rules).
#[test]
fn random_hands_every_preset() {
    let per = if full() { 4000 } else { 150 };
    let mut rng = Rng(0x5eed_5a47);
    for rules in presets() {
        let size = rules.hand_size();
        for i in 0..per {
            let declared = i % 3;
            let w = (i / 3 % 5) as u8;
            let total = size - (i / 15 % 2);
            let Some(concealed) = total.checked_sub(3 * declared + w as usize) else { continue };
            let h = random_hand(&mut rng, concealed, w, declared);
            check(&h, &rules);
        }
    }
}

/// Smaller hands (4, 5, 7, 8, 10, 11 tiles) with declared melds and wildcards.
#[test]
fn small_hands_with_declared_melds() {
    let mut rng = Rng(0xdec1a7ed);
    let per = if full() { 3000 } else { 200 };
    for i in 0..per {
        let declared = i % 4;
        let w = (i % 3) as u8;
        let concealed_total = [4usize, 5, 7, 8, 10, 11][i / 4 % 6];
        let Some(concealed) = concealed_total.checked_sub(3 * declared + w as usize) else { continue };
        if concealed_total < 3 * declared + 1 {
            continue;
        }
        let h = random_hand(&mut rng, concealed, w, declared);
        for rules in [Rules::STANDARD, Rules::STANDARD.with_wildcard_fifth_copy(true), Rules::TAIWAN] {
            check(&h, &rules);
        }
    }
}

/// Hand-picked cases where the copy limit or the fifth-copy option decides.
#[test]
fn copy_limit_cases() {
    let cases: [(&str, Rules, i8); 8] = [
        // The wildcards must become a fresh triplet (more of 1z, 2z or 3z would be a fifth copy).
        ("111z222z333z44z***", Rules::STANDARD, -1),
        // A one-short hand is ready at best, whatever the wildcards.
        ("19m19p19s1234567z", Rules::RIICHI, 0),
        // Four East and a wildcard: 111z + 11z needs a fifth East, which only a stand-in may be.
        ("1111z*", Rules::STANDARD, 0),
        ("1111z*", Rules::STANDARD.with_wildcard_fifth_copy(true), -1),
        // After a declared pon of 1m, a concealed 1m and a wildcard cannot pair as 1m.
        ("1m*[111m]", Rules::STANDARD, 0),
        ("1m*[111m]", Rules::STANDARD.with_wildcard_fifth_copy(true), -1),
        // The semantics doc's example: four 1m and a wildcard, one short of 111m + pair.
        ("111m*123p456p789p", Rules::STANDARD, 0),
        ("1111m123p456p789p", Rules::STANDARD, 1),
    ];
    for (text, rules, want) in cases {
        let h: Hand = text.parse().unwrap();
        let got = shanten(&h, &rules).unwrap();
        assert_eq!(got.number, want, "{text} under {rules}");
        assert_eq!(got.number as i32, brute_shanten(&h, &rules), "{text} under {rules}");
    }
    // A declared kan leaves no room at all for its kind.
    let h = hand([0; 34], 2, &[Meld::Kan(Tile::EAST)]);
    assert_eq!(shanten(&h, &Rules::STANDARD).unwrap().number as i32, brute_shanten(&h, &Rules::STANDARD));
}
