//! The exhaustive sweep exposes wrong "no win" answers of published split methods. Two of the
//! seeds' methods, re-implemented here as written (test-only adapters, not algorithms of hupai),
//! run beside `backtrack` on the sampled corpora: both are caught, only they are blamed, and
//! every answer they get wrong is a win (or a wait) they miss, never one they invent.
//!
//! - S004's matrix section read literally: take a pair, remove every sequence from the lowest
//!   rank up, and only then triplets (`111234m` strands `11m 4m`).
//! - S000's three-wildcard pruning: a wildcard only becomes a kind held or next to one held
//!   ("该相同的要相同, 该连续的要连续"), which misses wildcards forming a fresh group
//!   (`111z222z333z44z***`).

use hupai_harness::corpus::{self, Case, Size};
use hupai_harness::{Harness, Summary};
use hupai_tiles::{Algorithm, Answer, Capabilities, Error, Hand, Rules, Tile, TileCounts};

/// S004 as written: pair, then sequences from the lowest rank, then triplets.
struct SequenceFirst;

impl Algorithm for SequenceFirst {
    fn name(&self) -> &'static str {
        "s004-literal"
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities {
            wildcards: false,
            max_wildcards: 0,
            seven_pairs: false,
            thirteen_orphans: false,
            decompositions: false,
            ..Capabilities::CLASSIC
        }
    }

    fn check_win(&self, hand: &Hand, _rules: &Rules) -> Result<bool, Error> {
        Ok(Tile::ALL.into_iter().any(|pair| {
            let mut c = hand.concealed().0;
            if c[pair.index()] < 2 {
                return false;
            }
            c[pair.index()] -= 2;
            for t in Tile::ALL.into_iter().filter(|t| t.starts_sequence()) {
                let i = t.index();
                while c[i] > 0 && c[i + 1] > 0 && c[i + 2] > 0 {
                    for n in &mut c[i..i + 3] {
                        *n -= 1;
                    }
                }
            }
            c.iter().all(|&n| n == 0 || n == 3)
        }))
    }
}

/// S000's pruning: each wildcard in turn becomes a kind held (real tiles and earlier stand-ins) or
/// a numbered neighbour of one, never a fifth copy; the concrete hand is then looked up.
struct NeighbourPruning;

impl NeighbourPruning {
    fn search(&self, counts: &mut TileCounts, left: u8, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        if left == 0 {
            let concrete = Hand::new(*counts, 0, hand.melds())?;
            return hupai_lookup::Index.check_win(&concrete, rules);
        }
        let physical = |c: &TileCounts, t: Tile| c[t] + hand.declared_counts()[t];
        let mut candidates = Vec::new();
        for t in Tile::ALL.into_iter().filter(|&t| counts[t] > 0) {
            candidates.push(t);
            if !t.is_honor() {
                let rank = t.rank();
                if rank > 1 {
                    candidates.push(Tile::ALL[t.index() - 1]);
                }
                if rank < 9 {
                    candidates.push(Tile::ALL[t.index() + 1]);
                }
            }
        }
        candidates.sort();
        candidates.dedup();
        for t in candidates {
            if physical(counts, t) >= 4 {
                continue;
            }
            counts[t] += 1;
            let win = self.search(counts, left - 1, hand, rules)?;
            counts[t] -= 1;
            if win {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

impl Algorithm for NeighbourPruning {
    fn name(&self) -> &'static str {
        "s000-pruning"
    }

    fn capabilities(&self) -> Capabilities {
        // S000 handles three wildcards; the lookup is the index table (no 17-tile hands).
        Capabilities {
            max_wildcards: 3,
            wildcard_fifth_copy: false,
            seventeen_tiles: false,
            seven_pairs: false,
            thirteen_orphans: false,
            decompositions: false,
            ..Capabilities::CLASSIC
        }
    }

    fn check_win(&self, hand: &Hand, rules: &Rules) -> Result<bool, Error> {
        self.search(&mut hand.concealed().clone(), hand.wildcards(), hand, rules)
    }
}

/// Runs `published` beside backtrack over the sampled exhaustive corpus (`filter`ed), and checks
/// that it is caught, alone, and only ever misses wins and waits.
fn caught(published: &dyn Algorithm, filter: fn(&Case) -> bool) -> Summary {
    let algorithms = [published, &hupai_search::Backtrack as &dyn Algorithm];
    let harness = Harness::with_algorithms(&algorithms).keep(50).rules(&[Rules::STANDARD]);
    let cases = corpus::corpus("exhaustive").unwrap().cases(&[Rules::STANDARD], Size::Sampled).filter(filter);
    let summary = harness.run_cases("exhaustive", cases, &|_| {});
    println!("{summary}");
    assert!(!summary.agrees(), "{} agreed on every sampled hand", published.name());
    assert_eq!(summary.tally("backtrack").unwrap().disagreements, 0);
    assert_eq!(summary.tally(published.name()).unwrap().disagreements, summary.disagreeing_cases);
    for r in &summary.reports {
        let wrong = r.replies[0].1.answer().expect("answered");
        let truth = r.replies[1].1.answer().expect("backtrack answered");
        match (wrong, truth) {
            (Answer::Win(w), Answer::Win(t)) => assert!(!w && t, "{r}"),
            (Answer::Waits(w), Answer::Waits(t)) => {
                assert!(w.iter().all(|x| t.contains(x)) && w.len() < t.len(), "{r}")
            }
            _ => panic!("mixed answers: {r}"),
        }
    }
    summary
}

#[test]
fn s004_sequence_first_misses_wins() {
    let summary = caught(&SequenceFirst, |_| true);
    // The seeds' own counter-example is of this kind.
    let h: Hand = "111234m456p789s11z".parse().unwrap();
    assert_eq!(SequenceFirst.is_win(&h, &Rules::STANDARD), Ok(false));
    assert!(summary.reports.iter().any(|r| matches!(r.replies[1].1.answer(), Some(Answer::Win(true)))));
}

#[test]
fn s000_neighbour_pruning_misses_fresh_groups() {
    // Complete hands only (waits would be 34 searches each), up to S000's three wildcards.
    caught(&NeighbourPruning, |c| c.hand.wildcards() <= 3 && c.hand.tile_count() == 14);
    let h: Hand = "111z222z333z44z***".parse().unwrap();
    assert_eq!(NeighbourPruning.is_win(&h, &Rules::STANDARD), Ok(false));
    assert_eq!(hupai_search::Backtrack.is_win(&h, &Rules::STANDARD), Ok(true));
}
