"""GB hands played by hupai, fed to Botzone's Chinese Standard Mahjong judge (the IJCAI judge,
`judge/main.cpp` of github.com/ailab-pku/Chinese-Standard-Mahjong, scoring with
ChineseOfficialMahjongHelper's fan calculator), and the outcomes compared: who wins, the score
each player gets, or the exhaustive draw.

The judge plays the competition's layout: each player draws from a wall of its own (a quarter of
the tiles), deals and draws from its end, and replaces flowers and kongs from it; the dealer is
seat 0 and the seat winds follow the seats. hupai's `gb-botzone` preset plays that layout
(`per_player_walls`, and the judge's 杠上开花 after a flower, `flower_ends_kong`), so each hand is
given to the judge as hupai played it: each player's quarter of the wall holds, from its end, the
tiles the log shows it took (its 13 dealt tiles, the flowers' replacements, its draws and its
kongs' replacements), the tiles nobody took below them, as `hupai replay` rebuilds the walls; the
players answer the judge with the actions of hupai's log.

    python3 botzone_judge.py --judge-src PATH/Chinese-Standard-Mahjong --hupai target/release/hupai --hands 1000

builds the judge with g++ (needs libjsoncpp-dev and the Boost headers), plays the hands with
`hupai play` (its two policies) and, when the Python package `hupai` is installed, with a player
of its own that kongs whenever it may (so that kongs, 杠上开花 and robbed kongs reach the judge),
every prevailing wind alike, and prints two summary lines (the outcomes, what the agreeing hands covered); `-v`
prints every difference. The exit status is 1 if any difference is not explained.
"""

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys
import tempfile

SUIT = {"m": "W", "p": "B", "s": "T"}
HONOR = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}


KONGS = ("ankan", "kakan", "daiminkan")
COVERED_FANS = {"和绝张", "杠上开花", "抢杠和", "妙手回春", "海底捞月", "花牌", "组合龙", "全不靠", "七对"}


def judge_tile(pai):
    """A tile as the judge names it: W/B/T + rank, F1-F4 winds, J1-J3 red, green, white, H1-H8 flowers."""
    if pai in HONOR:
        return HONOR[pai]
    if pai[1] == "f":
        return "H" + pai[0]
    return SUIT[pai[1]] + pai[0]


def all_tiles():
    tiles = [SUIT[s] + str(r) for s in "mps" for r in range(1, 10) for _ in range(4)]
    tiles += [t for t in HONOR.values() for _ in range(4)]
    return tiles + ["H%d" % i for i in range(1, 9)]


def build_judge(source, out):
    """Compiles judge/main.cpp of a checkout with the fan calculator it includes."""
    source = pathlib.Path(source)
    shim = pathlib.Path(out).parent / "judge-include"
    (shim / "jsoncpp").mkdir(parents=True, exist_ok=True)
    (shim / "jsoncpp" / "json.h").write_text("#include <json/json.h>\n")
    calculator = source / "fan-calculator-usage" / "ChineseOfficialMahjongHelper" / "Classes" / "mahjong-algorithm"
    link = shim / "MahjongGB"
    if not link.exists():
        link.symlink_to(calculator.resolve())
    command = ["g++", "-O2", "-std=c++14", "-w", "-D_BOTZONE_ONLINE", "-I", str(shim), "-I", "/usr/include/jsoncpp",
               str(source / "judge" / "main.cpp"), "-ljsoncpp", "-o", str(out)]
    subprocess.run(command, check=True)
    return out


class Unmappable(Exception):
    """A hand the judge's layout cannot reproduce."""


