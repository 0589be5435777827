//! `hupai-harness`: the registry of every hupai algorithm and the differential harness that makes
//! them all answer the same hands and shows where they disagree.
//!
//! Use the **registry** ([`algorithms`], [`find`], [`fastest_for`], [`fastest_decomposer_for`]) when
//! you want "whichever algorithm can answer this hand, fastest first" (the `hupai` CLI does). Use
//! the **harness** ([`Harness`]) when you change an algorithm, add one, or want to know whether
//! they agree: it runs named, deterministic [`corpus`] corpora (the seeds' worked examples, tricky
//! corners, an exhaustive one-suit sweep, every index shape, random deals) through every algorithm
//! under every rule set, compares win verdicts, waits and decomposition lists, checks every
//! decomposition with [`Decomposition::is_valid_for`](hupai_tiles::Decomposition::is_valid_for),
//! and reports each disagreement with the hand in notation and every algorithm's answer.
//!
//! Like regex's engine skip lists, capabilities are respected but never silently passed: a hand an
//! algorithm does not support is skipped, counted per algorithm and per feature, and checked to
//! really be refused ([`skip`] lists what each algorithm skips and why).
//!
//! ```
//! use hupai_harness::{Harness, corpus};
//! use hupai_tiles::{Answer, Hand, Rules};
//!
//! // One hand: every algorithm's answer side by side.
//! let hand: Hand = "111z222z333z44z***".parse()?;
//! let report = Harness::new().check(&corpus::Case::new(hand, Rules::STANDARD));
//! assert!(report.agrees(), "{report}");
//! assert_eq!(report.consensus, Some(Answer::Win(true)));
//! assert_eq!(report.consensus_decompositions.as_ref().map(Vec::len), Some(81));
//!
//! // A whole corpus under two rule sets.
//! let seeds = corpus::corpus("seeds").expect("a named corpus");
//! let summary = Harness::new().rules(&[Rules::STANDARD, Rules::RIICHI]).run(seeds, &|_done| {});
//! assert!(summary.agrees(), "{summary}");
//! assert_eq!(summary.tally("index").map(|t| t.unsupported > 0), Some(true)); // wildcards
//!
//! // The registry: look an algorithm up by name, or take the fastest that supports a hand.
//! let backtrack = hupai_harness::find("backtrack").expect("backtrack is always registered");
//! let hand: Hand = "123m456p789s11122z".parse()?;
//! assert!(backtrack.is_win(&hand, &Rules::STANDARD)?);
//! let fastest = hupai_harness::fastest_for(&hand, &Rules::STANDARD)?;
//! assert!(fastest.is_win(&hand, &Rules::STANDARD)?);
//! # Ok::<(), hupai_tiles::Error>(())
//! ```
//!
//! The big corpora are sampled by default so that `cargo test` stays fast; `HUPAI_FULL=1` (or
//! [`Size::Full`](corpus::Size::Full), `hupai diff --full`, `cargo xtask diff --full`) runs them in
//! full, best in release. `docs/harness.md` has the corpora, the checks, the skip lists, the
//! full-sweep figures and how to update the snapshot tables.

pub mod check;
pub mod corpus;
pub mod deals;
pub mod rng;
mod run;
pub mod skip;
#[cfg(feature = "proptest")]
pub mod strategy;
pub mod table;

pub use check::{CaseReport, Fault, Options, Reply, check_case};
pub use run::{Harness, Summary, Tally};

use std::sync::OnceLock;

use hupai_tiles::{Algorithm, Error, Hand, Rules};

/// One `'static` instance of an algorithm. Algorithms are cheap unit-like structs, so the leak is
/// a zero- or few-byte allocation made once per registered algorithm for the whole process.
fn instance<A: Algorithm + Default + 'static>() -> &'static dyn Algorithm {
    Box::leak(Box::new(A::default()))
}

/// Every registered algorithm, fastest first (measured: `docs/harness.md`). Adding one is one
/// line in this list, at its place in speed order; `backtrack`, the reference, stays last.
fn build() -> Vec<&'static dyn Algorithm> {
    vec![
        instance::<hupai::Hupai>(),
        instance::<hupai_lookup::SuitTable>(),
        instance::<hupai_lookup::Index>(),
        instance::<hupai_split::Split>(),
        instance::<hupai_search::Matrix>(),
        instance::<hupai_lookup::Substitute>(),
        instance::<hupai_combine::Combine>(),
        instance::<hupai_search::Backtrack>(),
    ]
}

