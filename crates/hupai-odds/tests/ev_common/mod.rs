//! What the draw-odds tests share: seeded deals of a chosen shanten, and a plain reference of the
//! model written from its definition with nothing but `hupai_shanten::shanten` and `Hand`.

#![allow(dead_code, unreachable_pub)]

use std::collections::HashMap;

use hupai_odds::Rng;
use hupai_odds::ev::WinValue;
use hupai_tiles::{Hand, Rules, Tile, TileCounts};

pub fn full() -> bool {
    std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1")
}

/// A rule set under test, with its wildcard tile.
#[derive(Clone, Copy)]
pub struct Setting {
    pub name: &'static str,
    pub rules: Rules,
    pub wild: Option<Tile>,
}

pub fn settings() -> [Setting; 3] {
    [
        Setting { name: "riichi", rules: Rules::RIICHI, wild: None },
        Setting { name: "standard", rules: Rules::STANDARD, wild: None },
        Setting { name: "hongzhong", rules: Rules::HONGZHONG, wild: Some(Tile::RED) },
    ]
}

pub fn shanten(hand: &Hand, rules: &Rules) -> i8 {
    hupai_shanten::shanten(hand, rules).expect("shanten").number
}

/// A hand of `rules`' complete size with `wildcards` wildcards (plain `*`, or copies of the
/// wildcard tile) whose best discard leaves shanten `target`, and a few visible tiles.
pub fn deal(rng: &mut Rng, setting: &Setting, wildcards: u8, target: i8) -> (Hand, TileCounts) {
    let kinds = setting.rules.tiles.kinds();
    let wall: Vec<Tile> = Tile::ALL.into_iter().filter(|&t| kinds.contains(t)).flat_map(|t| [t; 4]).collect();
    let size = setting.rules.hand_size();
    loop {
        let mut wall = wall.clone();
        // Partial Fisher-Yates: the first `size + 6` tiles are the deal and the visible ones.
        for i in 0..size + 6 {
            let j = i + rng.below((wall.len() - i) as u32) as usize;
            wall.swap(i, j);
        }
        let mut counts = TileCounts::EMPTY;
        let hand = match setting.wild {
            None => {
                for &t in &wall[..size - wildcards as usize] {
                    counts[t] += 1;
                }
                Hand::from_counts(counts, wildcards).expect("deal")
            }
            Some(w) => {
                for &t in &wall[..size] {
                    counts[t] += 1;
                }
                if counts[w] != wildcards {
                    continue;
                }
                Hand::from_counts(counts, 0).expect("deal").with_wildcard_tile(w).expect("wild")
            }
        };
        let mut visible = TileCounts::EMPTY;
        let shown = rng.below(7) as usize;
        for &t in &wall[size..size + shown] {
            visible[t] += 1;
        }
        let best = (0..34)
            .filter_map(Tile::new)
            .filter(|&t| hand.concealed()[t] > 0)
            .map(|t| shanten(&remove(&hand, Some(t), setting.wild), &setting.rules))
            .min()
            .unwrap_or(127);
        if best == target {
            return (hand, visible);
        }
    }
}

/// A hand built from its parts, the wildcard tile's copies remembered.
fn rebuild(concealed: TileCounts, plain: u8, copies: u8, melds: &[hupai_tiles::Meld], wild: Option<Tile>) -> Hand {
    let mut counts = concealed;
    match wild {
        Some(w) if copies > 0 => {
            counts[w] += copies;
            Hand::new(counts, plain, melds).expect("hand").with_wildcard_tile(w).expect("wild")
        }
        _ => Hand::new(counts, plain + copies, melds).expect("hand"),
    }
}

fn copies(hand: &Hand, wild: Option<Tile>) -> u8 {
    wild.map_or(0, |w| hand.wildcard_copies()[w])
}

/// The hand without one `tile` (or, for `None`, one wildcard: a wildcard-tile copy first).
pub fn remove(hand: &Hand, tile: Option<Tile>, wild: Option<Tile>) -> Hand {
    let mut counts = *hand.concealed();
    let mut c = copies(hand, wild);
    let mut plain = hand.wildcards() - c;
    match tile {
        Some(t) => counts[t] -= 1,
        None if c > 0 => c -= 1,
        None => plain -= 1,
    }
    rebuild(counts, plain, c, hand.melds(), wild)
}

/// The hand after drawing `t`, `None` if it holds four already (the draw is thrown).
pub fn draw(hand: &Hand, t: Tile, wild: Option<Tile>) -> Option<Hand> {
    let drawn = hand.with_tile(t).ok()?;
    if wild == Some(t) { drawn.with_wildcard_tile(t).ok() } else { Some(drawn) }
}

/// Every distinct discard of a hand: each kind held, then a wildcard.
pub fn discards(hand: &Hand) -> Vec<Option<Tile>> {
    let mut out: Vec<Option<Tile>> = Tile::ALL.into_iter().filter(|&t| hand.concealed()[t] > 0).map(Some).collect();
    if hand.wildcards() > 0 {
        out.push(None);
    }
    out
}