def lay_out(events):
    """The judge's initdata and the players' answers for one hupai hand; also what hupai decided."""
    start = next(e for e in events if e["type"] == "start_kyoku")
    if start["oya"] != 0:
        raise Unmappable("the judge's dealer is seat 0")
    quan = "ESWN".index(start["bakaze"])
    tehais = start["tehais"]
    body = events[events.index(start) + 1:]
    takes = [[judge_tile(t) for t in hand] for hand in tehais]
    i = 0
    # The deal: each seat's dealt flowers replaced, seat after seat, each chain ending with a tsumo.
    for seat in range(4):
        for _ in (t for t in tehais[seat] if t.endswith("f")):
            assert body[i]["type"] == "hua" and body[i]["actor"] == seat, body[i]
            i += 1
            while body[i]["type"] == "hua":
                takes[seat].append(judge_tile(body[i]["pai"]))
                i += 1
            assert body[i]["type"] == "tsumo" and body[i]["actor"] == seat, body[i]
            takes[seat].append(judge_tile(body[i]["pai"]))
            i += 1
    play = body[i:]
    for e in play:
        if e["type"] in ("hua", "tsumo"):
            takes[e["actor"]].append(judge_tile(e["pai"]))
    part = 36
    if any(len(t) > part for t in takes):
        raise Unmappable("a player took more than its own wall of 36 tiles")
    left = collections.Counter(all_tiles())
    for t in takes:
        left.subtract(t)
    rest = list(left.elements())
    walls = []
    for t in takes:
        below, rest = rest[: part - len(t)], rest[part - len(t):]
        walls += below + t[::-1]
    passes = {str(s): {"verdict": "OK", "response": "PASS"} for s in range(4)}

    def answer(seat, text):
        a = json.loads(json.dumps(passes))
        a[str(seat)]["response"] = text
        return a

    answers = [passes, passes]
    k = 0

    def discard(actor, pai):
        """The answers to a discard and what follows from them; returns the next index."""
        nonlocal k
        e = play[k] if k < len(play) else {"type": "end"}
        if e["type"] == "hora" and e["target"] == actor:
            answers.append(answer(e["actor"], "HU"))
            return None
        if e["type"] in ("pon", "chi"):
            nxt = play[k + 1]
            assert nxt["type"] == "dahai" and nxt["actor"] == e["actor"], nxt
            if e["type"] == "pon":
                answers.append(answer(e["actor"], "PENG " + judge_tile(nxt["pai"])))
            else:
                tiles = sorted([e["pai"]] + e["consumed"], key=lambda t: int(t[0]))
                answers.append(answer(e["actor"], "CHI %s %s" % (judge_tile(tiles[1]), judge_tile(nxt["pai"]))))
            k += 2
            return discard(e["actor"], nxt["pai"])
        if e["type"] == "daiminkan":
            answers.append(answer(e["actor"], "GANG"))
            answers.append(passes)
            k += 1
            return k
        answers.append(passes)
        return k

    while k < len(play):
        e = play[k]
        if e["type"] == "hua":
            answers.append(passes)
            k += 1
        elif e["type"] == "tsumo":
            seat = e["actor"]
            nxt = play[k + 1]
            k += 2
            if nxt["type"] == "dahai":
                answers.append(answer(seat, "PLAY " + judge_tile(nxt["pai"])))
                if discard(seat, nxt["pai"]) is None:
                    break
            elif nxt["type"] == "ankan":
                answers.append(answer(seat, "GANG " + judge_tile(nxt["consumed"][0])))
                answers.append(passes)
            elif nxt["type"] == "kakan":
                answers.append(answer(seat, "BUGANG " + judge_tile(nxt["pai"])))
                robbed = play[k] if k < len(play) else None
                if robbed and robbed["type"] == "hora":
                    answers.append(answer(robbed["actor"], "HU"))
                    break
                answers.append(passes)
            elif nxt["type"] == "hora":
                answers.append(answer(seat, "HU"))
                break
            else:
                raise Unmappable("a draw followed by " + nxt["type"])
        elif e["type"] in ("ryukyoku", "end_kyoku", "end_game"):
            break
        else:
            raise Unmappable("unexpected " + e["type"])
    result = next((e for e in events if e["type"] in ("hora", "ryukyoku")), None)
    init = {"srand": 1, "quan": quan, "walltiles": " ".join(walls)}
    return init, answers, result


