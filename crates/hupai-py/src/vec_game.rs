//! `hupai.game.VecGame`: many games stepped at once on rayon's pool with the GIL released, one
//! decision per game per step, into numpy arrays allocated once and updated in place.
//!
//! Each game keeps the legal actions of its pending decision (and their ids), computed when the
//! decision comes up, so a step looks the chosen id up instead of listing the actions again. A
//! batch is first checked whole (every id legal in its game) and only then played, so a bad id
//! changes nothing. Large batches are played in blocks with a signal check between them, so
//! Ctrl-C stops one within a block's time.

use arrayvec::ArrayVec;
use std::sync::{Mutex, PoisonError};

use hupai_game::policy::Policy;
use hupai_game::{Action, Game as Engine, GameRules};
use hupai_player::{PlayerError, PlayerKind};
use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArray3, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::action_table::{ActionTable, CODES};
use crate::features;
use crate::game::{GameError, PyGame, Seed, read_rules};

/// Most legal actions one decision can have (the engine's capacity).
pub(crate) const MOST: usize = hupai_game::action::MOST_ACTIONS;

/// Most games one batch holds: a game and its rows take kilobytes, so this many is tens of
/// gigabytes; more is refused with a message rather than left to fail allocating.
const MOST_GAMES: usize = 1 << 24;

/// Games per signal check: a block takes milliseconds, so Ctrl-C answers promptly.
const BLOCK: usize = 1 << 12;

/// One game of the batch with its pending decision.
struct Slot {
    game: Engine,
    seed: u64,
    legal: ArrayVec<(u16, Action), MOST>,
    /// The built-in players at the seats `opponents` names (seeded with the game's seed plus the
    /// seat). Behind a mutex only so the Python object may be shared: the slot's `&mut` reaches in
    /// without locking (`get_mut`).
    opponents: [Option<Mutex<Box<dyn Policy + Send>>>; 4],
}

/// Words of a game's bit set of legal ids (one bit per code, so every table fits): the batch keeps
/// them side by side, so the calling thread checks a whole batch's ids in one pass over them.
const BITS: usize = CODES.div_ceil(64);

/// What every game of the batch shares.
#[derive(Clone, Copy)]
struct Setup {
    rules: GameRules,
    table: &'static ActionTable,
    /// Games in the batch: a finished game's slot takes the seed `n` higher.
    n: u64,
    record: bool,
    /// The seats a built-in player plays, inside the step: the arrays only ever show the others.
    opponents: [Option<PlayerKind>; 4],
}

/// One game's rows of the output arrays.
struct Rows<'a> {
    bits: &'a mut [u64],
    seat: &'a mut i8,
    mask: &'a mut [bool],
    legal: &'a mut [i16],
    n_legal: &'a mut u8,
    reward: &'a mut [f32],
    done: &'a mut bool,
    scores: &'a mut [i32],
    seed: &'a mut u64,
    obs: Option<&'a mut [f32]>,
}

impl Slot {
    fn new(setup: &Setup, seed: u64) -> Slot {
        let mut game = Engine::new(setup.rules, seed);
        game.set_recording(setup.record);
        let opponents =
            std::array::from_fn(|s| setup.opponents[s].map(|k| Mutex::new(k.build(seed.wrapping_add(s as u64)))));
        let mut slot = Slot { game, seed, legal: ArrayVec::new(), opponents };
        slot.play_opponents();
        slot
    }

    /// The built-in players decide until a seat the caller plays is asked, or the game ends.
    fn play_opponents(&mut self) {
        while let Some(seat) = self.game.next_seat() {
            let Some(player) = self.opponents[usize::from(seat) & 3].as_mut() else { return };
            let player = player.get_mut().unwrap_or_else(PoisonError::into_inner);
            let legal = self.game.legal_actions(seat);
            let action = player.choose(&self.game, seat, &legal);
            // A player chooses among the legal actions; a refusal would be an engine bug, and
            // leaving the decision to the caller is safer than looping on it.
            if self.game.apply(seat, action).is_err() {
                return;
            }
        }
    }

