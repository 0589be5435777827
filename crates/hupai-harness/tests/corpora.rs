//! Every corpus through every registered algorithm under all eighteen rule sets: no disagreement, and
//! every skip counted. Sampled by default; `HUPAI_FULL=1` runs the corpora in full (use
//! `--release`, or `hupai diff --full`). Run with `--nocapture` to see the summaries.

use hupai_harness::corpus::{self, Size};
use hupai_harness::{Harness, Summary};
use hupai_tiles::Feature;

fn run(name: &str) -> Summary {
    let corpus = corpus::corpus(name).unwrap_or_else(|| panic!("no corpus {name}"));
    let summary = Harness::new().run(corpus, &|_| {});
    println!("{summary}");
    assert!(summary.cases > 0, "{name} is empty");
    assert!(summary.agrees(), "{summary}");
    for t in &summary.tallies {
        // Nothing is silently passed: each case is answered or skipped (failures are faults).
        assert_eq!(t.answered + t.unsupported, summary.cases, "{}: {summary}", t.name);
        assert!(t.answered > 0, "{} answered nothing in {name}", t.name);
        assert_eq!(t.unsupported_by.iter().map(|(_, n)| n).sum::<u64>(), t.unsupported);
    }
    summary
}

fn skipped(summary: &Summary, algorithm: &str, feature: fn(&Feature) -> bool) -> u64 {
    let tally = summary.tally(algorithm).unwrap_or_else(|| panic!("{algorithm} is not registered"));
    tally.unsupported_by.iter().filter(|(f, _)| feature(f)).map(|(_, n)| n).sum()
}

#[test]
fn seeds_agree() {
    let s = run("seeds");
    assert!(skipped(&s, "index", |f| *f == Feature::Wildcards) > 0);
    assert!(skipped(&s, "substitute", |f| matches!(f, Feature::HandSize(17))) > 0);
    // Lists are compared for every decomposer on the wildcard-free seeds.
    for name in ["suit-table", "index", "substitute", "combine", "backtrack"] {
        assert!(s.tally(name).unwrap().lists > 0, "{name}");
    }
    for name in ["split", "matrix"] {
        assert_eq!(s.tally(name).unwrap().lists, 0, "{name} lists nothing");
    }
}

#[test]
fn tricky_agree() {
    let s = run("tricky");
    // Seventeen wildcards: substitute handles at most 14.
    assert!(skipped(&s, "substitute", |f| matches!(f, Feature::TooManyWildcards(_))) > 0);
    assert!(skipped(&s, "index", |f| *f == Feature::Wildcards) > 0);
}

#[test]
fn exhaustive_agrees() {
    let s = run("exhaustive");
    assert!(skipped(&s, "index", |f| *f == Feature::Wildcards) > 0);
    // The regional options: suit-table answers them all, the classic algorithms skip them.
    let tally = s.tally("matrix").unwrap();
    // (108 tiles come with a void suit in the presets, which is named first.)
    for feature in [Feature::Pair258, Feature::VoidSuit, Feature::TileSupply(112)] {
        assert!(tally.unsupported_by.iter().any(|(f, n)| *f == feature && *n > 0), "{feature}");
    }
    assert_eq!(skipped(&s, "suit-table", |_| true), 0);
}

#[test]
fn shapes_agree() {
    let s = run("shapes");
    if Size::from_env() == Size::Full {
        // 9,362 shapes × 3 placements × 5 variants × 8 rule sets (every variant pads to both sizes
        // except the few whose concealed part is too small or too big for one of them).
        assert!(s.cases > 9_362 * 3 * 5 * 6, "{}", s.cases);
    }
}

#[test]
fn random_agrees() {
    let s = run("random");
    assert!(skipped(&s, "index", |f| matches!(f, Feature::HandSize(_))) > 0);
}

#[test]
fn wildcard_tile_agrees_and_never_waits_on_a_kind_held_four_times() {
    let s = run("wildcard-tile");
    // The corpus reaches the case that once went wrong: a one-short hand holding all four copies
    // of its wildcard tile, with waits to check.
    let corpus = corpus::corpus("wildcard-tile").unwrap();
    let backtrack = hupai_harness::find("backtrack").unwrap();
    let mut checked = 0;
    for case in corpus.cases(&[hupai_tiles::Rules::STANDARD], Size::Sampled) {
        let exhausted = case.hand.exhausted_kinds();
        if exhausted.is_empty() || case.hand.shape(&case.rules) != Ok(hupai_tiles::HandShape::OneShort) {
            continue;
        }
        let waits = backtrack.waits(&case.hand, &case.rules).unwrap();
        assert!(waits.iter().all(|t| !exhausted.contains(t)), "{}: {waits:?}", case.hand);
        checked += usize::from(!waits.is_empty());
    }
    assert!(checked > 10, "{checked} one-short hands holding four wildcard copies have waits");
    assert!(skipped(&s, "index", |f| *f == Feature::Wildcards) > 0);
}

#[test]
fn knitted_agrees() {
    let s = run("knitted");
    assert!(skipped(&s, "matrix", |f| *f == Feature::KnittedForms) > 0);
    assert_eq!(skipped(&s, "suit-table", |_| true), 0);
    assert!(s.tally("suit-table").unwrap().lists > 0);
}
