//! `hupai.game.Game`: one game of the `hupai-game` engine for Python. Actions go in as mjai dicts
//! or as ids of the family's action table (`action_table.rs`), events come out as mjai dicts, and
//! a seat's view comes out as a dict or as feature planes (`features.rs`).

use hupai_game::mjai::{action_json, event_json};
use hupai_game::{Action, Actions, Event, Game as Engine, GameRules, Pai, Seat};
use numpy::{PyArray1, PyArray2};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::action_table::{ActionTable, code, suit_index};
use crate::features;
use crate::to_python::to_python;

create_exception!(
    hupai,
    GameError,
    PyValueError,
    "Something a game cannot do: an unknown rule, an illegal action or one that is not the seat's \
     turn, a bad seat, or an array of the wrong shape or dtype. The message names what and where."
);

/// A seed argument: an int from 0 to 2**64 - 1; anything else is a `GameError` naming it (not
/// Python's `OverflowError` or `TypeError`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seed(pub(crate) u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seed {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Seed> {
        obj.extract::<u64>().map(Seed).map_err(|_| {
            let shown = obj.repr().map_or_else(|_| "?".into(), |r| r.to_string());
            GameError::new_err(format!("seed: {shown} is not a seed (an int from 0 to 2**64 - 1)"))
        })
    }
}

/// A seat argument as Python gave it: any int (checked against the table by `check_seat`); anything
/// else is a `GameError` naming it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SeatArg(pub(crate) i64);

impl<'a, 'py> FromPyObject<'a, 'py> for SeatArg {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<SeatArg> {
        obj.extract::<i64>().map(SeatArg).map_err(|_| {
            let shown = obj.repr().map_or_else(|_| "?".into(), |r| r.to_string());
            GameError::new_err(format!("seat: {shown} is not a seat (an int: 0 to 3, or 0 to 2 with three players)"))
        })
    }
}

/// Reads a `rules` argument: a preset name, a JSON object's text, or a dict of flags.
pub(crate) fn read_rules(rules: &Bound<'_, PyAny>) -> PyResult<GameRules> {
    let text: String = if let Ok(s) = rules.cast::<PyString>() {
        s.to_str()?.to_owned()
    } else if rules.is_instance_of::<PyDict>() {
        let json = rules.py().import("json")?;
        json.call_method1("dumps", (rules,))?.extract()?
    } else {
        return Err(GameError::new_err(format!(
            "rules: expected a preset name (tenhou, mahjong-soul, m-league, wrc, tenhou-3p, mahjong-soul-3p, majiang, gb, gb-single, gb-botzone, hongzhong, sichuan, changsha) or a dict of flags, found {}",
            rules.get_type().name()?
        )));
    };
    GameRules::from_json(&text).map_err(|e| GameError::new_err(format!("rules: {e}")))
}

/// An event as the mjai dict.
pub(crate) fn event_dict<'py>(py: Python<'py>, event: &Event, players: u8) -> PyResult<Bound<'py, PyAny>> {
    to_python(py, &event_json(event, players))
}

/// The mjai dict of an action of `seat` now (with its target when it answers a claim).
fn action_dict<'py>(py: Python<'py>, game: &Engine, seat: Seat, action: &Action) -> PyResult<Bound<'py, PyAny>> {
    let target = game.tile_on_offer().map_or(seat, |(from, _)| from);
    to_python(py, &action_json(seat, target, action))
}

/// The seat argument checked against the table.
pub(crate) fn check_seat(seat: i64, players: u8, what: &str) -> PyResult<Seat> {
    u8::try_from(seat).ok().filter(|&s| s < players).ok_or_else(|| {
        GameError::new_err(format!(
            "{what}: seat {seat} does not exist: the table has {players} players (seats 0-{})",
            players - 1
        ))
    })
}

fn pai_of(value: &Bound<'_, PyAny>, key: &str) -> PyResult<Pai> {
    let text: String =
        value.extract().map_err(|_| GameError::new_err(format!("action: '{key}' must be a tile name like \"5mr\"")))?;
    text.parse().map_err(|_| {
        GameError::new_err(format!(
            "action: '{key}': {text:?} is not a tile (mjai names: 1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr 5sr)"
        ))
    })
}