/// Draw probabilities: unseen copies over their sum, fixed from the hand and the visible tiles.
pub fn probabilities(hand: &Hand, rules: &Rules, visible: &TileCounts) -> [f64; 34] {
    let held = hand.held_counts();
    let kinds = rules.tiles.kinds();
    let unseen: Vec<f64> = Tile::ALL
        .into_iter()
        .map(|t| if kinds.contains(t) { 4.0 - f64::from(held[t]) - f64::from(visible[t]) } else { 0.0 })
        .collect();
    let total: f64 = unseen.iter().sum();
    std::array::from_fn(|t| unseen[t] / total)
}

/// A test scorer: depends on the hand and the tile, so a wrong hand or tile shows.
pub fn test_score(hand: &Hand, tile: Tile) -> Option<f64> {
    Some(1.0 + f64::from(hand.wildcards()) + (tile.index() % 5) as f64 + f64::from(hand.concealed()[Tile::EAST]))
}

/// The test scorer's riichi deposit.
pub const TEST_DEPOSIT: f64 = 3.0;

/// A test scorer's value of a riichi win with ura-dora indicator `ura`: more than without, and
/// depending on the indicator through the copies held of the kind after it (as ura-dora do).
pub fn test_riichi_score(hand: &Hand, tile: Tile, ura: Tile) -> Option<f64> {
    let indicated = Tile::ALL[(ura.index() + 1) % 34];
    Some(test_score(hand, tile)? + 2.0 + 1.5 * f64::from(hand.held_counts()[indicated]))
}

/// [`test_score`] and [`test_riichi_score`] as a scorer with riichi (the expectation over the
/// indicator is the trait's own sum over kinds).
pub struct TestScorer;

impl WinValue for TestScorer {
    fn value(&self, hand: &Hand, tile: Tile) -> Option<f64> {
        test_score(hand, tile)
    }

    fn riichi_deposit(&self) -> Option<f64> {
        Some(TEST_DEPOSIT)
    }

    fn riichi_value(&self, hand: &Hand, tile: Tile, ura: Tile) -> Option<f64> {
        test_riichi_score(hand, tile, ura)
    }
}

/// The state of the reference's recursion: a hand after a discard, draws left, whether its
/// shanten-back step is spent, whether riichi is declared.
type State = (Hand, u8, bool, bool);

/// The model by its definition: `value(h, r, spent)` = over each kind `t`, probability times the
/// best value among the hands the policy allows after drawing `t`; memoised on (hand, r, spent,
/// declared). With riichi, a closed hand reached ready with a draw left declares: from then every
/// draw that does not win is thrown, each win is worth the average of the riichi value over every
/// ura-dora indicator (kind by kind, weighted by its copies in the wall less the visible tiles and
/// the winning hand), and reaching the end without a win costs the deposit.
pub struct Reference {
    pub rules: Rules,
    pub p: [f64; 34],
    pub wild: Option<Tile>,
    pub hand_changes: bool,
    pub shanten_back: bool,
    pub scored: bool,
    /// Riichi at tenpai: the deposit, and the visible tiles (for the ura-dora indicator).
    pub riichi: Option<(f64, TileCounts)>,
    /// Later calls: extra arrivals (in draws) of a kind that lowers the shanten of a hand not
    /// ready, `pon` when the hand holds two of it, `chi` when it holds two tiles of a run with
    /// it (the larger); the other kinds share what is left of the turn.
    pub calls: Option<(f64, f64)>,
    memo: HashMap<State, [f64; 3]>,
    shanten: HashMap<Hand, i8>,
}

impl Reference {
    pub fn new(rules: Rules, p: [f64; 34], wild: Option<Tile>) -> Reference {
        Reference {
            rules,
            p,
            wild,
            hand_changes: false,
            shanten_back: false,
            scored: false,
            riichi: None,
            calls: None,
            memo: HashMap::new(),
            shanten: HashMap::new(),
        }
    }

    fn shanten(&mut self, hand: &Hand) -> i8 {
        if let Some(&s) = self.shanten.get(hand) {
            return s;
        }
        let s = shanten(hand, &self.rules);
        self.shanten.insert(hand.clone(), s);
        s
    }

    /// [tenpai, win, score] of a hand after a discard with `r` draws left (declaring riichi if it
    /// is ready, closed and a draw is left).
    pub fn value(&mut self, hand: &Hand, r: u8, spent: bool) -> [f64; 3] {
        let declares = self.riichi.is_some() && r > 0 && hand.is_closed() && self.shanten(hand) == 0;
        self.state(hand, r, spent, declares)
    }

