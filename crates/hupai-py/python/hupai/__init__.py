"""hupai: does a mahjong hand win, what does it wait on, how does it win, how far is it from winning.

Wildcards (癞子), declared melds, seven pairs, thirteen orphans and 17-tile hands, at Rust speed.
Hands are written in mpsz notation: ``123m456p789s11122z``; ``*`` is a wildcard, ``[789s]`` a
declared meld. Rules are preset names (``hupai.RULES``): ``"standard"``, ``"riichi"``,
``"chinese"``, ``"taiwan"``, ``"sichuan"``, ``"hongzhong"``, ``"changsha"``, ``"gb"``, optionally
followed by the suit declared void: ``"sichuan+void-p"``.

>>> import hupai
>>> hupai.is_win("123m456p789s11122z")
True
>>> hupai.waits("1112345678999m")
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
>>> hupai.decompositions("123m456p789s11555z")
[['11z', '123m', '456p', '789s', '555z']]
>>> hupai.check("123m456p789s1122z")
{'hand': '123m456p789s1122z', 'waits': ['1z', '2z']}

For many hands: ``hupai.batch(list_of_strings)`` (parallel, the same dicts as ``hupai batch``
prints), or ``hupai.is_win_counts`` / ``hupai.waits_counts`` on ``(n, 34)`` ``uint8`` numpy
arrays of tile counts (``hupai.TILES`` gives the column order); ``hupai.shanten_counts``,
``hupai.effective_counts`` and ``hupai.advice_counts`` answer the shanten questions the same way.

How much a winning hand is worth: ``hupai.score(hand, win, rules="riichi", tsumo=True, ...)`` (riichi,
``sanma``, ``gb``, ``sichuan``, ``changsha``, ``hongzhong``) returns a ``Score`` (``RiichiScore``,
``GbScore`` or ``RegionalScore``): attributes for every field (``s.han``, ``s.points``), read on
demand, and it reads like the dict ``hupai score`` prints (``s["han"]``, ``s.keys()``,
``s.to_dict()``, ``s == that_dict``). ``hupai.score_batch(list_of_dicts)`` scores many on every core,
answering the objects, or numpy columns with ``arrays=True``.

Every bad hand raises ``hupai.HandError`` (a ``ValueError``) with the message the ``hupai``
command line gives; ``check`` and ``batch`` return it as an ``"error"`` entry instead.
"""

from collections.abc import Mapping as _Mapping

from ._hupai import (
    __version__,
    RULES,
    SCORE_RULES,
    TILES,
    HandError,
    GbScore,
    RegionalScore,
    RiichiScore,
    Score,
    ScoreError,
    advice_counts,
    batch,
    check,
    count_decompositions,
    decompositions,
    discard_advice,
    discard_ev,
    effective_counts,
    effective_tiles,
    is_win,
    is_win_counts,
    review,
    score,
    score_batch,
    shanten,
    shanten_counts,
    waits,
    waits_counts,
)

__all__ = [
    "__version__",
    "RULES",
    "SCORE_RULES",
    "TILES",
    "HandError",
    "GbScore",
    "RegionalScore",
    "RiichiScore",
    "Score",
    "ScoreError",
    "advice_counts",
    "batch",
    "check",
    "count_decompositions",
    "decompositions",
    "discard_advice",
    "discard_ev",
    "effective_counts",
    "effective_tiles",
    "is_win",
    "is_win_counts",
    "review",
    "score",
    "score_batch",
    "shanten",
    "shanten_counts",
    "waits",
    "waits_counts",
]

# A score reads like the dict it stands for: isinstance(s, Mapping) holds.
_Mapping.register(Score)
