//! The arena: any mix of built-in policies and external bots seated at tables, duplicate by
//! default (each set's walls played at every seat rotation, player `p` at seat `(p + k) % n` of
//! table `k`), tables in parallel on every core. With equal players at several seats (two of each,
//! say), some rotations seat them exactly as an earlier one does; `distinct_seatings` plays each
//! seating once and counts it for every rotation that repeats it, which halves the cost of a run of
//! deterministic players seated two and two.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use hupai_game::policy::Policy;
use hupai_game::{Event, Game, GameRules, Seat};
use hupai_player::PlayerKind;
use rayon::prelude::*;

use crate::external::{External, Fault};
use crate::protocol;
use crate::stats::{Report, TableRecord};

/// One player of the arena.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Player {
    /// A built-in policy, played in the process.
    Policy(PlayerKind),
    /// An external bot: a command (run by `sh -c`, its seat appended as the last argument),
    /// started for each table and spoken to through the protocol.
    Command(String),
}

impl Player {
    /// The player's name in reports: the policy's name or the command.
    pub fn name(&self) -> String {
        match self {
            Player::Policy(kind) => kind.name().to_string(),
            Player::Command(command) => command.clone(),
        }
    }
}

/// A run of the arena.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Arena {
    /// The rules of every table.
    pub rules: GameRules,
    /// The players, in the first table's seat order (one a seat).
    pub players: Vec<Player>,
    /// Sets to play: each a wall sequence, played at every rotation when `duplicate`.
    pub sets: u64,
    /// Set `i` is dealt from the seed `seed + i`.
    pub seed: u64,
    /// Every seat rotation of each set's walls (else one table a set).
    pub duplicate: bool,
    /// How long an external bot may take over one answer.
    pub timeout: Duration,
    /// Threads (none: every core).
    pub threads: Option<usize>,
    /// Write each game's mjai log here (`set-<i>-<k>.mjson`).
    pub out: Option<PathBuf>,
    /// Play each distinct seating of a set once: a rotation that seats the same players (the same
    /// policy or command) at every seat as an earlier rotation does is not played again but
    /// counted as that table's game ([`TableRecord::repeats`]). Equal built-in policies then draw
    /// on the same seed, so the game is the one the rotation would play; an external bot must
    /// answer the same events the same way for that to hold (a bot with its own randomness must
    /// not be run so). No log is written for a repeated table.
    pub distinct_seatings: bool,
}

/// Why the arena could not run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// The players do not fill the table.
    #[error("{given} players for a {seats}-seat table: give one --player or --policy per seat")]
    Players {
        /// Players given.
        given: usize,
        /// Seats at the table.
        seats: u8,
    },
    /// The engine refused an action the arena checked legal (an engine bug).
    #[error("set {set}, table {table}: {message}")]
    Engine {
        /// The set.
        set: u64,
        /// The table.
        table: usize,
        /// The engine's refusal.
        message: String,
    },
    /// A log could not be written, or the threads could not start.
    #[error("{0}")]
    Io(String),
}

impl Arena {
    /// An arena of `sets` duplicate sets under `rules`, from seed 0, 10 s a decision.
    pub fn new(rules: GameRules, players: Vec<Player>, sets: u64) -> Arena {
        Arena {
            rules,
            players,
            sets,
            seed: 0,
            duplicate: true,
            timeout: Duration::from_secs(10),
            threads: None,
            out: None,
            distinct_seatings: false,
        }
    }

    /// Tables a set plays.
    pub fn tables(&self) -> usize {
        if self.duplicate { usize::from(self.rules.players) } else { 1 }
    }

    /// Player `p`'s seat at table `table` is `(p + table) % n`: the player at each seat.
    fn player_at(&self, table: usize) -> Vec<usize> {
        let n = usize::from(self.rules.players);
        (0..n).map(|s| (s + n - table % n) % n).collect()
    }

