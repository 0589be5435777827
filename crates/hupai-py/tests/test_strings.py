"""Every string function on the seed and tricky examples, against the reference algorithm as the
CLI reports it (`hupai check --json --algorithm backtrack`), plus the documented errors."""

import doctest
import json

import numpy
import pytest

import hupai
import hupai._hupai
from conftest import deal, notation, run_cli, winning

PRESETS = ["standard", "riichi", "chinese", "taiwan"]


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("fifth", [False, True])
def test_every_function_agrees_with_the_reference_on_the_examples(
    hupai_bin, seed_hands, tricky_hands, rules, fifth
):
    # All wildcards (`**************`) has millions of decompositions (about 800 MB of JSON): the
    # harness checks it; here it would only measure memory.
    hands = [h for h in seed_hands + tricky_hands if h.strip() and h.count("*") < 14]
    args = ["check", "--json", "--algorithm", "backtrack", "--rules", rules]
    if fifth:
        args.append("--wildcard-fifth-copy")
    reports = [json.loads(line) for line in run_cli(hupai_bin, args + ["--", *hands]).splitlines()]
    assert len(reports) == len(hands)
    answered = 0
    for hand, report in zip(hands, reports):
        assert report["hand"] == hand
        kw = dict(wildcard_fifth_copy=fifth)
        if "win" in report:
            answered += 1
            assert hupai.is_win(hand, rules, **kw) is report["win"], hand
            want = [d["groups"] for d in report.get("decompositions", [])]
            assert hupai.decompositions(hand, rules, **kw) == want, hand
            with pytest.raises(hupai.HandError, match="waits needs a hand of"):
                hupai.waits(hand, rules, **kw)
        elif "waits" in report:
            answered += 1
            assert hupai.waits(hand, rules, **kw) == report["waits"], hand
            with pytest.raises(hupai.HandError, match="a win check needs a hand of"):
                hupai.is_win(hand, rules, **kw)
        else:
            with pytest.raises(hupai.HandError):
                hupai.is_win(hand, rules, **kw)
        if "shanten" in report:
            assert hupai.shanten(hand, rules, **kw) == report["shanten"], hand
        if "effective" in report:
            effective = hupai.effective_tiles(hand, rules, **kw)
            assert effective["effective"] == {e["tile"]: e["unseen"] for e in report["effective"]}, hand
            assert effective["unseen"] == report["unseen"]
        if "advice" in report:
            advice = hupai.discard_advice(hand, rules, **kw)
            assert [a["discard"] for a in advice] == [a["discard"] for a in report["advice"]], hand
            assert [a["shanten"] for a in advice] == [a["shanten"] for a in report["advice"]], hand
    # The corpora are mostly 13- and 14-tile hands: under taiwan (17 tiles) few have its sizes.
    assert answered > (4 if rules == "taiwan" else len(hands) // 4)


def test_the_readme_example():
    assert hupai.is_win("123m456p789s11122z") is True
    assert hupai.is_win("123m456p789s11123z") is False
    assert hupai.waits("123m456p789s1122z") == ["1z", "2z"]
    assert hupai.waits("1112345678999m") == [f"{r}m" for r in range(1, 10)]
    assert hupai.decompositions("123m456p789s11555z") == [["11z", "123m", "456p", "789s", "555z"]]
    assert hupai.decompositions("123m456p789s11123z") == []


def test_rules_and_options():
    seven_pairs = "1122m3344p5566s77z"
    assert not hupai.is_win(seven_pairs)
    assert hupai.is_win(seven_pairs, "riichi") and hupai.is_win(seven_pairs, "chinese")
    assert hupai.decompositions(seven_pairs, "riichi") == [["11m", "22m", "33p", "44p", "55s", "66s", "77z"]]
    assert hupai.is_win("123m456p789s111z22z333z", "taiwan")
    assert not hupai.is_win("1111m3355p77s2244z", "riichi")
    assert hupai.is_win("1111m3355p77s2244z", "chinese")
    # A wildcard as a fifth 1z only with the option.
    assert not hupai.is_win("123m456p789s1111z*")
    assert hupai.is_win("123m456p789s1111z*", wildcard_fifth_copy=True)
    # wildcard_tile: every concealed 7z is a wildcard; a hand without 7z is unchanged.
    assert hupai.is_win("123m456p789s11127z", wildcard_tile="7z")
    assert not hupai.is_win("123m456p789s11127z")
    assert hupai.is_win("123m456p789s11122z", wildcard_tile="7z")
    assert hupai.check("123m456p789s1127z", wildcard_tile="7z")["waits"] == hupai.waits("123m456p789s112z*")
    with pytest.raises(ValueError, match=r"unknown rules 'mahjong': expected a preset \(standard, riichi"):
        hupai.is_win("123m456p789s11122z", "mahjong")
    with pytest.raises(ValueError, match="wildcard_tile \"8z\""):
        hupai.is_win("123m456p789s11122z", wildcard_tile="8z")


def test_regional_rules():
    # A declared void suit goes after the preset name, as in the C ABI.
    assert hupai.is_win("123456789m11s222s", "sichuan+void-p")
    assert not hupai.is_win("123456789m11p222s", "sichuan+void-p")
    assert hupai.shanten("123456789m11p222s", "sichuan+void-p") == 1
    assert hupai.discard_advice("123456789m11p222s", "sichuan+void-p")[0]["discard"] == "1p"
    assert not hupai.is_win("123m456p789s11122z", "changsha")
    assert hupai.effective_tiles("123m456p789s1112z", "changsha")["shanten"] == 1
    assert hupai.is_win("147m258p369s12345z", "gb")
    assert hupai.waits("147m258p369s1234z", "gb") == ["5z", "6z", "7z"]
    assert hupai.shanten("147m258p369s1234z", "gb") == 0
    # Under hongzhong 7z is the wildcard tile unless wildcard_tile says otherwise.
    assert hupai.is_win("123m456p789s1115m7z", "hongzhong")
    assert not hupai.is_win("123m456p789s1115m7z", "hongzhong", wildcard_tile="9s")
    with pytest.raises(hupai.HandError, match="is not a tile of the rules' set of 108 tiles"):
        hupai.is_win("123m456p789s11122z", "sichuan")
    with pytest.raises(hupai.HandError, match="can never win under these rules: the declared meld"):
        hupai.shanten("123456789m1s1m[222p]", "sichuan+void-p")
    with pytest.raises(ValueError, match=r"unknown rules 'sichuan\+void-z'"):
        hupai.is_win("123m456p789s11122z", "sichuan+void-z")
    assert set(hupai.RULES) >= {"standard", "riichi", "chinese", "taiwan", "sichuan", "hongzhong", "changsha", "gb"}


def spaced(hand):
    """The same hand with a space after each suit letter: the full parser reads it, the one-pass
    reader of plain notation does not."""
    return "".join(c + " " if c in "mpsz" else c for c in hand)


@pytest.mark.parametrize("name", ["standard", "riichi", "chinese", "taiwan", "sichuan", "hongzhong", "gb"])
def test_plain_notation_and_any_rules_string_answer_as_the_full_path(rng, seed_hands, tricky_hands, name):
    # A preset named by a literal is recognised by identity; an equal string built at run time
    # is parsed. Plain notation is answered from its counts; spaced, through a `Hand`. All agree,
    # errors included.
    built = "".join(list(name))
    assert built == name and built is not name
    hands = seed_hands + tricky_hands + [notation(deal(rng, 14, k), k) for k in range(5) for _ in range(40)]
    hands += [notation(winning(rng, 4, k), k) for k in range(5) for _ in range(40)]
    hands += ["", "123m456p789s11122z\r", "123m456p789s11127z", "123m456p789s1112z", "1m" * 14]
    for hand in hands:
        for wildcard_tile in [None, "7z"]:
            answers = []
            for rules, text in [(name, hand), (built, hand), (name, spaced(hand))]:
                try:
                    answers.append(hupai.is_win(text, rules, wildcard_tile=wildcard_tile))
                except hupai.HandError as e:
                    answers.append(str(e).replace("position", "?"))
            # A space moves error positions; the messages otherwise match.
            if isinstance(answers[0], bool) or isinstance(answers[2], bool):
                assert answers[0] == answers[1] == answers[2], (hand, rules, wildcard_tile, answers)
            else:
                assert answers[0] == answers[1], (hand, rules, wildcard_tile, answers)


def test_errors_carry_the_cli_message():
    assert issubclass(hupai.HandError, ValueError)
    cases = {
        "123m456p789s11x22z": "unexpected 'x' at position 15",
        "19m": "hand has 2 tiles",
        "123m456p789s11111z": "5 copies of 1z",
        "": "empty hand",
        "  ": "empty hand",
        "[12m]": "declared meld '[12m]' at position 1 is not a chi, pon or kan",
    }
    for hand, message in cases.items():
        with pytest.raises(hupai.HandError) as raised:
            hupai.is_win(hand)
        assert str(raised.value).startswith(message), (hand, str(raised.value))
        assert hupai.check(hand) == {"hand": hand, "error": str(raised.value)}


def test_a_trailing_carriage_return_is_dropped_as_in_batch():
    assert hupai.is_win("123m456p789s11122z\r")
    assert hupai.check("123m456p789s11122z\r") == {"hand": "123m456p789s11122z", "win": True}


def test_shanten_effective_tiles_and_advice():
    assert hupai.shanten("123m456p789s11122z") == -1
    assert hupai.shanten("123m456p789s1122z") == 0
    assert hupai.shanten("123m456p789s1134z", "riichi") == 1
    assert hupai.effective_tiles("123m456p789s1122z") == {"shanten": 0, "effective": {"1z": 2, "2z": 2}, "unseen": 4}
    assert hupai.effective_tiles("123m456p789s1122z", visible="11z2z")["effective"] == {"1z": 0, "2z": 1}
    advice = hupai.discard_advice("123m456p789s11223z")
    assert advice[0] == {"discard": "3z", "shanten": 0, "effective": {"1z": 2, "2z": 2}, "unseen": 4}
    assert [a["shanten"] for a in advice] == sorted(a["shanten"] for a in advice)
    assert hupai.discard_advice("123m456p789s1122z*")[-1]["discard"] == "*"
    with pytest.raises(hupai.HandError, match="visible: wildcards are not tiles one can see"):
        hupai.effective_tiles("123m456p789s1122z", visible="*")
    with pytest.raises(hupai.HandError, match="visible: unexpected"):
        hupai.effective_tiles("123m456p789s1122z", visible="x")


def test_docstrings_run_and_read_well():
    """Every example in the docstrings is a doctest that must pass; help() shows signatures."""
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    examples = 0
    for name in hupai.__all__ + ["__doc__"]:
        target = hupai if name == "__doc__" else getattr(hupai, name)
        if not callable(target) and name != "__doc__":
            continue
        for test in finder.find(target, f"hupai.{name}", globs={"hupai": hupai, "numpy": numpy}):
            examples += len(test.examples)
            runner.run(test)
    assert runner.failures == 0, f"{runner.failures} docstring examples failed (see the output above)"
    assert examples >= 20
    for name in ["is_win", "waits", "decompositions", "check", "batch", "is_win_counts", "waits_counts", "shanten"]:
        doc = getattr(hupai, name).__doc__
        assert doc and ">>> hupai." in doc, name
    # pyo3 versions differ in the quotes they write defaults with.
    assert hupai.is_win.__text_signature__.replace('"', "'") == (
        "(hand, rules='standard', *, wildcard_tile=None, wildcard_fifth_copy=False)"
    )
    assert hupai._hupai.HandError is hupai.HandError
