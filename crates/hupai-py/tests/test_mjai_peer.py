"""The PyPI package ``mjai`` 0.2.1 (mjai.app's simulator, AGPL: a test peer only, installed here at
test time into its own virtual environment, never vendored) against hupai:

- its own rule-based example bot (``mjai.bot.rulebase.RulebaseBot``, on its ``Bot`` base class) is
  seated in ``hupai arena`` as an external bot and plays a whole hanchan: no crash, no timeout, and
  every log replays;
- ``hupai bot`` plays in mjai's own game loop (``mjai.mlibriichi.arena.Match``, the loop its
  ``Simulator`` runs, here without Docker: the Simulator only adds a container around each bot)
  at every seat of a hanchan; that loop refuses any illegal action by raising.

Skipped, saying so, where pip cannot install ``mjai`` (no network; its wheel is for CPython 3.11 on
x86-64 Linux only). Needs the ``hupai`` binary: ``HUPAI_BIN`` or on ``PATH``."""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import venv

import pytest

from hupai import arena

HUPAI = os.environ.get("HUPAI_BIN") or shutil.which("hupai")
if not HUPAI and not os.environ.get("CI"):
    pytest.skip("the hupai binary is not built: set HUPAI_BIN", allow_module_level=True)


@pytest.fixture(scope="module")
def mjai_python(tmp_path_factory):
    """A Python with mjai 0.2.1 installed (its own environment: it pins mahjong 1.2)."""
    where = tmp_path_factory.mktemp("mjai-venv")
    try:
        venv.create(where, with_pip=True)
    except Exception as e:  # noqa: BLE001 - any failure to make a venv means: skip
        pytest.skip(f"cannot create a virtual environment for mjai: {e}")
    python = where / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "mjai==0.2.1"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        pytest.skip(f"pip cannot install mjai==0.2.1 here: {done.stderr.strip()[-300:]}")
    return python


RULEBASE = (
    "import sys; from mjai.bot.rulebase import RulebaseBot; from loguru import logger; "
    "logger.remove(); RulebaseBot(player_id=int(sys.argv[-1])).start()"
)


def test_mjais_rulebase_bot_plays_in_the_arena(mjai_python, tmp_path):
    command = f"{mjai_python} -c '{RULEBASE}'"
    r = arena.run(
        [{"player": command}, {"policy": "efficiency"}] * 2,
        rules="tenhou",
        games=1,
        seed=7,
        out=tmp_path / "logs",
        timeout_ms=20_000,
        hupai=HUPAI,
    )
    assert r["games"] == 4
    assert r["external_decisions"] > 100
    for p in r["players"]:
        assert p["faults"]["crash"] == 0 and p["faults"]["timeout"] == 0, p
    # Its answers are its own: the example can discard a tile Tenhou forbids right after a chi
    # (喰い替え), which the arena refuses, reports and replaces; rare, never more.
    bots = [p for p in r["players"] if p["name"] == command]
    assert len(bots) == 2
    assert sum(p["faults"]["illegal"] for p in bots) <= r["external_decisions"] // 100, bots
    assert all(p["faults"]["default_decisions"] == p["faults"]["illegal"] for p in bots), bots
    logs = sorted((tmp_path / "logs").glob("*.mjson"))
    assert len(logs) == 4
    for log in logs:
        subprocess.run([HUPAI, "replay", str(log)], capture_output=True, text=True, check=True)


# mjai's game loop (Mortal's libriichi, as mjai.app's Simulator drives it) with `hupai bot` at every
# seat: each engine keeps one `hupai bot` process a game and hands it the events since its last
# answer, the others' tiles hidden, as mjai's Docker engine does.
LOOP = r'''
import json, subprocess, sys, tempfile
from mjai.mlibriichi.arena import Match

HUPAI = sys.argv[1]

class HupaiBot:
    def __init__(self, name):
        self.engine_type = "mjai-log"
        self.name = name
        self.player_ids = []
        self.procs = {}
        self.sent = {}
        self.answers = 0
        self.kyoku = 0
        self.games = 0

    def set_player_ids(self, player_ids):
        self.player_ids = player_ids

    def ask(self, game, events):
        p = self.procs[game]
        p.stdin.write(json.dumps(events, separators=(",", ":")) + "\n")
        p.stdin.flush()
        line = p.stdout.readline()
        if not line:
            raise RuntimeError(f"hupai bot stopped: exit {p.wait()}")
        return line.strip()

    def start_game(self, game):
        seat = self.player_ids[game]
        self.procs[game] = subprocess.Popen([HUPAI, "bot", "--rules", "tenhou", "--policy", "efficiency"],
                                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.sent[game] = 0
        self.ask(game, [{"type": "start_game", "names": ["0", "1", "2", "3"], "id": seat}])

    def react_batch(self, game_states):
        out = []
        for gs in game_states:
            game, seat = gs.game_index, self.player_ids[gs.game_index]
            events = json.loads(gs.events_json)
            if self.sent[game] > len(events):
                self.sent[game] = 0
            new = []
            for ev in events[self.sent[game]:]:
                if ev["type"] == "tsumo" and ev["actor"] != seat:
                    ev["pai"] = "?"
                if ev["type"] == "start_kyoku":
                    ev["tehais"] = [t if i == seat else ["?"] * 13 for i, t in enumerate(ev["tehais"])]
                new.append(ev)
            self.sent[game] = len(events)
            out.append(self.ask(game, new) if new else '{"type":"none"}')
            self.answers += 1
        return out

    def end_kyoku(self, game):
        self.ask(game, [{"type": "end_kyoku"}])
        self.sent[game] = 0
        self.kyoku += 1

    def end_game(self, game, scores):
        self.ask(game, [{"type": "end_game"}])
        p = self.procs.pop(game)
        p.stdin.close()
        if p.wait() != 0:
            raise RuntimeError(f"hupai bot exited {p.returncode}")
        self.games += 1

with tempfile.TemporaryDirectory() as logs:
    bots = [HupaiBot(str(i)) for i in range(4)]
    Match(log_dir=logs).py_match(*bots, seed_start=(int(sys.argv[2]), 2000))
    print(json.dumps({"answers": [b.answers for b in bots], "kyoku": [b.kyoku for b in bots],
                      "games": [b.games for b in bots]}))
'''


def test_hupai_bot_plays_in_mjais_game_loop(mjai_python, tmp_path):
    script = tmp_path / "loop.py"
    script.write_text(LOOP, encoding="utf-8")
    done = subprocess.run(
        [str(mjai_python), str(script), HUPAI, "10000"], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    # One hanchan to its end: every seat's bot saw the game end, after at least the four hands
    # of the east round, and answered every decision (an illegal answer raises in the loop).
    assert result["games"] == [1, 1, 1, 1], result
    assert all(k >= 4 for k in result["kyoku"]), result
    assert all(n > 50 for n in result["answers"]), result
