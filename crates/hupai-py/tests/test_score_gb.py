"""`hupai score --rules gb` against PyMahjongGB's MahjongFanCalculator (ChineseOfficialMahjongHelper's
fan calculator, the reference GB servers and the Botzone / IJCAI competitions score with).

Generated winning hands cover every one of the 81 fans, every form (sets and a pair, seven pairs,
seven shifted pairs, thirteen orphans, 全不靠, 七星不靠, 组合龙 concealed and with a declared set, nine
gates), declared melds and concealed kongs, flowers and every situation flag. Each situation is fed
to the CLI as one JSON line and to the peer; the totals and the fans (by number and count) must agree,
except for the documented differences below, each recognised by its own condition (never by the
answers), and each counted.

With the default options hupai reads every point as the reference does, so it must agree with the
peer on every situation. Each situation is also scored with `"options": {"waits": "live"}`, the
reading that departs from the reference; those answers may differ only as documented here:

* `exhausted_wait`: 边张 / 嵌张 / 单钓将 need the hand to have waited on the winning tile alone.
  Read live, a kind the hand holds all four of is no wait (it cannot be drawn); the reference
  counts it, so a hand like 1111m + 23m (waiting on 4m alone, since 1m is exhausted) gets the
  wait fan live and not from the reference. Recognised when the reference's waits (basic form
  and seven pairs of the thirteen tiles before the win) include a kind the hand holds four of.
* `knitted_rest_wait`: the same for a concealed 组合龙, whose wait the reference reads from the five
  tiles beside the knitted straight. Recognised as a concealed knitted straight hand. (Not seen in
  300,000 generated situations: it needs those five tiles to wait on a kind held four times.)

Sizes: `HUPAI_GB_CASES` (default 100,000; 1,000,000 with `HUPAI_FULL=1`).
"""

import json
import os
import random
import subprocess

import pytest

from conftest import run_cli

try:
    from MahjongGB import MahjongFanCalculator, RegularShanten
except ImportError:  # pragma: no cover - depends on the venv
    MahjongFanCalculator = None

FULL = os.environ.get("HUPAI_FULL") == "1"
CASES = int(os.environ.get("HUPAI_GB_CASES", 1_000_000 if FULL else 100_000))

# Fan numbers by the reference's Chinese names (the official list's order; 82 is the reference's 明暗杠).
NAMES = (
    "大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺 清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会 "
    "一色四同顺 一色四节高 一色四步高 三杠 混幺九 七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 全大 全中 全小 "
    "清龙 三色双龙会 一色三步高 全带五 三同刻 三暗刻 全不靠 组合龙 大于五 小于五 三风刻 花龙 推不倒 三色三同顺 "
    "三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和 碰碰和 混一色 三色三步高 五门齐 全求人 双暗杠 双箭刻 全带幺 "
    "不求人 双明杠 和绝张 箭刻 圈风刻 门风刻 门前清 平和 四归一 双同刻 双暗刻 暗杠 断幺 一般高 喜相逢 连六 老少副 "
    "幺九刻 明杠 缺一门 无字 边张 嵌张 单钓将 自摸 花牌 明暗杠"
).split()
FAN_ID = {name: i + 1 for i, name in enumerate(NAMES)}
# PyMahjongGB's build prints the wait fans as 独听・边张 / 独听・嵌张 / 独听・单钓 ("unique wait: …").
FAN_ID.update({"独听・边张": 77, "独听・嵌张": 78, "独听・单钓": 79})
WAIT_FANS = {77, 78, 79}

# Kinds 0-33 in hupai's order (1m-9m, 1p-9p, 1s-9s, 1z-7z) and their PyMahjongGB names.
SUITS = "mps"
PEER_NAME = [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)] + [f"T{r}" for r in range(1, 10)]
PEER_NAME += ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]  # 5z white = J3, 6z green = J2, 7z red = J1