/// Every registered algorithm in speed order, fastest first. `backtrack`, the reference that
/// handles every hand, is always last.
pub fn algorithms() -> &'static [&'static dyn Algorithm] {
    static REGISTRY: OnceLock<Vec<&'static dyn Algorithm>> = OnceLock::new();
    REGISTRY.get_or_init(build)
}

/// The registered algorithm with this stable name (`"backtrack"`, `"matrix"`, ...).
pub fn find(name: &str) -> Option<&'static dyn Algorithm> {
    algorithms().iter().copied().find(|a| a.name() == name)
}

/// The stable names of every registered algorithm, fastest first.
pub fn names() -> impl Iterator<Item = &'static str> {
    algorithms().iter().map(|a| a.name())
}

/// The fastest registered algorithm that supports `hand` under `rules` (capabilities only; the
/// hand's size is not checked). If none does, the unsupported error of the last (most capable)
/// one, so the message says what the hand needs.
pub fn fastest_for(hand: &Hand, rules: &Rules) -> Result<&'static dyn Algorithm, Error> {
    first_supporting(algorithms(), hand, rules, |_| true)
}

/// The fastest registered algorithm that lists decompositions and supports `hand` under `rules`.
/// If none does, the unsupported error of the last decomposition-capable one (or, if no
/// algorithm lists decompositions at all, an unsupported-decompositions error).
pub fn fastest_decomposer_for(hand: &Hand, rules: &Rules) -> Result<&'static dyn Algorithm, Error> {
    first_supporting(algorithms(), hand, rules, |a| a.capabilities().decompositions)
}

fn first_supporting(
    list: &[&'static dyn Algorithm],
    hand: &Hand,
    rules: &Rules,
    wanted: impl Fn(&dyn Algorithm) -> bool,
) -> Result<&'static dyn Algorithm, Error> {
    let mut last_error = None;
    for &a in list.iter().filter(|a| wanted(**a)) {
        match a.supports(hand, rules) {
            Ok(()) => return Ok(a),
            Err(e) => last_error = Some(e),
        }
    }
    Err(last_error.unwrap_or(Error::Unsupported {
        algorithm: "every registered algorithm",
        feature: hupai_tiles::Feature::Decompositions,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_findable() {
        let names: Vec<&str> = names().collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} registered twice");
            assert_eq!(find(n).map(|a| a.name()), Some(*n));
        }
        assert!(find("no-such-algorithm").is_none());
    }

    #[test]
    fn backtrack_is_last_and_supports_everything() {
        let last = algorithms().last().expect("registry is not empty");
        assert_eq!(last.name(), "backtrack");
        let caps = last.capabilities();
        assert!(caps.wildcards && caps.decompositions && caps.declared_melds && caps.seventeen_tiles);
    }

    #[test]
    fn fastest_for_takes_the_first_supporting() {
        for text in ["123m456p789s111z2z*", "11223344556677z", "19m19p19s1234567z*", "11m****[789s][5555z]"] {
            let hand: Hand = text.parse().unwrap();
            for rules in Rules::PRESETS.map(|(_, r)| r) {
                for rules in [rules, rules.with_wildcard_fifth_copy(true)] {
                    let chosen = fastest_for(&hand, &rules).unwrap();
                    let position = algorithms().iter().position(|a| a.name() == chosen.name()).unwrap();
                    assert!(chosen.supports(&hand, &rules).is_ok());
                    for earlier in &algorithms()[..position] {
                        assert!(earlier.supports(&hand, &rules).is_err(), "{} was skipped", earlier.name());
                    }
                }
            }
        }
    }

    #[test]
    fn decomposer_lists_decompositions() {
        let hand: Hand = "123m456p789s11122z".parse().unwrap();
        let d = fastest_decomposer_for(&hand, &Rules::STANDARD).unwrap();
        assert!(d.capabilities().decompositions);
        assert!(!d.decompositions(&hand, &Rules::STANDARD).unwrap().is_empty());
    }
}
