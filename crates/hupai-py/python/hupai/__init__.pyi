"""Type stubs of the hupai package (the functions live in the Rust extension hupai._hupai)."""

from typing import Optional, Sequence, TypedDict, Union

import numpy
import numpy.typing

__all__ = [
    "RULES",
    "TILES",
    "HandError",
    "batch",
    "check",
    "decompositions",
    "discard_advice",
    "discard_ev",
    "effective_tiles",
    "is_win",
    "is_win_counts",
    "shanten",
    "waits",
    "waits_counts",
]

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

def is_win(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> bool: ...
def waits(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> list[str]: ...
def decompositions(
    hand: str, rules: str = "standard", *, wildcard_tile: Optional[str] = None, wildcard_fifth_copy: bool = False
) -> list[list[str]]: ...
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
) -> list[DiscardEv]: ...