def run_judge(judge, init, answers):
    log = []
    for a in answers:
        log += [{}, a]
    done = subprocess.run([judge], input=json.dumps({"log": log, "initdata": init}), capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise RuntimeError("the judge failed: " + done.stderr[-400:])
    return json.loads(done.stdout)


def refused(judge, init, answers):
    """Why the judge refused an answer, when its own walls are the reason: a chow or pung of a
    discard when the wall of the player after the discarder is empty, or a kong when the
    player's own wall or the next player's is (its rules for the end of the walls)."""
    low, high = 1, len(answers)
    # The first prefix of answers the judge refuses (every shorter one is a request).
    while low < high:
        mid = (low + high) // 2
        if run_judge(judge, init, answers[:mid]).get("display", {}).get("action") in ("WA", "WH"):
            high = mid
        else:
            low = mid + 1
    request = run_judge(judge, init, answers[: low - 1])["display"]
    said = [a["response"].split(" ")[0] for a in answers[low - 1].values() if a["response"] != "PASS"]
    walls = request.get("tileCnt", [1, 1, 1, 1])
    player = request.get("player", 0)
    if request.get("action") in ("PLAY", "PENG", "CHI") and {"CHI", "PENG"} & set(said):
        if walls[(player + 1) % 4] == 0:
            return "the judge refuses a call: the next player's own wall empty"
    if {"GANG", "BUGANG"} & set(said) and (walls[player] == 0 or walls[(player + 1) % 4] == 0):
        return "the judge refuses a kong: the player's or the next player's own wall empty"
    return None


def compare(result, verdict):
    """None if the judge and hupai agree, else the difference."""
    display = verdict.get("display", {})
    if verdict.get("command") != "finish":
        return "the judge goes on (%s) where hupai's hand ended" % display.get("action")
    action = display.get("action")
    if result["type"] == "ryukyoku":
        return None if action == "HUANG" else "hupai: exhaustive draw; the judge: %s" % action
    if action != "HU":
        return "hupai: seat %d wins; the judge: %s by seat %s" % (result["actor"], action, display.get("player"))
    if display.get("player") != result["actor"]:
        return "winner: hupai seat %d, the judge seat %s" % (result["actor"], display.get("player"))
    if display.get("score") != result["deltas"]:
        fans = ", ".join("%s×%d" % (f["name"], f["cnt"]) for f in display.get("fan", []))
        return "scores: hupai %s, the judge %s (%s)" % (result["deltas"], display.get("score"), fans)
    return None


Z = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}


def kong_player(game, seat, legal, advice):
    """Wins whenever it can, kongs whenever it may, pungs every discard it can, and otherwise
    discards the first tile of hupai's discard advice: a player that shows the judge kongs."""
    for kinds in (("hora",), ("ankan", "kakan", "daiminkan"), ("pon",)):
        for a in legal:
            if a["type"] in kinds:
                return a
    discards = [a for a in legal if a["type"] == "dahai"]
    if not discards:
        return next((a for a in legal if a["type"] == "none"), legal[0])
    hand = game.view(seat)["hand"]
    text = "".join(Z.get(t, t) for t in sorted(hand, key=lambda t: (Z.get(t, t)[1], Z.get(t, t)[0])))
    for option in advice(text, "gb"):
        pai = next((k for k, v in Z.items() if v == option["discard"]), option["discard"])
        for a in discards:
            if a["pai"] == pai:
                return a
    return discards[0]


