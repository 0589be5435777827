//! `hupai bench --shanten`: what `hupai batch --shanten` answers for a line one tile short (the
//! waits through the facade, then the shanten and effective tiles, by the very functions the batch
//! calls for a parsed line) under every preset and option whose speed differs, each beside
//! `standard` on the same hands in one run, with the ratio; every rule set over 2× is named.
//! `hupai bench --advice` does the same for what `hupai batch --advice` answers for a complete
//! hand (the facade's win check, then the shanten and every discard's effective tiles), and
//! `hupai bench --presets` for every question a line of `hupai batch` gets: the win check of a
//! complete hand and the waits of one a tile short (no option), `--shanten` and `--advice`.
//!
//! The hands are 13-tile deals (14 for advice) from each rule set's own wall (108 tiles for sichuan and changsha's
//! table game is not assumed: changsha keeps the 136 as its preset does), K of them wildcards, and
//! under hongzhong every red dragon dealt is a wildcard too. `standard` answers the very same hands,
//! so a ratio compares like with like; the two take turns in short chunks, as in `hupai bench`.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use hupai_harness::deals::Rng;
use hupai_tiles::{Hand, Rules, TileCounts};
use serde::Serialize;

use super::{Clock, TURN};
use crate::json;

/// The rule sets timed, by the name `--rules` and the doors take: every preset whose shanten takes
/// its own path, the void suit declared and open, and the fifth-copy option.
pub(crate) const SHANTEN_RULES: [&str; 16] = [
    "standard",
    "riichi",
    "chinese",
    "gb",
    "sichuan+void-m",
    "sichuan",
    "changsha",
    "changsha+tiles-108",
    "standard+258",
    "standard+tiles-108",
    "standard+tiles-112",
    "hongzhong",
    "sanma",
    "standard+5th",
    "changsha+5th",
    "hongzhong+5th",
];

/// Wildcard counts timed.
pub(crate) const WILDCARDS: [u8; 3] = [0, 2, 4];

/// Distinct hands per rule set and wildcard count (a longer run cycles through them).
const CORPUS: u64 = 4096;

/// Wall time per rule set and wildcard count (both sides) without `--hands`.
const TIME_BOX: Duration = Duration::from_millis(600);

/// Stream tag of these deals, unrelated to the win-check corpus of the same seed.
const STREAM: u64 = 0x7368_616e; // "shan"

/// The question timed: a line of `hupai batch` complete (the win check) or one tile short (the
/// waits), of `hupai batch --shanten` one tile short, or of `--advice` complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Question {
    Win,
    Waits,
    Shanten,
    Advice,
}

impl Question {
    /// Every question, in the order `--presets` times them.
    pub(crate) const ALL: [Question; 4] = [Question::Win, Question::Waits, Question::Shanten, Question::Advice];

    /// The tiles of a timed hand: complete for the win check and advice, one short otherwise.
    fn tiles(self, rules: &Rules) -> usize {
        match self {
            Question::Waits | Question::Shanten => rules.hand_size() - 1,
            Question::Win | Question::Advice => rules.hand_size(),
        }
    }

    /// The key naming the rules in a JSON row (the question's name).
    fn key(self) -> &'static str {
        match self {
            Question::Win => "win",
            Question::Waits => "waits",
            Question::Shanten => "shanten",
            Question::Advice => "advice",
        }
    }
}

/// One rule set at one wildcard count beside `standard`; the field names are part of the CLI's
/// contract, in the shape of the other rows (`ns_per_hand`, `hands`). With `--advice` the rules
/// are named by `"advice"` instead of `"shanten"`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ShantenRow {
    /// The rules, as `--rules` text.
    pub(crate) shanten: &'static str,
    pub(crate) wildcards: u8,
    /// Time per line under these rules.
    pub(crate) ns_per_hand: f64,
    pub(crate) hands: u64,
    /// Time per line under `standard` on the same hands.
    pub(crate) standard_ns_per_hand: f64,
    /// `ns_per_hand / standard_ns_per_hand`.
    pub(crate) vs_standard: f64,
}

/// Deal number `index` from the wall of `rules`' tile set: `tiles` tiles, the first `wildcards` of
/// them wildcards, then the rules' wildcard tile applied (as a hand read under the rules is).
pub(crate) fn deal_under(rules: &Rules, seed: u64, index: u64, tiles: usize, wildcards: u8) -> Hand {
    let mut wall: Vec<u8> = rules.tiles.kinds().iter().flat_map(|t| [t.index() as u8; 4]).collect();
    let tiles = tiles.min(wall.len());
    let wildcards = (wildcards as usize).min(tiles);
    let mut rng = Rng::for_case(seed ^ STREAM.rotate_left(32), index);
    let mut counts = TileCounts::EMPTY;
    for i in 0..tiles {
        let j = i + rng.below(wall.len() - i);
        wall.swap(i, j);
        if i >= wildcards {
            counts.0[wall[i] as usize] += 1;
        }
    }
    // A wall holds four copies of each kind, so the counts are always a valid hand.
    let hand = Hand::from_counts(counts, wildcards as u8).unwrap_or_default();
    match rules.wildcard_tile {
        Some(tile) => hand.with_wildcard_tile(tile).unwrap_or(hand),
        None => hand,
    }
}

