//! `suit-table` against `backtrack` and the tests' reference search on random deals from a shuffled 136-tile wall (fixed
//! seed): every rule preset, with and without the fifth-copy rule, 0–8 wildcards, 0–3 declared
//! melds, 14- and 17-tile hands; plus named corner cases (fresh wildcard groups under the copy
//! limit, many quads, all-wildcard hands).
//!
//! Debug builds check a few thousand deals; `HUPAI_FULL=1` checks far more (use `--release`).

mod suit_common;

use hupai_lookup::SuitTable;
use hupai_search::Backtrack;
use hupai_tiles::{Algorithm, Hand, Rules};
use suit_common::{Rng, full, random_hand, reference_decompositions, reference_waits, reference_win};

/// The classic presets: these deals come from the 136-tile wall and the reference here knows no
/// regional option (the harness sweeps those against backtrack).
fn rule_sets() -> Vec<Rules> {
    Rules::PRESETS
        .iter()
        .filter(|(_, r)| r.is_classic())
        .flat_map(|&(_, r)| [r, r.with_wildcard_fifth_copy(true)])
        .collect()
}

/// Calls `check` on `per_config` random hands for every rule set, wildcard count 0–8 and number of
/// declared melds 0–3 (0–4 for 17-tile rules); returns how many hands were checked.
fn deals(seed: u64, per_config: usize, short: bool, mut check: impl FnMut(&Hand, &Rules)) -> usize {
    let mut rng = Rng(seed);
    let mut n = 0;
    for rules in rule_sets() {
        let max_declared = if rules.melds == 5 { 4 } else { 3 };
        for w in 0..=8u8 {
            for declared in 0..=max_declared {
                let mut done = 0;
                let mut tries = 0;
                while done < per_config && tries < 20 * per_config {
                    tries += 1;
                    if let Some(h) = random_hand(&mut rng, &rules, w, declared, short) {
                        check(&h, &rules);
                        done += 1;
                        n += 1;
                    }
                }
            }
        }
    }
    n
}

#[test]
fn random_wins() {
    let per = if full() { 400 } else { 6 };
    let mut wins = 0;
    let n = deals(1, per, false, |h, r| {
        let got = SuitTable.is_win(h, r).unwrap();
        assert_eq!(got, Backtrack.is_win(h, r).unwrap(), "{h} under {r}");
        assert_eq!(got, reference_win(h, r), "{h} under {r}");
        wins += usize::from(got);
    });
    assert!(n > 1000 && wins > n / 20, "{wins} of {n} win");
}

#[test]
fn random_waits() {
    let per = if full() { 100 } else { 2 };
    let mut waiting = 0;
    let n = deals(2, per, true, |h, r| {
        let got = SuitTable.waits(h, r).unwrap();
        assert_eq!(got, Backtrack.waits(h, r).unwrap(), "{h} under {r}");
        assert_eq!(got, reference_waits(h, r), "{h} under {r}");
        waiting += usize::from(!got.is_empty());
    });
    assert!(n > 400 && waiting > n / 20, "{waiting} of {n} wait");
}

#[test]
fn random_decompositions() {
    let per = if full() { 60 } else { 2 };
    let mut listed = 0;
    let n = deals(3, per, false, |h, r| {
        let got = SuitTable.decompositions(h, r).unwrap();
        for d in &got {
            assert!(d.is_valid_for(h, r), "{d} is not a decomposition of {h} under {r}");
        }
        assert_eq!(got, Backtrack.decompositions(h, r).unwrap(), "{h} under {r}");
        let want: Vec<_> = reference_decompositions(h, r, false).into_iter().collect();
        assert_eq!(got, want, "{h} under {r}");
        listed += got.len();
    });
    assert!(n > 400 && listed > n, "{listed} decompositions over {n} hands");
}

