//! What an arena run came to: per player its games, ranks, points, Tenhou's stable rank and its
//! rates; per pair of players the 95 % confidence intervals of their paired per-set differences
//! (average rank, points), and the sets that would separate them when the intervals overlap 0.

use std::fmt::{self, Write as _};
use std::time::Duration;

use hupai_game::Game;
use serde::{Deserialize, Serialize};

use crate::arena::{Arena, ranks, seat_counts};

/// One table played: who sat where and what each seat came to. A report's JSON lists them
/// (`tables`), so that runs of other sets (on other machines) can be merged into one report
/// ([`Report::merge`]).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableRecord {
    /// The set: its deal's seed (the run's seed plus the set's index).
    pub set: u64,
    /// The table (seat rotation).
    pub table: usize,
    /// The player at each seat.
    pub player_at: Vec<usize>,
    /// Each seat's rank (0 first).
    pub rank: Vec<usize>,
    /// Each seat's final points less the starting points.
    pub points: Vec<i64>,
    /// Each seat's hands, wins, deal-ins, riichi, hands with a call.
    pub counts: Vec<[u64; 5]>,
    /// Each seat's faults: crashes, timeouts, illegal answers, decisions lost to the default.
    pub faults: Vec<[u64; 4]>,
    /// Decisions made at the table.
    pub decisions: u64,
    /// Decisions asked of external bots, and the time spent waiting for them.
    pub asked: u64,
    /// Time spent on the external bots' answers (writing, the bot thinking, reading).
    #[serde(with = "micros")]
    pub protocol_time: Duration,
    /// The earlier table of the set whose game this one repeats, not played again (the same
    /// player at every seat, under [`Arena::distinct_seatings`]): its ranks, points and counts are
    /// that game's, its decisions were not asked again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repeats: Option<usize>,
}

/// A duration as whole microseconds in JSON.
mod micros {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        u64::deserialize(d).map(Duration::from_micros)
    }
}

impl TableRecord {
    pub(crate) fn new(
        set: u64,
        table: usize,
        game: &Game,
        player_at: &[usize],
        faults: [[u64; 4]; 4],
        asked: u64,
        protocol_time: Duration,
    ) -> TableRecord {
        let n = usize::from(game.players());
        let r = ranks(game);
        let c = seat_counts(game);
        let start = i64::from(game.rules().starting_points);
        TableRecord {
            set,
            table,
            player_at: player_at.to_vec(),
            rank: r[..n].to_vec(),
            points: game.scores()[..n].iter().map(|&s| i64::from(s) - start).collect(),
            counts: c[..n].to_vec(),
            faults: faults[..n].to_vec(),
            decisions: game.decisions(),
            asked,
            protocol_time,
            repeats: None,
        }
    }
}

