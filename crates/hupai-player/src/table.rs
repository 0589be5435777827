//! What the table shows one seat, read once per decision from its [`View`]: the tiles seen, the dora,
//! and for each opponent how likely it is to be ready, what its win would cost, which tiles are safe
//! against it, and from those the danger of discarding each kind.
//!
//! The danger model counts the waits a ready hand could have on a tile and weighs each kind of wait
//! by how often it occurs: two-sided waits (両面) on the tile are ruled out by a discard of the other
//! side (suji: the wait would be furiten) or by every copy of a tile they need being seen (kabe, no
//! chance) and halved when one copy is left (one chance); a tile the opponent discarded, or passed
//! after its riichi, is safe (genbutsu); honors are dangerous by the copies still unseen. Early
//! discards of a nearby middle tile make the tiles outside it safer; calls showing a flush move the
//! danger to that suit; dora make a deal-in dearer.

use hupai::Tile;
use hupai_game::{MeldKind, Pai, View};

/// Weights of the waits a ready hand may hold on a tile: chances of dealing in per wait shape,
/// roughly as the published deal-in statistics against riichi give them.
const RYANMEN: f64 = 0.055;
const KANCHAN: f64 = 0.016;
const PENCHAN: f64 = 0.016;
const SHANPON: f64 = 0.022;
const SHANPON_HONOR: f64 = 0.04;
const TANKI: f64 = 0.012;

/// A seat other than the one deciding, as the table shows it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Opponent {
    /// At the table and still playing the hand.
    pub(crate) active: bool,
    /// Declared riichi.
    pub(crate) riichi: bool,
    /// Probability that the hand is ready now.
    pub(crate) tenpai: f64,
    /// Points lost when dealing in to it (its expected hand value on a discard).
    pub(crate) loss: f64,
    /// Kinds it cannot win on: its own discards (furiten) and, after its riichi, every tile passed.
    pub(crate) safe: [bool; 34],
    /// Kinds it discarded among its first six discards (before any riichi).
    pub(crate) early: [bool; 34],
    /// The numbered suit its calls show a flush in (0 m, 1 p, 2 s), if they do.
    pub(crate) flush: Option<usize>,
}

/// The table as the deciding seat reads it.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    /// Copies of each kind the seat can see: its hand, every meld, every river, indicators, north.
    pub(crate) seen: [u8; 34],
    /// Copies seen outside the seat's own hand and melds (what `hupai-odds` calls visible).
    pub(crate) visible: [u8; 34],
    /// Dora per copy of each kind (indicators counted; red fives are separate).
    pub(crate) dora: [u8; 34],
    /// Every seat, the deciding one marked inactive.
    pub(crate) opponents: [Opponent; 4],
    /// Draws the seat has left (live tiles over the players).
    pub(crate) draws_left: u8,
}

/// The kind a dora indicator points to.
pub(crate) fn dora_of(indicator: usize, sanma: bool) -> usize {
    match indicator {
        // Three players: 1m points to 9m, and 9m back to 1m.
        0 if sanma => 8,
        i if i < 27 => {
            let suit = i / 9;
            suit * 9 + (i % 9 + 1) % 9
        }
        i if i < 31 => 27 + (i - 27 + 1) % 4,
        i => 31 + (i - 31 + 1) % 3,
    }
}

fn kind(p: Pai) -> Option<usize> {
    p.kind().map(Tile::index)
}