fn item<'py>(dict: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    dict.get_item(key)?.ok_or_else(|| {
        GameError::new_err(format!(
            "action: {} has no '{key}'",
            dict.repr().map_or_else(|_| "the dict".into(), |r| r.to_string())
        ))
    })
}

fn pais_of<const N: usize>(dict: &Bound<'_, PyDict>, key: &str) -> PyResult<[Pai; N]> {
    let list: Vec<Bound<'_, PyAny>> = item(dict, key)?
        .extract()
        .map_err(|_| GameError::new_err(format!("action: '{key}' must be a list of {N} tiles")))?;
    if list.len() != N {
        return Err(GameError::new_err(format!("action: '{key}' must list {N} tiles, found {}", list.len())));
    }
    let mut out = [Pai::UNKNOWN; N];
    for (slot, value) in out.iter_mut().zip(&list) {
        *slot = pai_of(value, key)?;
    }
    Ok(out)
}

/// The engine action an mjai dict names (its `actor`, `target` and extra keys are not read).
/// A `dahai` without `tsumogiri` means the legal one of that tile, from the hand if both are.
fn action_from_dict(dict: &Bound<'_, PyDict>, legal: &[Action]) -> PyResult<Action> {
    let kind: String =
        item(dict, "type")?.extract().map_err(|_| GameError::new_err("action: 'type' must be a string"))?;
    Ok(match kind.as_str() {
        "dahai" => {
            let pai = pai_of(&item(dict, "pai")?, "pai")?;
            let tsumogiri = match dict.get_item("tsumogiri")? {
                Some(v) => v.extract().map_err(|_| GameError::new_err("action: 'tsumogiri' must be a bool"))?,
                None => !legal.contains(&Action::Dahai { pai, tsumogiri: false }),
            };
            Action::Dahai { pai, tsumogiri }
        }
        "reach" => Action::Reach,
        "chi" => Action::Chi { pai: pai_of(&item(dict, "pai")?, "pai")?, consumed: pais_of(dict, "consumed")? },
        "pon" => Action::Pon { pai: pai_of(&item(dict, "pai")?, "pai")?, consumed: pais_of(dict, "consumed")? },
        "daiminkan" => {
            Action::Daiminkan { pai: pai_of(&item(dict, "pai")?, "pai")?, consumed: pais_of(dict, "consumed")? }
        }
        "kakan" => Action::Kakan { pai: pai_of(&item(dict, "pai")?, "pai")? },
        "ankan" => Action::Ankan { consumed: pais_of(dict, "consumed")? },
        "kita" => Action::Kita,
        "hora" => Action::Hora,
        "ryukyoku" => Action::Ryukyoku,
        "none" => Action::None,
        "qishouhu" => Action::Qishouhu,
        "kaigang" => Action::Kaigang { pai: pai_of(&item(dict, "pai")?, "pai")? },
        "haidi" => Action::Haidi,
        "huansanzhang" => Action::Exchange { pai: pai_of(&item(dict, "pai")?, "pai")? },
        "dingque" => {
            let letter: String = item(dict, "suit")?
                .extract()
                .map_err(|_| GameError::new_err("action: 'suit' must be \"m\", \"p\" or \"s\""))?;
            let suit = match letter.as_str() {
                "m" => hupai::Suit::Man,
                "p" => hupai::Suit::Pin,
                "s" => hupai::Suit::Sou,
                _ => {
                    return Err(GameError::new_err(format!(
                        "action: 'suit' must be \"m\", \"p\" or \"s\", not {letter:?}"
                    )));
                }
            };
            Action::Dingque { suit }
        }
        other => {
            return Err(GameError::new_err(format!(
                "action: unknown type {other:?} (dahai, reach, chi, pon, daiminkan, kakan, ankan, kita, hora, ryukyoku, none, qishouhu, kaigang, haidi, huansanzhang, dingque)"
            )));
        }
    })
}

