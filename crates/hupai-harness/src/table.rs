//! Snapshot tables: every algorithm's answer to a list of cases side by side, one Markdown table
//! per corpus (rows = hands under a rule set, columns = algorithms). The harness's insta
//! snapshots are these tables, so a change in any algorithm's answer shows up as a table diff.

use crate::check::CaseReport;
use crate::corpus::{Case, Corpus, rules_name};
use crate::run::Harness;

/// How to read a cell; printed under each table's title.
pub const LEGEND: &str = "Cells: `win ×N #hhhh` wins with N decompositions (#hhhh fingerprints the list; listed only \
for hands with at most the harness's decomposition bound of wildcards), `win` / `no win` a verdict, `waits …` the \
waits of a hand one tile short, `unsupported: …` a hand the algorithm skips by its capabilities. The last column \
names every algorithm at fault.";

fn escape(s: &str) -> String {
    s.replace('|', "\\|")
}

impl Harness<'_> {
    /// The snapshot table of a named corpus: its examples under the rule sets they show.
    pub fn table(&self, corpus: &Corpus) -> String {
        self.table_of(&format!("{}: {}", corpus.name(), corpus.description()), &corpus.table_cases())
    }

    /// The table of any cases, under a title.
    pub fn table_of(&self, title: &str, cases: &[Case]) -> String {
        let reports: Vec<CaseReport> = cases.iter().map(|c| self.check(c)).collect();
        render(title, &self.algorithms().iter().map(|a| a.name()).collect::<Vec<_>>(), &reports)
    }
}

/// Renders reports as a Markdown table with one column per algorithm name.
pub fn render(title: &str, algorithms: &[&str], reports: &[CaseReport]) -> String {
    let mut s = format!("# {title}\n\n{LEGEND}\n\n| example | hand | rules |");
    for a in algorithms {
        s.push_str(&format!(" {a} |"));
    }
    s.push_str(" faults |\n|---|---|---|");
    s.push_str(&"---|".repeat(algorithms.len() + 1));
    s.push('\n');
    for r in reports {
        s.push_str(&format!(
            "| {} | `{}` | {} |",
            escape(&r.case.label),
            escape(&r.case.hand.to_string()),
            rules_name(&r.case.rules)
        ));
        for a in algorithms {
            let cell = r.replies.iter().find(|(n, _)| n == a).map(|(_, reply)| reply.cell()).unwrap_or_default();
            s.push_str(&format!(" {} |", escape(&cell)));
        }
        let mut blamed: Vec<&str> = r.faults.iter().map(|(n, _)| *n).collect();
        blamed.dedup();
        s.push_str(&format!(" {} |\n", if blamed.is_empty() { "none".to_string() } else { blamed.join(", ") }));
    }
    s
}
