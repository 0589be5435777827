//! Shanten with wildcards against the independent brute force of `common` (target enumeration):
//! one-suit hands of 1–14 tiles with 0–4 wildcards, honors, declared melds, 17-tile hands, every
//! rule preset (the regional options among them: the 2-5-8 pair, void suits, 108 and 112 tiles,
//! the GB knitted forms) and the fifth-copy option. A sample by default; `HUPAI_FULL=1` runs the one-suit
//! and honors sweeps in full (best with `--release`).

mod common;

use common::{Rng, brute_shanten, brute_shanten_of, digits, full, hand, random_hand, random_hand_of};
use hupai_shanten::shanten;
use hupai_tiles::knitted::{KNITTED_ORDERS, honors_and_knitted_kinds};
use hupai_tiles::{Error, Hand, Meld, Rules, Suit, Tile, TileSupply};

/// Every preset, a declared void suit and Changsha's 108 tiles, each also with the fifth-copy rule.
fn presets() -> Vec<Rules> {
    let mut base: Vec<Rules> = Rules::PRESETS.iter().map(|&(_, r)| r).collect();
    base.push(Rules::SICHUAN.with_void(Suit::Pin));
    base.push(Rules::CHANGSHA.with_tiles(TileSupply::Numbered108));
    let mut out = base.clone();
    out.extend(base.into_iter().map(|r| r.with_wildcard_fifth_copy(true)));
    out
}

fn check(h: &Hand, rules: &Rules) {
    match brute_shanten_of(h, rules) {
        Some(want) => {
            let got = shanten(h, rules).unwrap_or_else(|e| panic!("{h} under {rules}: {e}"));
            assert_eq!(got.number as i32, want, "{h} under {rules}: {got:?}");
        }
        None => assert!(matches!(shanten(h, rules), Err(Error::NeverWins { .. })), "{h} under {rules}"),
    }
}

/// One-suit hands: every pattern (every `stride`-th) of numbered suit `suit(code)`, with each
/// wildcard count up to `most_wildcards` that makes a shanten size (3k + 1 or 3k + 2, at most 14).
fn one_suit_hands(stride: usize, most_wildcards: u8, suit: impl Fn(usize) -> usize) -> impl Iterator<Item = Hand> {
    (0..5usize.pow(9)).step_by(stride).flat_map(move |code| {
        let c = digits(code);
        let tiles: usize = c.iter().map(|&x| x as usize).sum();
        let s = suit(code);
        (0..=most_wildcards).filter_map(move |w| {
            let n = tiles + w as usize;
            if n == 0 || n > 14 || n.is_multiple_of(3) {
                return None;
            }
            let mut counts = [0u8; 34];
            counts[s * 9..s * 9 + 9].copy_from_slice(&c);
            Some(hand(counts, w, &[]))
        })
    })
}