/// The legal action of `seat` that an action id or mjai dict names, or a `GameError` saying why not.
fn resolve(
    game: &Engine,
    legal: &Actions,
    table: &ActionTable,
    seat: Seat,
    action: &Bound<'_, PyAny>,
) -> PyResult<Action> {
    if game.is_over() {
        return Err(GameError::new_err("step: the game is over"));
    }
    if legal.is_empty() {
        let waiting: Vec<String> =
            (0..4).filter(|s| game.to_act() & (1 << s) != 0).map(|s: u8| s.to_string()).collect();
        return Err(GameError::new_err(format!(
            "step: seat {seat} has nothing to decide now (waiting for seat {})",
            waiting.join(", ")
        )));
    }
    if let Ok(dict) = action.cast::<PyDict>() {
        let wanted = action_from_dict(dict, legal)?;
        let wanted_code = code(&wanted);
        // The action itself first, else the legal one of the same kind and code (the red-five
        // variants a dict need not spell out).
        let exact = legal.iter().copied().find(|a| *a == wanted);
        return exact
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|a| wanted_code.is_some() && code(a) == wanted_code && a.kind() == wanted.kind())
            })
            .ok_or_else(|| match game.clone().apply(seat, wanted) {
                Err(e) => GameError::new_err(format!("step: {e}")),
                Ok(()) => GameError::new_err(format!("step: seat {seat} may not {} now", wanted.kind())),
            })
            .or_else(|refused| {
                // A false win the rules play as a penalty (GB's `false_win_penalty`) is the engine's
                // to settle, though no legal action offers it.
                if wanted == Action::Hora
                    && game.rules().false_win_penalty > 0
                    && game.clone().apply(seat, wanted).is_ok()
                {
                    Ok(wanted)
                } else {
                    Err(refused)
                }
            });
    }
    let id: i64 = action.extract().map_err(|_| {
        GameError::new_err(format!(
            "step: an action is an id (int) or an mjai dict, found {}",
            action.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
        ))
    })?;
    if id < 0 || id as usize >= table.len() {
        return Err(GameError::new_err(format!(
            "step: action id {id} is out of the {} table (ids 0-{})",
            table.family.name,
            table.len() - 1
        )));
    }
    legal.iter().copied().find(|a| table.id(a) == Some(id as u16)).ok_or_else(|| {
        let mut ids: Vec<u16> = legal.iter().filter_map(|a| table.id(a)).collect();
        ids.sort_unstable();
        let ids: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
        let why = match game.clone().apply(seat, table.actions[id as usize]) {
            Err(e) => e.to_string(),
            Ok(()) => format!("seat {seat} may not {} now", table.actions[id as usize].kind()),
        };
        GameError::new_err(format!("step: action id {id} is not legal: {why}; legal ids: {}", ids.join(", ")))
    })
}

/// One game of mahjong (riichi for four or three players, GB, Hongzhong) as the engine plays it.
///
/// ``Game(rules="tenhou", seed=0)``: ``rules`` is a preset name (``tenhou``, ``mahjong-soul``,
/// ``m-league``, ``wrc``, ``tenhou-3p``, ``mahjong-soul-3p``, ``majiang``, ``gb``, ``gb-single``, ``gb-botzone``, ``hongzhong``) or a dict of flags
/// (``{"preset": "tenhou", "length": "east"}``); the same rules and seed always give the same
/// game. ``seat`` is the next seat to decide (claims on a discard are asked seat by seat),
/// ``legal_actions(seat)`` its choices as mjai dicts, ``legal_mask(seat)`` the same as a mask over
/// the family's action table (``action_table(rules)``), and ``step(seat, action)`` plays an id or
/// an mjai dict. ``events()`` is the mjai log; ``events(seat)`` and ``view(seat)`` what one seat
/// sees; ``features(seat)`` its ``(channels, 34)`` planes. A bad action raises ``GameError`` and
/// changes nothing.
#[pyclass(module = "hupai.game", name = "Game")]
#[derive(Clone)]
pub(crate) struct PyGame {
    pub(crate) game: Engine,
    pub(crate) table: &'static ActionTable,
    /// The last legal actions listed, with the decision count and seat they were listed for, so a
    /// `legal_ids` then `step` on the same decision lists them once.
    listed: Option<(u64, Seat, Actions)>,
}

impl PyGame {
    pub(crate) fn new_engine(rules: GameRules, seed: u64) -> PyResult<PyGame> {
        let table = ActionTable::for_rules(&rules).map_err(GameError::new_err)?;
        Ok(PyGame::of(Engine::new(rules, seed), table))
    }