    /// Lists the pending decision's actions once (kept for the step that answers it) and writes
    /// the rows that describe it, touching only the cells the last decision set.
    fn refresh(&mut self, setup: &Setup, rows: &mut Rows<'_>) {
        for &(id, _) in &self.legal {
            rows.mask[usize::from(id)] = false;
        }
        let before = self.legal.len();
        self.legal.clear();
        rows.bits.fill(0);
        let seat = self.game.next_seat();
        *rows.seat = seat.map_or(-1, |s| s as i8);
        if let Some(seat) = seat {
            for action in self.game.legal_actions(seat) {
                if let Some(id) = setup.table.id(&action) {
                    self.legal.push((id, action));
                }
            }
            // Copies of a kind are one id (a chi's consumed tiles in either order): sorted, the
            // repeats are neighbours.
            self.legal.sort_unstable_by_key(|&(id, _)| id);
            let mut kept = 0;
            for k in 0..self.legal.len() {
                if kept == 0 || self.legal[kept - 1].0 != self.legal[k].0 {
                    self.legal[kept] = self.legal[k];
                    kept += 1;
                }
            }
            self.legal.truncate(kept);
            for (k, &(id, _)) in self.legal.iter().enumerate() {
                rows.mask[usize::from(id)] = true;
                rows.legal[k] = id as i16;
                rows.bits[usize::from(id) / 64] |= 1 << (id % 64);
            }
            if let Some(obs) = rows.obs.as_deref_mut() {
                features::write(&self.game, seat, setup.table.family, obs);
            }
        }
        let after = self.legal.len();
        if after < before {
            rows.legal[after..before].fill(-1);
        }
        *rows.n_legal = after as u8;
        let p = usize::from(self.game.players());
        for (out, &s) in rows.scores.iter_mut().zip(&self.game.scores()[..p]) {
            *out = s;
        }
        *rows.seed = self.seed;
    }

    /// Plays `id` (checked legal) and moves on; a finished game gives its final points as the
    /// reward and is replaced by the slot's next game.
    fn advance(&mut self, setup: &Setup, id: i64, rows: &mut Rows<'_>) {
        rows.reward.fill(0.0);
        *rows.done = false;
        let action = self.legal.iter().find(|&&(i, _)| i64::from(i) == id).map(|&(_, a)| a);
        if let (Some(seat), Some(action)) = (self.game.next_seat(), action) {
            // Checked legal before the batch started, so the engine accepts it.
            let _ = self.game.apply(seat, action);
            self.play_opponents();
        }
        if self.game.is_over() {
            let p = usize::from(self.game.players());
            let points = self.game.final_points().unwrap_or_else(|| self.game.scores().map(|s| f64::from(s) / 1000.0));
            for (r, &v) in rows.reward.iter_mut().zip(&points[..p]) {
                *r = v as f32;
            }
            *rows.done = true;
            *self =
                Slot { legal: std::mem::take(&mut self.legal), ..Slot::new(setup, self.seed.wrapping_add(setup.n)) };
        }
        self.refresh(setup, rows);
    }
}

/// ``n`` games stepped together on every core, for self-play and training.
///
/// ``VecGame(n, rules="tenhou", seed=0, features=False, record=False, opponents=None)``: game ``i``
/// starts with seed ``seed + i``; when it ends, its slot starts the game of seed ``+ n`` (so slot
/// ``i`` plays seeds ``seed + i``, ``seed + i + n``, ``seed + i + 2n``, …; ``seeds`` shows the current
/// ones). Each game plays exactly as ``Game(rules, that seed)`` given the same actions.
///
/// ``opponents`` seats built-in players: one entry per seat, a player's name (``"hupai"``,
/// ``"efficiency"``, ``"random"``, as ``Game.choose`` takes them) or ``None`` for a seat you play, e.g.
/// ``[None, "hupai", "hupai", "hupai"]``. Their decisions are made inside ``step`` (and at each new
/// game), so ``seat`` only ever shows your seats; ``reward`` still gives every seat's points.
///
/// Arrays, allocated once and updated in place by every ``step``: ``seat`` (n,) int8 (the seat to
/// decide), ``mask`` (n, A) bool (its legal ids), ``legal`` (n, 48) int16 (the same ids, ascending,
/// padded with -1) and ``n_legal`` (n,) uint8, ``obs`` (n, C, 34) float32 (that seat's feature
/// planes; with ``features=True``, else ``None``), ``reward`` (n, players) float32 and ``done`` (n,)
/// bool (for the last step: 0 except on the step that ends a game, where it is each seat's final
/// points as ``Game.final_points`` gives them, and ``done`` is True; the slot already holds its next
/// game), ``scores`` (n, players) int32, ``seeds`` (n,) uint64.
#[pyclass(module = "hupai.game", name = "VecGame")]
pub(crate) struct VecGame {
    slots: Vec<Slot>,
    /// Each game's legal ids as bits (`BITS` words a game).
    bits: Vec<u64>,
    setup: Setup,
    first_seed: u64,
    actions: Vec<i64>,
    seat: Py<PyArray1<i8>>,
    mask: Py<PyArray2<bool>>,
    legal: Py<PyArray2<i16>>,
    n_legal: Py<PyArray1<u8>>,
    reward: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    scores: Py<PyArray2<i32>>,
    seeds: Py<PyArray1<u64>>,
    obs: Option<Py<PyArray3<f32>>>,
}