/// A mean and its 95 % confidence interval.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Interval {
    /// The mean.
    pub mean: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Interval {
    /// True if the interval leaves 0 out.
    pub fn separates(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// The faults of an external player.
#[derive(Debug, Clone, Copy, Default, Serialize, PartialEq, Eq)]
pub struct Faults {
    /// Crashes (exited, closed its output, could not start).
    pub crash: u64,
    /// Answers later than the timeout.
    pub timeout: u64,
    /// Answers that were not a legal action.
    pub illegal: u64,
    /// Decisions lost to the default action (after a crash or timeout, all the game's later ones).
    pub default_decisions: u64,
}

/// One player's results.
#[derive(Debug, Clone, Serialize)]
pub struct PlayerResult {
    /// The policy's name or the command.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Average rank, 1 first.
    pub average_rank: f64,
    /// Games finished first, second, … (one entry a seat).
    pub rank_counts: Vec<u64>,
    /// Average final points less the starting points.
    pub points: f64,
    /// Tenhou's stable rank (安定段位, 鳳凰卓): ((60·first + 30·second) / fourth − 20) / 10 on the
    /// rank rates; four players only, none without a fourth place.
    pub stable_rank: Option<f64>,
    /// Hands played.
    pub hands: u64,
    /// Wins per hand.
    pub win_rate: f64,
    /// Wins dealt into per hand.
    pub deal_in_rate: f64,
    /// Riichi per hand.
    pub riichi_rate: f64,
    /// Hands with a call (chi, pon, open kan) per hand.
    pub call_rate: f64,
    /// Faults (external players).
    pub faults: Faults,
}

/// Two players compared over the sets (player `a` less player `b`).
#[derive(Debug, Clone, Serialize)]
pub struct PairResult {
    /// The first player's index.
    pub a: usize,
    /// The second player's index.
    pub b: usize,
    /// Per set: a's average rank less b's (negative: a placed better).
    pub rank_difference: Interval,
    /// Per set: a's average points less b's.
    pub points_difference: Interval,
    /// Sets that would make the rank interval leave 0 out at the difference and spread seen
    /// (none when it already does, or nothing differs).
    pub sets_to_separate: Option<u64>,
}

/// An arena run's results.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The rules' name (or JSON).
    pub rules: String,
    /// Sets played.
    pub sets: u64,
    /// Tables a set plays.
    pub tables_per_set: usize,
    /// Games played.
    pub games: u64,
    /// Decisions made (not counting the repeated tables').
    pub decisions: u64,
    /// Tables counted as the game of an earlier table with the same seating, not played again
    /// ([`Arena::distinct_seatings`]).
    pub repeated_tables: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Threads.
    pub threads: usize,
    /// Decisions asked of external bots, and their average round trip in microseconds.
    pub external_decisions: u64,
    /// The external bots' average answer time (microseconds, writing and reading included).
    pub external_microseconds_per_decision: f64,
    /// The players, in the command line's order.
    pub players: Vec<PlayerResult>,
    /// Every pair of players.
    pub pairs: Vec<PairResult>,
    /// Every table played, for [`Report::merge`].
    pub tables: Vec<TableRecord>,
}

/// The two-sided 95 % quantile of Student's t with `df` degrees of freedom.
fn t95(df: u64) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => T[(df - 1) as usize],
        31..=60 => 2.0,
        61..=120 => 1.98,
        _ => 1.96,
    }
}

/// Mean, sample standard deviation.
fn mean_sd(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 { xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0) } else { 0.0 };
    (mean, var.sqrt())
}

fn interval(xs: &[f64]) -> Interval {
    let (mean, sd) = mean_sd(xs);
    let half = t95(xs.len().saturating_sub(1) as u64) * sd / (xs.len().max(1) as f64).sqrt();
    Interval { mean, low: mean - half, high: mean + half }
}

impl Report {
    pub(crate) fn new(arena: &Arena, records: &[TableRecord], seconds: f64, threads: usize) -> Report {
        let rules_name = hupai_game::rules::PRESETS
            .iter()
            .find(|name| hupai_game::GameRules::preset(name) == Some(arena.rules))
            .map_or_else(|| arena.rules.to_json().to_string(), |s| (*s).to_string());
        let names: Vec<String> = arena.players.iter().map(|p| p.name()).collect();
        let riichi = arena.rules.family == hupai_game::Family::Riichi;
        Report::from_records(rules_name, riichi, &names, arena.tables(), records, seconds, threads)
    }

    /// Several reports of the same players under the same rules (runs of other sets, say on
    /// other machines, each `--json`'s object) as one: their tables together, the sets told
    /// apart by their deal's seed (a set played twice counts once, its tables together), the
    /// statistics and intervals computed again over them all. The seconds add up; the threads
    /// are the most any run had.
    pub fn merge(reports: &[serde_json::Value]) -> Result<Report, String> {
        #[derive(Deserialize)]
        struct Part {
            rules: String,
            tables_per_set: usize,
            seconds: f64,
            threads: usize,
            players: Vec<Named>,
            tables: Vec<TableRecord>,
        }
        #[derive(Deserialize)]
        struct Named {
            name: String,
        }
        let mut parts = Vec::new();
        for (i, r) in reports.iter().enumerate() {
            let part: Part = serde_json::from_value(r.clone())
                .map_err(|e| format!("report {}: not an arena result with its tables ({e})", i + 1))?;
            parts.push(part);
        }
        let Some(first) = parts.first() else { return Err("no reports to merge".into()) };
        let names: Vec<String> = first.players.iter().map(|p| p.name.clone()).collect();
        for (i, p) in parts.iter().enumerate() {
            let theirs: Vec<&String> = p.players.iter().map(|p| &p.name).collect();
            if p.rules != first.rules || theirs != names.iter().collect::<Vec<_>>() {
                return Err(format!(
                    "report {}: rules {} and players {theirs:?}, report 1: rules {} and players {names:?}; only runs of the same players under the same rules merge",
                    i + 1,
                    p.rules,
                    first.rules
                ));
            }
            if p.tables_per_set != first.tables_per_set {
                return Err(format!(
                    "report {}: {} tables a set, report 1: {}",
                    i + 1,
                    p.tables_per_set,
                    first.tables_per_set
                ));
            }
            if let Some(t) = p.tables.iter().find(|t| {
                t.player_at.len() != names.len()
                    || t.rank.len() != names.len()
                    || t.points.len() != names.len()
                    || t.counts.len() != names.len()
                    || t.faults.len() != names.len()
                    || t.player_at.iter().chain(&t.rank).any(|&x| x >= names.len())
            }) {
                return Err(format!(
                    "report {}: set {} table {} does not seat {} players",
                    i + 1,
                    t.set,
                    t.table,
                    names.len()
                ));
            }
        }
        // The rules are a preset's name or their JSON, as the runs reported them.
        let rules = hupai_game::GameRules::from_json(&first.rules)
            .map_err(|e| format!("report 1: rules {}: {e}", first.rules))?;
        let riichi = rules.family == hupai_game::Family::Riichi;
        let records: Vec<TableRecord> = parts.iter().flat_map(|p| p.tables.iter().cloned()).collect();
        let seconds = parts.iter().map(|p| p.seconds).sum();
        let threads = parts.iter().map(|p| p.threads).max().unwrap_or(1);
        Ok(Report::from_records(first.rules.clone(), riichi, &names, first.tables_per_set, &records, seconds, threads))
    }