    pub(crate) fn of(game: Engine, table: &'static ActionTable) -> PyGame {
        PyGame { game, table, listed: None }
    }

    /// The legal actions of `seat` now: listed again only when the game has moved on (every action
    /// applied counts a decision) or another seat is asked.
    fn legal(&mut self, seat: Seat) -> Actions {
        let decisions = self.game.decisions();
        if let Some((d, s, list)) = &self.listed
            && (*d, *s) == (decisions, seat)
        {
            return list.clone();
        }
        let list = self.game.legal_actions(seat);
        self.listed = Some((decisions, seat, list.clone()));
        list
    }

    fn seat_arg(&self, seat: SeatArg, what: &str) -> PyResult<Seat> {
        check_seat(seat.0, self.game.players(), what)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (rules = None, seed = Seed(0)), text_signature = "(rules=None, seed=0)")]
    fn py_new(rules: Option<&Bound<'_, PyAny>>, seed: Seed) -> PyResult<PyGame> {
        let Seed(seed) = seed;
        let rules = match rules {
            Some(r) => read_rules(r)?,
            None => GameRules::TENHOU,
        };
        PyGame::new_engine(rules, seed)
    }

    /// Players at the table (3 or 4).
    #[getter]
    fn players(&self) -> u8 {
        self.game.players()
    }

    /// The rule family, which names the action table and the feature planes: ``"riichi4"``,
    /// ``"riichi3"``, ``"gb"``, ``"hongzhong"``, ``"sichuan"`` or ``"changsha"``.
    #[getter]
    fn family(&self) -> &'static str {
        self.table.family.name
    }

    /// The next seat to decide, or ``None`` when the game is over.
    #[getter]
    fn seat(&self) -> Option<Seat> {
        self.game.next_seat()
    }

    /// Every seat that must still decide now (several while a discard's claims are answered).
    #[getter]
    fn to_act(&self) -> Vec<Seat> {
        (0..self.game.players()).filter(|s| self.game.to_act() & (1 << s) != 0).collect()
    }

    /// True when the game is over.
    #[getter]
    fn done(&self) -> bool {
        self.game.is_over()
    }

    /// Scores in seat order.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.game.scores()[..usize::from(self.game.players())].to_vec()
    }

    /// After the game, each seat's result (what ``VecGame`` and the PettingZoo env give as the final
    /// reward): under riichi rules in thousands of points with oka and uma, under GB and Hongzhong the
    /// final scores; ``None`` before.
    #[getter]
    fn final_points(&self) -> Option<Vec<f64>> {
        self.game.final_points().map(|p| p[..usize::from(self.game.players())].to_vec())
    }

    /// The round as logs write it: ``"E1"``, ``"S3-2"``.
    #[getter]
    fn kyoku(&self) -> String {
        self.game.kyoku_name()
    }

    /// Live tiles left to draw.
    #[getter]
    fn tiles_left(&self) -> usize {
        self.game.tiles_left()
    }

    /// The legal actions of ``seat`` now as mjai dicts (empty when it has nothing to decide).
    fn legal_actions<'py>(&mut self, py: Python<'py>, seat: SeatArg) -> PyResult<Bound<'py, PyList>> {
        let seat = self.seat_arg(seat, "legal_actions")?;
        let list = PyList::empty(py);
        for a in self.legal(seat) {
            list.append(action_dict(py, &self.game, seat, &a)?)?;
        }
        Ok(list)
    }

    /// The ids of the legal actions of ``seat`` now, ascending.
    fn legal_ids(&mut self, seat: SeatArg) -> PyResult<Vec<u16>> {
        let seat = self.seat_arg(seat, "legal_ids")?;
        let mut ids: Vec<u16> = self.legal(seat).iter().filter_map(|a| self.table.id(a)).collect();
        ids.sort_unstable();
        ids.dedup();
        Ok(ids)
    }

    /// A bool array over the action table, True at the legal ids of ``seat`` now.
    fn legal_mask<'py>(&mut self, py: Python<'py>, seat: SeatArg) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let seat = self.seat_arg(seat, "legal_mask")?;
        let mut mask = vec![false; self.table.len()];
        for a in self.legal(seat) {
            if let Some(id) = self.table.id(&a) {
                mask[usize::from(id)] = true;
            }
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays ``action`` for ``seat``: an action id or an mjai dict (``{"type": "dahai", "pai": "5mr",
    /// "tsumogiri": False}``; ``actor`` and ``target`` are not read). Raises ``GameError`` naming why
    /// if it is not legal now, and changes nothing then. Under GB rules with a ``false_win_penalty``,
    /// a ``{"type": "hora"}`` that does not win is played as the penalty (a ``cuohu`` event).
    fn step(&mut self, seat: SeatArg, action: &Bound<'_, PyAny>) -> PyResult<()> {
        let seat = self.seat_arg(seat, "step")?;
        let legal = self.legal(seat);
        let chosen = resolve(&self.game, &legal, self.table, seat, action)?;
        self.game.apply(seat, chosen).map_err(|e| GameError::new_err(format!("step: {e}")))
    }

    /// Plays action ids in order, each for the seat to decide then (``seat``): a recorded game's
    /// actions replayed without a Python call per decision. Returns how many were played; an id
    /// that is not legal raises ``GameError`` naming its place in ``ids``, the ones before it played.
    fn play(&mut self, py: Python<'_>, ids: &Bound<'_, PyAny>) -> PyResult<usize> {
        let ids: Vec<i64> = ids.extract().map_err(|_| {
            let kind = ids.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
            GameError::new_err(format!("play: ids must be a sequence of action ids (ints), found {kind}"))
        })?;
        let (game, table) = (&mut self.game, self.table);
        let result = py.detach(|| {
            for (k, &id) in ids.iter().enumerate() {
                let Some(seat) = game.next_seat() else {
                    return Err((k, "the game is over".to_string()));
                };
                let action = usize::try_from(id)
                    .ok()
                    .filter(|&i| i < table.len())
                    .and_then(|_| game.legal_actions(seat).into_iter().find(|a| table.id(a) == Some(id as u16)));
                let Some(action) = action else {
                    return Err((k, format!("action id {id} is not legal for seat {seat}")));
                };
                if let Err(e) = game.apply(seat, action) {
                    return Err((k, e.to_string()));
                }
            }
            Ok(ids.len())
        });
        result.map_err(|(k, why)| GameError::new_err(format!("play: ids[{k}]: {why}")))
    }

    /// The id of ``seat``'s legal action that an mjai dict names (raises ``GameError`` if none).
    fn action_id(&mut self, seat: SeatArg, action: &Bound<'_, PyAny>) -> PyResult<u16> {
        let seat = self.seat_arg(seat, "action_id")?;
        let Ok(action) = action.cast::<PyDict>() else {
            let kind = action.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string());
            return Err(GameError::new_err(format!("action_id: the action is an mjai dict, found {kind}")));
        };
        let legal = self.legal(seat);
        let chosen = resolve(&self.game, &legal, self.table, seat, action.as_any())?;
        self.table.id(&chosen).ok_or_else(|| GameError::new_err("action_id: the action has no id in the table"))
    }

    /// The mjai dict of ``seat``'s legal action with id ``action`` (raises ``GameError`` if not legal).
    fn action<'py>(
        &mut self,
        py: Python<'py>,
        seat: SeatArg,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat_arg(seat, "action")?;
        let legal = self.legal(seat);
        let chosen = resolve(&self.game, &legal, self.table, seat, action)?;
        action_dict(py, &self.game, seat, &chosen)
    }

    /// The game's events so far as mjai dicts; with ``seat``, as that seat saw them (other seats'
    /// deals and draws as ``"?"``).
    #[pyo3(signature = (seat = None))]
    fn events<'py>(&self, py: Python<'py>, seat: Option<SeatArg>) -> PyResult<Bound<'py, PyList>> {
        let players = self.game.players();
        let list = PyList::empty(py);
        match seat {
            None => {
                for e in self.game.events() {
                    list.append(event_dict(py, e, players)?)?;
                }
            }
            Some(seat) => {
                let seat = self.seat_arg(seat, "events")?;
                for e in self.game.events_seen_by(seat) {
                    list.append(event_dict(py, &e, players)?)?;
                }
            }
        }
        Ok(list)
    }

    /// What ``seat`` sees now, as a dict: its hand (tile names, the drawn tile included) and drawn
    /// tile; every seat's melds, discards, riichi, north tiles, flowers and wind; dora indicators,
    /// scores, round, counters, sticks, the dealer and the tiles left.
    fn view<'py>(&self, py: Python<'py>, seat: SeatArg) -> PyResult<Bound<'py, PyDict>> {
        let seat = self.seat_arg(seat, "view")?;
        let v = self.game.view(seat);
        let n = usize::from(v.players);
        let names = |pais: &mut dyn Iterator<Item = Pai>| pais.map(|p| p.mjai()).collect::<Vec<_>>();
        let d = PyDict::new(py);
        d.set_item("seat", v.seat)?;
        d.set_item("hand", names(&mut v.hand.tiles()))?;
        d.set_item("drawn", v.drawn.map(|p| p.mjai()))?;
        d.set_item("hand_sizes", &v.hand_sizes[..n])?;
        let melds = PyList::empty(py);
        for seat_melds in &v.melds[..n] {
            let l = PyList::empty(py);
            for m in seat_melds {
                let md = PyDict::new(py);
                md.set_item("type", format!("{:?}", m.kind).to_lowercase())?;
                md.set_item("pais", names(&mut m.tiles().iter().copied()))?;
                md.set_item("from", m.from)?;
                l.append(md)?;
            }
            melds.append(l)?;
        }
        d.set_item("melds", melds)?;
        let rivers = PyList::empty(py);
        for river in &v.rivers[..n] {
            let l = PyList::empty(py);
            for t in river {
                let td = PyDict::new(py);
                td.set_item("pai", t.pai.mjai())?;
                td.set_item("tsumogiri", t.tsumogiri)?;
                td.set_item("riichi", t.riichi)?;
                td.set_item("called", t.called)?;
                l.append(td)?;
            }
            rivers.append(l)?;
        }
        d.set_item("rivers", rivers)?;
        d.set_item("riichi", &v.riichi[..n])?;
        d.set_item("kita", &v.nuki[..n])?;
        d.set_item("flowers", &v.flowers[..n])?;
        let voids: Vec<Option<String>> =
            v.voids[..n].iter().map(|s| s.map(|s| ["m", "p", "s"][suit_index(s)].to_string())).collect();
        d.set_item("voids", voids)?;
        d.set_item("out", &v.out[..n])?;
        let winds: Vec<&str> = (0..v.players).map(|s| self.game.seat_wind(s).mjai()).collect();
        d.set_item("seat_winds", winds)?;
        d.set_item("dora_markers", names(&mut v.dora_markers.iter().copied()))?;
        d.set_item("scores", &v.scores[..n])?;
        d.set_item("bakaze", v.bakaze.mjai())?;
        d.set_item("kyoku", v.kyoku)?;
        d.set_item("honba", v.honba)?;
        d.set_item("kyotaku", v.kyotaku)?;
        d.set_item("oya", v.oya)?;
        d.set_item("tiles_left", v.tiles_left)?;
        d.set_item("on_offer", self.game.tile_on_offer().map(|(from, p)| (from, p.mjai())))?;
        Ok(d)
    }

    /// ``seat``'s feature planes now: a float32 array ``(channels, 34)`` (``plane_names(rules)``
    /// names the rows; docs/python.md describes them).
    fn features<'py>(&self, py: Python<'py>, seat: SeatArg) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let seat = self.seat_arg(seat, "features")?;
        let c = features::channels(self.table.family);
        let mut out = vec![0.0f32; c * 34];
        features::write(&self.game, seat, self.table.family, &mut out);
        let array = numpy::ndarray::Array2::from_shape_vec((c, 34), out)
            .map_err(|e| GameError::new_err(format!("features: {e}")))?;
        Ok(numpy::IntoPyArray::into_pyarray(array, py))
    }

    /// The action a built-in player (``policy``: ``"hupai"``, ``"efficiency"`` or ``"random"``,
    /// seeded with ``seed``) chooses for ``seat`` now, as an mjai dict (what ``legal_actions``
    /// lists), or ``None`` when the seat has nothing to decide. The ``hupai`` player decides from
    /// the seat's view alone (docs/player.md). Raises ``GameError`` for an unknown player or seat.
    #[pyo3(signature = (seat, policy = "hupai", seed = Seed(0)))]
    fn choose<'py>(
        &mut self,
        py: Python<'py>,
        seat: SeatArg,
        policy: &str,
        seed: Seed,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let seat = self.seat_arg(seat, "choose")?;
        let kind: hupai_player::PlayerKind =
            policy.parse().map_err(|e: hupai_player::PlayerError| GameError::new_err(format!("choose: {e}")))?;
        let legal = self.legal(seat);
        if legal.is_empty() {
            return Ok(None);
        }
        let action = kind.build(seed.0).choose(&self.game, seat, &legal);
        action_dict(py, &self.game, seat, &action).map(Some)
    }

    /// Why the ``hupai`` player would choose what it chooses for ``seat`` now: a dict with
    /// ``action`` and ``pai`` (mjai), ``mode`` (``"push"``, ``"fold"``, ``"riichi"``, ``"win"``,
    /// ``"call"``, ``"efficiency"``, ``"forced"``), ``reason``, ``threat`` and ``candidates``, one
    /// dict per action weighed (best first) with ``action``, ``pai``, ``shanten``, ``tenpai``,
    /// ``win``, ``score``, ``danger``, ``loss``, ``value`` and ``chosen``; ``None`` when the seat has
    /// nothing to decide.
    fn explain<'py>(&self, py: Python<'py>, seat: SeatArg) -> PyResult<Option<Bound<'py, PyAny>>> {
        let seat = self.seat_arg(seat, "explain")?;
        match hupai_player::Hupai::new().explain(&self.game, seat) {
            Some(why) => to_python(py, &why).map(Some),
            None => Ok(None),
        }
    }

    /// An independent copy of the game.
    fn clone(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __copy__(&self) -> PyGame {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, memo: &Bound<'_, PyAny>) -> PyGame {
        // Nothing in a game refers to Python objects, so the memo has nothing to record.
        let _ = memo;
        Clone::clone(self)
    }

    /// A game equal to this one as ``seat`` sees it, with every tile ``seat`` cannot see (other
    /// hands, the unseen wall) dealt again at random from ``seed``; the decision pending is asked again.
    fn determinize(&self, seat: SeatArg, seed: Seed) -> PyResult<PyGame> {
        let Seed(seed) = seed;
        let seat = self.seat_arg(seat, "determinize")?;
        Ok(PyGame::of(self.game.determinize(seat, seed), self.table))
    }

    fn __repr__(&self) -> String {
        format!(
            "<hupai.game.Game {} {} scores={:?}{}>",
            self.table.family.name,
            self.game.kyoku_name(),
            &self.game.scores()[..usize::from(self.game.players())],
            if self.game.is_over() { " done" } else { "" }
        )
    }
}

