//! Running the harness: a [`Harness`] (algorithms, rule sets, size, options) checks every case of
//! a corpus on all cores and sums up per algorithm: answered, unsupported (by feature),
//! decomposition lists compared, disagreements.

use std::fmt;
use std::time::{Duration, Instant};

use hupai_tiles::{Algorithm, Feature, Rules};
use rayon::prelude::*;

use crate::check::{CaseReport, Options, Reply, check_case};
use crate::corpus::{Case, Corpus, Size, all_rules};

/// Cases checked together on all cores between two progress reports.
const CHUNK: usize = 4096;

/// Disagreeing cases a summary keeps in full by default.
const KEEP: usize = 20;

/// The differential harness: which algorithms answer, under which rule sets, how much of each
/// corpus, and what is compared. [`Harness::new`] takes the whole registry, the eight rule sets of
/// [`all_rules`], [`Size::from_env`] and the default [`Options`].
#[derive(Clone)]
pub struct Harness<'a> {
    algorithms: Vec<&'a dyn Algorithm>,
    rules: Vec<Rules>,
    size: Size,
    options: Options,
    keep: usize,
}

impl Default for Harness<'static> {
    fn default() -> Self {
        Harness::new()
    }
}

impl Harness<'static> {
    /// Every registered algorithm, every rule set, sampled unless `HUPAI_FULL=1`.
    pub fn new() -> Harness<'static> {
        Harness::with_algorithms(crate::algorithms())
    }
}

