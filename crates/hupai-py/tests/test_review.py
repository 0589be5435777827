"""`hupai.review`: a real Tenhou game reviewed decision by decision equals what `hupai review`
prints for it; each turn's odds equal `discard_ev` for the position; bad input is named."""

import json
import pathlib
import warnings

import pytest

import hupai
import hupai.game

DATA = pathlib.Path(__file__).resolve().parents[2] / "hupai-game" / "tests" / "data"
REAL_GAME = DATA / "mjlog" / "upd-aft-ron3.mjlog"


def test_review_equals_the_command_line(hupai_bin):
    import subprocess

    mine = hupai.review(REAL_GAME, seats=[1], odds=False)
    done = subprocess.run(
        [str(hupai_bin), "review", str(REAL_GAME), "--seat", "1", "--no-odds"], capture_output=True, text=True, check=True
    )
    theirs = json.loads(done.stdout)["decisions"]
    assert len(mine) == len(theirs) > 50
    for a, b in zip(mine, theirs):
        assert a["played"] == b["played"]
        assert a["agree"] == b["agree"]
        assert a["hupai"]["action"] == b["hupai"]["action"]
        assert a["hupai"]["pai"] == b["hupai"]["pai"]
        assert (a["loss"] is None) == (b["loss"] is None)
        if a["loss"] is not None:
            assert a["loss"] == pytest.approx(b["loss"], rel=1e-12, abs=1e-9)


def test_each_turns_odds_equal_discard_ev_for_its_position():
    text = REAL_GAME.read_text(encoding="utf-8")
    reviewed = hupai.review(text, seats=[0])
    turns = [d for d in reviewed if d["position"] is not None][:12]
    assert len(turns) == 12
    for d in turns:
        p = d["position"]
        table = hupai.discard_ev(p["hand"], p["turns"], p["rules"], visible=p["visible"])
        by_tile = {line["discard"]: line for line in table}
        assert len(by_tile) == len(d["odds"])
        for o in d["odds"]:
            line = by_tile[o["discard"]]
            assert line["tenpai"] == pytest.approx(o["tenpai"], abs=1e-12)
            assert line["win"] == pytest.approx(o["win"], abs=1e-12)


def test_the_player_sees_only_the_seat():
    # A decision's explanation is the one `Game.explain` gives: it reads the seat's view alone, so
    # a review's choices are what a player at that seat could have made.
    reviewed = hupai.review(REAL_GAME, seats=[3], odds=False)
    assert {d["seat"] for d in reviewed} == {3}
    assert all(d["hupai"]["candidates"] or d["hupai"]["mode"] in ("forced", "win", "call") for d in reviewed)


def test_bad_input_is_named_and_a_damaged_game_is_warned_about():
    with pytest.raises(hupai.game.GameError, match="seats"):
        hupai.review(REAL_GAME, seats=[9])
    with pytest.raises(hupai.game.GameError, match="no-such-file"):
        hupai.review("no-such-file.json")
    with pytest.raises(hupai.game.GameError, match="expected a log"):
        hupai.review(42)
    def game_log(seed):
        g = hupai.game.Game({"preset": "tenhou", "length": "east"}, seed=seed)
        while not g.done:
            seat = g.seat
            g.step(seat, g.choose(seat, "efficiency"))
        return [json.dumps(e) for e in g.events()]

    first, second = game_log(5), game_log(6)
    i = next(i for i, line in enumerate(first) if '"dahai"' in line)
    first[i] = '{"type":"dahai","actor":0,"pai":"?","tsumogiri":false}'
    damaged = "\n".join(first + second) + "\n"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        reviewed = hupai.review(damaged, rules={"preset": "tenhou", "length": "east"}, seats=[0], odds=False)
    messages = [str(w.message) for w in caught if issubclass(w.category, UserWarning)]
    assert len(messages) == 1 and "game 0" in messages[0], messages
    assert any(d["game"] == 1 for d in reviewed)