def tile_text(k):
    return f"{k % 9 + 1}{SUITS[k // 9]}" if k < 27 else f"{k - 26}z"


def numbered(k):
    return k < 27


# ---------------------------------------------------------------------------------------------
# Generation
# ---------------------------------------------------------------------------------------------

GREEN = [19, 20, 21, 23, 25, 32]
REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]
TERMINALS_HONORS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


def kinds_with(ranks=None, suits=(0, 1, 2), honors=()):
    out = [9 * s + r - 1 for s in suits for r in (ranks or range(1, 10))]
    return out + list(honors)


THEMES = [
    ("any", list(range(34))),
    ("one suit", None),  # picked per hand
    ("one suit and honors", None),
    ("honors", list(range(27, 34))),
    ("winds and a suit", None),
    ("dragons and a suit", None),
    ("terminals", [0, 8, 9, 17, 18, 26]),
    ("terminals and honors", TERMINALS_HONORS),
    ("simples", kinds_with(range(2, 9))),
    ("green", GREEN),
    ("reversible", REVERSIBLE),
    ("lower", kinds_with(range(1, 5))),
    ("lower tiles", kinds_with(range(1, 4))),
    ("upper", kinds_with(range(6, 10))),
    ("upper tiles", kinds_with(range(7, 10))),
    ("middle", kinds_with(range(4, 7))),
    ("even", kinds_with((2, 4, 6, 8))),
    ("fives", kinds_with(range(3, 8))),
    ("two suits", None),
    ("dense", None),  # four or five neighbouring ranks of one suit: many readings to choose from
]


def theme_kinds(rng):
    name, kinds = rng.choice(THEMES)
    suit = rng.randrange(3)
    if name == "one suit":
        kinds = kinds_with(suits=(suit,))
    elif name == "one suit and honors":
        kinds = kinds_with(suits=(suit,), honors=range(27, 34))
    elif name == "winds and a suit":
        kinds = kinds_with(suits=(suit,), honors=range(27, 31))
    elif name == "dragons and a suit":
        kinds = kinds_with(suits=(suit,), honors=range(31, 34))
    elif name == "two suits":
        kinds = kinds_with(suits=tuple(s for s in range(3) if s != suit))
    elif name == "dense":
        low = rng.randrange(1, 6)
        kinds = kinds_with(range(low, low + rng.choice((4, 5))), suits=(suit,))
    return kinds


def pattern_sets(rng):
    """Three or four sets that make one of the set fans (shifted, straight, triple, double, ...)."""
    s, t, u = rng.sample(range(3), 3)
    r = rng.randrange(1, 8)
    kind = rng.randrange(14)
    chow = lambda suit, rank: ("chow", 9 * suit + rank - 1)  # noqa: E731
    pung = lambda k: ("pung", k)  # noqa: E731
    if kind == 0:  # pure straight / 一色三步高 / 四步高
        step = rng.choice((1, 2, 3))
        n = rng.choice((3, 4))
        start = rng.randrange(1, 8 - step * (n - 1) + 1) if 8 - step * (n - 1) >= 1 else 1
        return [chow(s, start + step * i) for i in range(n) if start + step * i <= 7]
    if kind == 1:  # mixed straight / mixed shifted / mixed triple chows
        return rng.choice(
            ([chow(s, 1), chow(t, 4), chow(u, 7)], [chow(s, r), chow(t, min(r + 1, 7)), chow(u, min(r + 2, 7))],
             [chow(s, r), chow(t, r), chow(u, r)])
        )
    if kind == 2:  # pure triple / quadruple chow
        return [chow(s, r)] * rng.choice((2, 3, 4))
    if kind == 3:  # shifted pungs
        start = rng.randrange(1, 7)
        return [pung(9 * s + start - 1 + i) for i in range(rng.choice((3, 4))) if start + i <= 9]
    if kind == 4:  # mixed shifted pungs / triple pung
        return rng.choice(
            ([pung(9 * s + r - 1), pung(9 * t + r), pung(9 * u + r + 1)], [pung(9 * s + r), pung(9 * t + r), pung(9 * u + r)])
        )
    if kind == 5:  # winds
        return [pung(k) for k in rng.sample(range(27, 31), rng.choice((3, 4)))]
    if kind == 6:  # dragons
        return [pung(k) for k in rng.sample(range(31, 34), rng.choice((2, 3)))]
    if kind == 7:  # two terminal chows (and 双龙会 with a 5 pair)
        return [chow(s, 1), chow(s, 7), chow(rng.choice((s, t)), 1), chow(rng.choice((s, t)), 7)]
    if kind == 8:  # short straights and mixed double chows
        return [chow(s, r), chow(s, min(r + 3, 7)), chow(t, r), chow(t, min(r + 3, 7))]
    if kind == 9:  # double pungs
        return [pung(9 * s + r), pung(9 * t + r)]
    if kind == 10:  # 234s 223344567p and friends
        return [chow(s, r), chow(t, r), chow(t, r), chow(t, min(r + 3, 7))]
    if kind == 11:  # three-suited terminal chows
        return [chow(t, 1), chow(t, 7), chow(u, 1), chow(u, 7)]
    if kind == 12:  # pure shifted chows by one with a pung
        return [chow(s, r), chow(s, min(r + 1, 7)), chow(s, min(r + 2, 7))]
    return [chow(s, r), chow(s, r)]