impl Table {
    /// Reads the view of `seat`; `seat_winds` gives each seat's wind index (0 east … 3 north).
    pub(crate) fn read(view: &View, seat_winds: [usize; 4]) -> Table {
        let n = usize::from(view.players);
        let me = usize::from(view.seat);
        let sanma = n == 3;
        let mut seen = [0u8; 34];
        let mut visible = [0u8; 34];
        for (k, &c) in view.hand.kinds.iter().enumerate() {
            seen[k] += c;
        }
        let mut see_out = |k: usize, seen: &mut [u8; 34]| {
            seen[k] = seen[k].saturating_add(1);
            visible[k] = visible[k].saturating_add(1);
        };
        for s in 0..n {
            for m in &view.melds[s] {
                for &p in m.tiles() {
                    if let Some(k) = kind(p) {
                        if s == me {
                            seen[k] = seen[k].saturating_add(1);
                        } else {
                            see_out(k, &mut seen);
                        }
                    }
                }
            }
            for r in &view.rivers[s] {
                if !r.called
                    && let Some(k) = kind(r.pai)
                {
                    see_out(k, &mut seen);
                }
            }
            for _ in 0..view.nuki[s] {
                if s == me {
                    seen[30] = seen[30].saturating_add(1);
                } else {
                    see_out(30, &mut seen);
                }
            }
        }
        let mut dora = [0u8; 34];
        for &d in &view.dora_markers {
            if let Some(k) = kind(d) {
                see_out(k, &mut seen);
                dora[dora_of(k, sanma)] += 1;
            }
        }
        for k in 0..34 {
            seen[k] = seen[k].min(4);
            visible[k] = visible[k].min(4);
        }
        let oya = usize::from(view.oya);
        // Turn order of the hand: where each seat sits after the dealer.
        let order = |s: usize| (s + n - oya) % n;
        let empty = Opponent {
            active: false,
            riichi: false,
            tenpai: 0.0,
            loss: 0.0,
            safe: [false; 34],
            early: [false; 34],
            flush: None,
        };
        let mut opponents = [empty; 4];
        for (o, slot) in opponents.iter_mut().enumerate().take(n) {
            if o == me || view.out[o] {
                continue;
            }
            let river = &view.rivers[o];
            let mut opp = Opponent { active: true, riichi: view.riichi[o], ..empty };
            let declared = river.iter().position(|r| r.riichi);
            for (i, r) in river.iter().enumerate() {
                if let Some(k) = kind(r.pai) {
                    opp.safe[k] = true;
                    if i < 6 && declared.is_none_or(|d| i < d) {
                        opp.early[k] = true;
                    }
                }
            }
            if let Some(d) = declared {
                // Every tile discarded after the declaration and not won on is furiten for it:
                // seat s's i-th discard came after o's d-th when it is a later go-around, or the
                // same go-around and s sits after o.
                for s in 0..n {
                    if s == o {
                        continue;
                    }
                    for (i, r) in view.rivers[s].iter().enumerate() {
                        if (i > d || (i == d && order(s) > order(o)))
                            && let Some(k) = kind(r.pai)
                        {
                            opp.safe[k] = true;
                        }
                    }
                }
            }
            let melds = &view.melds[o];
            let open: usize = melds.iter().filter(|m| m.kind != MeldKind::Ankan).count();
            let discards = river.len() as f64;
            // The flush its calls show: every meld of one numbered suit or honors, one suited,
            // two calls at least, and few of that suit thrown.
            let mut suits = [0u8; 4];
            let mut value_calls = 0u8;
            let mut dora_shown = 0u8;
            for m in melds {
                let Some(k) = m.tiles().first().and_then(|&p| kind(p)) else { continue };
                suits[(k / 9).min(3)] += 1;
                if k >= 31 || k == 27 + seat_winds[o] || k == 27 + bakaze_index(view) {
                    value_calls += 1;
                }
                for &p in m.tiles() {
                    if let Some(t) = kind(p) {
                        dora_shown += dora[t];
                    }
                    if p.is_red() {
                        dora_shown += 1;
                    }
                }
            }
            let suited: Vec3 = [suits[0], suits[1], suits[2]];
            let used = suited.iter().filter(|&&c| c > 0).count();
            if open >= 2 && used == 1 {
                let s = suited.iter().position(|&c| c > 0).unwrap_or(0);
                let thrown = river.iter().filter(|r| kind(r.pai).is_some_and(|k| k / 9 == s && k < 27)).count();
                if thrown * 5 <= river.len() {
                    opp.flush = Some(s);
                }
            }
            opp.tenpai = if opp.riichi {
                1.0
            } else {
                let base = match open {
                    0 => 0.010 * discards,
                    1 => 0.05 + 0.018 * discards,
                    2 => 0.12 + 0.028 * discards,
                    3 => 0.35 + 0.03 * discards,
                    _ => 0.9,
                };
                (base + if opp.flush.is_some() { 0.1 } else { 0.0 }).min(0.9)
            };
            let dealer = o == oya;
            let mut loss = if opp.riichi {
                5200.0
            } else if open == 0 {
                4200.0
            } else {
                3000.0
            };
            loss += 1300.0 * f64::from(dora_shown);
            if opp.flush.is_some() {
                loss += 2500.0;
            }
            if value_calls > 1 {
                loss += 1000.0;
            }
            if dealer {
                loss *= 1.5;
            }
            loss += 300.0 * f64::from(view.honba) + 1000.0 * f64::from(view.kyotaku);
            opp.loss = loss;
            *slot = opp;
        }
        let draws_left = (usize::from(view.tiles_left) / n.max(1)).min(255) as u8;
        Table { seen, visible, dora, opponents, draws_left }
    }

