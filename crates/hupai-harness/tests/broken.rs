//! Breaking one algorithm on purpose makes the harness and the snapshot fail: `index` wrapped in an
//! adapter that flips the verdict of one table entry (the key of S000's `11122223333444m`, shape
//! 3 4 4 3), as a corrupted table would.

mod common;

use hupai_harness::check::Fault;
use hupai_harness::{Harness, corpus};
use hupai_tiles::{Algorithm, Capabilities, Decomposition, Error, Hand, Rules};

/// `index` with one table entry flipped: hands whose concealed key is `key` win iff index says
/// they do not.
struct FlippedEntry {
    key: u32,
}

impl FlippedEntry {
    fn flipped(&self, hand: &Hand) -> bool {
        hupai_lookup::index::key(hand.concealed()) == Some(self.key)
    }
}

impl Algorithm for FlippedEntry {
    fn name(&self) -> &'static str {
        hupai_lookup::Index.name()
    }

    fn capabilities(&self) -> Capabilities {
        hupai_lookup::Index.capabilities()
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        Ok(hupai_lookup::Index.check_win(hand, rules)? != self.flipped(hand))
    }

    fn check_decompositions(&self, hand: &Hand, rules: &Rules) -> Result<Vec<Decomposition>, Error> {
        // A flipped entry lists nothing where there was something, and vice versa.
        if self.flipped(hand) {
            return Ok(Vec::new());
        }
        hupai_lookup::Index.check_decompositions(hand, rules)
    }
}

fn broken_registry(adapter: &FlippedEntry) -> Vec<&dyn Algorithm> {
    hupai_harness::algorithms()
        .iter()
        .map(|&a| if a.name() == "index" { adapter as &dyn Algorithm } else { a })
        .collect()
}

#[test]
fn a_flipped_entry_fails_the_harness_and_the_snapshot() {
    let target: Hand = "11122223333444m".parse().unwrap();
    let adapter = FlippedEntry { key: hupai_lookup::index::key(target.concealed()).unwrap() };
    let broken = broken_registry(&adapter);
    let harness = Harness::with_algorithms(&broken).rules(&corpus::all_rules());
    let seeds = corpus::corpus("seeds").unwrap();

    // The harness run fails, blames index alone, and names the hand and every answer.
    let summary = harness.run(seeds, &|_| {});
    assert!(!summary.agrees());
    for t in &summary.tallies {
        assert_eq!(t.disagreements > 0, t.name == "index", "{summary}");
    }
    let report = &summary.reports[0];
    assert!(report.faults.iter().all(|(name, _)| *name == "index"));
    assert!(report.faults.iter().any(|(_, f)| *f == Fault::Answer));
    let printed = report.to_string();
    assert!(printed.contains("11122223333444m"), "{printed}");
    for name in hupai_harness::names() {
        assert!(printed.contains(name), "{name} missing from\n{printed}");
    }
    assert!(printed.contains("index") && printed.contains("no win") && printed.contains("win ×4"), "{printed}");

    // The rendered table differs from the committed snapshot, and only in rows of that shape;
    // the unbroken registry renders the committed table exactly.
    let committed = common::committed("seeds").expect("the seeds snapshot is committed");
    assert_eq!(Harness::new().table(seeds).trim_end(), committed);
    let table = harness.table(seeds);
    assert_ne!(table.trim_end(), committed);
    let changed: Vec<&str> = table.lines().filter(|l| !committed.lines().any(|c| c == *l)).collect();
    assert!(!changed.is_empty());
    for line in changed {
        assert!(line.contains("`11122223333444m`") || line.contains("`22233334444555m`"), "{line}");
    }
}

#[test]
fn the_adapter_is_index_everywhere_else() {
    let target: Hand = "11122223333444m".parse().unwrap();
    let adapter = FlippedEntry { key: hupai_lookup::index::key(target.concealed()).unwrap() };
    let other: Hand = "123m456p789s11122z".parse().unwrap();
    assert_eq!(adapter.is_win(&other, &Rules::STANDARD), hupai_lookup::Index.is_win(&other, &Rules::STANDARD));
    assert_ne!(adapter.is_win(&target, &Rules::STANDARD), hupai_lookup::Index.is_win(&target, &Rules::STANDARD));
}