def random_set(rng, kinds):
    k = rng.choice(kinds)
    if numbered(k) and k % 9 <= 6 and rng.random() < 0.55:
        if all(k + i in kinds for i in range(3)) or rng.random() < 0.2:
            return ("chow", k)
    return ("pung", k)


def set_tiles(s):
    shape, k = s
    return [k, k + 1, k + 2] if shape == "chow" else [k] * 3


def standard_hand(rng):
    """Four sets and a pair as (sets, pair), within four copies."""
    for _ in range(100):
        kinds = theme_kinds(rng)
        sets = pattern_sets(rng)[:4] if rng.random() < 0.35 else []
        while len(sets) < 4:
            sets.append(random_set(rng, kinds))
        rng.shuffle(sets)
        if rng.random() < 0.15:
            pair = rng.choice((4, 13, 22))  # a 5 pair for 双龙会 / 全带五
        else:
            pair = rng.choice(kinds)
        counts = [0] * 34
        for s in sets:
            for k in set_tiles(s):
                counts[k] += 1
        counts[pair] += 2
        if max(counts) <= 4:
            return sets, pair
    return [("chow", 0), ("chow", 12), ("pung", 27), ("pung", 31)], 22


def nine_gates(rng):
    s = rng.randrange(3)
    counts = [0] * 34
    for r, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
        counts[9 * s + r] = n
    counts[9 * s + rng.randrange(9)] += 1
    return counts


def seven_pairs(rng):
    if rng.random() < 0.15:  # seven shifted pairs
        s, r = rng.randrange(3), rng.randrange(3)
        counts = [0] * 34
        for i in range(7):
            counts[9 * s + r + i] = 2
        return counts
    while True:
        kinds = theme_kinds(rng)
        counts = [0] * 34
        for _ in range(7):
            counts[rng.choice(kinds)] += 2
        if max(counts) <= 4:
            return counts


def thirteen_orphans(rng):
    counts = [0] * 34
    for k in TERMINALS_HONORS:
        counts[k] = 1
    counts[rng.choice(TERMINALS_HONORS)] += 1
    return counts


ORDERS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


def knitted_kinds(order):
    return [9 * s + order[s] + 3 * j for s in range(3) for j in range(3)]


def honors_and_knitted(rng):
    knitted = knitted_kinds(rng.choice(ORDERS))
    numbered_count = rng.choice((7, 8, 9))
    chosen = rng.sample(knitted, numbered_count) + rng.sample(range(27, 34), 14 - numbered_count)
    counts = [0] * 34
    for k in chosen:
        counts[k] = 1
    return counts