/// The output arrays of a run of games, as mutable slices (one row per game).
struct Out<'a> {
    bits: &'a mut [u64],
    seat: &'a mut [i8],
    mask: &'a mut [bool],
    legal: &'a mut [i16],
    n_legal: &'a mut [u8],
    reward: &'a mut [f32],
    done: &'a mut [bool],
    scores: &'a mut [i32],
    seeds: &'a mut [u64],
    obs: Option<&'a mut [f32]>,
}

impl<'a> Out<'a> {
    /// Splits off the rows of the first `k` games (`a` actions, `p` players, `c` feature cells a game).
    fn split(self, k: usize, a: usize, p: usize, c: usize) -> (Out<'a>, Out<'a>) {
        let (bits, bits2) = self.bits.split_at_mut(k * BITS);
        let (seat, seat2) = self.seat.split_at_mut(k);
        let (mask, mask2) = self.mask.split_at_mut(k * a);
        let (legal, legal2) = self.legal.split_at_mut(k * MOST);
        let (n_legal, n_legal2) = self.n_legal.split_at_mut(k);
        let (reward, reward2) = self.reward.split_at_mut(k * p);
        let (done, done2) = self.done.split_at_mut(k);
        let (scores, scores2) = self.scores.split_at_mut(k * p);
        let (seeds, seeds2) = self.seeds.split_at_mut(k);
        let (obs, obs2) = match self.obs {
            Some(o) => {
                let (x, y) = o.split_at_mut(k * c);
                (Some(x), Some(y))
            }
            None => (None, None),
        };
        (
            Out { bits, seat, mask, legal, n_legal, reward, done, scores, seeds, obs },
            Out {
                bits: bits2,
                seat: seat2,
                mask: mask2,
                legal: legal2,
                n_legal: n_legal2,
                reward: reward2,
                done: done2,
                scores: scores2,
                seeds: seeds2,
                obs: obs2,
            },
        )
    }
}

/// Plays (or, with `actions` `None`, only describes) a run of games one after the other, on this thread.
fn run_games(setup: &Setup, slots: &mut [Slot], actions: Option<&[i64]>, out: Out<'_>) {
    let a = setup.table.len();
    let p = setup.table.family.players;
    let c = features::channels(setup.table.family) * 34;
    let Out { bits, seat, mask, legal, n_legal, reward, done, scores, seeds, mut obs } = out;
    for (i, slot) in slots.iter_mut().enumerate() {
        let mut rows = Rows {
            bits: &mut bits[i * BITS..(i + 1) * BITS],
            seat: &mut seat[i],
            mask: &mut mask[i * a..(i + 1) * a],
            legal: &mut legal[i * MOST..(i + 1) * MOST],
            n_legal: &mut n_legal[i],
            reward: &mut reward[i * p..(i + 1) * p],
            done: &mut done[i],
            scores: &mut scores[i * p..(i + 1) * p],
            seed: &mut seeds[i],
            obs: obs.as_deref_mut().map(|o| &mut o[i * c..(i + 1) * c]),
        };
        match actions {
            Some(ids) => slot.advance(setup, ids[i], &mut rows),
            None => slot.refresh(setup, &mut rows),
        }
    }
}

/// Games below which a run is not split further: a game's step takes about a microsecond, so a
/// task of this many outweighs the pool's cost of handing it out many times over.
const CHUNK: usize = 64;

/// Runs the games on rayon's pool in runs of consecutive games, a few runs per thread (so a
/// thread that finishes early takes another), each run played by `run_games`.
fn each_game(setup: &Setup, slots: &mut [Slot], actions: Option<&[i64]>, out: Out<'_>) {
    let threads = rayon::current_num_threads().max(1);
    let run = slots.len().div_ceil(threads * 4).max(CHUNK);
    split_runs(setup, slots, actions, out, run);
}

