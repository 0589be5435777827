//! `hupai shanten` and `hupai advice`: the shanten questions asked directly, for any hand of
//! 3k + 1 or 3k + 2 tiles up to a complete one, through the same reports as `check` (which
//! answers them only for a hand that neither wins nor waits).

use clap::Args;

use crate::check::{self, Question};
use crate::ev::EvArgs;
use crate::options::{self, RuleArgs};

/// Arguments of `hupai shanten`.
#[derive(Clone, Args)]
pub(crate) struct ShantenArgs {
    /// Hands of 3k + 1 or 3k + 2 tiles (at most a complete hand) in mpsz or Unicode notation,
    /// `*` per wildcard, `[789s]` per declared meld.
    #[arg(value_name = "HAND", required = true)]
    pub(crate) hands: Vec<String>,

    #[command(flatten)]
    pub(crate) rule_args: RuleArgs,

    #[command(flatten)]
    pub(crate) seen: options::VisibleArgs,

    /// One JSON object per hand per line instead of the readable report.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Arguments of `hupai advice`.
#[derive(Clone, Args)]
pub(crate) struct AdviceArgs {
    /// Hands of 3k + 2 tiles (a complete hand, or fewer) in mpsz or Unicode notation, `*` per
    /// wildcard, `[789s]` per declared meld.
    #[arg(value_name = "HAND", required = true)]
    pub(crate) hands: Vec<String>,

    #[command(flatten)]
    pub(crate) rule_args: RuleArgs,

    #[command(flatten)]
    pub(crate) seen: options::VisibleArgs,

    #[command(flatten)]
    pub(crate) ev: EvArgs,

    /// One JSON object per hand per line instead of the readable report.
    #[arg(long)]
    pub(crate) json: bool,
}

/// Runs `hupai shanten`; true if any hand was an error.
pub(crate) fn run_shanten(args: &ShantenArgs, out: &mut impl std::io::Write) -> std::io::Result<bool> {
    let no_ev = EvArgs::default();
    let reports = args.hands.iter().map(|text| {
        check::question_report(text, &args.rule_args, args.seen.visible.as_ref(), &no_ev, Question::Shanten)
    });
    check::write_reports(reports, args.json, out)
}

/// Runs `hupai advice`; true if any hand was an error.
pub(crate) fn run_advice(args: &AdviceArgs, out: &mut impl std::io::Write) -> std::io::Result<bool> {
    let reports = args.hands.iter().map(|text| {
        check::question_report(text, &args.rule_args, args.seen.visible.as_ref(), &args.ev, Question::Advice)
    });
    check::write_reports(reports, args.json, out)
}