/// The action table of the family ``rules`` belong to: a list whose entry ``i`` is the mjai dict
/// (without ``actor`` and ``target``) of action id ``i``. docs/python.md lays the tables out.
#[pyfunction]
#[pyo3(signature = (rules = None))]
pub(crate) fn action_table<'py>(py: Python<'py>, rules: Option<&Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyList>> {
    let rules = match rules {
        Some(r) => read_rules(r)?,
        None => GameRules::TENHOU,
    };
    let table = ActionTable::for_rules(&rules).map_err(GameError::new_err)?;
    let list = PyList::empty(py);
    for a in &table.actions {
        let d = to_python(py, &action_json(0, 0, a))?;
        if let Ok(d) = d.cast::<PyDict>() {
            let _ = d.del_item("actor");
            let _ = d.del_item("target");
        }
        list.append(d)?;
    }
    Ok(list)
}

/// The names of the feature planes of the family ``rules`` belong to, one per channel.
#[pyfunction]
#[pyo3(signature = (rules = None))]
pub(crate) fn plane_names(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let rules = match rules {
        Some(r) => read_rules(r)?,
        None => GameRules::TENHOU,
    };
    let table = ActionTable::for_rules(&rules).map_err(GameError::new_err)?;
    Ok(features::plane_names(table.family))
}
