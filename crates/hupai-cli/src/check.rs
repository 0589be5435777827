//! `hupai check`: each hand in Unicode tiles, its verdict or waits, its decompositions, and with
//! `--algorithm all` every registered algorithm's answer side by side. One report per hand feeds
//! both the readable output and `--json` (one object per hand per line).

use std::fmt::Write as _;
use std::ops::ControlFlow;

use clap::Args;
use hupai_tiles::{Algorithm, Answer, Decomposition, Error, Hand, Rules, Suit, Tile, VoidSuit};
use serde::Serialize;

use crate::json::{self, TILE_NAMES};
use crate::options::{self, Choice, RuleArgs};

/// Arguments of `hupai check`.
#[derive(Clone, Args)]
pub(crate) struct CheckArgs {
    /// Hands in mpsz or Unicode notation: `123m456p789s11122z`, `*` per wildcard, `[789s]` per
    /// declared meld, `0` for a red five. Quote hands with `*` or `[` in most shells.
    #[arg(value_name = "HAND", required = true)]
    pub(crate) hands: Vec<String>,

    #[command(flatten)]
    pub(crate) rule_args: RuleArgs,

    /// Answer with this algorithm (see `hupai algorithms`), or `all` for every one side by side.
    /// Default: the fastest algorithm that supports the hand.
    #[arg(long, value_name = "NAME|all", value_parser = options::parse_choice)]
    pub(crate) algorithm: Option<Choice>,

    /// One JSON object per hand per line instead of the readable report.
    #[arg(long)]
    pub(crate) json: bool,

    #[command(flatten)]
    pub(crate) seen: options::VisibleArgs,

    #[command(flatten)]
    pub(crate) ev: crate::ev::EvArgs,

    /// Decompositions listed per hand at most, or `all`. A hand with more (many wildcards have
    /// millions) gets the first N found, as they are found, and the report says how many there
    /// are in all.
    #[arg(long, value_name = "N|all", default_value = "5000", value_parser = Limit::parse)]
    pub(crate) limit: Limit,

    /// Score the hand as won on this tile (it must be among the hand's tiles), under the rules'
    /// scorer (riichi, sanma, gb, sichuan, changsha, hongzhong); see `hupai score`.
    #[arg(long, value_name = "TILE")]
    pub(crate) win: Option<String>,

    /// With --win: won by drawing the tile (tsumo); otherwise on a discard.
    #[arg(long, requires = "win")]
    pub(crate) tsumo: bool,

    /// With --win: riichi declared.
    #[arg(long, requires = "win")]
    pub(crate) riichi: bool,

    /// With --win: any other situation keys of `hupai score` as a JSON object, e.g.
    /// '{"dora": ["1m"], "seat": "2z", "honba": 1}'.
    #[arg(long, value_name = "JSON", requires = "win")]
    pub(crate) situation: Option<String>,
}

/// How many decompositions `check` lists per hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limit(Option<u64>);

impl Limit {
    /// Parses `--limit`: a count or `all`.
    fn parse(text: &str) -> Result<Limit, String> {
        if text == "all" {
            return Ok(Limit(None));
        }
        text.parse::<u64>().map(|n| Limit(Some(n))).map_err(|_| format!("'{text}' is neither a count nor 'all'"))
    }

    /// Does a list of `total` fit?
    fn admits(self, total: u64) -> bool {
        self.0.is_none_or(|n| total <= n)
    }
}

/// Most decompositions collected and sorted before printing; a hand with more has them printed as
/// they are found, so memory stays bounded (and `| head` ends the run at once).
const SORTED_AT_MOST: u64 = 100_000;

/// The decompositions of a report: collected and sorted, or listed as found when it is written.
#[derive(Debug)]
enum Listing {
    Sorted(Vec<DecompositionReport>),
    Found(Found),
}

/// Decompositions produced while the report is written: the first `limit` found (all if `None`).
#[derive(Debug)]
struct Found {
    hand: Hand,
    rules: Rules,
    limit: Option<u64>,
}

impl Found {
    /// Calls `each` on the decompositions to list, until it fails.
    fn each<E>(&self, mut each: impl FnMut(&Decomposition) -> Result<(), E>) -> Result<(), E> {
        let mut failed = None;
        let mut listed = 0u64;
        // The hand was counted before, so the tables are usable and listing cannot fail.
        let _ = hupai::for_each_decomposition(&self.hand, &self.rules, |d| {
            if self.limit == Some(listed) {
                return ControlFlow::Break(());
            }
            listed += 1;
            match each(&d) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failed = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        failed.map_or(Ok(()), Err)
    }
}

impl Serialize for Listing {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Listing::Sorted(list) => list.serialize(serializer),
            Listing::Found(found) => {
                use serde::ser::SerializeSeq;
                let mut seq = serializer.serialize_seq(None)?;
                found.each(|d| seq.serialize_element(&DecompositionReport::from(d)))?;
                seq.end()
            }
        }
    }
}

