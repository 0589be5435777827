"""`hupai.discard_ev` against the command line's `hupai batch --ev` (the same engine, another door),
and the closed form of a ready hand's win probability."""

import json

import pytest

import hupai
from conftest import run_cli

HANDS = {
    "standard": ["123m456p789s1122z9p", "123m456p789s11345z", "12m456p789s1134z5z*", "123m456p789s12z777z"],
    "riichi": ["123m456p789s1122z9p", "19m19p19s1234567z5m", "1188m288p55s11z22z9s"],
    # Numbered suits and red dragons only; the red dragons are wild.
    "hongzhong": ["123m456p789s1m2p77z8s", "112345m456p78s2p7z9s"],
}


@pytest.mark.parametrize("rules", ["standard", "riichi", "hongzhong"])
def test_agrees_with_batch_ev(hupai_bin, rules):
    hands = HANDS[rules]
    out = run_cli(hupai_bin, ["batch", "--ev", "--turns", "9", "--rules", rules], "\n".join(hands) + "\n")
    for hand, line in zip(hands, out.splitlines()):
        want = json.loads(line)["ev"]
        got = hupai.discard_ev(hand, 9, rules)
        assert [d["discard"] for d in got] == [d["discard"] for d in want["discards"]], hand
        for g, w in zip(got, want["discards"]):
            assert g["shanten"] == w["shanten"]
            assert g["tenpai"] == pytest.approx(w["tenpai"], abs=1e-12)
            assert g["win"] == pytest.approx(w["win"], abs=1e-12)
            # Riichi and hongzhong have scorers: the expected score of the wins; standard has none.
            if rules == "standard":
                assert g["score"] is None and "score" not in w
            else:
                assert g["score"] == pytest.approx(w["score"], rel=1e-12)
                assert g["score"] >= 0 and (g["score"] > 0) == (g["win"] > 0)
            assert g["policy"] == want["policy"] == "shortest-path"
            assert 0.0 <= g["win"] <= g["tenpai"] <= 1.0


def test_ready_hand_closed_form_and_best_first():
    table = hupai.discard_ev("123m456p789s1122z9p")
    assert set(table[0]) == {"discard", "shanten", "tenpai", "win", "score", "policy", "riichi"}
    assert (table[0]["discard"], table[0]["shanten"], table[0]["tenpai"]) == ("9p", 0, 1.0)
    p = 4 / 122  # 1z and 2z, two unseen each, of 136 - 14
    assert table[0]["win"] == pytest.approx(1 - (1 - p) ** 17, abs=1e-12)
    wins = [d["win"] for d in table]
    assert wins == sorted(wins, reverse=True)
    # Seen tiles lower the odds; a wildcard discard is "*".
    assert hupai.discard_ev("123m456p789s1122z9p", visible="1z")[0]["win"] < table[0]["win"]
    assert "*" in [d["discard"] for d in hupai.discard_ev("123m456p789s112z9p*")]


def test_policies_and_errors():
    # Hand changes reach many hands: a ready hand and a short horizon.
    plain = hupai.discard_ev("123m456p789s1123z9p", 3)[0]
    wider = hupai.discard_ev("123m456p789s1123z9p", 3, hand_changes=True)[0]
    assert wider["policy"] == "shortest-path+hand-changes"
    assert wider["win"] >= plain["win"] - 1e-12
    with pytest.raises(hupai.HandError, match="13"):
        hupai.discard_ev("123m456p789s1122z")
    with pytest.raises(hupai.HandError, match="seen"):
        hupai.discard_ev("123m456p789s1122z9p", visible="1111z")
    with pytest.raises(ValueError):
        hupai.discard_ev("123m456p789s1122z9p", rules="nonsense")


def test_riichi_at_tenpai(hupai_bin):
    hands = HANDS["riichi"]
    args = ["batch", "--ev", "--turns", "9", "--rules", "riichi", "--riichi-at-tenpai"]
    out = run_cli(hupai_bin, args, "\n".join(hands) + "\n")
    for hand, line in zip(hands, out.splitlines()):
        want = json.loads(line)["ev"]
        assert want["riichi"] is True
        got = hupai.discard_ev(hand, 9, "riichi", riichi=True)
        plain = {d["discard"]: d for d in hupai.discard_ev(hand, 9, "riichi")}
        assert [d["discard"] for d in got] == [d["discard"] for d in want["discards"]], hand
        for g, w in zip(got, want["discards"]):
            assert g["riichi"] is True and not plain[g["discard"]]["riichi"]
            assert g["score"] == pytest.approx(w["score"], rel=1e-12)
            # Under the shortest-path class riichi changes only the score.
            assert g["win"] == pytest.approx(plain[g["discard"]]["win"], abs=1e-12)
    # A ready closed hand: riichi's han and the ura-dora outweigh the deposit over 17 draws...
    ready = "123m456p789s1122z9p"
    assert hupai.discard_ev(ready, 17, "riichi", riichi=True)[0]["score"] > hupai.discard_ev(ready, 17, "riichi")[0]["score"]
    # ...and with one draw left the deposit is mostly lost: the ready discard's expectation is
    # negative, so it is no longer first.
    last = hupai.discard_ev(ready, 1, "riichi", riichi=True)
    assert [d["score"] for d in last if d["discard"] == "9p"][0] < 0 and last[0]["discard"] != "9p"
    with pytest.raises(ValueError, match="riichi"):
        hupai.discard_ev(ready, rules="gb", riichi=True)
