"""hupai.game: mahjong games for AI — one game, many games stepped in Rust on every core, and a
PettingZoo environment.

``Game(rules="tenhou", seed=0)`` plays one game of the ``hupai-game`` engine: ``seat`` decides
next, ``legal_actions(seat)`` lists its choices as mjai dicts, ``step(seat, action)`` plays an
action id or an mjai dict, ``events()`` is the mjai log, ``view(seat)`` / ``events(seat)`` /
``features(seat)`` what one seat sees. ``VecGame(n, ...)`` steps ``n`` games at once with the GIL
released, into numpy arrays updated in place. ``env(rules=...)`` is the PettingZoo AEC
environment (``pip install pettingzoo gymnasium``).

``decisions(paths, ...)`` reads logs (mjai, tenhou.net/6, mjlog, 電脳麻将's paipu) into training
arrays: every decision's feature planes, legal mask, action id and outcome, in the same table and
planes; ``DecisionBatches(paths, batch_size, ...)`` streams them in seeded, shuffled batches. Both
can write into the same arrays read after read (``decisions(..., out=decision_arrays(rows, ...))``,
``DecisionBatches(..., reuse_buffers=True)``), taking no new memory after the first read.

Each rule family has a fixed action table (``action_table(rules)``: entry ``i`` is the mjai dict
of action id ``i``) and fixed feature planes (``plane_names(rules)``); docs/python.md lays out the
tables of four-player riichi (``"riichi4"``: 316 ids, 63 planes), three-player riichi
(``"riichi3"``: 179 ids, 55 planes), GB (``"gb"``, presets ``gb``, ``gb-single`` and ``gb-botzone``: 269 ids, 55
planes), Hongzhong (``"hongzhong"``: 164 ids, 52 planes), Sichuan (``"sichuan"``: 194 ids, 59
planes) and Changsha (``"changsha"``: 256 ids, 51 planes).

>>> from hupai.game import Game
>>> g = Game("tenhou", seed=1)
>>> while not g.done:
...     g.step(g.seat, g.legal_ids(g.seat)[0])
>>> sum(g.scores)
100000

Every bad input (an unknown rule, an illegal action, an action array of the wrong shape or dtype)
raises ``GameError``, a ``ValueError`` naming what is wrong and where.
"""

from ._hupai import (
    DecisionBatches,
    Game,
    GameError,
    VecGame,
    action_table,
    decision_arrays,
    decisions,
    plane_names,
    plane_scales,
)

__all__ = [
    "DecisionBatches",
    "Game",
    "GameError",
    "VecGame",
    "action_table",
    "decision_arrays",
    "decisions",
    "plane_names",
    "plane_scales",
    "env",
    "raw_env",
]


def raw_env(rules="tenhou", seed=None, render_mode=None):
    """The PettingZoo AEC environment without PettingZoo's order-enforcing wrapper (see ``env``)."""
    from ._aec import HupaiEnv

    return HupaiEnv(rules=rules, seed=seed, render_mode=render_mode)


def env(rules="tenhou", seed=None, render_mode=None):
    """The PettingZoo AEC environment of one game under ``rules``: agents ``player_0``… (seats),
    observations ``{"observation": (C, 34) float32 planes, "action_mask": (A,) int8}``, actions
    ``Discrete(A)`` ids of the family's table, and each seat's final points (``Game.final_points``:
    riichi's thousands with oka and uma, GB's and Hongzhong's scores) as its reward when the game ends. Claims on a discard are asked seat by seat.
    ``reset(seed=s)`` plays the game of seed ``s`` (the same game as ``Game(rules, s)``); without a
    seed, the next seed after the last game's."""
    from pettingzoo.utils import wrappers

    return wrappers.OrderEnforcingWrapper(raw_env(rules=rules, seed=seed, render_mode=render_mode))
