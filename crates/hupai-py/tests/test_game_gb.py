"""hupai.game under the Chinese Official rules (GB): games played to the end with mjai dicts, the
scores conserved, the events equal to `hupai play`'s for the same seed and policy, a false win
refused or played as its penalty, and bad input named."""

import json
import random

import pytest

from conftest import run_cli
from hupai.game import Game, GameError

MASK = (1 << 64) - 1


class SplitMix64:
    """The generator of hupai's seeded policies (`hupai_game::wall::SplitMix64`), so that a Python
    player makes the choices `hupai play --policy random` makes."""

    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        # Lemire's method with rejection, as the Rust generator draws.
        while True:
            m = self.next() * n
            if (m & MASK) >= ((1 << 64) - n) % n:
                return m >> 64


def play_random(rules, seed):
    """Plays a game with `hupai play --policy random`'s choices (its seed mixed the same way),
    stepping mjai dicts; returns the game and the number of decisions."""
    g = Game(rules, seed)
    rng = SplitMix64(seed ^ 0x005EED0F9A3E)
    decisions = 0
    while not g.done:
        seat = g.seat
        legal = g.legal_actions(seat)
        g.step(seat, legal[rng.below(len(legal))])
        decisions += 1
    return g, decisions


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [("gb", [3]), ("gb-single", [0, 1, 2, 3, 4, 5]), ('{"preset": "gb-single", "start_wind": 2, "start_dealer": 1}', [7])],
)
def test_gb_games_equal_the_cli_for_the_same_seed(hupai_bin, rules, seeds):
    for seed in seeds:
        g, decisions = play_random(json.loads(rules) if rules.startswith("{") else rules, seed)
        assert sum(g.scores) == 0
        assert g.final_points == [float(s) for s in g.scores]
        cli = run_cli(hupai_bin, ["play", "--rules", rules, "--seed", str(seed), "--policy", "random"])
        expected = [json.loads(line) for line in cli.splitlines()]
        # The written log's wins carry their score (fans and points); the event stream does not.
        for e in expected:
            if e["type"] == "hora":
                score = e.pop("score")
                assert score["han"] >= 8 and score["points"] == score["han"] and score["fans"], e
        events = g.events()
        assert events == expected, f"{rules} seed {seed}"
        assert events[0]["type"] == "start_game" and "rules" in events[0]
        assert any(e["type"] == "hua" for e in events)
        assert not any(e["type"] in ("reach", "dora") for e in events)
        assert decisions > 50


def test_a_policy_plays_gb_matches_to_the_end_with_points_conserved():
    rng = random.Random(5)
    wins = 0
    for seed in range(3):
        g = Game("gb", seed)
        while not g.done:
            seat = g.seat
            legal = g.legal_actions(seat)
            # Win whenever the rules allow it (the legal actions offer only wins of 8 fans or more).
            wins_offered = [a for a in legal if a["type"] == "hora"]
            g.step(seat, wins_offered[0] if wins_offered else rng.choice(legal))
            assert sum(g.scores) == 0
        wins += sum(e["type"] == "hora" for e in g.events())
        # The match: four rounds of four hands.
        assert sum(e["type"] == "start_kyoku" for e in g.events()) == 16
        for e in g.events():
            if e["type"] == "hora":
                # By discard: 8 + fans from the discarder, 8 from the others; self-drawn: 8 + fans each.
                losers = sorted(d for d in e["deltas"] if d < 0)
                assert len(losers) == 3 and sum(e["deltas"]) == 0
                assert losers[-1] <= -8
    assert wins >= 2, wins


def test_a_false_win_is_refused_or_played_as_the_penalty():
    g = Game("gb-single", 1)
    seat = g.seat
    assert not any(a["type"] == "hora" for a in g.legal_actions(seat))
    with pytest.raises(GameError, match="hora"):
        g.step(seat, {"type": "hora"})
    assert g.scores == [0, 0, 0, 0]
    with pytest.raises(GameError, match="reach"):
        g.step(seat, {"type": "reach"})
    # With the penalty option the claim is played: 10 to each other player, and the turn goes on.
    g = Game({"preset": "gb-single", "false_win_penalty": 10}, 1)
    g.step(seat, {"type": "hora"})
    assert g.events()[-1] == {"type": "cuohu", "actor": seat, "deltas": [-30, 10, 10, 10]}
    assert g.scores == [-30, 10, 10, 10] and g.seat == seat
    g.step(seat, g.legal_actions(seat)[0])
    assert g.seat != seat or g.done


def test_bad_gb_input_is_named():
    with pytest.raises(GameError, match="gb-singel"):
        Game("gb-singel")
    with pytest.raises(GameError, match="false_win_penalty"):
        Game({"preset": "gb", "false_win_penalty": -1})
    with pytest.raises(GameError, match="red_fives"):
        Game({"preset": "gb", "red_fives": [1, 1, 1]})
    g = Game("gb")
    with pytest.raises(GameError):
        g.step(g.seat, {"type": "dahai", "pai": "1f"})
    with pytest.raises(GameError, match="seat"):
        g.step(9, g.legal_actions(g.seat)[0])