/// Everything `check` says about one hand. Fields that do not apply are left out of the JSON.
#[derive(Debug, Default, Serialize)]
pub(crate) struct HandReport {
    /// The hand as given on the command line.
    hand: String,
    /// The hand in Unicode tiles (after `--wildcard-tile`), 🀪 per wildcard.
    #[serde(skip_serializing_if = "Option::is_none")]
    tiles: Option<String>,
    /// The rules, by preset name.
    #[serde(skip_serializing_if = "Option::is_none")]
    rules: Option<String>,
    /// The algorithm whose answer `win` / `waits` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    algorithm: Option<&'static str>,
    /// Verdict for a complete hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    win: Option<bool>,
    /// Why a complete hand does not win, when a rule option (void suit, 2-5-8 pair) decides it.
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<String>,
    /// Waits, in tile order, for a hand one tile short.
    #[serde(skip_serializing_if = "Option::is_none")]
    waits: Option<Vec<&'static str>>,
    /// How each wait is waited on (two-sided, edge, closed, single, double-pair), from `combine`'s
    /// partial groups; one entry per wait, in tile order.
    #[serde(skip_serializing_if = "Option::is_none")]
    wait_types: Option<Vec<WaitTypeReport>>,
    /// Why wait types could not be given (an error from `combine`).
    #[serde(skip_serializing_if = "Option::is_none")]
    wait_types_error: Option<String>,
    /// Decompositions of a complete hand (empty if it does not win), at most `--limit`.
    #[serde(skip_serializing_if = "Option::is_none")]
    decompositions: Option<Listing>,
    /// How many decompositions the hand has, when `decompositions` does not list them all or
    /// lists them in the order found.
    #[serde(skip_serializing_if = "Option::is_none")]
    decompositions_total: Option<u64>,
    /// The algorithm that listed the decompositions (the answering one if it can).
    #[serde(skip_serializing_if = "Option::is_none")]
    decompositions_by: Option<&'static str>,
    /// Why decompositions could not be listed for a winning hand.
    #[serde(skip_serializing_if = "Option::is_none")]
    decompositions_error: Option<String>,
    /// `--algorithm all`: every registered algorithm's answer, in registry order.
    #[serde(skip_serializing_if = "Option::is_none")]
    answers: Option<Vec<AlgorithmAnswer>>,
    /// `--algorithm all`: true if every algorithm that answered gave the same answer (and the same
    /// decompositions, where listed).
    #[serde(skip_serializing_if = "Option::is_none")]
    agree: Option<bool>,
    /// `--win`: the score of the hand won on that tile (the answer `hupai score` prints).
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<serde_json::Value>,
    /// Shanten (−1 wins, 0 ready, …) of a complete hand that does not win, or of a hand one
    /// short that is not ready.
    #[serde(skip_serializing_if = "Option::is_none")]
    shanten: Option<i8>,
    /// The winning form the shanten is reached with (`melds`, `seven_pairs`, `thirteen_orphans`).
    #[serde(skip_serializing_if = "Option::is_none")]
    shanten_form: Option<&'static str>,
    /// A hand one short that is not ready: the kinds whose draw lowers its shanten.
    #[serde(skip_serializing_if = "Option::is_none")]
    effective: Option<Vec<EffectiveReport>>,
    /// Unseen copies of every effective kind together.
    #[serde(skip_serializing_if = "Option::is_none")]
    unseen: Option<u32>,
    /// A complete hand that does not win: every discard, best first.
    #[serde(skip_serializing_if = "Option::is_none")]
    advice: Option<Vec<AdviceReport>>,
    /// Why shanten could not be given.
    #[serde(skip_serializing_if = "Option::is_none")]
    shanten_error: Option<String>,
    /// `--turns`: the draws the advice's `tenpai` / `win` figures are over, and the policy class.
    #[serde(skip_serializing_if = "Option::is_none")]
    turns: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    policy: Option<String>,
    /// `--riichi-at-tenpai`: riichi declared on reaching closed tenpai.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    riichi: bool,
    /// `--turns`: why the draw odds could not be given.
    #[serde(skip_serializing_if = "Option::is_none")]
    ev_error: Option<String>,
    /// What is wrong with the hand; set only when nothing could answer it.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// A lookup table was found damaged while answering (the error is in the report): the run
    /// exits 2 even if another algorithm answered.
    #[serde(skip)]
    damaged_table: bool,
}

/// An effective kind and its unseen copies: `{"tile": "3m", "unseen": 4}`.
#[derive(Debug, Serialize)]
struct EffectiveReport {
    tile: &'static str,
    unseen: u8,
}