    /// For each table of a set, the earlier table it repeats under `distinct_seatings` (the same
    /// player at every seat), or `None` to play it.
    pub fn repeats(&self) -> Vec<Option<usize>> {
        let seating = |t: usize| -> Vec<&Player> { self.player_at(t).iter().map(|&p| &self.players[p]).collect() };
        (0..self.tables())
            .map(|k| if self.distinct_seatings { (0..k).find(|&j| seating(j) == seating(k)) } else { None })
            .collect()
    }

    /// Plays every table; `progress` is told each table finished (from any thread).
    pub fn run(&self, progress: &(dyn Fn() + Sync)) -> Result<Report, ArenaError> {
        let n = self.rules.players;
        if self.players.len() != usize::from(n) {
            return Err(ArenaError::Players { given: self.players.len(), seats: n });
        }
        if let Some(dir) = &self.out {
            std::fs::create_dir_all(dir)
                .map_err(|e| ArenaError::Io(format!("cannot create {}: {e}", dir.display())))?;
        }
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(t.max(1));
        }
        let pool = pool.build().map_err(|e| ArenaError::Io(format!("cannot start the threads: {e}")))?;
        let repeats = self.repeats();
        let played: Vec<usize> = (0..repeats.len()).filter(|&k| repeats[k].is_none()).collect();
        let per_set = played.len() as u64;
        let start = Instant::now();
        let records: Result<Vec<TableRecord>, ArenaError> = pool.install(|| {
            (0..self.sets * per_set)
                .into_par_iter()
                .map(|job| {
                    let record = self.play_table(job / per_set, played[(job % per_set) as usize]);
                    progress();
                    record
                })
                .collect()
        });
        let records = records?;
        // Every table of a set in order, a repeated one as the record of the table it repeats.
        let (played, repeats) = (&played, &repeats);
        let records: Vec<TableRecord> = records
            .chunks(played.len().max(1))
            .flat_map(|set| {
                repeats.iter().enumerate().map(move |(k, of)| {
                    let first = &set[played.iter().position(|&t| t == of.unwrap_or(k)).unwrap_or(0)];
                    match of {
                        None => first.clone(),
                        Some(j) => TableRecord {
                            table: k,
                            player_at: self.player_at(k),
                            asked: 0,
                            protocol_time: Duration::ZERO,
                            repeats: Some(*j),
                            ..first.clone()
                        },
                    }
                })
            })
            .collect();
        let seconds = start.elapsed().as_secs_f64();
        Ok(Report::new(self, &records, seconds, pool.current_num_threads()))
    }

    /// Plays table `table` of set `set` to its end.
    pub fn play_table(&self, set: u64, table: usize) -> Result<TableRecord, ArenaError> {
        let n = self.rules.players;
        let seed = self.seed.wrapping_add(set);
        let mut game = Game::new(self.rules, seed);
        let player_at = self.player_at(table);
        let mut policies: Vec<Option<Box<dyn Policy + Send>>> = Vec::new();
        let mut externals: Vec<Option<External>> = Vec::new();
        for seat in 0..n {
            let p = player_at[usize::from(seat)];
            match &self.players[p] {
                Player::Policy(kind) => {
                    // Under `distinct_seatings`, equal players draw on the first one's seed, so a
                    // repeated seating plays the very game its first table played.
                    let p = if self.distinct_seatings {
                        self.players.iter().position(|q| *q == self.players[p]).unwrap_or(p)
                    } else {
                        p
                    };
                    policies.push(Some(kind.build(seed.wrapping_mul(31).wrapping_add(p as u64))));
                    externals.push(None);
                }
                Player::Command(command) => {
                    policies.push(None);
                    externals.push(Some(External::start(command, seat)));
                }
            }
        }
        let mut sent = [0usize; 4];
        let mut faults = [[0u64; 4]; 4];
        let mut protocol_time = Duration::ZERO;
        let mut asked = 0u64;
        while let Some(seat) = game.next_seat() {
            let s = usize::from(seat);
            let legal = game.legal_actions(seat);
            let action = if let Some(policy) = policies[s].as_mut() {
                policy.choose(&game, seat, &legal)
            } else if let Some(bot) = externals[s].as_mut() {
                let line = protocol::seat_line(&game, seat, sent[s]);
                sent[s] = game.events().len();
                let alive = bot.dead.is_none();
                let t = Instant::now();
                let answer = bot.ask(&line, self.timeout);
                protocol_time += t.elapsed();
                asked += 1;
                let chosen = match answer {
                    Ok(text) => {
                        let action = protocol::read_action(&text, seat)
                            .ok()
                            .and_then(|a| protocol::match_legal(&legal, &a))
                            .ok_or(Fault::Illegal);
                        if action.is_err() {
                            // Said where it happened, so that the bot's author can look.
                            eprintln!(
                                "hupai arena: set {set}, table {table}, seat {seat} ({}), {}: the answer {} is not a legal action",
                                self.players[player_at[s]].name(),
                                game.kyoku_name(),
                                text.trim()
                            );
                        }
                        action
                    }
                    Err(fault) => Err(fault),
                };
                match chosen {
                    Ok(a) => a,
                    Err(fault) => {
                        // A bot that crashed or timed out is counted once, where it failed; every
                        // decision it loses is counted as a default.
                        if alive {
                            faults[s][fault_index(fault)] += 1;
                        }
                        faults[s][3] += 1;
                        protocol::default_action(&legal)
                    }
                }
            } else {
                protocol::default_action(&legal)
            };
            game.apply(seat, action).map_err(|e| ArenaError::Engine { set, table, message: e.to_string() })?;
        }
        // The end of the game told to every external bot (its answer awaited, not used).
        for (s, bot) in externals.iter_mut().enumerate() {
            if let Some(bot) = bot.as_mut() {
                if bot.dead.is_none() {
                    let line = protocol::seat_line(&game, s as Seat, sent[s]);
                    let _ = bot.ask(&line, self.timeout);
                }
                bot.stop();
            }
        }
        if let Some(dir) = &self.out {
            let path = dir.join(format!("set-{set}-{table}.mjson"));
            std::fs::write(&path, hupai_game::mjai::write(game.events(), n))
                .map_err(|e| ArenaError::Io(format!("cannot write {}: {e}", path.display())))?;
        }
        Ok(TableRecord::new(self.seed.wrapping_add(set), table, &game, &player_at, faults, asked, protocol_time))
    }
}

