//! `hupai.discard_ev`: the draw odds of every discard (`hupai::odds::ev`). Kept apart from the
//! other functions of the module, whose argument handling it shares.

use hupai::Discard;
use hupai::odds::ev::{self, EvError, EvOptions, Policy};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::{HandError, Options, RulesArg, TILE_NAMES, visible_counts};

/// For every distinct discard of a hand of 3k + 2 tiles, the probability of being ready
/// (``"tenpai"``) and of winning (``"win"``) by the last of ``turns`` draws, best first: one dict
/// per discard, ``{"discard": "1m" or "*", "shanten": int, "tenpai": float, "win": float,
/// "score": float or None, "policy": str, "riichi": bool}``. The model (one player, no calls, tsumo only, unseen counts
/// fixed) and the policy classes are in docs/odds.md; each figure is exact for its class.
/// ``score`` is the expected value of the wins under the rules' scorer (riichi and sanma points of a
/// tsumo, GB fans, regional totals), ``None`` for rules without one. ``riichi=True`` (riichi and
/// sanma rules) declares riichi on reaching closed tenpai with a draw left: the hand is then locked,
/// its wins count riichi and the ura-dora by expectation, and the 1,000-point deposit is lost when
/// it does not win (each dict's ``"riichi"`` says whether it was asked for). ``hand_changes`` and ``shanten_back``
/// widen the class (slower). Releases the GIL while it computes.
///
/// >>> hupai.discard_ev("123m456p789s1122z9p")[0]["discard"]
/// '9p'
#[pyfunction]
#[pyo3(
    signature = (hand, turns = ev::DEFAULT_TURNS, rules = RulesArg::STANDARD, *, visible = None, wildcard_tile = None, wildcard_fifth_copy = false, hand_changes = false, shanten_back = false, riichi = false),
    text_signature = "(hand, turns=17, rules=\"standard\", *, visible=None, wildcard_tile=None, wildcard_fifth_copy=False, hand_changes=False, shanten_back=False, riichi=False)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn discard_ev<'py>(
    py: Python<'py>,
    hand: &str,
    turns: u8,
    rules: RulesArg<'_>,
    visible: Option<&str>,
    wildcard_tile: Option<&str>,
    wildcard_fifth_copy: bool,
    hand_changes: bool,
    shanten_back: bool,
    riichi: bool,
) -> PyResult<Bound<'py, PyList>> {
    let options = Options::new(&rules, wildcard_tile, wildcard_fifth_copy)?;
    let visible = visible_counts(visible)?;
    let hand = options.hand_or_raise(hand)?;
    let policy = Policy::SHORTEST_PATH.with_hand_changes(hand_changes).with_shanten_back(shanten_back);
    let rules = options.rules;
    // The rules' scorer values each reachable win (riichi points, GB fans, regional totals).
    let scorer = hupai_score::Scorer::for_rules(&rules);
    let ev_options = EvOptions {
        turns,
        policy,
        riichi,
        visible,
        wildcard_tile: options.wildcard_tile,
        scorer: scorer.as_ref().map(|s| s as &dyn ev::WinValue),
        ..EvOptions::default()
    };
    let table = py.detach(|| ev::discard_ev(&hand, &rules, &ev_options)).map_err(|e| match e {
        EvError::Hand(_) | EvError::TooManySeen { .. } => HandError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    })?;
    let list = PyList::empty(py);
    let policy = policy.to_string();
    for line in &table {
        let dict = PyDict::new(py);
        let discard = match line.discard {
            Discard::Tile(t) => TILE_NAMES[t.index()],
            Discard::Wildcard => "*",
        };
        dict.set_item("discard", discard)?;
        dict.set_item("shanten", line.shanten)?;
        dict.set_item("tenpai", line.tenpai())?;
        dict.set_item("win", line.win())?;
        dict.set_item("score", line.score())?;
        dict.set_item("policy", &policy)?;
        dict.set_item("riichi", riichi)?;
        list.append(dict)?;
    }
    Ok(list)
}