    /// Unseen copies of a kind (not counting the opponents' hands, which the seat cannot see).
    fn unseen(&self, k: usize) -> u8 {
        4 - self.seen[k].min(4)
    }

    /// How likely discarding `k` deals in to `o` if `o` is ready.
    pub(crate) fn wait_weight(&self, k: usize, o: &Opponent, seat_wind: usize, bakaze: usize) -> f64 {
        if o.safe[k] {
            return 0.0;
        }
        let u = self.unseen(k);
        let mut w = 0.0;
        if k >= 27 {
            if u >= 1 {
                w += TANKI;
            }
            if u >= 2 {
                let value = k >= 31 || k == 27 + seat_wind || k == 27 + bakaze;
                w += SHANPON_HONOR * if value { 1.3 } else { 1.0 };
            }
            if let Some(_suit) = o.flush {
                w *= 1.5;
            }
            return w;
        }
        let suit = k / 9;
        let r = k % 9 + 1; // rank 1..=9
        let at = |rank: usize| suit * 9 + rank - 1;
        let avail = |a: usize, b: usize| -> f64 {
            match self.unseen(at(a)).min(self.unseen(at(b))) {
                0 => 0.0,
                1 => 0.5,
                _ => 1.0,
            }
        };
        // Two-sided waits on r: (r+1, r+2) waiting r and r+3, (r-2, r-1) waiting r-3 and r.
        if r <= 6 && !o.safe[at(r + 3)] {
            w += RYANMEN * avail(r + 1, r + 2);
        }
        if r >= 4 && !o.safe[at(r - 3)] {
            w += RYANMEN * avail(r - 2, r - 1);
        }
        if (2..=8).contains(&r) {
            w += KANCHAN * avail(r - 1, r + 1);
        }
        if r == 3 {
            w += PENCHAN * avail(1, 2);
        }
        if r == 7 {
            w += PENCHAN * avail(8, 9);
        }
        if u >= 2 {
            w += SHANPON * if r == 1 || r == 9 { 1.4 } else { 1.0 };
        }
        if u >= 1 {
            w += TANKI * if r == 1 || r == 9 { 1.3 } else { 1.0 };
        }
        // Outside an early discard of a nearby middle tile (soto): less likely waited on.
        let centre = |x: usize| (x as i32 - 5).abs();
        let outside_early = (1..=9).any(|s| {
            s != r
                && o.early[at(s)]
                && centre(s) < centre(r)
                && (s as i32 - r as i32).abs() <= 3
                && (s as i32 - 5).signum() * (r as i32 - 5).signum() >= 0
        });
        if outside_early {
            w *= 0.8;
        }
        match o.flush {
            Some(f) if f == suit => w *= 1.6,
            Some(_) => w *= 0.15,
            None => {}
        }
        w
    }
}

type Vec3 = [u8; 3];

/// The round wind as an index 0 east … 3 north.
pub(crate) fn bakaze_index(view: &View) -> usize {
    view.bakaze.kind().map_or(0, |t| t.index().saturating_sub(27).min(3))
}

/// The chance that discarding `k` deals in, and the points it loses in expectation.
pub(crate) fn danger_of(table: &Table, k: usize, seat_winds: [usize; 4], bakaze: usize) -> (f64, f64) {
    let mut p = 0.0;
    let mut loss = 0.0;
    let dora = f64::from(table.dora[k]);
    for (o, opp) in table.opponents.iter().enumerate() {
        if !opp.active || opp.tenpai <= 0.0 {
            continue;
        }
        let w = table.wait_weight(k, opp, seat_winds[o], bakaze) * opp.tenpai;
        p += w;
        loss += w * opp.loss * (1.0 + 0.3 * dora);
    }
    (p.min(1.0), loss)
}