/// One discard of the advice: what to discard (`"*"` for a wildcard), the shanten after it, its
/// effective tiles and their unseen copies in all.
#[derive(Debug, Serialize)]
struct AdviceReport {
    discard: String,
    shanten: i8,
    effective: Vec<EffectiveReport>,
    unseen: u32,
    /// `--turns`: the draw odds of this discard (`crate::ev`).
    #[serde(flatten)]
    figures: Option<FiguresReport>,
}

/// A discard's draw odds: probabilities of being ready and of winning by the last draw, and the
/// expected score when a scorer exists.
#[derive(Debug, Serialize)]
struct FiguresReport {
    tenpai: f64,
    win: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<f64>,
}

fn effective_reports(e: &hupai_shanten::Effective) -> Vec<EffectiveReport> {
    e.tiles.iter().map(|t| EffectiveReport { tile: TILE_NAMES[t.tile.index()], unseen: t.unseen }).collect()
}

fn form_name(form: hupai_shanten::Form) -> &'static str {
    match form {
        hupai_shanten::Form::Melds => "melds",
        hupai_shanten::Form::SevenPairs => "seven_pairs",
        hupai_shanten::Form::ThirteenOrphans => "thirteen_orphans",
        hupai_shanten::Form::HonorsAndKnitted => "honors_and_knitted",
        hupai_shanten::Form::KnittedStraight => "knitted_straight",
    }
}

/// Shanten and effective tiles of a hand one short that is not ready; shanten and the discard
/// advice of a complete hand that does not win.
fn shanten_report(
    hand: &Hand,
    rules: &Rules,
    visible: &hupai_tiles::TileCounts,
    ev: Option<&hupai_odds::ev::EvOptions>,
    r: &mut HandReport,
) {
    if let Err(e) = shanten_answers(hand, rules, visible, ev, Question::ByShape, r) {
        r.shanten_error = Some(e.to_string());
    }
}

/// What [`shanten_answers`] adds to the shanten: chosen by the hand's size (`check`), or asked
/// for (`hupai shanten`, `hupai advice`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Question {
    /// Effective tiles for a hand of 3k + 1 tiles, discard advice for one of 3k + 2.
    ByShape,
    /// The shanten, and effective tiles for a hand of 3k + 1 tiles.
    Shanten,
    /// The discard advice (a hand of 3k + 2 tiles; another size is the library's error).
    Advice,
}

/// Fills the shanten, its form and what `question` asks; the first error stops it.
fn shanten_answers(
    hand: &Hand,
    rules: &Rules,
    visible: &hupai_tiles::TileCounts,
    ev: Option<&hupai_odds::ev::EvOptions>,
    question: Question,
    r: &mut HandReport,
) -> Result<(), Error> {
    let advice = match question {
        Question::ByShape => hand.tile_count() % 3 == 2,
        Question::Shanten => false,
        Question::Advice => true,
    };
    hupai_shanten::shanten(hand, rules).and_then(|s| {
        r.shanten = Some(s.number);
        r.shanten_form = Some(form_name(s.form));
        if question == Question::Shanten && hand.tile_count() % 3 == 2 {
            return Ok(());
        }
        if advice {
            let advice = hupai_shanten::discard_advice(hand, rules, visible)?;
            r.advice = Some(
                advice
                    .iter()
                    .map(|o| AdviceReport {
                        discard: match o.discard {
                            hupai_shanten::Discard::Tile(t) => TILE_NAMES[t.index()].to_owned(),
                            hupai_shanten::Discard::Wildcard => "*".to_owned(),
                        },
                        shanten: o.shanten(),
                        effective: effective_reports(&o.after),
                        unseen: o.after.unseen(),
                        figures: None,
                    })
                    .collect(),
            );
            if let Some(ev) = ev {
                ev_figures(hand, rules, ev, r);
            }
        } else {
            let e = hupai_shanten::effective_tiles(hand, rules, visible)?;
            r.effective = Some(effective_reports(&e));
            r.unseen = Some(e.unseen());
        }
        Ok(())
    })
}

/// The start of every hand's report: the hand read under the rules, its tiles and rules filled
/// in; or the report of the error that stops it (an empty hand, bad notation).
fn begin_report(text: &str, rule_args: &RuleArgs) -> Result<(HandReport, Hand, Rules), Box<HandReport>> {
    let mut r = HandReport { hand: text.to_owned(), ..HandReport::default() };
    if text.trim().is_empty() {
        r.error = Some("empty hand".to_owned());
        return Err(Box::new(r));
    }
    let rules = rule_args.rules();
    match rule_args.parse_hand(text) {
        Ok(hand) => {
            r.tiles = Some(hand.to_unicode());
            r.rules = Some(rules.to_string());
            Ok((r, hand, rules))
        }
        Err(e) => {
            r.error = Some(e.to_string());
            Err(Box::new(r))
        }
    }
}