def knitted_straight(rng):
    """(counts of the concealed part, declared set or None)."""
    while True:
        counts = [0] * 34
        for k in knitted_kinds(rng.choice(ORDERS)):
            counts[k] += 1
        kinds = list(range(34))
        s = random_set(rng, kinds)
        pair = rng.choice(kinds)
        counts[pair] += 2
        declared = None
        if rng.random() < 0.4:
            declared = s
            tiles = set_tiles(s)
            if max(counts[k] + tiles.count(k) for k in tiles) > 4:
                continue
        else:
            for k in set_tiles(s):
                counts[k] += 1
        if max(counts) <= 4:
            return counts, declared


def meld_text(shape, k, how):
    if how == "closed":
        return "(" + str(k % 9 + 1 if numbered(k) else k - 26) * 4 + ("mps"[k // 9] if numbered(k) else "z") + ")"
    tiles = set_tiles((shape, k)) if shape != "kong" else [k] * 4
    digits = "".join(str(t % 9 + 1 if numbered(t) else t - 26) for t in tiles)
    return "[" + digits + ("mps"[k // 9] if numbered(k) else "z") + "]"


def counts_text(counts):
    text = ""
    for s, suit in enumerate("mpsz"):
        ranks = 9 if suit != "z" else 7
        digits = "".join(str(r + 1) * counts[9 * s + r] for r in range(ranks))
        if digits:
            text += digits + suit
    return text


def situation(rng):
    """One generated situation: (JSON object for hupai, peer arguments, facts for the checks)."""
    form = rng.choices(
        ["standard", "nine gates", "seven pairs", "thirteen orphans", "honors and knitted", "knitted straight"],
        weights=[80, 2, 8, 2, 4, 4],
    )[0]
    melds = []  # (shape, kind, how) with how in open/closed
    if form == "standard":
        sets, pair = standard_hand(rng)
        counts = [0] * 34
        counts[pair] += 2
        n_declared = rng.choices([0, 1, 2, 3, 4], weights=[40, 20, 15, 12, 13])[0]
        for i, s in enumerate(sets):
            if i < n_declared:
                shape, k = s
                if shape == "pung" and rng.random() < 0.35:
                    how = "closed" if rng.random() < 0.5 else "open"
                    melds.append(("kong", k, how))
                else:
                    melds.append((shape, k, "open"))
            else:
                for k in set_tiles(s):
                    counts[k] += 1
        # Concealed kongs sometimes among undeclared sets too.
    elif form == "nine gates":
        counts = nine_gates(rng)
    elif form == "seven pairs":
        counts = seven_pairs(rng)
    elif form == "thirteen orphans":
        counts = thirteen_orphans(rng)
    elif form == "honors and knitted":
        counts = honors_and_knitted(rng)
    else:
        counts, declared = knitted_straight(rng)
        if declared is not None:
            shape, k = declared
            if shape == "pung" and rng.random() < 0.3:
                melds.append(("kong", k, "closed" if rng.random() < 0.5 else "open"))
            else:
                melds.append((shape, k, "open"))
    held = list(counts)
    for shape, k, _ in melds:
        for t in ([k] * 4 if shape == "kong" else set_tiles((shape, k))):
            held[t] += 1
    if max(held) > 4:
        return None
    win = rng.choice([k for k in range(34) for _ in range(counts[k])])
    tsumo = rng.random() < 0.5
    has_kong = any(shape == "kong" for shape, _, _ in melds)
    in_melds = held[win] - counts[win]
    facts = {"form": form}
    obj = {
        "hand": counts_text(counts) + "".join(meld_text(*m) for m in melds),
        "win": tile_text(win),
        "tsumo": tsumo,
        "seat": f"{rng.randrange(1, 5)}z",
        "round": f"{rng.randrange(1, 5)}z",
        "flowers": rng.choice((0, 0, 0, 1, 2, 3, 8)),
    }
    lone = counts[win] == 1
    if lone and rng.random() < 0.15:
        obj["last_copy"] = True
    if tsumo:
        if has_kong and rng.random() < 0.3:
            obj["rinshan"] = True
        if rng.random() < 0.1:
            obj["haitei"] = True
    else:
        if lone and in_melds == 0 and rng.random() < 0.12:
            obj["chankan"] = True
        if rng.random() < 0.1:
            obj["houtei"] = True
    # The peer's call.
    hand = [k for k in range(34) for _ in range(counts[k])]
    hand.remove(win)
    packs = []
    for shape, k, how in melds:
        if shape == "chow":
            packs.append(("CHI", PEER_NAME[k + 1], rng.randrange(1, 4)))
        elif shape == "pung":
            packs.append(("PENG", PEER_NAME[k], rng.randrange(1, 4)))
        else:
            packs.append(("GANG", PEER_NAME[k], 0 if how == "closed" else rng.randrange(1, 4)))
    peer = dict(
        pack=tuple(packs),
        hand=tuple(PEER_NAME[k] for k in hand),
        winTile=PEER_NAME[win],
        flowerCount=obj["flowers"],
        isSelfDrawn=tsumo,
        is4thTile=bool(obj.get("last_copy")),
        isAboutKong=bool(obj.get("rinshan") or obj.get("chankan")),
        isWallLast=bool(obj.get("haitei") or obj.get("houtei")),
        seatWind=int(obj["seat"][0]) - 1,
        prevalentWind=int(obj["round"][0]) - 1,
        verbose=True,
    )
    facts.update(counts=counts, held=held, win=win, melds=melds)
    features = {k for k in ("tsumo", "rinshan", "chankan", "haitei", "houtei", "last_copy") if obj.get(k)}
    features |= {f"{shape} {how}" for shape, _, how in melds}
    if obj["flowers"]:
        features.add("flowers")
    if in_melds == 3:
        features.add("last copy from the melds")
    if form == "knitted straight" and melds:
        features.add("knitted straight with a declared set")
    facts["features"] = features
    return obj, peer, facts


# ---------------------------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------------------------


def peer_fans(peer):
    fans = {}
    for value, count, name, _en in MahjongFanCalculator(**peer):
        fans[FAN_ID[name]] = count
    return fans


def hupai_fans(answer):
    return {f["id"]: f["count"] for f in answer["fans"]}


def peer_waits(peer):
    """The reference's waits before the win: basic form and (concealed) seven pairs of the
    thirteen standing tiles, never minding how many copies the hand holds."""
    shanten, useful = RegularShanten(hand=peer["hand"])
    waits = set(useful) if shanten == 0 else set()
    if not peer["pack"]:
        counts = {}
        for t in peer["hand"]:
            counts[t] = counts.get(t, 0) + 1
        odd = [t for t, n in counts.items() if n % 2]
        if len(odd) == 1 and sum(n // 2 for n in counts.values()) == 6:
            waits.add(odd[0])
    return waits


def documented_condition(facts, peer):
    """The documented difference a situation falls under, judged from the situation alone."""
    waits = peer_waits(peer)
    if any(facts["held"][PEER_NAME.index(t)] >= 4 for t in waits):
        return "exhausted_wait"
    if facts["form"] == "knitted straight" and not facts["melds"]:
        return "knitted_rest_wait"
    return None


CHUNK = 25_000


def compare(cases, binary, seed=20261125):
    """Scores `cases` generated situations with hupai (default options, and `"waits": "live"`)
    and with the peer, in chunks of CHUNK (one CLI run each, so memory stays bounded). Returns
    (documented difference counts of the live reading, unexplained disagreements, fans seen,
    situations per form and feature)."""
    rng = random.Random(seed)
    documented, unexplained, seen_fans, forms = {}, [], set(), {}
    done = 0
    while done < cases:
        generated = []
        while len(generated) < min(CHUNK, cases - done):
            s = situation(rng)
            if s is not None:
                generated.append(s)
        done += len(generated)
        compare_chunk(generated, binary, documented, unexplained, seen_fans, forms)
    return documented, unexplained, seen_fans, forms


def compare_chunk(generated, binary, documented, unexplained, seen_fans, forms):
    lines = []
    for obj, _, _ in generated:
        lines.append(json.dumps(obj, ensure_ascii=False))
        lines.append(json.dumps({**obj, "options": {"waits": "live"}}, ensure_ascii=False))
    out = run_cli(binary, ["score", "--rules", "gb"], "\n".join(lines) + "\n").splitlines()
    assert len(out) == len(lines)
    for _, _, facts in generated:
        for f in facts["features"]:
            forms[f] = forms.get(f, 0) + 1
    for i, (obj, peer, facts) in enumerate(generated):
        default, live = json.loads(out[2 * i]), json.loads(out[2 * i + 1])
        forms[facts["form"]] = forms.get(facts["form"], 0) + 1
        assert "error" not in default, f"{obj}: {default['error']}"
        mine, mine_live, theirs = hupai_fans(default), hupai_fans(live), peer_fans(peer)
        seen_fans.update(mine)
        assert default["fan"] == sum(f["fan"] * f["count"] for f in default["fans"]), obj
        assert default["enough"] == (default["fan"] - obj["flowers"] >= 8), obj
        # The default reads everything as the reference does: it must agree on every situation.
        if mine != theirs:
            unexplained.append((obj, mine, theirs))
            continue
        if mine_live == theirs:
            continue
        why = documented_condition(facts, peer)
        if why:
            documented[why] = documented.get(why, 0) + 1
        else:
            unexplained.append(({**obj, "options": {"waits": "live"}}, mine_live, theirs))


@pytest.mark.skipif(MahjongFanCalculator is None and not os.environ.get("CI"), reason="PyMahjongGB is not installed")
def test_score_gb_matches_the_reference(hupai_bin):
    assert MahjongFanCalculator is not None, "PyMahjongGB must be installed in CI"
    documented, unexplained, seen, forms = compare(CASES, hupai_bin)
    print(f"\n{CASES} situations; forms {forms}; documented differences {documented}")
    assert not unexplained, f"{len(unexplained)} unexplained disagreements, first: {unexplained[:5]}"
    # The live reading departs only as documented, and does depart (about 1 situation in 400).
    assert set(documented) <= {"exhausted_wait", "knitted_rest_wait"}
    if CASES >= 10_000:
        assert documented.get("exhausted_wait", 0) > 0, documented
    missing = set(range(1, 82)) - seen
    assert not missing, f"fans never scored: {sorted(NAMES[i - 1] for i in missing)}"
    # Every form, meld kind and flag occurs.
    expected = {"standard", "nine gates", "seven pairs", "thirteen orphans", "honors and knitted", "knitted straight"}
    expected |= {"tsumo", "rinshan", "chankan", "haitei", "houtei", "last_copy", "flowers", "last copy from the melds"}
    expected |= {"chow open", "pung open", "kong open", "kong closed", "knitted straight with a declared set"}
    assert expected <= set(forms), f"never generated: {expected - set(forms)}"


if __name__ == "__main__":  # pragma: no cover - a manual run prints the disagreements
    import sys

    binary = os.environ.get("HUPAI_BIN", "target/debug/hupai")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    documented, unexplained, seen, forms = compare(n, binary)
    print("forms", forms)
    print("documented", documented)
    print("unexplained", len(unexplained))
    for u in unexplained[:30]:
        print(json.dumps(u[0], ensure_ascii=False))
        print("   hupai", [(NAMES[i - 1], c) for i, c in sorted(u[1].items())])
        print("   peer ", [(NAMES[i - 1], c) for i, c in sorted(u[2].items())])
    print("never scored", sorted(NAMES[i - 1] for i in set(range(1, 82)) - seen))
