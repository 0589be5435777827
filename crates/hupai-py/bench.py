"""Times hupai's Python API against the Python `mahjong` package and `xiangting`, on the same hands.

Not a test: run it by hand after `pip install ./crates/hupai-py numpy mahjong [xiangting]`:

    python crates/hupai-py/bench.py [--hands 20000] [--rows 2000000] [--games 4096] [--game-only]

Rows timed: `hupai.is_win` per call (string in, bool out), `hupai.is_win_counts` per hand (one
numpy batch on every core), `mahjong`'s `Agari.is_agari` per call (34-count list in), and
`xiangting.calculate_replacement_number` per call where the wheel installs (it answers shanten,
a different and harder question, so it is a reference point, not a like-for-like peer). Scoring:
`hupai.score` per call against `mahjong`'s `HandCalculator`, riichienv's `HandEvaluator` (riichi)
and PyMahjongGB's `MahjongFanCalculator` (GB) on the same situations, and `hupai.score_batch`
(objects, and numpy columns) against a loop of `hupai.score` calls, both in wall time. Every
answer is checked against hupai before timing: a fast wrong answer fails the run.

Games (`hupai.game`): decisions per second of `VecGame` (masks only, then with the feature planes;
four-player riichi, GB and Hongzhong), of `Game.step` one call at a time, and of riichienv's
`RiichiEnv` (a four-player hanchan), every one played by a uniform random legal policy drawn in numpy
(for VecGame from its `legal`/`n_legal` arrays, the same ids as its mask), in wall time and per CPU
second. A step of VecGame is one decision of each of its games; a step of RiichiEnv takes the
decisions of every seat it asks at once, so it is counted in decisions. `Game.step`'s own cost is
the same recorded decisions played one call at a time against `Game.play`, which plays them in one
call (the engine's lookup and apply, no Python per decision).
"""

import argparse
import os
import platform
import random
import time

import numpy

import hupai

# Both peers count seven pairs and thirteen orphans as wins: hupai answers under the same rules.
RULES = "riichi"


def notation(counts):
    text = ""
    for s, suit in enumerate("mpsz"):
        digits = "".join(str(r + 1) * counts[9 * s + r] for r in range(9 if suit != "z" else 7))
        if digits:
            text += digits + suit
    return text