/// The report of `hupai shanten` or `hupai advice` for one hand: the hand, its tiles and rules,
/// then the shanten answers ([`Question`]), or the error that stopped them.
pub(crate) fn question_report(
    text: &str,
    rule_args: &RuleArgs,
    visible: Option<&hupai_tiles::TileCounts>,
    ev: &crate::ev::EvArgs,
    question: Question,
) -> HandReport {
    let (mut r, hand, rules) = match begin_report(text, rule_args) {
        Ok(begun) => begun,
        Err(r) => return *r,
    };
    let visible = visible.copied().unwrap_or(hupai_tiles::TileCounts::EMPTY);
    let ev = ev.turns.map(|t| ev.options(t, &visible, rule_args.wildcard_tile(), &rules));
    let answered = hand
        .check_visible(&rules, &visible)
        .and_then(|()| shanten_answers(&hand, &rules, &visible, ev.as_ref(), question, &mut r));
    if let Err(e) = answered {
        r.damaged_table |= matches!(e, Error::Table { .. });
        r.error = Some(e.to_string());
    }
    r
}

/// Writes reports as `check` does: readable, or one JSON object per line; true if any was an error.
pub(crate) fn write_reports(
    reports: impl IntoIterator<Item = HandReport>,
    json: bool,
    out: &mut impl std::io::Write,
) -> std::io::Result<bool> {
    let mut any_error = false;
    for (i, report) in reports.into_iter().enumerate() {
        any_error |= report.error.is_some() || report.damaged_table;
        if json {
            json::write_line(out, &report)?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            out.write_all(printable(&render(&report)).as_bytes())?;
        }
    }
    out.flush()?;
    Ok(any_error)
}

/// `--turns`: the draw odds of every discard into the advice table, by discard.
fn ev_figures(hand: &Hand, rules: &Rules, options: &hupai_odds::ev::EvOptions, r: &mut HandReport) {
    r.turns = Some(options.turns);
    r.policy = Some(options.policy.to_string());
    r.riichi = options.riichi;
    match crate::ev::by_discard(hand, rules, options) {
        Ok(figures) => {
            for a in r.advice.iter_mut().flatten() {
                if let Some((_, f)) = figures.iter().find(|(d, _)| *d == a.discard) {
                    a.figures = Some(FiguresReport { tenpai: f.tenpai, win: f.win, score: f.score });
                }
            }
        }
        Err(e) => r.ev_error = Some(e),
    }
}

/// One decomposition: its form and its groups, pair first (`["11z", "123m", ...]`).
#[derive(Debug, Serialize)]
struct DecompositionReport {
    /// `melds`, `seven_pairs`, `thirteen_orphans`, `honors_and_knitted` or `knitted_straight`.
    form: &'static str,
    /// The groups in mpsz; thirteen orphans and honors-and-knitted are one group of all fourteen
    /// tiles, a knitted straight's nine tiles are one group.
    groups: Vec<String>,
}

impl From<&Decomposition> for DecompositionReport {
    fn from(d: &Decomposition) -> Self {
        let form = match d {
            Decomposition::Melds { .. } => "melds",
            Decomposition::SevenPairs { .. } => "seven_pairs",
            Decomposition::ThirteenOrphans { .. } => "thirteen_orphans",
            Decomposition::HonorsAndKnitted { .. } => "honors_and_knitted",
            Decomposition::KnittedStraight { .. } => "knitted_straight",
        };
        DecompositionReport { form, groups: d.to_string().split(' ').map(str::to_owned).collect() }
    }
}

/// One wait and every way it is waited on: `{"tile": "1m", "kinds": ["two-sided", "double-pair"]}`.
#[derive(Debug, Serialize)]
struct WaitTypeReport {
    tile: &'static str,
    kinds: Vec<&'static str>,
}

/// Wait types from `combine`, which derives them from the decompositions of the hand plus each wait.
fn wait_types(hand: &Hand, rules: &Rules, r: &mut HandReport) {
    match hupai_combine::typed_waits(hand, rules) {
        Ok(list) => {
            r.wait_types = Some(
                list.iter()
                    .map(|w| WaitTypeReport {
                        tile: TILE_NAMES[w.tile.index()],
                        kinds: w.kinds.iter().map(|k| k.name()).collect(),
                    })
                    .collect(),
            )
        }
        Err(e) => {
            r.damaged_table |= matches!(e, Error::Table { .. });
            r.wait_types_error = Some(e.to_string());
        }
    }
}