fn split_runs(setup: &Setup, slots: &mut [Slot], actions: Option<&[i64]>, out: Out<'_>, run: usize) {
    if slots.len() <= run {
        run_games(setup, slots, actions, out);
        return;
    }
    let half = slots.len() / 2;
    let (a, p) = (setup.table.len(), setup.table.family.players);
    let c = features::channels(setup.table.family) * 34;
    let (first, second) = out.split(half, a, p, c);
    let (slots1, slots2) = slots.split_at_mut(half);
    let (actions1, actions2) = match actions {
        Some(ids) => {
            let (x, y) = ids.split_at(half);
            (Some(x), Some(y))
        }
        None => (None, None),
    };
    rayon::join(
        || split_runs(setup, slots1, actions1, first, run),
        || split_runs(setup, slots2, actions2, second, run),
    );
}

impl VecGame {
    /// Runs `each_game` over the whole batch in blocks, releasing the GIL for each and checking
    /// for signals between them.
    fn run(&mut self, py: Python<'_>, step: bool) -> PyResult<()> {
        let mut seat = self.seat.bind(py).readwrite();
        let mut mask = self.mask.bind(py).readwrite();
        let mut legal = self.legal.bind(py).readwrite();
        let mut n_legal = self.n_legal.bind(py).readwrite();
        let mut reward = self.reward.bind(py).readwrite();
        let mut done = self.done.bind(py).readwrite();
        let mut scores = self.scores.bind(py).readwrite();
        let mut seeds = self.seeds.bind(py).readwrite();
        let mut obs = self.obs.as_ref().map(|o| o.bind(py).readwrite());
        let contiguous = |_| GameError::new_err("VecGame: an output array is no longer C-contiguous");
        let seat = seat.as_slice_mut().map_err(contiguous)?;
        let mask = mask.as_slice_mut().map_err(contiguous)?;
        let legal = legal.as_slice_mut().map_err(contiguous)?;
        let n_legal = n_legal.as_slice_mut().map_err(contiguous)?;
        let reward = reward.as_slice_mut().map_err(contiguous)?;
        let done = done.as_slice_mut().map_err(contiguous)?;
        let scores = scores.as_slice_mut().map_err(contiguous)?;
        let seeds = seeds.as_slice_mut().map_err(contiguous)?;
        let mut obs = match obs.as_mut() {
            Some(o) => Some(o.as_slice_mut().map_err(contiguous)?),
            None => None,
        };
        let setup = self.setup;
        let a = setup.table.len();
        let p = setup.table.family.players;
        let c = features::channels(setup.table.family) * 34;
        let n = self.slots.len();
        let mut start = 0;
        while start < n {
            let end = (start + BLOCK).min(n);
            let slots = &mut self.slots[start..end];
            let actions = step.then(|| &self.actions[start..end]);
            let obs_block = obs.as_deref_mut().map(|o| &mut o[start * c..end * c]);
            let out = Out {
                bits: &mut self.bits[start * BITS..end * BITS],
                seat: &mut seat[start..end],
                mask: &mut mask[start * a..end * a],
                legal: &mut legal[start * MOST..end * MOST],
                n_legal: &mut n_legal[start..end],
                reward: &mut reward[start * p..end * p],
                done: &mut done[start..end],
                scores: &mut scores[start * p..end * p],
                seeds: &mut seeds[start..end],
                obs: obs_block,
            };
            py.detach(|| each_game(&setup, slots, actions, out));
            start = end;
            if start < n {
                py.check_signals()?;
            }
        }
        Ok(())
    }

    /// Copies an (n,) integer array into `self.actions`, or says what is wrong with it.
    fn read_actions(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        let n = self.slots.len();
        let bad = |what: String| {
            GameError::new_err(format!("VecGame.step: actions {what}; expected an ({n},) integer array of action ids"))
        };
        let Ok(array) = actions.cast::<PyUntypedArray>() else {
            return Err(bad(format!("is a {}, not a numpy array", actions.get_type().name()?)));
        };
        if array.shape() != [n] {
            let dims: Vec<String> = array.shape().iter().map(|d| d.to_string()).collect();
            let comma = if dims.len() == 1 { "," } else { "" };
            return Err(bad(format!("have shape ({}{comma})", dims.join(", "))));
        }
        macro_rules! copy {
            ($($t:ty),*) => {$(
                if let Ok(typed) = array.cast::<PyArray1<$t>>() {
                    let read = typed.readonly();
                    for (out, &v) in self.actions.iter_mut().zip(read.as_array().iter()) {
                        *out = v as i64;
                    }
                    return Ok(());
                }
            )*};
        }
        copy!(i64, i32, i16, i8, u64, u32, u16, u8);
        Err(bad(format!("have dtype {}", array.dtype())))
    }