/// The timed question: a parsed line of `hupai batch --shanten` (or `--advice`), answered by the
/// batch's own calls (the facade's waits or win check, then the shanten and effective tiles, or
/// the advice, written as the line's JSON).
/// Without `--shanten` or `--advice` (the win check, the waits), the facade's answer alone.
#[inline]
fn ask(hand: &Hand, rules: &Rules, question: Question, out: &mut Vec<u8>) -> bool {
    out.clear();
    let hand = std::hint::black_box(hand);
    let answer = crate::options::answer(hand, rules, None);
    let answered = answer.is_ok();
    match question {
        Question::Win | Question::Waits => {
            if let Ok((_, answer)) = answer {
                crate::batch::write_plain(out, answer);
            }
        }
        Question::Shanten | Question::Advice => {
            crate::batch::write_shanten(out, hand, rules, &TileCounts::EMPTY, question == Question::Advice)
        }
    }
    std::hint::black_box(out);
    answered
}

/// One side (a rule set) being timed.
struct Side {
    rules: Rules,
    question: Question,
    done: u64,
    elapsed: Duration,
    chunk: u64,
    next: usize,
}

impl Side {
    fn new(rules: Rules, question: Question) -> Side {
        Side { rules, question, done: 0, elapsed: Duration::ZERO, chunk: 16, next: 0 }
    }

    /// Answers one chunk of `hands` and adds its time; false if an answer was an error.
    fn turn(&mut self, hands: &[Hand], target: u64, clock: Clock) -> bool {
        let n = self.chunk.min(target - self.done);
        let mut ok = true;
        let mut out = Vec::with_capacity(256);
        let start = clock.now();
        for _ in 0..n {
            ok &= ask(&hands[self.next], &self.rules, self.question, &mut out);
            self.next = (self.next + 1) % hands.len();
        }
        let took = start.elapsed();
        self.elapsed += took;
        self.done += n;
        let per_hand = took.as_nanos().max(1) as f64 / n.max(1) as f64;
        let wanted = (TURN.as_nanos() as f64 / per_hand).clamp(1.0, 1_000_000.0) as u64;
        self.chunk = wanted.min(self.chunk.saturating_mul(4));
        ok
    }

    fn ns_per_hand(&self) -> f64 {
        self.elapsed.as_nanos() as f64 / self.done.max(1) as f64
    }
}

/// Times `question` under every rule set of [`SHANTEN_RULES`] at every wildcard count of
/// [`WILDCARDS`], beside `standard`: `hands` lines each, or as many as fit in [`TIME_BOX`].
pub(crate) fn measure(question: Question, seed: u64, hands: Option<u64>, clock: Clock) -> Vec<ShantenRow> {
    let (target, time_box) = match hands {
        Some(n) => (n, None),
        None => (1_000_000, Some(TIME_BOX)),
    };
    let mut rows = Vec::new();
    for name in SHANTEN_RULES {
        let Ok(rules) = name.parse::<Rules>() else { continue };
        for k in WILDCARDS {
            let corpus: Vec<Hand> = (0..target.min(CORPUS))
                .map(|i| deal_under(&rules, seed, i, question.tiles(&rules), k))
                .filter(|h| {
                    let answered = |r: &Rules| match question {
                        Question::Win | Question::Waits => hupai::answer(h, r).is_ok(),
                        Question::Shanten => hupai_shanten::effective_tiles(h, r, &TileCounts::EMPTY).is_ok(),
                        Question::Advice => hupai_shanten::discard_advice(h, r, &TileCounts::EMPTY).is_ok(),
                    };
                    answered(&rules) && answered(&Rules::STANDARD)
                })
                .collect();
            if corpus.is_empty() {
                eprintln!("hupai bench: no hand of the corpus is answered under {name} at K = {k} (no row)");
                continue;
            }
            // Warm up (first use validates the tables), untimed.
            let mut out = Vec::new();
            for h in corpus.iter().take(64) {
                ask(h, &rules, question, &mut out);
                ask(h, &Rules::STANDARD, question, &mut out);
            }
            let mut sides = [Side::new(rules, question), Side::new(Rules::STANDARD, question)];
            let wall = Instant::now();
            while sides.iter().any(|s| s.done < target) && time_box.is_none_or(|t| wall.elapsed() < t) {
                for side in sides.iter_mut().filter(|s| s.done < target) {
                    if !side.turn(&corpus, target, clock) {
                        eprintln!("hupai bench: an error on a hand answered before, under {}", side.rules);
                    }
                }
            }
            let [own, standard] = &sides;
            rows.push(ShantenRow {
                shanten: name,
                wildcards: k,
                ns_per_hand: own.ns_per_hand(),
                hands: own.done,
                standard_ns_per_hand: standard.ns_per_hand(),
                vs_standard: own.ns_per_hand() / standard.ns_per_hand().max(f64::MIN_POSITIVE),
            });
        }
    }
    rows
}