    fn from_records(
        rules_name: String,
        riichi: bool,
        names: &[String],
        tables_per_set: usize,
        records: &[TableRecord],
        seconds: f64,
        threads: usize,
    ) -> Report {
        let n = names.len();
        let mut players: Vec<PlayerResult> = names
            .iter()
            .map(|name| PlayerResult {
                name: name.clone(),
                games: 0,
                average_rank: 0.0,
                rank_counts: vec![0; n],
                points: 0.0,
                stable_rank: None,
                hands: 0,
                win_rate: 0.0,
                deal_in_rate: 0.0,
                riichi_rate: 0.0,
                call_rate: 0.0,
                faults: Faults::default(),
            })
            .collect();
        let mut sums = vec![[0u64; 5]; n];
        let mut rank_sum = vec![0u64; n];
        let mut points_sum = vec![0i64; n];
        // Per set (by its deal's seed) and player: rank sum and points sum over its tables.
        let mut per_set: std::collections::BTreeMap<u64, Vec<(f64, f64, u32)>> = std::collections::BTreeMap::new();
        let (mut decisions, mut asked, mut waited) = (0u64, 0u64, Duration::ZERO);
        let mut repeated_tables = 0u64;
        for r in records {
            if r.repeats.is_some() {
                repeated_tables += 1;
            } else {
                decisions += r.decisions;
            }
            asked += r.asked;
            waited += r.protocol_time;
            for (seat, &p) in r.player_at.iter().enumerate() {
                let pr = &mut players[p];
                pr.games += 1;
                pr.rank_counts[r.rank[seat]] += 1;
                rank_sum[p] += r.rank[seat] as u64 + 1;
                points_sum[p] += r.points[seat];
                for (k, s) in sums[p].iter_mut().enumerate() {
                    *s += r.counts[seat][k];
                }
                let f = r.faults[seat];
                pr.faults.crash += f[0];
                pr.faults.timeout += f[1];
                pr.faults.illegal += f[2];
                pr.faults.default_decisions += f[3];
                let row = per_set.entry(r.set).or_insert_with(|| vec![(0.0, 0.0, 0); n]);
                row[p].0 += r.rank[seat] as f64 + 1.0;
                row[p].1 += r.points[seat] as f64;
                row[p].2 += 1;
            }
        }
        for (p, pr) in players.iter_mut().enumerate() {
            let games = pr.games.max(1) as f64;
            pr.average_rank = rank_sum[p] as f64 / games;
            pr.points = points_sum[p] as f64 / games;
            let hands = sums[p][0].max(1) as f64;
            pr.hands = sums[p][0];
            pr.win_rate = sums[p][1] as f64 / hands;
            pr.deal_in_rate = sums[p][2] as f64 / hands;
            pr.riichi_rate = sums[p][3] as f64 / hands;
            pr.call_rate = sums[p][4] as f64 / hands;
            if n == 4 && pr.rank_counts[3] > 0 && riichi {
                let rate = |k: usize| pr.rank_counts[k] as f64 / games;
                pr.stable_rank = Some(((60.0 * rate(0) + 30.0 * rate(1)) / rate(3) - 20.0) / 10.0);
            }
        }
        let mut pairs = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let mut ranks = Vec::new();
                let mut points = Vec::new();
                for row in per_set.values() {
                    let (ra, pa, ka) = row[a];
                    let (rb, pb, kb) = row[b];
                    if ka == 0 || kb == 0 {
                        continue;
                    }
                    ranks.push(ra / f64::from(ka) - rb / f64::from(kb));
                    points.push(pa / f64::from(ka) - pb / f64::from(kb));
                }
                let rank_difference = interval(&ranks);
                let (mean, sd) = mean_sd(&ranks);
                let sets_to_separate = (!rank_difference.separates() && mean != 0.0 && sd > 0.0)
                    .then(|| (((1.96 * sd / mean.abs()).powi(2)).ceil() as u64).max(ranks.len() as u64 + 1));
                pairs.push(PairResult {
                    a,
                    b,
                    rank_difference,
                    points_difference: interval(&points),
                    sets_to_separate,
                });
            }
        }
        Report {
            rules: rules_name,
            sets: per_set.len() as u64,
            tables_per_set,
            games: records.len() as u64,
            decisions,
            repeated_tables,
            seconds,
            threads,
            external_decisions: asked,
            external_microseconds_per_decision: if asked > 0 { waited.as_secs_f64() * 1e6 / asked as f64 } else { 0.0 },
            players,
            pairs,
            tables: records.to_vec(),
        }
    }

    /// The report as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let repeated = if self.repeated_tables > 0 {
            format!(" ({} of them repeating an equal seating's game)", self.repeated_tables)
        } else {
            String::new()
        };
        writeln!(
            f,
            "{} sets of {} table(s), {} games{repeated}, {} decisions, {:.1} s, rules {}",
            self.sets, self.tables_per_set, self.games, self.decisions, self.seconds, self.rules
        )?;
        let width = self.players.iter().map(|p| p.name.len()).max().unwrap_or(6).clamp(6, 40);
        let mut head = format!("{:<width$}  games  avg rank  ", "player");
        for k in 0..self.players.len() {
            let _ = write!(
                head,
                "{:>6}",
                format!("{}st", k + 1).replace("2st", "2nd").replace("3st", "3rd").replace("4st", "4th")
            );
        }
        head.push_str("    points  stable   win  deal-in  riichi   call  faults");
        writeln!(f, "{head}")?;
        for p in &self.players {
            let name: String = p.name.chars().take(width).collect();
            let mut line = format!("{name:<width$}  {:>5}  {:>8.3}  ", p.games, p.average_rank);
            for c in &p.rank_counts {
                let _ = write!(line, "{c:>6}");
            }
            let stable = p.stable_rank.map_or("-".to_string(), |s| format!("{s:.2}"));
            let faults = p.faults.crash + p.faults.timeout + p.faults.illegal;
            let _ = write!(
                line,
                "  {:>8.0}  {stable:>6}  {:>4.1}%  {:>6.1}%  {:>5.1}%  {:>4.1}%  {faults:>6}",
                p.points,
                100.0 * p.win_rate,
                100.0 * p.deal_in_rate,
                100.0 * p.riichi_rate,
                100.0 * p.call_rate
            );
            writeln!(f, "{line}")?;
        }
        if !self.pairs.is_empty() {
            writeln!(f, "paired differences per set, 95 % intervals (first less second):")?;
        }
        for pair in &self.pairs {
            let (a, b) = (&self.players[pair.a].name, &self.players[pair.b].name);
            let r = pair.rank_difference;
            let p = pair.points_difference;
            let verdict = match (r.separates(), pair.sets_to_separate) {
                (true, _) => "separated".to_string(),
                (false, Some(k)) => format!("overlap: about {k} sets to separate"),
                (false, None) => "no difference".to_string(),
            };
            writeln!(
                f,
                "  #{} {a} - #{} {b}: rank {:+.3} [{:+.3}, {:+.3}], points {:+.0} [{:+.0}, {:+.0}]; {verdict}",
                pair.a + 1,
                pair.b + 1,
                r.mean,
                r.low,
                r.high,
                p.mean,
                p.low,
                p.high
            )?;
        }
        Ok(())
    }
}
