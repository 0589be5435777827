"""hupai's arena and bots from Python, through the ``hupai`` command line.

``run`` plays an arena (``hupai arena``) and returns the same dict as its ``--json``; ``merge``
joins the results of runs of other sets (on other machines, Ray tasks, ...) into one, its
intervals computed again over every set (``hupai arena --merge``); ``Bot`` is ``hupai bot`` as a
Python object answering one line of events at a time, and ``bot_command`` the command that seats
it in an arena or in another program's game loop.

The arena's work is starting external bots, one process per table, and running tables on every
core; it is the command line's, called here with its own arguments, so that a result from Python
is the one ``hupai arena --json`` prints. The binary is ``hupai=``, else the environment variable
``HUPAI_BIN``, else ``hupai`` on ``PATH`` (``cargo install --path crates/hupai-cli``).

>>> from hupai import arena
>>> r = arena.run([{"policy": "efficiency"}, {"policy": "random"}] * 2, rules="tenhou", games=2)
>>> [p["name"] for p in r["players"]]
['efficiency', 'random', 'efficiency', 'random']
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

__all__ = ["ArenaError", "Bot", "BotError", "binary", "bot_command", "merge", "run"]


class ArenaError(RuntimeError):
    """``hupai arena`` refused its arguments or failed; the message is its standard error."""


class BotError(RuntimeError):
    """``hupai bot`` stopped (a bad or out-of-order event); the message is its standard error."""


def binary(hupai: str | os.PathLike[str] | None = None) -> str:
    """The ``hupai`` binary: ``hupai`` if given, else ``$HUPAI_BIN``, else ``hupai`` on ``PATH``."""
    found = hupai or os.environ.get("HUPAI_BIN") or shutil.which("hupai")
    if not found:
        raise FileNotFoundError(
            "the hupai command line was not found: pass hupai=PATH, set HUPAI_BIN, or put hupai on PATH "
            "(cargo install --path crates/hupai-cli)"
        )
    return os.fspath(found)


def _player_args(players: Sequence[Any]) -> list[str]:
    """``--policy NAME`` / ``--player CMD`` per seat, in order."""
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence) or not players:
        raise ValueError("players: a list with one entry a seat, each {'policy': NAME} or {'player': COMMAND}")
    args: list[str] = []
    for i, p in enumerate(players):
        if isinstance(p, Mapping) and len(p) == 1:
            kind, value = next(iter(p.items()))
        elif isinstance(p, tuple) and len(p) == 2:
            kind, value = p
        else:
            raise ValueError(f"players[{i}]: {p!r} is not {{'policy': NAME}} or {{'player': COMMAND}}")
        if kind not in ("policy", "player") or not isinstance(value, str) or not value.strip():
            raise ValueError(f"players[{i}]: {p!r} is not {{'policy': NAME}} or {{'player': COMMAND}}")
        args += [f"--{kind}", value]
    return args


def _call(args: list[str], stdin: str | None = None) -> dict[str, Any]:
    done = subprocess.run(args, input=stdin, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise ArenaError(done.stderr.strip() or f"{shlex.join(args)} exited {done.returncode}")
    return json.loads(done.stdout)


def run(
    players: Sequence[Any],
    rules: str = "tenhou",
    games: int = 100,
    seed: int = 0,
    *,
    out: str | os.PathLike[str] | None = None,
    timeout_ms: int = 10_000,
    threads: int | None = None,
    single: bool = False,
    distinct_seatings: bool = False,
    hupai: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """Plays ``games`` duplicate sets (set i dealt from ``seed + i``) and returns ``hupai arena
    --json``'s object: ``players`` in the order given, ``pairs`` with their 95 % intervals, and
    ``tables`` (every table played, for ``merge``). ``players``: one entry a seat, in the first
    table's seat order, each ``{"policy": NAME}`` (a built-in player) or ``{"player": COMMAND}``
    (an external mjai bot, started per table with its seat as the last argument). ``rules``: a
    preset or a JSON object's text. ``out``: a directory for every game's mjai log.
    ``distinct_seatings``: play each distinct seating once (``--distinct-seatings``): a rotation
    seating the same players as an earlier one counts as that table's game; for players that
    answer the same events the same way."""
    for name, value in (("games", games), ("seed", seed), ("timeout_ms", timeout_ms)):
        if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name != "seed" else 0):
            raise ValueError(f"{name}: {value!r} is not a whole number of at least {1 if name != 'seed' else 0}")
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ValueError(f"threads: {threads!r} is not a whole number of at least 1")
    args = [binary(hupai), "arena", "--rules", str(rules), "--games", str(games), "--seed", str(seed), "--json"]
    args += ["--timeout-ms", str(timeout_ms)]
    args += _player_args(players)
    if out is not None:
        args += ["--out", os.fspath(out)]
    if threads is not None:
        args += ["--threads", str(threads)]
    if single:
        args.append("--single")
    if distinct_seatings:
        args.append("--distinct-seatings")
    return _call(args)


def merge(results: Iterable[Mapping[str, Any]], *, hupai: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """Several results of ``run`` (or ``hupai arena --json``'s objects) with the same players and
    rules as one: every table together, sets told apart by their deal's seed, the statistics and
    intervals computed again over them all (``hupai arena --merge``)."""
    text = "\n".join(json.dumps(dict(r)) for r in results)
    if not text:
        raise ValueError("results: no results to merge")
    return _call([binary(hupai), "arena", "--merge", "-", "--json"], stdin=text)


def bot_command(
    policy: str = "efficiency", rules: str = "tenhou", *, hupai: str | os.PathLike[str] | None = None
) -> str:
    """The shell command of ``hupai bot`` playing ``policy`` under ``rules``, to seat it as an
    external player (``{"player": bot_command("hupai")}``) or in another program's game loop."""
    return shlex.join([binary(hupai), "bot", "--policy", policy, "--rules", rules])


class Bot:
    """``hupai bot`` as a process: ``react`` sends one line of events (a list of mjai events, or its
    JSON text) and returns the answer (one mjai action as a dict, ``{"type": "none"}`` to pass).
    The seat is ``start_game``'s ``id``, or ``seat``. Close it (or use ``with``) when done."""

    def __init__(
        self,
        policy: str = "efficiency",
        rules: str = "tenhou",
        seat: int | None = None,
        *,
        hupai: str | os.PathLike[str] | None = None,
    ) -> None:
        args = [binary(hupai), "bot", "--policy", policy, "--rules", rules]
        if seat is not None:
            args += ["--seat", str(seat)]
        self._process = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1
        )

    def react(self, events: str | Sequence[Mapping[str, Any]]) -> dict[str, Any]:
        """The bot's answer to ``events`` (the events since its last answer, as its seat saw them)."""
        line = events if isinstance(events, str) else json.dumps(list(events))
        if "\n" in line.strip():
            raise ValueError("events: one line, a JSON array of events")
        p = self._process
        if p.stdin is None or p.stdout is None or p.poll() is not None:
            raise BotError(self._stopped())
        try:
            p.stdin.write(line.strip() + "\n")
            p.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotError(self._stopped()) from None
        answer = p.stdout.readline()
        if not answer:
            raise BotError(self._stopped())
        return json.loads(answer)

    def _stopped(self) -> str:
        p = self._process
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
        err = p.stderr.read().strip() if p.stderr else ""
        return err or f"hupai bot exited {p.returncode}"

    def close(self) -> None:
        """Ends the process."""
        p = self._process
        if p.poll() is None:
            if p.stdin:
                p.stdin.close()
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for f in (p.stdout, p.stderr):
            if f:
                f.close()

    def __enter__(self) -> Bot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