    /// The first game whose action is not one of its legal ids: its index and a message.
    fn first_illegal(&self) -> Option<(usize, String)> {
        let i = self.bits.chunks_exact(BITS).zip(&self.actions).position(|(bits, &id)| {
            let word = usize::try_from(id).ok().and_then(|i| bits.get(i / 64));
            word.is_none_or(|w| w & (1 << (id % 64)) == 0)
        })?;
        let slot = &self.slots[i];
        let id = self.actions[i];
        let ids: Vec<String> = slot.legal.iter().map(|(l, _)| l.to_string()).collect();
        let seat = slot.game.next_seat().map_or(-1, i16::from);
        let what = usize::try_from(id).ok().and_then(|k| self.setup.table.actions.get(k)).map_or_else(
            || format!("out of the table (ids 0-{})", self.setup.table.len() - 1),
            |a| format!("({}) not legal", a.kind()),
        );
        Some((
            i,
            format!("VecGame.step: game {i} (seat {seat}): action id {id} is {what}; legal ids: {}", ids.join(", ")),
        ))
    }
}

/// `opponents`: one entry per seat, a player's name (`"hupai"`, `"efficiency"`, `"random"`) or
/// `None` for a seat the caller plays; at least one seat is the caller's.
fn read_opponents(given: Option<Vec<Option<String>>>, players: usize) -> PyResult<[Option<PlayerKind>; 4]> {
    let mut out = [None; 4];
    let Some(given) = given else { return Ok(out) };
    if given.len() != players {
        return Err(GameError::new_err(format!(
            "VecGame: opponents names {} seats; the rules seat {players} (one name or None per seat)",
            given.len()
        )));
    }
    for (seat, name) in given.iter().enumerate() {
        if let Some(name) = name {
            out[seat] = Some(
                name.parse()
                    .map_err(|e: PlayerError| GameError::new_err(format!("VecGame: opponents, seat {seat}: {e}")))?,
            );
        }
    }
    if out[..players].iter().all(Option::is_some) {
        return Err(GameError::new_err("VecGame: opponents plays every seat; leave at least one None for the caller"));
    }
    Ok(out)
}

