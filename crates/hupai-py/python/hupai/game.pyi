"""Type stubs of hupai.game: mahjong games for AI (one game, a batch of games, PettingZoo)."""

import os
from collections.abc import Sequence
from typing import Any, Literal, final

import numpy
import numpy.typing

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

Rules = str | dict[str, Any]
"""A preset name (``tenhou``, ``mahjong-soul``, ``m-league``, ``wrc``, ``tenhou-3p``,
``mahjong-soul-3p``, ``majiang``, ``gb``, ``gb-single``, ``gb-botzone``, ``hongzhong``, ``sichuan``, ``changsha``) or a dict of flags
(``{"preset": "tenhou", "length": "east"}``)."""

Family = Literal["riichi4", "riichi3", "gb", "hongzhong", "sichuan", "changsha"]
"""A rule family: it names the action table and the feature planes."""

MjaiAction = dict[str, Any]
"""An mjai action: ``{"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": False}``."""

class GameError(ValueError):
    """Something a game cannot do: an unknown rule, an illegal action or one that is not the seat's
    turn, a bad seat, or an array of the wrong shape or dtype. The message names what and where."""

@final
class Game:
    """One game of mahjong (riichi for four or three players, GB, Hongzhong) as the engine plays it."""

    def __init__(self, rules: Rules | None = None, seed: int = 0) -> None: ...
    @property
    def players(self) -> int:
        """Players at the table (3 or 4)."""
    @property
    def family(self) -> Family:
        """The rule family, which names the action table and the feature planes."""
    @property
    def seat(self) -> int | None:
        """The next seat to decide, or None when the game is over."""
    @property
    def to_act(self) -> list[int]:
        """Every seat that must still decide now."""
    @property
    def done(self) -> bool:
        """True when the game is over."""
    @property
    def scores(self) -> list[int]:
        """Scores in seat order."""
    @property
    def final_points(self) -> list[float] | None:
        """After the game, each seat's result: riichi's thousands with oka and uma, GB's and Hongzhong's scores."""
    @property
    def kyoku(self) -> str:
        """The round as logs write it: "E1", "S3-2"."""
    @property
    def tiles_left(self) -> int:
        """Live tiles left to draw."""
    def legal_actions(self, seat: int) -> list[MjaiAction]:
        """The legal actions of seat now as mjai dicts."""
    def legal_ids(self, seat: int) -> list[int]:
        """The ids of the legal actions of seat now, ascending."""
    def legal_mask(self, seat: int) -> numpy.typing.NDArray[numpy.bool_]:
        """A bool array over the action table, True at the legal ids of seat now."""
    def step(self, seat: int, action: int | MjaiAction) -> None:
        """Plays an action id or an mjai dict for seat; GameError if it is not legal now (a GB false
        win with a false_win_penalty is played as the penalty)."""
    def play(self, ids: list[int]) -> int:
        """Plays action ids in order, each for the seat to decide then; returns how many."""
    def action_id(self, seat: int, action: MjaiAction) -> int:
        """The id of seat's legal action that an mjai dict names."""
    def action(self, seat: int, action: int | MjaiAction) -> MjaiAction:
        """The mjai dict of seat's legal action with this id."""
    def events(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The mjai events so far; with seat, as that seat saw them (others' tiles "?")."""
    def view(self, seat: int) -> dict[str, Any]:
        """What seat sees now, as a dict."""
    def features(self, seat: int) -> numpy.typing.NDArray[numpy.float32]:
        """seat's feature planes now, (channels, 34) float32."""
    def clone(self) -> Game:
        """An independent copy of the game."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def determinize(self, seat: int, seed: int) -> Game:
        """A game equal to this one as seat sees it, the unseen tiles dealt again from seed."""
    def choose(self, seat: int, policy: str = "hupai", seed: int = 0) -> dict[str, Any] | None:
        """The mjai action a built-in player (hupai, efficiency, random) chooses for seat now."""
    def explain(self, seat: int) -> dict[str, Any] | None:
        """The hupai player's decision for seat now: every candidate's figures and the reason."""

@final
class VecGame:
    """n games stepped together on every core, into numpy arrays updated in place."""

    def __init__(
        self,
        n: int,
        rules: Rules | None = None,
        seed: int = 0,
        features: bool = False,
        record: bool = False,
        opponents: Sequence[str | None] | None = None,
    ) -> None: ...
    def step(self, actions: numpy.typing.NDArray[numpy.integer[Any]]) -> None:
        """Plays one decision in every game (an (n,) integer array of action ids)."""
    def reset(self, seed: int | None = None) -> None:
        """Starts every game again: slot i from seed + i."""
    def game(self, i: int) -> Game:
        """A copy of game i as it stands."""
    def __len__(self) -> int: ...
    @property
    def players(self) -> int:
        """Players at each table."""
    @property
    def family(self) -> Family:
        """The rule family."""
    @property
    def seat(self) -> numpy.typing.NDArray[numpy.int8]:
        """(n,) the seat to decide in each game."""
    @property
    def mask(self) -> numpy.typing.NDArray[numpy.bool_]:
        """(n, A) the legal action ids of that seat."""
    @property
    def legal(self) -> numpy.typing.NDArray[numpy.int16]:
        """(n, 48) the legal ids, ascending, padded with -1."""
    @property
    def n_legal(self) -> numpy.typing.NDArray[numpy.uint8]:
        """(n,) how many ids legal holds per game."""
    @property
    def reward(self) -> numpy.typing.NDArray[numpy.float32]:
        """(n, players) each seat's reward for the last step."""
    @property
    def done(self) -> numpy.typing.NDArray[numpy.bool_]:
        """(n,) True where the last step ended the game."""
    @property
    def scores(self) -> numpy.typing.NDArray[numpy.int32]:
        """(n, players) the scores of the game each slot holds."""
    @property
    def seeds(self) -> numpy.typing.NDArray[numpy.uint64]:
        """(n,) the seed of the game each slot holds."""
    @property
    def obs(self) -> numpy.typing.NDArray[numpy.float32] | None:
        """(n, C, 34) the deciding seat's feature planes, with features=True."""

@final
class DecisionBatches:
    """Batches of a fixed size over a corpus of logs larger than memory, shuffled with a seed."""

    def __init__(
        self,
        paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
        batch_size: int,
        rules: Rules | None = None,
        seats: Sequence[int] | None = None,
        features: bool | str = True,
        seed: int = 0,
        shuffle: bool = True,
        files_per_read: int = 16,
        oracle: bool = False,
        reuse_buffers: bool = False,
    ) -> None:
        """With reuse_buffers=True every batch is written into the same arrays: a batch yielded is
        overwritten by the next (copy what must outlive the step)."""
    def __iter__(self) -> DecisionBatches: ...
    def __next__(self) -> dict[str, numpy.typing.NDArray[Any]]: ...
    @property
    def damaged(self) -> list[dict[str, Any]]:
        """The logs skipped so far: file, game, kyoku, event, message."""
    @property
    def games(self) -> int:
        """Games read whole so far."""

def decisions(
    paths: str | os.PathLike[str] | bytes | Sequence[str | os.PathLike[str] | bytes | tuple[str, bytes]],
    rules: Rules | None = None,
    seats: Sequence[int] | None = None,
    features: bool | str = True,
    threads: int | None = None,
    oracle: bool = False,
    out: dict[str, numpy.typing.NDArray[Any]] | None = None,
) -> dict[str, Any]:
    """Every decision of the logs as numpy arrays (planes, mask, action, seat, outcomes), and the damaged logs;
    with out (decision_arrays' arrays), written into those arrays and returned as views of the rows filled."""

def decision_arrays(
    rows: int,
    rules: Rules | None = None,
    features: bool | str = True,
    oracle: bool = False,
) -> dict[str, numpy.typing.NDArray[Any]]:
    """Zeroed arrays with room for rows decisions, in the keys, dtypes and shapes decisions gives, for its out=."""

def plane_scales(rules: Rules) -> numpy.typing.NDArray[numpy.float32]:
    """(C, 2) each plane's (lo, step) in the uint8 form of decisions."""

def action_table(rules: Rules | None = None) -> list[MjaiAction]:
    """The action table of the family rules belong to: entry i is the mjai dict of id i."""

def plane_names(rules: Rules | None = None) -> list[str]:
    """The names of the feature planes of the family rules belong to."""

def raw_env(rules: Rules = "tenhou", seed: int | None = None, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment without the order-enforcing wrapper."""

def env(rules: Rules = "tenhou", seed: int | None = None, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment of one game under rules."""