#[test]
fn corner_cases_agree_with_the_reference() {
    let cases = [
        // The wildcards must become a fresh triplet: more East, South, West or North is a fifth copy.
        "111z222z333z44z***",
        "1111z2222z3333z**",
        "1111m2222m3333m44m",
        "1111m2222m3333m4444m*",
        "1111m9999m1111p9999p*",
        "1111z2222z3333z4444z*",
        "**************",
        "*****************",
        "1m**[1111p][2222p][3333p][4444p]",
        "**[1111m][2222m][3333m][4444m]",
        "1m*[111m][222m][333m][444m]",
        "1111z222z333z444z*",
        "147m111p********",
        "147m***********",
        "1479m11z********",
        "1479m1z*********",
        "19m19p19s1234567z*",
        "1m9m1p9p1s9s1z2z3z4z5z6z**",
        "1133557799m1133z",
        "11223344556677z",
        "1122334455667z*",
        "1111222233334z*",
        "2244m6688p1z******",
        "123m456m789m11z***",
        "123m456m789m123p1z***",
        "[123m][456m][789m]11z***",
    ];
    let mut checked = 0;
    for text in cases {
        let hand: Hand = text.parse().unwrap();
        for (_, base) in Rules::PRESETS.into_iter().filter(|(_, r)| r.is_classic()) {
            for rules in [base, base.with_wildcard_fifth_copy(true)] {
                let size = hand.tile_count();
                if size == rules.hand_size() {
                    assert_eq!(
                        SuitTable.is_win(&hand, &rules).unwrap(),
                        reference_win(&hand, &rules),
                        "{text} {rules}"
                    );
                    // All-wildcard hands have millions of decompositions; verdicts and waits suffice there.
                    if hand.wildcards() <= 8 {
                        let got = SuitTable.decompositions(&hand, &rules).unwrap();
                        assert_eq!(got, Backtrack.decompositions(&hand, &rules).unwrap(), "{text} {rules}");
                        let want: Vec<_> = reference_decompositions(&hand, &rules, false).into_iter().collect();
                        assert_eq!(got, want, "{text} {rules}");
                    }
                    checked += 1;
                } else if size + 1 == rules.hand_size() {
                    assert_eq!(
                        SuitTable.waits(&hand, &rules).unwrap(),
                        reference_waits(&hand, &rules),
                        "{text} {rules}"
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked >= 2 * cases.len());
}

#[test]
fn known_verdicts() {
    let win = |s: &str, r: Rules| SuitTable.is_win(&s.parse().unwrap(), &r).unwrap();
    // Fresh triplet of wildcards on a kind with room.
    assert!(win("111z222z333z44z***", Rules::STANDARD));
    // Four of an honor can never sit in melds under the copy limit; with the fifth-copy rule a
    // wildcard makes 1111z + 1z a triplet and a pair.
    assert!(!win("1111z222z333z444z*", Rules::STANDARD));
    assert!(win("1111z222z333z444z*", Rules::STANDARD.with_wildcard_fifth_copy(true)));
    // The pair next to a declared pon of the same kind would be a fifth copy.
    assert!(!win("1m*[111m][222m][333m][444m]", Rules::STANDARD));
    assert!(win("1m*[111m][222m][333m][444m]", Rules::STANDARD.with_wildcard_fifth_copy(true)));
    // One suit needing five wildcards even as the pair suit (per-suit tables capped at four miss it).
    assert!(win("147m111p********", Rules::STANDARD));
    // One suit needing five wildcards alone (per-suit tables capped at four miss this).
    assert!(win("1479m11z********", Rules::STANDARD));
    // Seven pairs with wildcards, distinct and with a four of a kind.
    assert!(win("1122334455667z*", Rules::RIICHI));
    assert!(!win("1111222233334z*", Rules::RIICHI));
    assert!(win("1111222233334z*", Rules::CHINESE));
    // Thirteen orphans with three wildcards (two missing kinds and the doubled one).
    assert!(win("19m19p19s12345z***", Rules::RIICHI));
    assert!(!win("19m19p19s12345z***", Rules::STANDARD));
}
