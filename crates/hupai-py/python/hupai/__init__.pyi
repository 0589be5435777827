"""Type stubs of the hupai package (the functions live in the Rust extension hupai._hupai).

Result dicts are ``@final`` TypedDicts, so a type checker narrows a union by a key test:
``r = hupai.check(h)`` then ``if "win" in r: r["win"]`` is a ``bool``."""

import os
from typing import Any, Iterable, Iterator, Optional, Sequence, TypedDict, Union, final

import numpy
import numpy.typing

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

__version__: str
"""The package's version (the Rust workspace's)."""
RULES: list[str]
"""The rule preset names: standard, riichi, sanma, chinese, taiwan, sichuan, hongzhong, changsha, gb.
A ``rules`` argument is one of them, optionally followed by options in the one rules grammar the
command line and the C library read too: ``+void-m|p|s|any|none``, ``+258``, ``+tiles-108|112|136|144|sanma``,
``+wild-TILE`` or ``+wild-none``, ``+5th`` (e.g. ``"changsha+tiles-108"``, ``"sichuan+void-any"``)."""
TILES: list[str]
"""The 34 tile names in tile order: the columns of the count arrays."""

class HandError(ValueError):
    """A hand hupai cannot answer; the message says what is wrong and where."""

@final
class _Win(TypedDict):
    """``check`` of a complete hand."""

    hand: str
    win: bool

@final
class _Waits(TypedDict):
    """``check`` of a hand one tile short."""

    hand: str
    waits: list[str]

@final
class _Error(TypedDict):
    """``check`` of a hand that cannot be answered."""

    hand: str
    error: str

CheckResult = Union[_Win, _Waits, _Error]
"""One line of ``hupai batch``: exactly one of ``win``, ``waits`` or ``error`` beside ``hand``."""

@final
class Effective(TypedDict):
    """``effective_tiles``: the shanten, each effective kind with its unseen copies (in tile order), their total."""

    shanten: int
    effective: dict[str, int]
    unseen: int

@final
class DiscardOption(TypedDict):
    """One line of ``discard_advice``: the discard (a tile, or ``"*"``) and the hand after it."""

    discard: str
    shanten: int
    effective: dict[str, int]
    unseen: int

@final
class DiscardEv(TypedDict):
    """One line of ``discard_ev``: a discard and the odds of being ready and of winning by the last draw."""

    discard: str
    shanten: int
    tenpai: float
    win: float
    score: Optional[float]
    policy: str
    riichi: bool

