//! `hupai diff`: the differential harness from the command line. Every registered algorithm
//! answers every case of the chosen corpora under the chosen rule sets; the summary gives, per
//! algorithm, the cases answered, skipped as unsupported (by feature) and in disagreement, then
//! each disagreeing case in full. Exit status 2 if any case disagreed.

use std::io::{self, IsTerminal, Write};

use clap::Args;
use hupai_harness::corpus::{self, Corpus, Size, parse_rules_name, rules_name};
use hupai_harness::{CaseReport, Harness, Summary};
use hupai_tiles::{Feature, Rules};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Value, json};

/// Options of `hupai diff`.
#[derive(Debug, Clone, Args)]
pub(crate) struct DiffArgs {
    /// Corpus to run; repeat for several. Default: all of them, small to big.
    #[arg(long, value_name = "NAME", value_parser = corpus_name)]
    corpus: Vec<&'static Corpus>,

    /// Rule sets: `all` (every preset, and Sichuan with the dots declared void, each without and
    /// with the wildcard fifth-copy rule), a preset (`riichi`: both fifth-copy settings) or one
    /// exact set (`riichi+5th`, `sichuan+void-p`).
    #[arg(long, value_name = "R", default_value = "all", value_parser = rule_sets)]
    rules: RuleSets,

    /// Run the big corpora in full (millions of cases: build with --release) instead of a sample.
    #[arg(long)]
    full: bool,

    /// One JSON object per corpus per line instead of the text summary.
    #[arg(long)]
    json: bool,
}

/// The rule sets `--rules` selected.
#[derive(Debug, Clone)]
pub(crate) struct RuleSets(Vec<Rules>);

fn corpus_name(name: &str) -> Result<&'static Corpus, String> {
    corpus::corpus(name).ok_or_else(|| {
        let names: Vec<&str> = corpus::corpora().iter().map(|c| c.name()).collect();
        format!("unknown corpus '{name}': expected one of {}", names.join(", "))
    })
}

fn rule_sets(text: &str) -> Result<RuleSets, String> {
    if text == "all" {
        return Ok(RuleSets(corpus::all_rules()));
    }
    if let Some(preset) = Rules::preset(text) {
        return Ok(RuleSets(vec![preset, preset.with_wildcard_fifth_copy(true)]));
    }
    parse_rules_name(text).map(|r| RuleSets(vec![r])).ok_or_else(|| {
        let presets: Vec<&str> = Rules::PRESETS.iter().map(|(n, _)| *n).collect();
        format!(
            "unknown rules '{text}': expected all, a preset ({}), PRESET+5th or PRESET+void-m|p|s",
            presets.join(", ")
        )
    })
}

/// A progress bar on stderr when it is a terminal, hidden otherwise (pipes, CI logs).
fn progress_bar(corpus: &Corpus, total: u64) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{msg:12} [{bar:40}] {pos}/{len} cases, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_message(corpus.name());
    bar
}

/// Runs `hupai diff`; `Ok(true)` if any case disagreed.
pub(crate) fn run(args: &DiffArgs, out: &mut impl Write) -> io::Result<bool> {
    let chosen: Vec<&Corpus> =
        if args.corpus.is_empty() { corpus::corpora().iter().collect() } else { args.corpus.clone() };
    // A damaged table would fail every case of the algorithms reading it: say so once instead.
    if let Err(e) = hupai_lookup::tables::check_all() {
        eprintln!("hupai diff: {e}");
        return Ok(true);
    }
    let size = if args.full { Size::Full } else { Size::Sampled };
    let harness = Harness::new().rules(&args.rules.0).size(size);
    let mut disagreeing = 0u64;
    let mut cases = 0u64;
    for corpus in chosen {
        let bar = progress_bar(corpus, if io::stderr().is_terminal() { harness.count(corpus) } else { 0 });
        let summary = harness.run(corpus, &|done| bar.set_position(done));
        bar.finish_and_clear();
        disagreeing += summary.disagreeing_cases;
        cases += summary.cases;
        if args.json {
            writeln!(out, "{}", summary_json(&summary))?;
        } else {
            writeln!(out, "{summary}")?;
        }
        out.flush()?;
    }
    if !args.json {
        let rules: Vec<String> = args.rules.0.iter().map(rules_name).collect();
        writeln!(
            out,
            "{disagreeing} disagreeing of {cases} cases ({}, rules {})",
            if args.full { "full corpora" } else { "sampled corpora; --full for all" },
            rules.join(" ")
        )?;
    }
    Ok(disagreeing > 0)
}

/// A feature as a JSON key (`wildcards`, `17-tile hands`); counts of "too many wildcards" merge.
fn feature_key(f: &Feature) -> String {
    match f {
        Feature::TooManyWildcards(_) => "too many wildcards".to_string(),
        other => other.to_string(),
    }
}

fn report_json(r: &CaseReport) -> Value {
    let answers: serde_json::Map<String, Value> =
        r.replies.iter().map(|(name, reply)| (name.to_string(), Value::from(reply.cell()))).collect();
    let faults: Vec<Value> =
        r.faults.iter().map(|(name, fault)| json!({"algorithm": name, "fault": fault.to_string()})).collect();
    json!({
        "hand": r.case.hand.to_string(),
        "rules": rules_name(&r.case.rules),
        "label": r.case.label,
        "answers": answers,
        "faults": faults,
    })
}

fn summary_json(s: &Summary) -> Value {
    let algorithms: Vec<Value> = s
        .tallies
        .iter()
        .map(|t| {
            let mut by = serde_json::Map::new();
            for (f, n) in &t.unsupported_by {
                let entry = by.entry(feature_key(f)).or_insert(Value::from(0u64));
                *entry = Value::from(entry.as_u64().unwrap_or(0) + n);
            }
            json!({
                "name": t.name,
                "answered": t.answered,
                "unsupported": t.unsupported,
                "unsupported_by": by,
                "lists": t.lists,
                "disagreements": t.disagreements,
            })
        })
        .collect();
    json!({
        "corpus": s.corpus,
        "cases": s.cases,
        "disagreeing_cases": s.disagreeing_cases,
        "seconds": s.elapsed.as_secs_f64(),
        "algorithms": algorithms,
        "disagreements": s.reports.iter().map(report_json).collect::<Vec<_>>(),
    })
}