/// Every one-suit pattern (a stride of them by default) with 0–4 wildcards, under standard and
/// riichi rules with and without the fifth-copy option, in each numbered suit by turns.
#[test]
fn one_suit_with_wildcards() {
    let stride = if full() { 1 } else { 211 };
    let mut checked = 0;
    for h in one_suit_hands(stride, 4, |code| code % 3) {
        for rules in [Rules::STANDARD, Rules::RIICHI, Rules::STANDARD.with_wildcard_fifth_copy(true)] {
            check(&h, &rules);
            checked += 1;
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
    let per = if full() { 4000 } else { 120 };
    let mut rng = Rng(0x5eed_5a47);
    for rules in presets() {
        let size = rules.hand_size();
        for i in 0..per {
            let declared = i % 3;
            let w = (i / 3 % 5) as u8;
            let total = size - (i / 15 % 2);
            let Some(concealed) = total.checked_sub(3 * declared + w as usize) else { continue };
            let h = random_hand_of(&mut rng, rules.tiles.kinds().bits(), concealed, w, declared);
            check(&h, &rules);
        }
    }
}

/// One-suit patterns (a stride by default) with 0–3 wildcards under the 2-5-8 pair and void
/// suits: the pair's ranks, a suit that must stay empty, any one suit missing.
#[test]
fn one_suit_regional() {
    let stride = if full() { 1 } else { 409 };
    let rules = [
        Rules::CHANGSHA,
        Rules::CHANGSHA.with_wildcard_fifth_copy(true),
        Rules::SICHUAN,
        Rules::SICHUAN.with_void(Suit::Man),
        Rules::SICHUAN.with_void(Suit::Pin),
    ];
    let mut checked = 0;
    for h in one_suit_hands(stride, 3, |_| 0) {
        for r in &rules {
            check(&h, r);
            checked += 1;
        }
    }
    assert!(checked > 1000, "only {checked} hands checked");
}

/// Hands near the knitted forms under `gb`: most tiles from one order's sixteen kinds, a few
/// others, 0–3 wildcards, 13 and 14 tiles, at most one declared meld, with and without the
/// fifth-copy option.
#[test]
fn knitted_hands() {
    let per = if full() { 20_000 } else { 400 };
    let mut rng = Rng(0x6b6e_6974);
    let mut knitted_best = 0;
    for i in 0..per {
        let order = KNITTED_ORDERS[rng.below(6)];
        let kinds: Vec<usize> = honors_and_knitted_kinds(order).iter().map(|t| t.index()).collect();
        let declared = usize::from(i % 4 == 3);
        let w = (i % 4) as u8;
        let total = 14 - (i / 4 % 2) - 3 * declared;
        let Some(concealed) = total.checked_sub(w as usize) else { continue };
        let mut c = [0u8; 34];
        let mut n = 0;
        while n < concealed {
            let k = if rng.below(5) == 0 { rng.below(34) } else { kinds[rng.below(16)] };
            if c[k] < 3 {
                c[k] += 1;
                n += 1;
            }
        }
        let melds: Vec<Meld> = if declared == 1 {
            let k = (0..34).find(|&k| c[k] == 0).unwrap_or(0);
            vec![Meld::Pon(Tile::ALL[k])]
        } else {
            Vec::new()
        };
        let h = hand(c, w, &melds);
        for rules in [Rules::GB, Rules::GB.with_wildcard_fifth_copy(true), Rules::GB.with_pair_258(true)] {
            check(&h, &rules);
            let s = shanten(&h, &rules).unwrap();
            if matches!(s.form, hupai_shanten::Form::HonorsAndKnitted | hupai_shanten::Form::KnittedStraight) {
                knitted_best += 1;
            }
        }
    }
    // The sample reaches the knitted forms as the best form, not only the melds form.
    assert!(knitted_best > per / 10, "only {knitted_best} hands best in a knitted form");
}

/// A declared meld of the void suit: no winning hand can be reached, a typed error says why.
#[test]
fn void_meld_never_wins() {
    let h: Hand = "123456789m1s1m[222p]".parse().unwrap();
    let rules = Rules::SICHUAN.with_void(Suit::Pin);
    assert_eq!(brute_shanten_of(&h, &rules), None);
    let e = shanten(&h, &rules).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the hand can never win under these rules: the declared meld [222p] holds tiles of the void suit p"
    );
    // Under "any one suit" the pon only rules out dots as the void suit: man or sou may be void.
    assert_eq!(shanten(&h, &Rules::SICHUAN).unwrap().number as i32, brute_shanten(&h, &Rules::SICHUAN));
    let all_three: Hand = "1m1s[222p][333m][444s]".parse().unwrap();
    assert!(matches!(shanten(&all_three, &Rules::SICHUAN), Err(Error::NeverWins { .. })));
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
        for rules in
            [Rules::STANDARD, Rules::STANDARD.with_wildcard_fifth_copy(true), Rules::TAIWAN, Rules::GB, Rules::CHANGSHA]
        {
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

/// Discarding a wildcard under the fifth-copy option leaves one stand-in fewer to be a fifth copy:
/// the advice line must equal the question asked of the hand without it.
#[test]
fn wildcard_discard_under_the_fifth_copy_option() {
    for rules in [Rules::STANDARD.with_wildcard_fifth_copy(true), Rules::SICHUAN.with_wildcard_fifth_copy(true)] {
        for text in ["123m456p789s1111z*", "234m456p789s1111m*", "1111m2222m3333m5m*"] {
            let h: Hand = text.parse().unwrap();
            if h.check_tile_supply(&rules).is_err() {
                continue;
            }
            let advice = hupai_shanten::discard_advice(&h, &rules, &hupai_tiles::TileCounts::EMPTY).unwrap();
            let line = advice.iter().find(|o| o.discard == hupai_shanten::Discard::Wildcard).expect("a wildcard line");
            let without = h.with_wildcards(h.wildcards() - 1);
            let direct = hupai_shanten::effective_tiles(&without, &rules, &hupai_tiles::TileCounts::EMPTY).unwrap();
            assert_eq!(line.after, direct, "{text} under {rules}");
            assert_eq!(i32::from(line.shanten()), brute_shanten(&without, &rules), "{text} under {rules}");
        }
    }
}