def hands(args, work, quan, n):
    """The hands of one prevailing wind: `hupai play`'s two policies, and with the Python
    package installed a player that kongs."""
    rules = json.dumps({"preset": "gb-botzone", "start_wind": quan})
    for policy in ("efficiency", "random"):
        out = work / ("%d-%s" % (quan, policy))
        seed = args.seed + quan * 1000003 + (7 if policy == "random" else 0)
        subprocess.run([args.hupai, "play", "--rules", rules, "--policy", policy, "--games", str(n),
                        "--seed", str(seed), "--out", str(out)], check=True, capture_output=True)
        for name in sorted(os.listdir(out)):
            yield policy, name, [json.loads(line) for line in (out / name).read_text().splitlines()]
    try:
        from hupai import discard_advice
        from hupai.game import Game
    except ImportError:
        return
    for k in range(n):
        seed = args.seed + quan * 1000003 + 13 + k
        game = Game(json.loads(rules), seed)
        while not game.done:
            seat = game.seat
            game.step(seat, kong_player(game, seat, game.legal_actions(seat), discard_advice))
        yield "kongs", "game-%d" % seed, game.events()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--judge-src", help="a checkout of ailab-pku/Chinese-Standard-Mahjong (built with g++)")
    parser.add_argument("--judge", help="a judge binary already built")
    parser.add_argument("--hupai", default="hupai", help="the hupai binary")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    work = pathlib.Path(tempfile.mkdtemp(prefix="hupai-judge-"))
    judge = args.judge or build_judge(args.judge_src, work / "judge")
    counts = collections.Counter()
    # What the hands that agree exercised.
    covered = collections.Counter()
    differences = []
    # Every prevailing wind, with the seeded random player, the one that wins whenever it can,
    # and (through the Python package, when installed) one that kongs.
    per_run = max(1, args.hands // 12)
    for quan in range(4):
        for policy, name, events in hands(args, work, quan, per_run):
            out = pathlib.Path("%d-%s" % (quan, policy))
            try:
                init, answers, result = lay_out(events)
            except Unmappable as e:
                counts["not laid out: " + str(e)] += 1
                continue
            verdict = run_judge(judge, init, answers)
            difference = compare(result, verdict)
            kind = "win" if result["type"] == "hora" else "draw"
            judge_fans = {f["name"] for f in verdict.get("display", {}).get("fan", [])}
            judge_refused = verdict.get("display", {}).get("action") == "WA"
            older_calculator = False
            if result["type"] == "hora" and verdict.get("display", {}).get("action") == "HU":
                won = result["deltas"][result["actor"]]
                fan = won // 3 - 8 if result["actor"] == result["target"] else won - 24
                # The judge's copy of the fan calculator (its CHANGELOG ends in 2018) gives no
                # wait fan (边张, 嵌张, 单钓将) beside a knitted straight; the newer one
                # (PyMahjongGB 1.4.0), and hupai, do when the winning tile also closes a chow.
                older_calculator = "组合龙" in judge_fans and fan == verdict["display"].get("fanCnt", 0) + 1
            if difference is None:
                counts["same " + kind] += 1
                covered["by the " + policy + " player"] += 1
                if result["type"] == "hora":
                    covered["self-drawn"] += result["actor"] == result["target"]
                    covered["a kong in the hand"] += any(e["type"] in KONGS for e in events)
                    for fan in judge_fans & COVERED_FANS:
                        covered[fan] += 1
            elif older_calculator:
                counts["the judge's older calculator: no wait fan beside 组合龙"] += 1
                differences.append("%s/%s (explained): %s" % (out.name, name, difference))
            elif judge_refused and (why := refused(judge, init, answers)):
                # Not expected: the preset's legal actions leave out what the judge refuses.
                counts["different: " + why] += 1
                differences.append("%s/%s: %s (%s)" % (out.name, name, difference, why))
            else:
                counts["different"] += 1
                differences.append("%s/%s: %s" % (out.name, name, difference))
    summary = {"hands": sum(counts.values()), **dict(sorted(counts.items()))}
    print(json.dumps(summary, ensure_ascii=False))
    print(json.dumps({"same hands with": dict(sorted(covered.items()))}, ensure_ascii=False))
    if args.verbose:
        for d in differences:
            print(d)
    return 1 if any(k.startswith("different") for k in counts) else 0


if __name__ == "__main__":
    sys.exit(main())
