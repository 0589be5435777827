"""Type stubs of the hupai package (the functions live in the Rust extension hupai._hupai)."""

from typing import Any, Iterable, Optional, Sequence, TypedDict, Union

import numpy
import numpy.typing

__all__ = [
    "RULES",
    "SCORE_RULES",
    "TILES",
    "HandError",
    "ScoreError",
    "advice_counts",
    "batch",
    "check",
    "decompositions",
    "discard_advice",
    "discard_ev",
    "effective_counts",
    "effective_tiles",
    "is_win",
    "is_win_counts",
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
"""The rule preset names: standard, riichi, chinese, taiwan, sichuan, hongzhong, changsha, gb.
A ``rules`` argument is one of them, optionally followed by ``+void-m``, ``+void-p`` or ``+void-s``."""
TILES: list[str]
"""The 34 tile names in tile order: the columns of the count arrays."""

class HandError(ValueError):
    """A hand hupai cannot answer; the message says what is wrong and where."""

class _Win(TypedDict):
    hand: str
    win: bool

class _Waits(TypedDict):
    hand: str
    waits: list[str]

class _Error(TypedDict):
    hand: str
    error: str

CheckResult = Union[_Win, _Waits, _Error]

class Effective(TypedDict):
    shanten: int
    effective: dict[str, int]
    unseen: int

class DiscardOption(TypedDict):
    discard: str
    shanten: int
    effective: dict[str, int]
    unseen: int

class DiscardEv(TypedDict):
    discard: str
    shanten: int
    tenpai: float
    win: float
    score: Optional[float]
    policy: str
    riichi: bool

def is_win(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> bool: ...
def waits(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> list[str]: ...
def decompositions(
    hand: str,
    rules: str = "standard",
    *,
    limit: Optional[int] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> list[list[str]]: ...
def count_decompositions(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> int: ...
def check(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> CheckResult: ...
def batch(
    hands: Sequence[str],
    rules: str = "standard",
    *,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> list[CheckResult]: ...
def is_win_counts(
    counts: numpy.ndarray,
    wildcards: Optional[numpy.ndarray] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> numpy.typing.NDArray[numpy.bool_]: ...
def waits_counts(
    counts: numpy.ndarray,
    wildcards: Optional[numpy.ndarray] = None,
    rules: str = "standard",
    *,
    wildcard_fifth_copy: bool = False,
) -> numpy.typing.NDArray[numpy.bool_]: ...
def shanten(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> int: ...
def effective_tiles(
    hand: str,
    rules: str = "standard",
    *,
    visible: Optional[str] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> Effective: ...
def discard_advice(
    hand: str,
    rules: str = "standard",
    *,
    visible: Optional[str] = None,
    wildcard_tile: Optional[str] = None,
    wildcard_fifth_copy: bool = False,
) -> list[DiscardOption]: ...
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
) -> list[DiscardEv]: ...

SCORE_RULES: list[str]

class ScoreError(ValueError):
    """A situation hupai cannot score (no win, no yaku, impossible or badly given); the message names why."""

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
) -> dict[str, Any]:
    """Scores one winning situation: the dict `hupai score --rules RULES` prints for it.

    `hand` is the complete hand with the winning tile `win` among its concealed tiles (open melds
    in `[ ]`, concealed kans in `( )`). Raises ScoreError naming what is wrong.
    """

def score_batch(
    situations: Iterable[dict[str, Any]], *, rules: str = "riichi", table: Union[str, dict[str, Any], None] = None
) -> list[dict[str, Any]]:
    """Scores many situations (dicts with the keys of `score`) on every core; a situation that
    cannot be scored gives {"error": "..."} in its place."""

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