/// One algorithm's answer in `--algorithm all`.
#[derive(Debug, Serialize)]
struct AlgorithmAnswer {
    algorithm: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    win: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    waits: Option<Vec<&'static str>>,
    /// How many decompositions it lists (complete hands, algorithms that list them).
    #[serde(skip_serializing_if = "Option::is_none")]
    decompositions: Option<usize>,
    /// Why it could not answer (an unsupported feature, typically).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

/// Runs `check`; returns true if any hand was an error.
pub(crate) fn run(args: &CheckArgs, out: &mut impl std::io::Write) -> std::io::Result<bool> {
    let mut any_error = false;
    for (i, text) in args.hands.iter().enumerate() {
        let mut report = report(text, args);
        if let Some(win) = &args.win {
            let score = score(text, win, args);
            any_error |= score.get("error").is_some();
            report.score = Some(score);
        }
        any_error |= report.error.is_some() || report.damaged_table;
        if args.json {
            json::write_line(out, &report)?;
        } else {
            if i > 0 {
                writeln!(out)?;
            }
            out.write_all(printable(&render(&report)).as_bytes())?;
            if let Some(Listing::Found(found)) = &report.decompositions {
                found.each(|d| writeln!(out, "    {d}"))?;
            }
            if let Some(score) = &report.score {
                let mut text = String::new();
                render_score(score, &mut text);
                out.write_all(printable(&text).as_bytes())?;
            }
        }
    }
    out.flush()?;
    Ok(any_error)
}

fn wait_names(answer: Answer) -> (Option<bool>, Option<Vec<&'static str>>) {
    match answer {
        Answer::Win(w) => (Some(w), None),
        Answer::Waits(set) => (None, Some(set.iter().map(|t| TILE_NAMES[t.index()]).collect())),
    }
}

/// Builds the report of one hand.
pub(crate) fn report(text: &str, args: &CheckArgs) -> HandReport {
    let (mut r, hand, rules) = match begin_report(text, &args.rule_args) {
        Ok(begun) => begun,
        Err(r) => return *r,
    };
    if let Some(visible) = &args.seen.visible
        && let Err(e) = hand.check_visible(&rules, visible)
    {
        r.error = Some(e.to_string());
        return r;
    }
    let answered = match args.algorithm {
        None => options::answer(&hand, &rules, None),
        Some(Choice::One(a)) => options::answer(&hand, &rules, Some(a)),
        Some(Choice::All) => all_answers(&hand, &rules, args.limit, &mut r),
    };
    let (algorithm, answer) = match answered {
        Ok(x) => x,
        Err(e) => {
            r.error = Some(e.to_string());
            return r;
        }
    };
    r.algorithm = Some(algorithm.name());
    (r.win, r.waits) = wait_names(answer);
    let visible = args.seen.visible.unwrap_or(hupai_tiles::TileCounts::EMPTY);
    let ev = args.ev.turns.map(|t| args.ev.options(t, &visible, args.rule_args.wildcard_tile(), &rules));
    let ev = ev.as_ref();
    match answer {
        Answer::Win(false) => {
            r.decompositions = Some(Listing::Sorted(Vec::new()));
            r.why = why_not(&hand, &rules);
            shanten_report(&hand, &rules, &visible, ev, &mut r);
        }
        Answer::Waits(w) if w.is_empty() => {
            wait_types(&hand, &rules, &mut r);
            shanten_report(&hand, &rules, &visible, ev, &mut r);
        }
        Answer::Win(true) => decompositions(&hand, &rules, algorithm, args.limit, &mut r),
        Answer::Waits(_) => wait_types(&hand, &rules, &mut r),
    }
    r
}

/// The decompositions of a winning hand: counted first; up to the limit (and a size worth
/// sorting) listed and sorted by the answering algorithm if it lists them, else listed as found
/// by the `hupai` facade when the report is written.
fn decompositions(hand: &Hand, rules: &Rules, algorithm: &'static dyn Algorithm, limit: Limit, r: &mut HandReport) {
    let total = match hupai::count_decompositions(hand, rules) {
        Ok(total) => total,
        Err(e) => {
            r.damaged_table |= matches!(e, Error::Table { .. });
            r.decompositions_error = Some(e.to_string());
            return;
        }
    };
    if !limit.admits(total) || total > SORTED_AT_MOST {
        r.decompositions_by = Some(hupai::Hupai.name());
        r.decompositions_total = Some(total);
        r.decompositions = Some(Listing::Found(Found { hand: hand.clone(), rules: *rules, limit: limit.0 }));
        return;
    }
    let lister = if algorithm.capabilities().decompositions {
        Ok(algorithm)
    } else {
        hupai_harness::fastest_decomposer_for(hand, rules)
    };
    match lister.and_then(|l| l.decompositions(hand, rules).map(|d| (l, d))) {
        Ok((l, list)) => {
            r.decompositions_by = Some(l.name());
            r.decompositions = Some(Listing::Sorted(list.iter().map(DecompositionReport::from).collect()));
        }
        Err(e) => {
            r.damaged_table |= matches!(e, Error::Table { .. });
            r.decompositions_error = Some(e.to_string());
        }
    }
}

/// `text` with control characters (other than newlines) shown as escapes, so a hand typed with
/// terminal escape sequences is shown, not obeyed.
fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| c.is_control() && c != '\n') {
        return text.into();
    }
    text.chars()
        .map(|c| if c.is_control() && c != '\n' { c.escape_unicode().to_string() } else { c.to_string() })
        .collect::<String>()
        .into()
}