#[pymethods]
impl VecGame {
    #[new]
    #[pyo3(
        signature = (n, rules = None, seed = Seed(0), features = false, record = false, opponents = None),
        text_signature = "(n, rules=None, seed=0, features=False, record=False, opponents=None)"
    )]
    fn py_new(
        py: Python<'_>,
        n: i64,
        rules: Option<&Bound<'_, PyAny>>,
        seed: Seed,
        features: bool,
        record: bool,
        opponents: Option<Vec<Option<String>>>,
    ) -> PyResult<VecGame> {
        let Seed(seed) = seed;
        let n = usize::try_from(n)
            .ok()
            .filter(|&n| (1..=MOST_GAMES).contains(&n))
            .ok_or_else(|| GameError::new_err(format!("VecGame: n must be from 1 to {MOST_GAMES} games, found {n}")))?;
        let rules = match rules {
            Some(r) => read_rules(r)?,
            None => GameRules::TENHOU,
        };
        let table = ActionTable::for_rules(&rules).map_err(GameError::new_err)?;
        let opponents = read_opponents(opponents, usize::from(rules.players))?;
        let setup = Setup { rules, table, n: n as u64, record, opponents };
        let p = table.family.players;
        let c = features::channels(table.family);
        let slots =
            py.detach(|| (0..n).into_par_iter().map(|i| Slot::new(&setup, seed.wrapping_add(i as u64))).collect());
        let mut vg = VecGame {
            slots,
            setup,
            first_seed: seed,
            actions: vec![0; n],
            bits: vec![0; n * BITS],
            seat: Array1::<i8>::from_elem(n, -1).into_pyarray(py).unbind(),
            mask: Array2::<bool>::from_elem((n, table.len()), false).into_pyarray(py).unbind(),
            legal: Array2::<i16>::from_elem((n, MOST), -1).into_pyarray(py).unbind(),
            n_legal: Array1::<u8>::zeros(n).into_pyarray(py).unbind(),
            reward: Array2::<f32>::zeros((n, p)).into_pyarray(py).unbind(),
            done: Array1::<bool>::from_elem(n, false).into_pyarray(py).unbind(),
            scores: Array2::<i32>::zeros((n, p)).into_pyarray(py).unbind(),
            seeds: Array1::<u64>::zeros(n).into_pyarray(py).unbind(),
            obs: features.then(|| Array3::<f32>::zeros((n, c, 34)).into_pyarray(py).unbind()),
        };
        vg.run(py, false)?;
        Ok(vg)
    }

    /// Plays one decision in every game: ``actions`` is an (n,) integer array, entry ``i`` an id
    /// legal for ``seat[i]`` in game ``i``. Updates every array in place. If any id is not legal,
    /// raises ``GameError`` naming the first such game, and nothing is played.
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        self.read_actions(actions)?;
        if let Some((_, message)) = self.first_illegal() {
            return Err(GameError::new_err(message));
        }
        self.run(py, true)
    }

    /// Starts every game again: slot ``i`` from seed ``seed + i`` (the first seed given, if ``None``).
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<Seed>) -> PyResult<()> {
        let seed = seed.map_or(self.first_seed, |Seed(s)| s);
        self.first_seed = seed;
        let setup = self.setup;
        py.detach(|| {
            self.slots.par_iter_mut().enumerate().for_each(|(i, slot)| {
                let legal = std::mem::take(&mut slot.legal);
                *slot = Slot { legal, ..Slot::new(&setup, seed.wrapping_add(i as u64)) };
            })
        });
        self.reward.bind(py).readwrite().as_array_mut().fill(0.0);
        self.done.bind(py).readwrite().as_array_mut().fill(false);
        self.run(py, false)
    }

    /// A copy of game ``i`` as it stands (a ``Game``; its events when ``record=True``).
    fn game(&self, i: i64) -> PyResult<PyGame> {
        let slot = usize::try_from(i).ok().and_then(|i| self.slots.get(i)).ok_or_else(|| {
            GameError::new_err(format!("VecGame.game: no game {i} (games 0-{})", self.slots.len() - 1))
        })?;
        Ok(PyGame::of(slot.game.clone(), self.setup.table))
    }

    /// Games in the batch.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Players at each table.
    #[getter]
    fn players(&self) -> usize {
        self.setup.table.family.players
    }

    /// The rule family (``"riichi4"``, ``"riichi3"``, ``"gb"``, ``"hongzhong"``, ``"sichuan"`` or
    /// ``"changsha"``), naming the
    /// action table and the planes.
    #[getter]
    fn family(&self) -> &'static str {
        self.setup.table.family.name
    }

    /// (n,) int8: the seat to decide in each game.
    #[getter]
    fn seat<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.seat.bind(py).clone()
    }

    /// (n, A) bool: the legal action ids of that seat.
    #[getter]
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<bool>> {
        self.mask.bind(py).clone()
    }

    /// (n, 48) int16: the legal ids, ascending, padded with -1 (``n_legal`` of them).
    #[getter]
    fn legal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i16>> {
        self.legal.bind(py).clone()
    }

    /// (n,) uint8: how many ids ``legal`` holds per game.
    #[getter]
    fn n_legal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u8>> {
        self.n_legal.bind(py).clone()
    }

    /// (n, players) float32: each seat's reward for the last step (final points when a game ended).
    #[getter]
    fn reward<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.reward.bind(py).clone()
    }

    /// (n,) bool: True where the last step ended the game (the slot now holds the next one).
    #[getter]
    fn done<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        self.done.bind(py).clone()
    }

    /// (n, players) int32: the scores of the game each slot holds.
    #[getter]
    fn scores<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i32>> {
        self.scores.bind(py).clone()
    }

    /// (n,) uint64: the seed of the game each slot holds.
    #[getter]
    fn seeds<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u64>> {
        self.seeds.bind(py).clone()
    }

    /// (n, C, 34) float32: the deciding seat's feature planes (``features=True``), else ``None``.
    #[getter]
    fn obs<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray3<f32>>> {
        self.obs.as_ref().map(|o| o.bind(py).clone())
    }

    fn __repr__(&self) -> String {
        format!("<hupai.game.VecGame of {} {} games>", self.slots.len(), self.setup.table.family.name)
    }
}