def deals(n, seed, sizes=None):
    """Half random 14-tile deals, half random winning hands (no wildcards: the peers have none);
    with `sizes`, random deals only, of those sizes in turn."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    while len(out) < n:
        counts = [0] * 34
        if sizes:
            rng.shuffle(wall)
            for t in wall[: sizes[len(out) % len(sizes)]]:
                counts[t] += 1
        elif len(out) % 2:
            rng.shuffle(wall)
            for t in wall[:14]:
                counts[t] += 1
        else:
            counts[rng.randrange(34)] += 2
            for _ in range(4):
                if rng.random() < 0.5:
                    counts[rng.randrange(34)] += 3
                else:
                    s, r = rng.randrange(3), rng.randrange(7)
                    for k in range(3):
                        counts[9 * s + r + k] += 1
            if max(counts) > 4:
                continue
        out.append(counts)
    return out


def best_of(repeats, fn, clock=time.thread_time):
    """Best seconds of `repeats` runs (the least disturbed by other load). Per-call rows use this
    thread's CPU time, as the Rust benches do, so time other processes take from the core is not
    charged to the calls; the numpy batch, which runs on every core, uses the wall clock."""
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        fn()
        best = min(best, clock() - start)
    return best


def in_turns(repeats, fns, clock=time.thread_time):
    """Best seconds of each of `fns` over `repeats` rounds, the functions taking turns within a
    round, so that the ratios between them come from the same machine state (another process's
    burst of load falls on both)."""
    best = [float("inf")] * len(fns)
    for _ in range(repeats):
        for i, fn in enumerate(fns):
            start = clock()
            fn()
            best[i] = min(best[i], clock() - start)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands timed per call")
    parser.add_argument("--rows", type=int, default=2_000_000, help="rows of the numpy batch")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", type=int, default=4096, help="games stepped at once by VecGame")
    parser.add_argument("--seconds", type=float, default=5.0, help="time each game row runs")
    parser.add_argument("--game-only", action="store_true", help="time the games only")
    args = parser.parse_args()
    if args.game_only:
        game_bench(args)
        return

    hands = deals(args.hands, 1)
    texts = [notation(c) for c in hands]
    want = [hupai.is_win(t, RULES) for t in texts]
    rows = []

    def row(name, seconds, n, note=""):
        rows.append((name, seconds / n * 1e9, n / seconds, note))

    seconds = best_of(args.repeats, lambda: [hupai.is_win(t, RULES) for t in texts])
    row("hupai.is_win (per call, string)", seconds, len(texts))

    counts = numpy.array(deals(args.rows, 2), numpy.uint8)
    wild = numpy.zeros(len(counts), numpy.uint8)
    small = numpy.array(hands, numpy.uint8)
    assert hupai.is_win_counts(small, None, RULES).tolist() == want
    seconds = best_of(args.repeats, lambda: hupai.is_win_counts(counts, wild, RULES), clock=time.perf_counter)
    row(f"hupai.is_win_counts ({len(counts)} rows, {os.cpu_count()} cores)", seconds, len(counts))

    # Shanten: per call against xiangting, and the numpy batches (every core, wall time).
    seconds = best_of(args.repeats, lambda: [hupai.shanten(t, RULES) for t in texts])
    row("hupai.shanten (per call, string)", seconds, len(texts))
    shanten_rows = numpy.array(deals(args.rows, 3, sizes=(13, 14)), numpy.uint8)
    sample = shanten_rows[:2000]
    assert hupai.shanten_counts(sample, None, RULES).tolist() == [hupai.shanten(notation(c), RULES) for c in sample.tolist()]
    seconds = best_of(args.repeats, lambda: hupai.shanten_counts(shanten_rows, None, RULES), clock=time.perf_counter)
    row(f"hupai.shanten_counts ({len(shanten_rows)} rows of 13-14 tiles, {os.cpu_count()} cores)", seconds, len(shanten_rows))
    short_rows = numpy.array(deals(args.rows // 4, 4, sizes=(13,)), numpy.uint8)
    seconds = best_of(args.repeats, lambda: hupai.effective_counts(short_rows, None, RULES), clock=time.perf_counter)
    row(f"hupai.effective_counts ({len(short_rows)} rows of 13 tiles, {os.cpu_count()} cores)", seconds, len(short_rows))
    full_rows = numpy.array(deals(args.rows // 20, 5), numpy.uint8)
    seconds = best_of(args.repeats, lambda: hupai.advice_counts(full_rows, None, RULES), clock=time.perf_counter)
    row(f"hupai.advice_counts ({len(full_rows)} rows of 14 tiles, {os.cpu_count()} cores)", seconds, len(full_rows))

    # Scoring, per call: riichi against mahjong's HandCalculator, GB against PyMahjongGB.
    riichi_cases = [("234m456p678s22p567s", "2m", {"tsumo": True, "riichi": True, "dora": ["1m"]}),
                    ("123m456p789s11122z", "9s", {"seat": "2z"}),
                    ("11223344556677p", "7p", {"tsumo": True}),
                    ("123m123p123s789s11z", "3s", {"riichi": True, "dora": ["1p"], "ura": ["9s"]})] * (len(texts) // 40 + 1)
    seconds = best_of(args.repeats, lambda: [hupai.score(h, w, **kw) for h, w, kw in riichi_cases])
    row("hupai.score riichi (per call)", seconds, len(riichi_cases))
    answers = [hupai.score(h, w, **kw) for h, w, kw in riichi_cases[:4]]
    try:
        from mahjong.constants import EAST, NORTH, SOUTH, WEST
        from mahjong.hand_calculating.hand import HandCalculator
        from mahjong.hand_calculating.hand_config import HandConfig
        from mahjong.tile import TilesConverter

        calc = HandCalculator()
        suit_names = {"m": "man", "p": "pin", "s": "sou", "z": "honors"}
        winds = {"1z": EAST, "2z": SOUTH, "3z": WEST, "4z": NORTH}

        def tiles136(text):
            suits = {"m": "", "p": "", "s": "", "z": ""}
            digits = ""
            for ch in text:
                if ch.isdigit():
                    digits += ch
                else:
                    suits[ch] += digits
                    digits = ""
            return TilesConverter.string_to_136_array(**{suit_names[k]: v for k, v in suits.items()})

        def mahjong_score(hand, win, kw):
            # The same situation as hupai.score's: flags, seat wind, dora and ura-dora indicators.
            config = HandConfig(is_tsumo=kw.get("tsumo", False), is_riichi=kw.get("riichi", False),
                                player_wind=winds[kw.get("seat", "1z")], round_wind=winds[kw.get("round", "1z")])
            return calc.estimate_hand_value(tiles136(hand), tiles136(win)[0],
                                            dora_indicators=[tiles136(t)[0] for t in kw.get("dora", [])],
                                            ura_dora_indicators=[tiles136(t)[0] for t in kw.get("ura", [])],
                                            config=config)

        for (hand, win, kw), ours in zip(riichi_cases[:4], answers):
            theirs = mahjong_score(hand, win, kw)
            assert (theirs.han, theirs.fu, theirs.cost["total"]) == (ours["han"], ours["fu"], ours["points"]["total"]), \
                (hand, theirs.han, theirs.fu, theirs.cost, ours)
        seconds = best_of(max(1, args.repeats // 2), lambda: [mahjong_score(h, w, kw) for h, w, kw in riichi_cases])
        row("mahjong HandCalculator.estimate_hand_value (per call)", seconds, len(riichi_cases))
    except ImportError:
        rows.append(("mahjong scoring: not installed", float("nan"), float("nan"), ""))
    try:
        from riichienv import Conditions, HandEvaluator

        # The same situations as riichi_cases, in riichienv's text form (the winning tile last).
        riichienv_cases = [("34m456p678s22p567s2m", "1m", None, {"tsumo": True, "riichi": True}),
                           ("123m456p78s11122z9s", None, None, {"player_wind": 1}),
                           ("1122334455667p7p", None, None, {"tsumo": True}),
                           ("123m123p12s789s11z3s", "1p", "9s", {"riichi": True})] * (len(texts) // 40 + 1)
        for (text, dora, ura, flags), (hand, win, kw) in zip(riichienv_cases[:4], riichi_cases[:4]):
            ours = hupai.score(hand, win, **kw)
            theirs = HandEvaluator.calc_from_text(text, dora, Conditions(**flags), ura)
            assert (theirs.han, theirs.fu) == (ours["han"], ours["fu"]), (text, theirs.han, theirs.fu, ours)
        ours, theirs = in_turns(2 * args.repeats, [
            lambda: [hupai.score(h, w, **kw) for h, w, kw in riichi_cases],
            lambda: [HandEvaluator.calc_from_text(t, d, Conditions(**f), u) for t, d, u, f in riichienv_cases],
        ])
        row("hupai.score riichi (per call, in turns with riichienv)", ours, len(riichi_cases))
        row("riichienv HandEvaluator.calc_from_text (per call)", theirs, len(riichienv_cases))
    except ImportError:
        rows.append(("riichienv: not installed", float("nan"), float("nan"), ""))
    gb_cases = [("123m456p789s22z555z", "3m", {}), ("11223344556677m", "7m", {"tsumo": True})] * (len(texts) // 40 + 1)
    seconds = best_of(args.repeats, lambda: [hupai.score(h, w, rules="gb", **kw) for h, w, kw in gb_cases])
    row("hupai.score gb (per call)", seconds, len(gb_cases))
    try:
        from MahjongGB import MahjongFanCalculator

        # The hands of gb_cases without their winning tile (PyMahjongGB takes it apart).
        gb_args = [((), ("W1", "W2", "B4", "B5", "B6", "T7", "T8", "T9", "F2", "F2", "J3", "J3", "J3"), "W3"),
                   ((), ("W1", "W1", "W2", "W2", "W3", "W3", "W4", "W4", "W5", "W5", "W6", "W6", "W7"), "W7")]
        gb_args = [(p, h, w, i % 2 == 1) for i, (p, h, w) in enumerate(gb_args * (len(texts) // 40 + 1))]
        for (p, h, w, tsumo), (hand, win, kw) in zip(gb_args[:2], gb_cases[:2]):
            fans = MahjongFanCalculator(p, h, w, 0, tsumo, False, False, False, 0, 0)
            assert sum(f[0] for f in fans) == hupai.score(hand, win, rules="gb", **kw).fan, (hand, fans)
        # Called directly, as hupai.score is: no Python function of ours between the loop and the peer,
        # and as many runs as hupai's row (the per-call scoring peers are fast enough for that).
        ours, theirs = in_turns(2 * args.repeats, [
            lambda: [hupai.score(h, w, rules="gb", **kw) for h, w, kw in gb_cases],
            lambda: [MahjongFanCalculator(p, h, w, 0, t, False, False, False, 0, 0) for p, h, w, t in gb_args],
        ])
        row("hupai.score gb (per call, in turns with PyMahjongGB)", ours, len(gb_cases))
        row("PyMahjongGB MahjongFanCalculator (per call)", theirs, len(gb_args))
    except ImportError:
        rows.append(("PyMahjongGB: not installed", float("nan"), float("nan"), ""))

    # The batch against a loop of calls on the same situations (dicts, as a server holds them),
    # both in wall time: the batch is meant to use every core. Like with like: both answer a list
    # of score objects, equal one for one (checked on every situation before timing).
    situations = [dict(hand=h, win=w, **kw) for h, w, kw in riichi_cases]
    assert hupai.score_batch(situations) == [hupai.score(**s) for s in situations]
    loop, batch, columns = in_turns(2 * args.repeats, [
        lambda: [hupai.score(**s) for s in situations],
        lambda: hupai.score_batch(situations),
        lambda: hupai.score_batch(situations, arrays=True),
    ], clock=time.perf_counter)
    row("a loop of hupai.score riichi (wall)", loop, len(situations))
    row(f"hupai.score_batch riichi, objects ({os.cpu_count()} cores, wall)", batch, len(situations))
    row(f"hupai.score_batch riichi, arrays=True ({os.cpu_count()} cores, wall)", columns, len(situations))
    # Where the batch's time goes, in CPU time (which other load on the machine does not inflate):
    # the calling thread (reading the dicts and making the answers, under the GIL) and every thread.
    # On idle cores the batch's wall time is about the larger of the first and the second divided by
    # the cores, so a loaded machine's wall figures can be read against it.
    loop_cpu = best_of(args.repeats, lambda: [hupai.score(**s) for s in situations])
    row("a loop of hupai.score riichi (CPU)", loop_cpu, len(situations))
    for name, kw in [("objects", {}), ("arrays=True", {"arrays": True})]:
        spent = []
        for _ in range(args.repeats):
            thread, process = time.thread_time(), time.process_time()
            hupai.score_batch(situations, **kw)
            spent.append((time.thread_time() - thread, time.process_time() - process))
        thread, process = min(spent, key=lambda t: t[1])
        row(f"hupai.score_batch riichi, {name}: the calling thread's CPU", thread, len(situations))
        row(f"hupai.score_batch riichi, {name}: every thread's CPU", process, len(situations))
        bound = max(thread, process / os.cpu_count())
        row(f"hupai.score_batch riichi, {name}: idle-core bound, max(calling, every / {os.cpu_count()})", bound,
            len(situations))

    try:
        from mahjong.agari import Agari

        agari = Agari()
        assert [agari.is_agari(c) for c in hands] == want, "mahjong disagrees with hupai"
        seconds = best_of(max(1, args.repeats // 2), lambda: [agari.is_agari(c) for c in hands])
        row("mahjong Agari.is_agari (per call)", seconds, len(hands))
    except ImportError:
        rows.append(("mahjong: not installed (pip install mahjong)", float("nan"), float("nan"), ""))

    try:
        import xiangting

        replacement = getattr(xiangting, "calculate_replacement_number")
        got = [replacement(c, xiangting.PlayerCount.FOUR) == 0 for c in hands]
        assert got == want, "xiangting disagrees with hupai"
        seconds = best_of(max(1, args.repeats // 2), lambda: [replacement(c, xiangting.PlayerCount.FOUR) for c in hands])
        row("xiangting.calculate_replacement_number (per call; shanten)", seconds, len(hands))
    except (ImportError, AttributeError, TypeError) as e:
        rows.append((f"xiangting: unavailable ({type(e).__name__}: {e})", float("nan"), float("nan"), ""))

    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"# load average after: {os.getloadavg()}; per-call rows in thread CPU time, the batch in wall time")
    print("| what | ns per hand | hands per second |")
    print("| --- | ---: | ---: |")
    for name, ns, rate, _ in rows:
        print(f"| {name} | {ns:,.0f} | {rate:,.0f} |")
    per_call = {name: ns for name, ns, _, _ in rows}
    ours = per_call["hupai.is_win (per call, string)"]
    peer = per_call.get("mahjong Agari.is_agari (per call)")
    if peer:
        print(f"\nhupai.is_win is {peer / ours:.0f}x faster per call than mahjong's Agari.is_agari")
    for ours_name, peer_name in [("hupai.score riichi (per call)", "mahjong HandCalculator.estimate_hand_value (per call)"),
                                 ("hupai.score riichi (per call, in turns with riichienv)",
                                  "riichienv HandEvaluator.calc_from_text (per call)"),
                                 ("hupai.score gb (per call, in turns with PyMahjongGB)",
                                  "PyMahjongGB MahjongFanCalculator (per call)")]:
        if peer_name in per_call:
            print(f"{ours_name}: {per_call[peer_name] / per_call[ours_name]:.2f}x faster than {peer_name} "
                  f"({per_call[ours_name] / per_call[peer_name]:.2f} of its time)")
    loop = per_call["a loop of hupai.score riichi (wall)"]
    for name in [n for n in per_call if n.startswith("hupai.score_batch") and n.endswith("wall)")]:
        print(f"{name}: {loop / per_call[name]:.2f}x a loop of hupai.score")
    loop = per_call["a loop of hupai.score riichi (CPU)"]
    for name in [n for n in per_call if "idle-core bound" in n]:
        print(f"{name}: {loop / per_call[name]:.2f}x a loop of hupai.score on idle cores")
    print()
    game_bench(args)


def game_bench(args):
    """Decisions per second of hupai.game against riichienv's RiichiEnv, random legal policies,
    in wall time and per CPU second (the second is what other load on the machine does not cut)."""
    from hupai.game import Game, VecGame

    rows = []
    rng = numpy.random.default_rng(0)

    def vec(rules, features):
        vg = VecGame(args.games, rules, seed=0, features=features)
        index = numpy.arange(args.games)
        legal, n_legal = vg.legal, vg.n_legal
        decisions, games = 0, 0
        start, cpu = time.perf_counter(), time.process_time()
        while time.perf_counter() - start < args.seconds:
            # Uniform over the legal ids, drawn for every game at once in numpy.
            vg.step(legal[index, (rng.random(args.games) * n_legal).astype(numpy.intp)])
            decisions += args.games
            games += int(vg.done.sum())
        return decisions / (time.perf_counter() - start), decisions / (time.process_time() - cpu), games

    for rules, features in [("tenhou", False), ("tenhou", True), ("gb", False), ("gb", True), ("hongzhong", False)]:
        wall, cpu, games = vec(rules, features)
        rows.append((f"VecGame({args.games}, {rules!r}{', features=True' if features else ''}).step", wall, cpu,
                     f"{games:,} games ended, {os.cpu_count()} cores"))

    g, decisions, seed = Game("tenhou", 0), 0, 0
    start, cpu = time.perf_counter(), time.thread_time()
    while time.perf_counter() - start < args.seconds:
        seat = g.seat
        ids = g.legal_ids(seat)
        g.step(seat, ids[int(rng.random() * len(ids))])
        decisions += 1
        if g.done:
            seed += 1
            g = Game("tenhou", seed)
    rows.append(("Game.step + legal_ids, one call at a time", decisions / (time.perf_counter() - start),
                 decisions / (time.thread_time() - cpu), "1 core"))

    # Game.step's own cost: the same recorded decisions played by Game.step one call at a time and by
    # Game.play in one call (the engine's work alone: the same lookup and apply, no Python per decision).
    recorded = []
    for seed in range(8):
        g, r = Game("tenhou", seed), numpy.random.default_rng(seed)
        while not g.done:
            seat, ids = g.seat, g.legal_ids(g.seat)
            recorded.append((seed, seat, ids[int(r.random() * len(ids))]))
            g.step(seat, recorded[-1][2])
    per_seed = {s: [(seat, a) for t, seat, a in recorded if t == s] for s in range(8)}
    id_lists = {s: [a for _, a in pairs] for s, pairs in per_seed.items()}
    fresh = {s: Game("tenhou", s) for s in per_seed}

    def by_step():
        for s, pairs in per_seed.items():
            step = fresh[s].clone().step
            for seat, a in pairs:
                step(seat, a)

    def by_play():
        for s, ids in id_lists.items():
            fresh[s].clone().play(ids)

    def clones_only():
        for s in per_seed:
            fresh[s].clone()

    step_s, play_s, base_s = in_turns(args.repeats, [by_step, by_play, clones_only])
    n = len(recorded)
    engine_ns = (play_s - base_s) / n * 1e9
    door_ns = (step_s - base_s) / n * 1e9
    # The loop's own iteration is charged to Game.step, so its overhead is if anything overstated.
    # Timed in this thread's CPU time only (in turns, best of the repeats): no wall-time figure.
    rows.append(("Game.step (recorded decisions, a Python loop of calls)", None, n / (step_s - base_s),
                 f"{door_ns:,.0f} ns a decision"))
    rows.append(("Game.play (the same decisions, one call a game)", None, n / (play_s - base_s),
                 f"{engine_ns:,.0f} ns a decision: the engine's own time"))

    try:
        from riichienv import GameType, RiichiEnv

        env = RiichiEnv(game_mode=GameType.YON_HANCHAN, seed=0, skip_mjai_logging=True)
        obs = env.reset()
        decisions, games = 0, 0
        start, cpu = time.perf_counter(), time.thread_time()
        while time.perf_counter() - start < args.seconds:
            actions = {}
            for seat, o in obs.items():
                legal = o.legal_actions()
                actions[seat] = legal[int(rng.random() * len(legal))]
            decisions += len(actions)
            obs = env.step(actions)
            if env.done():
                games += 1
                obs = env.reset()
        rows.append(("riichienv RiichiEnv.step (four-player hanchan)", decisions / (time.perf_counter() - start),
                     decisions / (time.thread_time() - cpu), f"{games:,} games ended, 1 core"))
    except ImportError:
        rows.append(("riichienv: not installed", float("nan"), float("nan"), ""))

    cores = os.cpu_count() or 1
    print(f"# {platform.processor() or platform.machine()}, {cores} cores, Python {platform.python_version()}, "
          f"{args.seconds:g} s a row; load average after: {os.getloadavg()}")
    print("| what | decisions per second (wall) | decisions per CPU second | note |")
    print("| --- | ---: | ---: | --- |")
    for name, rate, cpu_rate, note in rows:
        wall = "–" if rate is None else f"{rate:,.0f}"
        print(f"| {name} | {wall} | {cpu_rate:,.0f} | {note} |")
    print(f"\nGame.step's Python overhead beyond the engine: {door_ns - engine_ns:,.0f} ns a decision")
    rates = {name: (rate, cpu_rate) for name, rate, cpu_rate, _ in rows}
    peer = rates.get("riichienv RiichiEnv.step (four-player hanchan)")
    if peer:
        wall, cpu = rows[0][1], rows[0][2]
        print(f"VecGame (masks only) is {wall / peer[0]:.1f}x riichienv's RiichiEnv in wall time on {cores} cores, "
              f"{wall / peer[0] / cores:.1f}x per core; {cpu / peer[1]:.1f}x per CPU second")


if __name__ == "__main__":
    main()