/// Why a complete hand that does not win under `rules` loses, when a rule option decides it: the
/// void suit (tiles of it held, or all three numbered suits used) or the 2-5-8 pair (the hand wins
/// with another pair).
fn why_not(hand: &Hand, rules: &Rules) -> Option<String> {
    let held = hand.physical_counts();
    let numbered = [Suit::Man, Suit::Pin, Suit::Sou];
    match rules.void {
        VoidSuit::Declared(s) => {
            let tiles: Vec<Tile> = held.tiles().filter(|t| t.suit() == s).collect();
            if !tiles.is_empty() {
                return Some(format!(
                    "the hand holds {} of the void suit {}",
                    hupai_tiles::notation::format_tiles(tiles),
                    s.letter()
                ));
            }
        }
        VoidSuit::AnyOne if numbered.iter().all(|&s| held.suit(s).iter().any(|&n| n > 0)) => {
            return Some("the hand holds tiles of all three numbered suits; one suit must be void".to_owned());
        }
        _ => {}
    }
    if rules.pair_258 {
        let other = rules.with_pair_258(false);
        let wins = hupai_harness::fastest_for(hand, &other).and_then(|a| a.is_win(hand, &other));
        if wins == Ok(true) {
            return Some("it wins only with a pair that is not a 2, 5 or 8".to_owned());
        }
    }
    None
}

