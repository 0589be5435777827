//! The cross-check of one case: every algorithm answers the hand, each answer is checked on its
//! own (decompositions valid, sorted, consistent with the verdict), and the answers are compared
//! with each other. Whatever disagrees is a [`Fault`] of the algorithm it belongs to.

use std::fmt;

use hupai_tiles::{Algorithm, Answer, Decomposition, Error, Feature, HandShape, Tile, TileSet, notation::format_tiles};

use crate::corpus::{Case, rules_name};

/// What the harness compares besides verdicts and waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Options {
    /// Decomposition lists are compared only for complete hands with at most this many wildcards
    /// (default 4). Lists grow fast with wildcards (fourteen wildcards have millions of
    /// decompositions; eight beside six tiles, tens of thousands), so above the bound only win
    /// verdicts are compared. `u8::MAX` compares every list; `0` only wildcard-free hands.
    pub decomposition_wildcards: u8,
}

impl Default for Options {
    fn default() -> Self {
        Options { decomposition_wildcards: 4 }
    }
}

/// What one algorithm said about one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reply {
    /// An answer: the verdict or the waits, and, for an algorithm that lists decompositions of a
    /// complete hand within [`Options::decomposition_wildcards`], its decompositions.
    Answered {
        /// The verdict (complete hand) or the waits (one short).
        answer: Answer,
        /// The decompositions, when compared.
        decompositions: Option<Vec<Decomposition>>,
    },
    /// Skipped: the hand needs this feature and the algorithm's capabilities lack it.
    Unsupported(Feature),
    /// Any other error, which is always a fault: every corpus hand is well formed.
    Failed(Error),
}

impl Reply {
    /// The answer, if there is one.
    pub fn answer(&self) -> Option<Answer> {
        match self {
            Reply::Answered { answer, .. } => Some(*answer),
            _ => None,
        }
    }

    /// The decompositions, if they were listed and compared.
    pub fn decompositions(&self) -> Option<&[Decomposition]> {
        match self {
            Reply::Answered { decompositions: Some(d), .. } => Some(d),
            _ => None,
        }
    }

    /// A short table cell: `win ×4 #1a2b` (verdict, decomposition count and a fingerprint of the
    /// list), `no win`, `waits 147m`, `no waits`, `unsupported: wildcards`, `error: …`.
    pub fn cell(&self) -> String {
        match self {
            Reply::Answered { answer: Answer::Win(true), decompositions: Some(d) } => {
                format!("win ×{} #{:04x}", d.len(), fingerprint(d))
            }
            Reply::Answered { answer: Answer::Win(true), decompositions: None } => "win".to_string(),
            Reply::Answered { answer: Answer::Win(false), decompositions: Some(d) } if !d.is_empty() => {
                format!("no win, yet ×{} #{:04x}", d.len(), fingerprint(d))
            }
            Reply::Answered { answer: Answer::Win(false), .. } => "no win".to_string(),
            Reply::Answered { answer: Answer::Waits(w), .. } => waits_cell(*w),
            Reply::Unsupported(feature) => format!("unsupported: {feature}"),
            Reply::Failed(e) => format!("error: {e}"),
        }
    }
}

fn waits_cell(w: TileSet) -> String {
    if w.is_empty() { "no waits".to_string() } else { format!("waits {}", format_tiles(w.iter())) }
}

/// A 16-bit FNV-1a fingerprint of a decomposition list as printed, so that a table shows when two
/// lists of the same length differ. Stable across runs and platforms.
pub fn fingerprint(decompositions: &[Decomposition]) -> u16 {
    let mut h: u32 = 0x811c_9dc5;
    for d in decompositions {
        for b in d.to_string().bytes().chain([b';']) {
            h = (h ^ b as u32).wrapping_mul(0x0100_0193);
        }
    }
    (h ^ (h >> 16)) as u16
}