/// The rows as JSON lines, or as a table with the targets.
pub(crate) fn write(
    question: Question,
    rows: &[ShantenRow],
    seed: u64,
    clock: Clock,
    as_json: bool,
    out: &mut impl Write,
) -> io::Result<()> {
    if as_json {
        for row in rows {
            match question {
                Question::Shanten => out.write_all(&json::line(row))?,
                _ => out.write_all(&json::line(&QuestionRow::of(question, row)))?,
            }
        }
        return Ok(());
    }
    let what = match question {
        Question::Win => "Win check of random 14-tile deals (`hupai batch`)",
        Question::Waits => "Waits of random 13-tile deals (`hupai batch`)",
        Question::Shanten => "Waits, shanten and effective tiles of random 13-tile deals (`hupai batch --shanten`)",
        Question::Advice => "Win check, shanten and discard advice of random 14-tile deals (`hupai batch --advice`)",
    };
    writeln!(
        out,
        "{what} (seed {seed:#x}) from each rule set's wall, K of the tiles wildcards; `standard` times the same \
         hands. One thread, {}.\n",
        clock.name()
    )?;
    let width = rows.iter().map(|r| r.shanten.len()).max().unwrap_or(0).max("rules".len());
    writeln!(
        out,
        "{:width$}  {:>2}  {:>8}  {:>11}  {:>11}  {:>10}",
        "rules", "K", "hands", "ns/line", "standard", "×standard"
    )?;
    for r in rows {
        writeln!(
            out,
            "{:width$}  {:>2}  {:>8}  {:>11.1}  {:>11.1}  {:>9.2}×",
            r.shanten, r.wildcards, r.hands, r.ns_per_hand, r.standard_ns_per_hand, r.vs_standard
        )?;
    }
    writeln!(out, "\nTargets: every rule set within 2× standard on the same lines.")?;
    if let Some(r) = rows.iter().max_by(|a, b| a.vs_standard.total_cmp(&b.vs_standard)) {
        writeln!(out, "  slowest: {} at K = {}, {:.2}× standard", r.shanten, r.wildcards, r.vs_standard)?;
    }
    let over: Vec<String> = rows
        .iter()
        .filter(|r| r.vs_standard > 2.0)
        .map(|r| format!("{} at K = {} ({:.2}×)", r.shanten, r.wildcards, r.vs_standard))
        .collect();
    match over.is_empty() {
        true => writeln!(out, "  over 2×: none"),
        false => writeln!(out, "  over 2×: {}", over.join(", ")),
    }
}

/// A row of `--advice --json` (and of `--presets --json` but for shanten): the rules named by the
/// question, `"advice"`, `"win"` or `"waits"`, instead of `"shanten"`.
struct QuestionRow<'a> {
    question: Question,
    row: &'a ShantenRow,
}

impl<'a> QuestionRow<'a> {
    fn of(question: Question, row: &'a ShantenRow) -> QuestionRow<'a> {
        QuestionRow { question, row }
    }
}

impl Serialize for QuestionRow<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let r = self.row;
        let mut map = serializer.serialize_map(Some(6))?;
        map.serialize_entry(self.question.key(), r.shanten)?;
        map.serialize_entry("wildcards", &r.wildcards)?;
        map.serialize_entry("ns_per_hand", &r.ns_per_hand)?;
        map.serialize_entry("hands", &r.hands)?;
        map.serialize_entry("standard_ns_per_hand", &r.standard_ns_per_hand)?;
        map.serialize_entry("vs_standard", &r.vs_standard)?;
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_come_from_the_rules_wall() {
        for name in SHANTEN_RULES {
            let rules: Rules = name.parse().expect("a rules name");
            for i in 0..200 {
                for (k, tiles) in WILDCARDS.into_iter().flat_map(|k| [(k, 13), (k, 14)]) {
                    let h = deal_under(&rules, 7, i, tiles, k);
                    assert_eq!(h.tile_count(), tiles, "{name}");
                    assert!(h.wildcards() >= k, "{name}");
                    assert!(h.check_tile_supply(&rules).is_ok(), "{name}: {h}");
                    assert!(h.check_copies().is_ok(), "{name}: {h}");
                }
            }
        }
    }

    #[test]
    fn every_rule_set_gets_a_row_per_wildcard_count() {
        for question in Question::ALL {
            let rows = measure(question, 3, Some(30), Clock::Wall);
            for name in SHANTEN_RULES {
                let ks: Vec<u8> = rows.iter().filter(|r| r.shanten == name).map(|r| r.wildcards).collect();
                assert_eq!(ks, WILDCARDS, "{question:?} {name}");
            }
            assert!(rows.iter().all(|r| r.hands == 30 && r.vs_standard.is_finite() && r.vs_standard > 0.0));
        }
    }
}