/// Asks every registered algorithm; fills `answers` and `agree`, and returns the first answer
/// (the fastest algorithm that could answer), or the last error if none could.
fn all_answers(
    hand: &Hand,
    rules: &Rules,
    limit: Limit,
    r: &mut HandReport,
) -> Result<(&'static dyn Algorithm, Answer), Error> {
    hand.shape(rules)?;
    // Each algorithm's list is built whole to compare them: only when it is small enough.
    let comparable = |total: u64| limit.admits(total) && total <= SORTED_AT_MOST;
    let listable = hupai::count_decompositions(hand, rules).map_or(true, comparable);
    let mut rows = Vec::new();
    let mut first: Option<(&'static dyn Algorithm, Answer)> = None;
    let mut last_error = None;
    let mut agree = true;
    let mut reference_decompositions: Option<Vec<Decomposition>> = None;
    for &a in hupai_harness::algorithms() {
        match a.answer(hand, rules) {
            Ok(answer) => {
                let (win, waits) = wait_names(answer);
                let mut row = AlgorithmAnswer { algorithm: a.name(), win, waits, decompositions: None, error: None };
                if matches!(answer, Answer::Win(_)) && a.capabilities().decompositions && listable {
                    match a.decompositions(hand, rules) {
                        Ok(list) => {
                            row.decompositions = Some(list.len());
                            match &reference_decompositions {
                                Some(reference) => agree &= *reference == list,
                                None => reference_decompositions = Some(list),
                            }
                        }
                        Err(e) => {
                            r.damaged_table |= matches!(e, Error::Table { .. });
                            row.error = Some(e.to_string());
                        }
                    }
                }
                match first {
                    Some((_, reference)) => agree &= reference == answer,
                    None => first = Some((a, answer)),
                }
                rows.push(row);
            }
            Err(e) => {
                r.damaged_table |= matches!(e, Error::Table { .. });
                rows.push(AlgorithmAnswer {
                    algorithm: a.name(),
                    win: None,
                    waits: None,
                    decompositions: None,
                    error: Some(e.to_string()),
                });
                last_error = Some(e);
            }
        }
    }
    r.answers = Some(rows);
    match first {
        Some(x) => {
            r.agree = Some(agree);
            Ok(x)
        }
        None => Err(last_error.unwrap_or(Error::HandSize { found: hand.tile_count(), expected: rules.hand_size() })),
    }
}

fn answer_text(win: Option<bool>, waits: Option<&[&str]>) -> String {
    match (win, waits) {
        (Some(true), _) => "win".to_owned(),
        (Some(false), _) => "no win".to_owned(),
        (None, Some([])) => "no waits".to_owned(),
        (None, Some(w)) => format!("waits {}", w.join(" ")),
        (None, None) => String::new(),
    }
}

/// The score of `text` won on `win` under the rules' scorer: its answer, or `{"error": …}`.
fn score(text: &str, win: &str, args: &CheckArgs) -> serde_json::Value {
    let rules = args.rule_args.rules().to_string();
    // The scorer of the preset the rules start from (`riichi+5th` scores as riichi).
    let name = rules.split(['+', ' ']).next().unwrap_or_default();
    let scorer = match hupai_score::Scorer::by_name(name) {
        Ok(s) => s,
        Err(e) => return hupai_score::error_value(&e),
    };
    let mut object = match args.situation.as_deref().map(serde_json::from_str::<serde_json::Value>) {
        None => serde_json::Map::new(),
        Some(Ok(serde_json::Value::Object(o))) => o,
        Some(_) => {
            let e = hupai_score::ScoreError::Input("--situation: expected a JSON object of situation keys".into());
            return hupai_score::error_value(&e);
        }
    };
    object.insert("hand".into(), text.into());
    object.insert("win".into(), win.into());
    if args.tsumo {
        object.insert("tsumo".into(), true.into());
    }
    if args.riichi {
        object.insert("riichi".into(), true.into());
    }
    scorer.score_object(&object).unwrap_or_else(|e| hupai_score::error_value(&e))
}

/// The score as table rows: the totals, then one row per yaku or fan.
fn render_score(score: &serde_json::Value, s: &mut String) {
    if let Some(e) = score.get("error").and_then(|e| e.as_str()) {
        let _ = writeln!(s, "  score: {e}");
        return;
    }
    let mut head = Vec::new();
    for key in ["han", "fu", "fan", "points", "units", "total"] {
        match score.get(key) {
            Some(v) if v.is_i64() || v.is_u64() => head.push(format!("{} {key}", v)),
            Some(serde_json::Value::Object(o)) if key == "points" => {
                if let Some(total) = o.get("total") {
                    head.push(format!("{total} points"));
                }
            }
            _ => {}
        }
    }
    if let Some(limit) = score.get("limit").and_then(|v| v.as_str()) {
        head.push(limit.to_string());
    }
    if let Some(enough) = score.get("enough").and_then(|v| v.as_bool()) {
        head.push(if enough { "8-fan minimum met".into() } else { "below the 8-fan minimum".into() });
    }
    let _ = writeln!(s, "  score: {}", head.join(", "));
    let rows = score.get("yaku").or_else(|| score.get("fans")).and_then(|v| v.as_array());
    let unit = if score.get("yaku").is_some() { "han" } else { "fan" };
    for row in rows.into_iter().flatten() {
        let name = row.get("name").and_then(|v| v.as_str()).unwrap_or("?");
        let value = row.get(unit).or_else(|| row.get("value")).map(|v| v.to_string()).unwrap_or_default();
        let count = row.get("count").and_then(|v| v.as_i64()).filter(|&c| c > 1);
        match count {
            Some(c) => {
                let _ = writeln!(s, "    {name:<28} {value:>3} {unit} x{c}");
            }
            None => {
                let _ = writeln!(s, "    {name:<28} {value:>3} {unit}");
            }
        }
    }
    if let Some(parts) = score.get("fu_parts").and_then(|v| v.as_array()) {
        let parts: Vec<String> =
            parts.iter().filter_map(|p| Some(format!("{} {}", p.get("part")?.as_str()?, p.get("fu")?))).collect();
        let _ = writeln!(s, "    fu: {}", parts.join(", "));
    }
    if let Some(reading) = score.get("reading").and_then(|v| v.as_str()) {
        let _ = writeln!(s, "    reading: {reading}");
    }
}

/// The readable report of one hand.
pub(crate) fn render(r: &HandReport) -> String {
    let mut s = String::new();
    match &r.tiles {
        Some(tiles) => {
            let _ = writeln!(s, "{}  {tiles}", r.hand);
        }
        None => {
            let _ = writeln!(s, "{}", r.hand);
        }
    }
    if let Some(rows) = &r.answers {
        let width = rows.iter().map(|row| row.algorithm.len()).max().unwrap_or(0).max("algorithm".len());
        let cells: Vec<String> = rows
            .iter()
            .map(|row| match &row.error {
                Some(e) if row.win.is_none() && row.waits.is_none() => e.clone(),
                _ => answer_text(row.win, row.waits.as_deref()),
            })
            .collect();
        let answer_width = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0).max("answer".len());
        let _ = writeln!(s, "  {:width$}  {:answer_width$}  decompositions", "algorithm", "answer");
        for (row, cell) in rows.iter().zip(&cells) {
            let count = match (row.decompositions, &row.error) {
                (Some(n), _) => n.to_string(),
                (None, Some(e)) if row.win.is_some() => e.clone(),
                _ => "-".to_owned(),
            };
            let _ = writeln!(s, "  {:width$}  {cell:answer_width$}  {count}", row.algorithm);
        }
        match r.agree {
            Some(true) => s.push_str("  every algorithm that answered agrees\n"),
            Some(false) => s.push_str("  DISAGREEMENT: the algorithms above do not all give the same answer\n"),
            None => {}
        }
    }
    if let Some(e) = &r.error {
        let _ = writeln!(s, "  error: {e}");
        return s;
    }
    let by = format!("({}, {} rules)", r.algorithm.unwrap_or("?"), r.rules.as_deref().unwrap_or("?"));
    if let Some(win) = r.win {
        let _ = writeln!(s, "  win: {}  {by}", if win { "yes" } else { "no" });
    }
    if let Some(why) = &r.why {
        let _ = writeln!(s, "  why: {why}");
    }
    if let Some(waits) = &r.waits {
        if waits.is_empty() {
            let _ = writeln!(s, "  waits: none  {by}");
        } else {
            let tiles: Vec<String> = waits
                .iter()
                .filter_map(|w| w.parse::<hupai_tiles::Tile>().ok())
                .map(|t| t.to_unicode().to_string())
                .collect();
            let _ = writeln!(s, "  waits: {}  {}  {by}", waits.join(" "), tiles.join(" "));
        }
    }
    if let Some(types) = &r.wait_types {
        for w in types {
            let _ = writeln!(s, "    {}: {}", w.tile, w.kinds.join(", "));
        }
    }
    if let Some(e) = &r.wait_types_error {
        let _ = writeln!(s, "  wait types: {e}");
    }
    render_shanten(r, &mut s);
    if r.win == Some(true) {
        match (&r.decompositions, &r.decompositions_error) {
            (Some(Listing::Sorted(list)), _) => {
                let _ =
                    writeln!(s, "  decompositions ({}, listed by {}):", list.len(), r.decompositions_by.unwrap_or("?"));
                for d in list {
                    let _ = writeln!(s, "    {}", d.groups.join(" "));
                }
            }
            (Some(Listing::Found(found)), _) => {
                // The lines follow as they are found (`run`).
                let total = r.decompositions_total.unwrap_or(0);
                let by = r.decompositions_by.unwrap_or("?");
                let _ = match found.limit {
                    Some(n) if n < total => {
                        writeln!(
                            s,
                            "  decompositions ({n} of {total}, the first found, listed by {by}; --limit N|all for more):"
                        )
                    }
                    _ => writeln!(s, "  decompositions ({total}, in the order found, listed by {by}):"),
                };
            }
            (None, Some(e)) => {
                let _ = writeln!(s, "  decompositions: {e}");
            }
            (None, None) => {}
        }
    }
    s
}