/// What is wrong with one algorithm's reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Its verdict or waits differ from the consensus.
    Answer,
    /// Its decomposition list differs from the consensus list.
    Decompositions,
    /// It listed a decomposition that [`Decomposition::is_valid_for`] rejects.
    Invalid(Decomposition),
    /// Its list is not strictly ascending (out of order, or a decomposition twice).
    Unsorted,
    /// Its list is empty for a win, or not empty for a hand that does not win.
    ListContradictsVerdict,
    /// It said "unsupported" for a hand its capabilities claim to support (or named another feature).
    SpuriousUnsupported(Feature),
    /// It failed with an error other than "unsupported".
    Failed,
    /// Its waits include a kind the hand already holds four of (counting wildcards that are
    /// copies of a wildcard tile): a fifth copy cannot be drawn.
    ExhaustedWait(Tile),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Answer => f.write_str("answer differs from the consensus"),
            Fault::Decompositions => f.write_str("decompositions differ from the consensus"),
            Fault::Invalid(d) => write!(f, "invalid decomposition {d}"),
            Fault::Unsorted => f.write_str("decompositions not strictly ascending"),
            Fault::ListContradictsVerdict => f.write_str("decompositions contradict its verdict"),
            Fault::SpuriousUnsupported(feature) => {
                write!(f, "said it does not handle {feature}, but its capabilities say it does")
            }
            Fault::Failed => f.write_str("failed"),
            Fault::ExhaustedWait(t) => write!(f, "waits on {t}, which the hand holds four of"),
        }
    }
}