fn fault_index(f: Fault) -> usize {
    match f {
        Fault::Crash => 0,
        Fault::Timeout => 1,
        Fault::Illegal => 2,
    }
}

/// Counts, per seat of a finished game, of what the statistics need.
pub(crate) fn seat_counts(game: &Game) -> [[u64; 5]; 4] {
    // hands, wins, deal-ins, riichi, hands with a call
    let mut c = [[0u64; 5]; 4];
    let n = usize::from(game.players());
    let mut called = [false; 4];
    let flush = |c: &mut [[u64; 5]; 4], called: &mut [bool; 4]| {
        for (s, f) in called.iter_mut().enumerate() {
            c[s][4] += u64::from(*f);
            *f = false;
        }
    };
    for e in game.events() {
        match *e {
            Event::StartKyoku { .. } => {
                flush(&mut c, &mut called);
                for row in c.iter_mut().take(n) {
                    row[0] += 1;
                }
            }
            Event::Hora { actor, target, .. } => {
                c[usize::from(actor & 3)][1] += 1;
                if actor != target {
                    c[usize::from(target & 3)][2] += 1;
                }
            }
            Event::ReachAccepted { actor } => c[usize::from(actor & 3)][3] += 1,
            Event::Chi { actor, .. } | Event::Pon { actor, .. } | Event::Daiminkan { actor, .. } => {
                called[usize::from(actor & 3)] = true
            }
            _ => {}
        }
    }
    flush(&mut c, &mut called);
    c
}

/// The seats' ranks (0 first): by final score, ties to the seat nearer the first dealer.
pub(crate) fn ranks(game: &Game) -> [usize; 4] {
    let n = usize::from(game.players());
    let scores = game.scores();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&s| (std::cmp::Reverse(scores[s]), s));
    let mut rank = [0usize; 4];
    for (r, &s) in order.iter().enumerate() {
        rank[s] = r;
    }
    rank
}