def is_win(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> bool:
    """Does this complete hand win? ``hand`` is hand notation (``123m456p789s11122z``, ``*`` a
    wildcard, ``[789s]`` a declared meld); ``rules`` a preset and options (``RULES``); ``wildcard_tile``
    makes every concealed copy of that kind a wildcard (``"7z"``, the default under ``"hongzhong"``;
    a red five ``"0m"`` is refused: write ``"5m"``); ``wildcard_fifth_copy`` lets a wildcard be a fifth copy.

    Raises ``HandError`` for bad notation, an impossible hand or one that is not complete;
    ``ValueError`` for unknown rules or a bad ``wildcard_tile``."""
def waits(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> list[str]:
    """The kinds that complete a hand one tile short, in tile order. Arguments and errors as ``is_win``."""
def decompositions(
    hand: str,
    rules: str = "standard",
    *,
    limit: Optional[int] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> list[list[str]]:
    """Every way a complete hand wins, each as its groups in hand notation, pair first; empty if it
    does not win. ``limit=N`` returns the first ``N``; without it a hand with more than 100,000 raises
    ``ValueError`` (``count_decompositions`` counts them). Arguments and errors as ``is_win``."""
def count_decompositions(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> int:
    """How many decompositions a complete hand has, counted without building them."""
def check(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> CheckResult:
    """The dict ``hupai batch`` prints for this line: ``{"hand", "win"}``, ``{"hand", "waits"}`` or
    ``{"hand", "error"}``. Never raises for a bad hand (only for unknown rules or a bad ``wildcard_tile``)."""
def batch(
    hands: Sequence[str],
    rules: str = "standard",
    *,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> list[CheckResult]:
    """``check`` for every hand, in order, on every core with the GIL released; a bad hand gives its
    ``{"hand", "error"}`` dict. Raises ``TypeError`` for a single ``str`` or a non-``str`` item."""
def is_win_counts(
    counts: numpy.ndarray,
    wildcards: Optional[numpy.ndarray] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> numpy.typing.NDArray[numpy.bool_]:
    """Win verdicts of an ``(n, 34)`` ``uint8`` count array (columns in ``TILES`` order), with
    optional ``(n,)`` ``uint8`` wildcards per row: an ``(n,)`` bool array, on every core. There is no
    wildcard tile here: move a column into ``wildcards`` to play with one. Raises ``TypeError`` for a
    wrong dtype, ``ValueError`` for a wrong shape, ``HandError`` naming the first bad row."""
def waits_counts(
    counts: numpy.ndarray,
    wildcards: Optional[numpy.ndarray] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> numpy.typing.NDArray[numpy.bool_]:
    """Waits of rows one tile short (see ``is_win_counts``): an ``(n, 34)`` bool array, ``True``
    where that kind completes that row."""
def shanten(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> int:
    """The shanten of a hand of 3k + 1 or 3k + 2 tiles up to a complete one: ``-1`` wins, ``0`` is
    ready, ``1``, ``2``, …. Arguments as ``is_win``; raises ``HandError`` for a bad hand, a size no
    question fits, or a hand that can never win under the rules."""
def effective_tiles(
    hand: str,
    rules: str = "standard",
    *,
    visible: Optional[str] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> Effective:
    """The effective tiles of a hand of 3k + 1 tiles: every kind whose draw lowers its shanten, with
    its unseen copies. ``visible`` are tiles seen outside the hand, in hand notation; visible tiles
    that with the hand's own copies make more than the tiles played with hold raise ``HandError``
    naming the kind."""
def discard_advice(
    hand: str,
    rules: str = "standard",
    *,
    visible: Optional[str] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> list[DiscardOption]:
    """Every distinct discard of a hand of 3k + 2 tiles, best first (lowest shanten after it, then
    most unseen effective tiles), each with its effective tiles. ``visible`` as in ``effective_tiles``."""
def discard_ev(
    hand: str,
    turns: int = 17,
    rules: str = "standard",
    *,
    visible: Optional[str] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
    hand_changes: bool = False,
    shanten_back: bool = False,
    riichi: bool = False,
) -> list[DiscardEv]:
    """For every distinct discard of a hand of 3k + 2 tiles, the probability of being ready and of
    winning by the last of ``turns`` draws (one player, no calls, tsumo only; docs/odds.md), and the
    expected score under the rules' scorer (``None`` without one), best first. ``hand_changes`` and
    ``shanten_back`` widen the policy class. ``riichi`` (riichi and sanma rules) declares riichi on
    reaching closed tenpai: ura-dora by expectation, the 1,000-point deposit lost without a win.
    ``visible`` as in ``effective_tiles``."""

def review(
    log: Union[str, os.PathLike[str]],
    rules: Union[str, dict, None] = None,
    seats: Optional[list[int]] = None,
    odds: bool = True,
) -> list[dict[str, Any]]:
    """Every decision of a log (its text, or a path to it: mjai, tenhou.net/6, mjlog or 電脳麻将's
    paipu) beside what the hupai player chooses in the same position: ``game``, ``kyoku``,
    ``event``, ``seat``, ``played`` (mjai), ``hupai`` (as ``Game.explain``), ``agree``,
    ``played_value``, ``loss`` (expected points given up), ``position`` (``hand``, ``visible``,
    ``turns``, ``rules``) and ``odds`` (each discard's ``tenpai`` and ``win`` as ``discard_ev``).
    A game that does not replay is reported by a ``UserWarning`` and the others are reviewed."""

SCORE_RULES: list[str]

class ScoreError(ValueError):
    """A situation hupai cannot score (no win, no yaku, impossible or badly given); the message names why."""

class Score:
    """A score, as ``score`` answers it: each field becomes a Python value only when read. It reads
    like the dict ``hupai score`` prints: ``s["fan"]``, ``keys()``, ``values()``, ``items()``,
    ``get()``, ``in``, ``len()``, iteration over the keys, ``to_dict()``, and ``==`` that dict. The
    attributes are on the family's class: ``RiichiScore``, ``GbScore``, ``RegionalScore``."""

    def to_dict(self) -> dict[str, Any]:
        """The answer as the dict ``hupai score`` prints (a new dict each call)."""
    def keys(self) -> list[str]:
        """The field names, in the order ``hupai score`` writes them."""
    def values(self) -> list[Any]:
        """The fields' values, in the order of ``keys()``."""
    def items(self) -> list[tuple[str, Any]]:
        """``(key, value)`` pairs, in the order of ``keys()``."""
    def get(self, key: str, default: Any = None) -> Any:
        """The field's value, or ``default`` if the score has no such field."""
    def __getitem__(self, key: str) -> Any: ...
    def __contains__(self, key: object) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[str]: ...
    def __eq__(self, other: object) -> bool: ...
    def __copy__(self) -> "Score": ...
    def __deepcopy__(self, memo: Any) -> "Score": ...

@final
class RiichiScore(Score):
    """A riichi or sanma score (``rules="riichi"`` or ``"sanma"``)."""

    @property
    def han(self) -> int:
        """Total han, dora included (each yakuman 13, a double 26)."""
    @property
    def fu(self) -> int:
        """Fu, rounded (25 for seven pairs)."""
    @property
    def fu_parts(self) -> list[dict[str, Any]]:
        """The fu's parts: dicts with ``part`` and ``fu`` (and where it applies the tile), summing to ``fu``."""
    @property
    def yaku(self) -> list[dict[str, Any]]:
        """The yaku: ``{"id", "name", "han"}`` by Tenhou id."""
    @property
    def limit(self) -> Optional[str]:
        """The limit reached (``"mangan"`` … ``"yakuman"``) or ``None``."""
    @property
    def points(self) -> dict[str, Any]:
        """The payments: a dict with ``total`` and who pays what."""
    @property
    def reading(self) -> str:
        """The reading scored, in words."""

@final
class GbScore(Score):
    """A GB score (``rules="gb"``)."""

    @property
    def fan(self) -> int:
        """The fan total, flowers included."""
    @property
    def fans(self) -> list[dict[str, Any]]:
        """Each fan counted: ``{"id", "name", "fan", "count"}`` in number order."""
    @property
    def enough(self) -> bool:
        """The total without flowers reaches the minimum (8 by default)."""
    @property
    def reading(self) -> str:
        """The reading that scored."""

@final
class RegionalScore(Score):
    """A regional table's score (``rules="sichuan"``, ``"changsha"``, ``"hongzhong"``, or a table)."""

    @property
    def table(self) -> str:
        """The table's name."""
    @property
    def fan(self) -> int:
        """The fan total after the cap."""
    @property
    def capped(self) -> bool:
        """The cap cut the total, or a fan worth the cap counted."""
    @property
    def points(self) -> int:
        """The hand's points before birds."""
    @property
    def fans(self) -> list[dict[str, Any]]:
        """The fans that count: ``{"name", "value", "count"?, "adds"?}`` in table order."""
    @property
    def wildcards(self) -> list[str]:
        """What each wildcard stood for, in tile order."""
    @property
    def birds(self) -> dict[str, Any]:
        """The birds that hit and their points: ``{"hits", "points"}``."""
    @property
    def total(self) -> int:
        """``points`` plus the birds' points."""
    @property
    def form(self) -> str:
        """``"melds"``, ``"seven_pairs"`` or ``"loose"``."""
    @property
    def reading(self) -> str:
        """The reading: the concealed groups, then the declared melds."""

def score(
    hand: str,
    win: str,
    *,
    rules: str = "riichi",
    table: Union[str, dict[str, Any], None] = None,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    renhou: bool = False,
    seat: str = "1z",
    round: str = "1z",
    dora: Union[list[str], str, None] = None,
    ura: Union[list[str], str, None] = None,
    honba: int = 0,
    kyotaku: int = 0,
    nuki: int = 0,
    last_copy: bool = False,
    flowers: int = 0,
    birds: Union[list[str], str, None] = None,
    after_kong_discard: bool = False,
    options: Optional[dict[str, Any]] = None,
) -> Union[RiichiScore, GbScore, RegionalScore]:
    """Scores one winning situation: a ``Score`` of the rules' family, equal to the dict
    ``hupai score --rules RULES`` prints for it.

    ``hand`` is the complete hand with the winning tile ``win`` among its concealed tiles (open melds
    in ``[ ]``, concealed kans in ``( )``). ``options`` changes the rule set's options for this call;
    passing the same dict call after call reads it once. Raises ScoreError naming what is wrong.
    """

def score_batch(
    situations: Iterable[dict[str, Any]],
    *,
    rules: str = "riichi",
    table: Union[str, dict[str, Any], None] = None,
    arrays: bool = False,
) -> Any:
    """Scores many situations (dicts with the keys of ``score``) on every core, the GIL released.

    By default a list: a ``Score`` per situation, or ``{"error": "..."}`` in the place of one that
    cannot be scored. With ``arrays=True`` a dict of numpy columns, no Python object per row:
    ``ok`` (bool), ``han`` and ``fu`` (int32, riichi), ``fan`` (int32: GB and regional fan, riichi
    han), ``points`` (int64: riichi ``points.total``, GB ``fan``, regional ``total``), ``mask`` (bool
    ``(n, k)``: riichi yaku by Tenhou id, GB fans by number, a regional table's fans in table order)
    and ``errors`` (``{row: message}`` for the rows that failed; their other columns are 0)."""

def shanten_counts(
    counts: numpy.typing.NDArray[numpy.uint8],
    wildcards: Optional[numpy.typing.NDArray[numpy.uint8]] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> numpy.typing.NDArray[numpy.int8]:
    """Shanten per row of an (n, 34) uint8 count array (-1 wins, 0 ready, ...), on every core."""

def effective_counts(
    counts: numpy.typing.NDArray[numpy.uint8],
    wildcards: Optional[numpy.typing.NDArray[numpy.uint8]] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> numpy.typing.NDArray[numpy.bool_]:
    """(n, 34) bool: True where a draw of that kind lowers the row's shanten (rows of 3k + 1 tiles)."""

def advice_counts(
    counts: numpy.typing.NDArray[numpy.uint8],
    wildcards: Optional[numpy.typing.NDArray[numpy.uint8]] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> tuple[numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.uint16]]:
    """The best discard per row of 3k + 2 tiles: (kind index, -1 for a wildcard; shanten after; unseen count)."""