/// Tiles with their unseen copies, in mpsz and in Unicode: `1m×4 3m×2  🀇🀉`.
fn effective_text(list: &[EffectiveReport]) -> String {
    if list.is_empty() {
        return "none".to_owned();
    }
    let names: Vec<String> = list.iter().map(|e| format!("{}×{}", e.tile, e.unseen)).collect();
    let tiles: String =
        list.iter().filter_map(|e| e.tile.parse::<hupai_tiles::Tile>().ok()).map(|t| t.to_unicode()).collect();
    format!("{}  {tiles}", names.join(" "))
}

/// The shanten lines: for a hand one short, its shanten and effective tiles; for a complete hand,
/// the discard advice table.
fn render_shanten(r: &HandReport, s: &mut String) {
    if let Some(e) = &r.shanten_error {
        let _ = writeln!(s, "  shanten: {e}");
        return;
    }
    let Some(n) = r.shanten else { return };
    let form = r.shanten_form.unwrap_or("melds").replace('_', " ");
    let _ = writeln!(s, "  shanten: {n} ({form})");
    if let Some(list) = &r.effective {
        let _ = writeln!(s, "  effective tiles ({} unseen): {}", r.unseen.unwrap_or(0), effective_text(list));
    }
    if let Some(advice) = &r.advice {
        if let Some(e) = &r.ev_error {
            let _ = writeln!(s, "  draw odds: {e}");
        }
        if let (Some(turns), Some(policy)) = (r.turns, &r.policy)
            && r.ev_error.is_none()
        {
            let _ = writeln!(s, "  tenpai and win {}", crate::ev::heading(turns, policy, r.riichi));
        }
        let scored = advice.iter().any(|a| a.figures.as_ref().is_some_and(|f| f.score.is_some()));
        let figures_head = match (advice.iter().any(|a| a.figures.is_some()), scored) {
            (false, _) => "",
            (true, false) => "  tenpai      win",
            (true, true) => "  tenpai      win      score",
        };
        let width = advice.iter().map(|a| a.discard.len()).max().unwrap_or(0).max("discard".len());
        let _ =
            writeln!(s, "  {:width$}  shanten{figures_head}  unseen  effective tiles", "discard", width = width + 2);
        for a in advice {
            let tile = match a.discard.parse::<hupai_tiles::Tile>() {
                Ok(t) => t.to_unicode(),
                Err(_) => '🀪',
            };
            let figures = match &a.figures {
                None => String::new(),
                Some(f) => {
                    let score = f.score.map(|x| format!("  {x:>9.1}")).unwrap_or_default();
                    format!("  {:>6}  {:>7}{score}", crate::ev::percent(f.tenpai), crate::ev::percent(f.win))
                }
            };
            let _ = writeln!(
                s,
                "  {:width$}  {:>7}{figures}  {:>6}  {}",
                format!("{} {tile}", a.discard),
                a.shanten,
                a.unseen,
                effective_text(&a.effective),
                width = width + 2
            );
        }
    }
}