    fn state(&mut self, hand: &Hand, r: u8, spent: bool, declared: bool) -> [f64; 3] {
        let key = (hand.clone(), r, spent, declared);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let n = self.shanten(hand);
        let v = if r == 0 {
            let lost = match self.riichi {
                Some((deposit, _)) if declared && self.scored => -deposit,
                _ => 0.0,
            };
            [if n <= 0 { 1.0 } else { 0.0 }, 0.0, lost]
        } else {
            let mut acc = [0.0; 3];
            let (chances, calls) = self.chances(hand, n, declared);
            for t in Tile::ALL {
                let (p, call) = (chances[t.index()], calls[t.index()]);
                if p == 0.0 && call == 0.0 {
                    continue;
                }
                let got = match draw(hand, t, self.wild) {
                    None => self.state(hand, r - 1, spent, declared),
                    Some(x) => self.after(hand, &x, t, n, r, spent, declared),
                };
                // A call is made only when it helps, figure by figure: else the hand stays.
                let stays = if call > 0.0 { self.state(hand, r - 1, spent, declared) } else { [0.0; 3] };
                for i in 0..3 {
                    acc[i] += p * got[i] + call * got[i].max(stays[i]);
                }
            }
            acc
        };
        self.memo.insert(key, v);
        v
    }

    /// Each kind's chance to come this turn by a draw and by a call: the draw's alone, or with
    /// later calls counted (a hand not ready, not declared) a call's beside the draw's for a
    /// lowering kind the hand could call, the other kinds scaled to fill the rest of the turn.
    fn chances(&mut self, hand: &Hand, n: i8, declared: bool) -> ([f64; 34], [f64; 34]) {
        let Some((pon, chi)) = self.calls.filter(|_| n > 0 && !declared) else { return (self.p, [0.0; 34]) };
        let counts = hand.concealed().0;
        let mut lowering = [false; 34];
        let (mut plain, mut called) = (0.0, 0.0);
        let mut extra = [0.0; 34];
        for t in Tile::ALL {
            let k = t.index();
            if self.p[k] == 0.0 || Some(t) == self.wild {
                continue;
            }
            let Some(x) = draw(hand, t, self.wild) else { continue };
            if self.shanten(&x) >= n {
                continue;
            }
            lowering[k] = true;
            let mut e: f64 = if counts[k] >= 2 { pon } else { 0.0 };
            if k < 27 {
                let held = |r: i64| (0..9).contains(&r) && counts[k / 9 * 9 + r as usize] > 0;
                let r = (k % 9) as i64;
                if (held(r - 2) && held(r - 1)) || (held(r - 1) && held(r + 1)) || (held(r + 1) && held(r + 2)) {
                    e = e.max(chi);
                }
            }
            extra[k] = e;
            plain += self.p[k];
            called += self.p[k] * (1.0 + e);
        }
        let scale = 1.0 / called.max(1.0);
        let chances = std::array::from_fn(|k| {
            if lowering[k] {
                self.p[k] * scale
            } else if called >= 1.0 || plain >= 1.0 {
                0.0
            } else {
                self.p[k] * (1.0 - called) / (1.0 - plain)
            }
        });
        (chances, std::array::from_fn(|k| self.p[k] * extra[k] * scale))
    }

    /// The value of winning with `x` on `t`.
    fn win_score(&self, x: &Hand, t: Tile, declared: bool) -> f64 {
        if !self.scored {
            return 0.0;
        }
        let Some((_, visible)) = self.riichi.filter(|_| declared) else { return test_score(x, t).unwrap_or(0.0) };
        let held = x.held_counts();
        let kinds = self.rules.tiles.kinds();
        let left: Vec<f64> = Tile::ALL
            .into_iter()
            .map(|k| {
                let wall: u8 = if kinds.contains(k) { 4 } else { 0 };
                f64::from(wall.saturating_sub(visible[k]).saturating_sub(held[k]))
            })
            .collect();
        let total: f64 = left.iter().sum();
        Tile::ALL
            .into_iter()
            .filter(|k| left[k.index()] > 0.0)
            .map(|k| left[k.index()] / total * test_riichi_score(x, t, k).unwrap_or(0.0))
            .sum()
    }

    /// The best over the hands allowed after drawing `t` into `hand` (giving `x`).
    #[allow(clippy::too_many_arguments)]
    fn after(&mut self, hand: &Hand, x: &Hand, t: Tile, n: i8, r: u8, spent: bool, declared: bool) -> [f64; 3] {
        let m = self.shanten(x);
        if m < 0 {
            return [1.0, 1.0, self.win_score(x, t, declared)];
        }
        if declared {
            // Riichi: the draw is thrown.
            return self.state(hand, r - 1, spent, true);
        }
        let lowers = m < n;
        let mut options: Vec<(Hand, bool)> = Vec::new();
        if lowers || self.hand_changes || self.shanten_back && !spent {
            for d in discards(x) {
                let y = remove(x, d, self.wild);
                let s = self.shanten(&y);
                if (lowers || self.hand_changes) && s == m {
                    options.push((y.clone(), spent));
                }
                if self.shanten_back && !spent && s == m + 1 {
                    options.push((y, true));
                }
            }
        }
        let mut best = [f64::NEG_INFINITY; 3];
        if !lowers && !self.hand_changes {
            // Throwing the drawn tile: the hand stays as it is (not declared).
            let v = self.state(hand, r - 1, spent, false);
            best = v;
        }
        for (y, s) in options {
            let v = self.value(&y, r - 1, s);
            for i in 0..3 {
                best[i] = best[i].max(v[i]);
            }
        }
        best
    }
}
