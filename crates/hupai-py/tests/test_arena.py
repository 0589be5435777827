"""``hupai.arena``: ``run`` gives the object ``hupai arena --json`` prints for the same arguments;
``merge`` of runs of other sets gives the one run of them all; ``Bot`` plays whole games as an
external player seated by the arena (every answer legal: no fault), and stops with the bot's own
error on a bad line. Needs the ``hupai`` binary: ``HUPAI_BIN`` (CI sets it) or on ``PATH``."""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

from hupai import arena

HUPAI = os.environ.get("HUPAI_BIN") or shutil.which("hupai")
if not HUPAI and not os.environ.get("CI"):
    pytest.skip("the hupai binary is not built: set HUPAI_BIN", allow_module_level=True)

PLAYERS = [{"policy": "efficiency"}, {"policy": "random"}, {"policy": "efficiency"}, {"policy": "random"}]
# What differs between two runs of the same games: the time they took.
TIMING = {"seconds", "threads", "external_microseconds_per_decision"}


def same_games(a, b):
    """The two results agree on everything but the timing (tables compared without their time)."""
    strip = lambda r: {k: v for k, v in r.items() if k not in TIMING | {"tables"}}  # noqa: E731
    tables = lambda r: [{k: v for k, v in t.items() if k != "protocol_time"} for t in r["tables"]]  # noqa: E731
    return strip(a) == strip(b) and tables(a) == tables(b)


def test_run_gives_the_command_lines_json():
    got = arena.run(PLAYERS, rules="tenhou", games=2, seed=5, hupai=HUPAI)
    cli = subprocess.run(
        [HUPAI, "arena", "--rules", "tenhou", "--games", "2", "--seed", "5", "--json"]
        + ["--policy", "efficiency", "--policy", "random", "--policy", "efficiency", "--policy", "random"],
        capture_output=True,
        text=True,
        check=True,
    )
    want = json.loads(cli.stdout)
    assert same_games(got, want)
    assert [p["name"] for p in got["players"]] == ["efficiency", "random", "efficiency", "random"]
    assert got["games"] == 8 and len(got["tables"]) == 8
    for p in got["players"]:
        assert {"name", "average_rank", "rank_counts", "points"} <= set(p)


def test_merged_runs_equal_one_run_of_every_set():
    parts = [arena.run(PLAYERS, games=2, seed=s, hupai=HUPAI) for s in (0, 2)]
    merged = arena.merge(parts, hupai=HUPAI)
    whole = arena.run(PLAYERS, games=4, seed=0, hupai=HUPAI)
    assert merged["sets"] == 4
    assert merged["players"] == whole["players"]
    assert merged["pairs"] == whole["pairs"]


def test_distinct_seatings_count_each_seating_once():
    """Deterministic players two and two: the run that plays each seating once has the full run's
    figures, with half the tables marked as repeats of the ones played."""
    players = [{"policy": "efficiency"}, {"policy": "hupai"}, {"policy": "efficiency"}, {"policy": "hupai"}]
    full = arena.run(players, games=2, seed=9, hupai=HUPAI)
    half = arena.run(players, games=2, seed=9, distinct_seatings=True, hupai=HUPAI)
    assert half["players"] == full["players"] and half["pairs"] == full["pairs"]
    assert half["repeated_tables"] == 4 and full["repeated_tables"] == 0
    assert [t.get("repeats") for t in half["tables"]] == [None, None, 0, 1] * 2
    assert half["decisions"] * 2 == full["decisions"]


def test_bad_arguments_are_refused_with_the_reason():
    with pytest.raises(ValueError, match=r"players\[1\]"):
        arena.run([{"policy": "efficiency"}, "random"], hupai=HUPAI)
    with pytest.raises(arena.ArenaError, match="nonsense"):
        arena.run([{"policy": "nonsense"}] * 4, games=1, hupai=HUPAI)
    with pytest.raises(arena.ArenaError, match="3 players for a 4-seat table"):
        arena.run([{"policy": "random"}] * 3, games=1, hupai=HUPAI)
    with pytest.raises(arena.ArenaError, match="merge"):
        arena.merge([{"players": []}], hupai=HUPAI)
    with pytest.raises(ValueError, match="games"):
        arena.run(PLAYERS, games=0, hupai=HUPAI)


BOT = """
import json, sys
from hupai.arena import Bot
bot = Bot("efficiency", "tenhou", hupai=sys.argv[1])
for line in sys.stdin:
    print(json.dumps(bot.react(line)), flush=True)
"""


def test_a_python_bot_on_hupai_bot_plays_whole_games(tmp_path):
    script = tmp_path / "bot.py"
    script.write_text(BOT, encoding="utf-8")
    command = f"{sys.executable} {script} {HUPAI}"
    r = arena.run([{"player": command}, {"policy": "efficiency"}] * 2, games=1, seed=3, hupai=HUPAI, out=tmp_path / "logs")
    assert r["games"] == 4
    assert r["external_decisions"] > 100
    for p in r["players"]:
        assert p["faults"] == {"crash": 0, "timeout": 0, "illegal": 0, "default_decisions": 0}, p
    logs = sorted((tmp_path / "logs").glob("*.mjson"))
    assert len(logs) == 4
    for log in logs:
        subprocess.run([HUPAI, "replay", str(log)], capture_output=True, text=True, check=True)


def test_bot_command_seats_hupai_bot():
    r = arena.run([{"player": arena.bot_command("efficiency", hupai=HUPAI)}] + PLAYERS[1:], games=1, hupai=HUPAI)
    assert r["external_decisions"] > 0
    assert r["players"][0]["faults"]["crash"] == 0 and r["players"][0]["faults"]["illegal"] == 0


def test_a_bad_line_stops_the_bot_with_its_error():
    with arena.Bot("efficiency", "tenhou", hupai=HUPAI) as bot:
        with pytest.raises(arena.BotError, match="JSON|json"):
            bot.react("this is not json")
    with arena.Bot(hupai=HUPAI) as bot, pytest.raises(arena.BotError):
        bot.react([{"type": "tsumo", "actor": 0, "pai": "1m"}])