impl<'a> Harness<'a> {
    /// These algorithms instead of the registry (e.g. one wrapped in a deliberately broken adapter).
    pub fn with_algorithms(algorithms: &[&'a dyn Algorithm]) -> Harness<'a> {
        Harness {
            algorithms: algorithms.to_vec(),
            rules: all_rules(),
            size: Size::from_env(),
            options: Options::default(),
            keep: KEEP,
        }
    }

    /// Only these rule sets.
    pub fn rules(mut self, rules: &[Rules]) -> Self {
        self.rules = rules.to_vec();
        self
    }

    /// Sampled or full corpora.
    pub fn size(mut self, size: Size) -> Self {
        self.size = size;
        self
    }

    /// What is compared besides verdicts and waits.
    pub fn options(mut self, options: Options) -> Self {
        self.options = options;
        self
    }

    /// How many disagreeing cases a summary keeps in full (all are counted).
    pub fn keep(mut self, n: usize) -> Self {
        self.keep = n;
        self
    }

    /// The algorithms, in the order their answers are listed.
    pub fn algorithms(&self) -> &[&'a dyn Algorithm] {
        &self.algorithms
    }

    /// The rule sets.
    pub fn rule_sets(&self) -> &[Rules] {
        &self.rules
    }

    /// Sampled or full.
    pub fn corpus_size(&self) -> Size {
        self.size
    }

    /// Checks one case.
    pub fn check(&self, case: &Case) -> CaseReport {
        check_case(case, &self.algorithms, &self.options)
    }

    /// How many cases `corpus` has under these rule sets and size (generates them, checks nothing).
    pub fn count(&self, corpus: &Corpus) -> u64 {
        corpus.cases(&self.rules, self.size).count() as u64
    }

    /// Checks every case of `corpus`. `progress` is called with the number of cases done so far.
    pub fn run(&self, corpus: &Corpus, progress: &(dyn Fn(u64) + Sync)) -> Summary {
        self.run_cases(corpus.name(), corpus.cases(&self.rules, self.size), progress)
    }

    /// Checks every case of any iterator, summed up under `name`.
    pub fn run_cases(
        &self,
        name: &str,
        mut cases: impl Iterator<Item = Case>,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Summary {
        let start = Instant::now();
        let mut summary = Summary::new(name, &self.algorithms);
        loop {
            let chunk: Vec<Case> = cases.by_ref().take(CHUNK).collect();
            if chunk.is_empty() {
                break;
            }
            let reports: Vec<CaseReport> = chunk.par_iter().map(|c| self.check(c)).collect();
            for report in reports {
                summary.add(report, self.keep);
            }
            progress(summary.cases);
        }
        summary.elapsed = start.elapsed();
        summary
    }
}

/// What one algorithm did over a corpus.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// The algorithm's name.
    pub name: &'static str,
    /// Cases it answered.
    pub answered: u64,
    /// Cases it skipped as unsupported (per its capabilities).
    pub unsupported: u64,
    /// The skipped cases by the feature they needed, in the order first met.
    pub unsupported_by: Vec<(Feature, u64)>,
    /// Cases whose decomposition list it gave and the harness compared.
    pub lists: u64,
    /// Cases where it has a fault (its answer or list differs, an invalid decomposition, an error).
    pub disagreements: u64,
}

/// The outcome of running one corpus.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The corpus's name.
    pub corpus: String,
    /// Cases checked.
    pub cases: u64,
    /// Cases where something was wrong.
    pub disagreeing_cases: u64,
    /// One tally per algorithm, in the harness's order.
    pub tallies: Vec<Tally>,
    /// The first disagreeing cases, in corpus order (at most [`Harness::keep`]).
    pub reports: Vec<CaseReport>,
    /// Wall-clock time.
    pub elapsed: Duration,
}

impl Summary {
    fn new(corpus: &str, algorithms: &[&dyn Algorithm]) -> Summary {
        Summary {
            corpus: corpus.to_string(),
            cases: 0,
            disagreeing_cases: 0,
            tallies: algorithms
                .iter()
                .map(|a| Tally {
                    name: a.name(),
                    answered: 0,
                    unsupported: 0,
                    unsupported_by: Vec::new(),
                    lists: 0,
                    disagreements: 0,
                })
                .collect(),
            reports: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }

    fn add(&mut self, report: CaseReport, keep: usize) {
        self.cases += 1;
        for (tally, (_, reply)) in self.tallies.iter_mut().zip(&report.replies) {
            match reply {
                Reply::Answered { decompositions, .. } => {
                    tally.answered += 1;
                    tally.lists += decompositions.is_some() as u64;
                }
                Reply::Unsupported(feature) => {
                    tally.unsupported += 1;
                    match tally.unsupported_by.iter_mut().find(|(f, _)| f == feature) {
                        Some((_, n)) => *n += 1,
                        None => tally.unsupported_by.push((*feature, 1)),
                    }
                }
                Reply::Failed(_) => {}
            }
            if report.blames(tally.name) {
                tally.disagreements += 1;
            }
        }
        if !report.agrees() {
            self.disagreeing_cases += 1;
            if self.reports.len() < keep {
                self.reports.push(report);
            }
        }
    }

    /// True when no case disagreed.
    pub fn agrees(&self) -> bool {
        self.disagreeing_cases == 0
    }

    /// The tally of one algorithm.
    pub fn tally(&self, algorithm: &str) -> Option<&Tally> {
        self.tallies.iter().find(|t| t.name == algorithm)
    }

    /// Skipped cases by feature, merged over features that differ only in their number
    /// (`TooManyWildcards(15)`, `TooManyWildcards(16)` count as one line).
    fn skipped_for(tally: &Tally) -> String {
        let mut merged: Vec<(String, u64)> = Vec::new();
        for (feature, n) in &tally.unsupported_by {
            let name = match feature {
                Feature::TooManyWildcards(_) => "too many wildcards".to_string(),
                other => other.to_string(),
            };
            match merged.iter_mut().find(|(m, _)| *m == name) {
                Some((_, k)) => *k += n,
                None => merged.push((name, *n)),
            }
        }
        merged.iter().map(|(name, n)| format!("{name} {n}")).collect::<Vec<_>>().join(", ")
    }
}

impl fmt::Display for Summary {
    /// One line for the corpus, one per algorithm, then each kept disagreement in full.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "corpus {}: {} cases, {} disagreeing, {:.1} s",
            self.corpus,
            self.cases,
            self.disagreeing_cases,
            self.elapsed.as_secs_f64()
        )?;
        let width = self.tallies.iter().map(|t| t.name.len()).max().unwrap_or(9).max(9);
        writeln!(
            f,
            "  {:width$}  {:>10}  {:>11}  {:>9}  {:>13}  skipped for",
            "algorithm", "answered", "unsupported", "lists", "disagreements"
        )?;
        for t in &self.tallies {
            writeln!(
                f,
                "  {:width$}  {:>10}  {:>11}  {:>9}  {:>13}  {}",
                t.name,
                t.answered,
                t.unsupported,
                t.lists,
                t.disagreements,
                Summary::skipped_for(t)
            )?;
        }
        for r in &self.reports {
            write!(f, "\n{r}")?;
        }
        if self.disagreeing_cases > self.reports.len() as u64 {
            writeln!(f, "\n... and {} more disagreeing cases", self.disagreeing_cases - self.reports.len() as u64)?;
        }
        Ok(())
    }
}