/// Every algorithm's reply to one case, the consensus and the faults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseReport {
    /// The case.
    pub case: Case,
    /// Each algorithm's name and reply, in the order given.
    pub replies: Vec<(&'static str, Reply)>,
    /// The consensus answer: the most common among the algorithms that answered; a tie goes to the
    /// reference (`backtrack` if present, else the last algorithm). `None` if nobody answered.
    pub consensus: Option<Answer>,
    /// The consensus decomposition list, chosen the same way among the lists compared.
    pub consensus_decompositions: Option<Vec<Decomposition>>,
    /// Each fault, by algorithm name. Empty when every algorithm agrees and every answer is sound.
    pub faults: Vec<(&'static str, Fault)>,
}

impl CaseReport {
    /// True when nothing is wrong.
    pub fn agrees(&self) -> bool {
        self.faults.is_empty()
    }

    /// True if this algorithm has a fault here.
    pub fn blames(&self, algorithm: &str) -> bool {
        self.faults.iter().any(|(a, _)| *a == algorithm)
    }
}

/// The most common value, a tie going to the reference's value (if the reference has one).
fn consensus<T: PartialEq + Clone>(values: &[(usize, T)], reference: usize) -> Option<T> {
    let mut best: Option<(usize, bool, &T)> = None;
    for (i, (_, v)) in values.iter().enumerate() {
        if values[..i].iter().any(|(_, w)| w == v) {
            continue;
        }
        let n = values.iter().filter(|(_, w)| w == v).count();
        let is_ref = values.iter().any(|(j, w)| *j == reference && w == v);
        if best.is_none_or(|(m, r, _)| n > m || (n == m && is_ref && !r)) {
            best = Some((n, is_ref, v));
        }
    }
    best.map(|(_, _, v)| v.clone())
}

/// Asks every algorithm about `case` and compares: see the module docs.
pub fn check_case(case: &Case, algorithms: &[&dyn Algorithm], options: &Options) -> CaseReport {
    let (hand, rules) = (&case.hand, &case.rules);
    let complete = matches!(hand.shape(rules), Ok(HandShape::Complete));
    let list_wanted = complete && hand.wildcards() <= options.decomposition_wildcards;
    let mut faults = Vec::new();
    let mut replies = Vec::with_capacity(algorithms.len());
    for a in algorithms {
        let missing = a.capabilities().missing(hand, rules);
        let reply = match a.answer(hand, rules) {
            Ok(answer) if list_wanted && a.capabilities().decompositions => match a.decompositions(hand, rules) {
                Ok(list) => Reply::Answered { answer, decompositions: Some(list) },
                Err(Error::Unsupported { feature, .. }) => {
                    faults.push((a.name(), Fault::SpuriousUnsupported(feature)));
                    Reply::Answered { answer, decompositions: None }
                }
                Err(e) => Reply::Failed(e),
            },
            Ok(answer) => Reply::Answered { answer, decompositions: None },
            Err(Error::Unsupported { feature, .. }) if missing == Some(feature) => Reply::Unsupported(feature),
            Err(Error::Unsupported { feature, .. }) => {
                faults.push((a.name(), Fault::SpuriousUnsupported(feature)));
                Reply::Unsupported(feature)
            }
            Err(e) => Reply::Failed(e),
        };
        if let Reply::Failed(_) = reply {
            faults.push((a.name(), Fault::Failed));
        }
        // Every algorithm may agree on a wait that cannot be drawn: checked on its own.
        if let Some(Answer::Waits(waits)) = reply.answer()
            && let Some(t) = waits.iter().find(|&t| hand.exhausted_kinds().contains(t))
        {
            faults.push((a.name(), Fault::ExhaustedWait(t)));
        }
        if let (Some(list), Some(answer)) = (reply.decompositions(), reply.answer()) {
            if let Some(bad) = list.iter().find(|d| !d.is_valid_for(hand, rules)) {
                faults.push((a.name(), Fault::Invalid(bad.clone())));
            }
            if !list.windows(2).all(|w| w[0] < w[1]) {
                faults.push((a.name(), Fault::Unsorted));
            }
            if answer != Answer::Win(!list.is_empty()) {
                faults.push((a.name(), Fault::ListContradictsVerdict));
            }
        }
        replies.push((a.name(), reply));
    }
    let reference = replies.iter().position(|(n, _)| *n == "backtrack").unwrap_or(replies.len().saturating_sub(1));
    let answers: Vec<(usize, Answer)> =
        replies.iter().enumerate().filter_map(|(i, (_, r))| r.answer().map(|a| (i, a))).collect();
    let lists: Vec<(usize, Vec<Decomposition>)> =
        replies.iter().enumerate().filter_map(|(i, (_, r))| r.decompositions().map(|d| (i, d.to_vec()))).collect();
    let consensus_answer = consensus(&answers, reference);
    let consensus_list = consensus(&lists, reference);
    for (name, reply) in &replies {
        if reply.answer().is_some() && reply.answer() != consensus_answer {
            faults.push((name, Fault::Answer));
        }
        if reply.decompositions().is_some() && reply.decompositions() != consensus_list.as_deref() {
            faults.push((name, Fault::Decompositions));
        }
    }
    // Faults in algorithm order, so a report reads top to bottom like the replies.
    faults.sort_by_key(|(name, _)| replies.iter().position(|(n, _)| n == name));
    CaseReport {
        case: case.clone(),
        replies,
        consensus: consensus_answer,
        consensus_decompositions: consensus_list,
        faults,
    }
}

/// Up to this many decompositions are named when two lists differ.
const SHOWN: usize = 6;

impl fmt::Display for CaseReport {
    /// The hand in notation, its rules, every algorithm's answer (faults marked), and for a list
    /// that differs, what it lacks and what it has extra compared with the consensus.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = if self.case.label.is_empty() { String::new() } else { format!(" ({})", self.case.label) };
        writeln!(f, "{} under {}{label}:", self.case.hand, rules_name(&self.case.rules))?;
        let width = self.replies.iter().map(|(n, _)| n.len()).max().unwrap_or(0);
        for (name, reply) in &self.replies {
            write!(f, "  {name:width$}  {}", reply.cell())?;
            for (_, fault) in self.faults.iter().filter(|(n, _)| n == name) {
                write!(f, "  <- {fault}")?;
            }
            writeln!(f)?;
            if let (Some(list), Some(consensus)) = (reply.decompositions(), &self.consensus_decompositions)
                && list != consensus.as_slice()
            {
                let lacks: Vec<String> =
                    consensus.iter().filter(|d| !list.contains(d)).take(SHOWN).map(|d| d.to_string()).collect();
                let extra: Vec<String> =
                    list.iter().filter(|d| !consensus.contains(d)).take(SHOWN).map(|d| d.to_string()).collect();
                if !lacks.is_empty() {
                    writeln!(f, "  {:width$}    lacks {}", "", lacks.join("; "))?;
                }
                if !extra.is_empty() {
                    writeln!(f, "  {:width$}    extra {}", "", extra.join("; "))?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn consensus_is_the_majority_then_the_reference() {
        assert_eq!(consensus(&[(0, 1), (1, 2), (2, 2)], 0), Some(2));
        assert_eq!(consensus(&[(0, 1), (1, 2)], 1), Some(2));
        assert_eq!(consensus(&[(0, 1), (1, 2)], 0), Some(1));
        assert_eq!(consensus::<u8>(&[], 0), None);
    }

    #[test]
    fn fingerprints_tell_lists_apart() {
        let a: Vec<Decomposition> = pair_only("1z");
        let b: Vec<Decomposition> = pair_only("2z");
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_eq!(fingerprint(&a), fingerprint(&a.clone()));
    }

    fn pair_only(pair: &str) -> Vec<Decomposition> {
        vec![Decomposition::melds(pair.parse().unwrap(), &[])]
    }
}
