//! Property tests: random hands (proptest strategies from `src/strategy.rs`) get the same answer
//! from every algorithm, and a disagreement shrinks to a small hand.

#[allow(unreachable_pub, dead_code)]
#[path = "../src/strategy.rs"]
mod strategy;

use hupai_harness::Harness;
use hupai_harness::corpus::Case;
use hupai_tiles::{Algorithm, Capabilities, Error, Hand, Rules};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestError, TestRng, TestRunner};

proptest! {
    #![proptest_config(Config { cases: 192, failure_persistence: None, ..Config::default() })]

    #[test]
    fn every_algorithm_agrees((hand, rules) in strategy::case()) {
        prop_assert!(hand.shape(&rules).is_ok(), "{hand} does not fit {rules}");
        let report = Harness::new().check(&Case::new(hand, rules));
        prop_assert!(report.agrees(), "{}", report);
    }
}

/// `matrix` with a planted bug: a complete hand with a wildcard and a triplet of real tiles loses.
struct PlantedBug;

impl Algorithm for PlantedBug {
    fn name(&self) -> &'static str {
        "matrix"
    }

    fn capabilities(&self) -> Capabilities {
        hupai_search::Matrix.capabilities()
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        let bug = hand.wildcards() > 0 && hand.concealed().0.iter().any(|&c| c >= 3);
        Ok(hupai_search::Matrix.check_win(hand, rules)? && !bug)
    }
}

/// Tiles (concealed and declared) and wildcards: what shrinking should bring down.
fn weight(hand: &Hand) -> (u8, usize, u32) {
    let tiles: u32 = hand.concealed().tiles().map(|t| t.index() as u32 + 1).sum();
    (hand.wildcards(), hand.melds().len(), tiles)
}

#[test]
fn a_disagreement_shrinks_to_a_small_hand() {
    let algorithms: [&dyn Algorithm; 2] = [&PlantedBug, &hupai_search::Backtrack];
    let harness = Harness::with_algorithms(&algorithms);
    let config = Config { cases: 4096, failure_persistence: None, ..Config::default() };
    let rng = TestRng::deterministic_rng(config.rng_algorithm);
    let mut runner = TestRunner::new_with_rng(config, rng);
    let first = std::sync::Mutex::new(None);
    let result = runner.run(&strategy::case(), |(hand, rules)| {
        let report = harness.check(&Case::new(hand.clone(), rules));
        if !report.agrees() {
            first.lock().unwrap().get_or_insert(hand);
        }
        prop_assert!(report.agrees(), "{}", report);
        Ok(())
    });
    let Err(TestError::Fail(reason, (hand, rules))) = result else {
        panic!("the planted bug was not found: {result:?}")
    };
    let first = first.into_inner().unwrap().expect("a failing hand was seen");
    println!("first failure {first}, shrunk to {hand} under {rules}:\n{reason}");
    // Still a disagreement, on a hand no bigger than the first one found, in every respect.
    assert!(!harness.check(&Case::new(hand.clone(), rules)).agrees());
    let (w, m, t) = weight(&hand);
    let (w0, m0, t0) = weight(&first);
    assert!(w <= w0 && m <= m0 && t <= t0, "{first} shrank to {hand}");
    assert!(weight(&hand) < weight(&first), "{first} did not shrink");
}
