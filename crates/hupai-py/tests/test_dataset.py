"""``hupai.game.decisions`` and ``DecisionBatches``: training arrays from logs. The arrays of a log
equal the arrays ``VecGame`` gave while the same games were played (every family); logs written by
``hupai play`` and real riichi logs are read whole; damaged logs are reported, never dropped; the
stream gives every row once in a seeded order; the uint8 planes decode to the float32 ones;
``hupai convert --to npz`` writes the same arrays; reads into the same arrays (``out=``,
``reuse_buffers=True``) equal reads into new ones, and arrays that do not fit are refused by name.

The exactness check plays a few games per family here; ``HUPAI_FULL=1`` plays 1,000 riichi games
(docs/performance.md states the result)."""

import json
import os
import pathlib
import subprocess

import numpy
import pytest

from hupai.game import (
    DecisionBatches,
    Game,
    GameError,
    VecGame,
    action_table,
    decision_arrays,
    decisions,
    plane_names,
    plane_scales,
)

FAMILIES = ["tenhou", "tenhou-3p", "gb", "sichuan", "hongzhong", "changsha"]
REAL = pathlib.Path(__file__).resolve().parents[2] / "hupai-game" / "tests" / "data"


def mjai_text(events):
    return "".join(json.dumps(e) + "\n" for e in events)


def play_vec(rules, n, games_wanted, seed=0):
    """Plays `games_wanted` games with uniformly random actions on a VecGame with planes, keeping
    each game's rows as VecGame showed them: (seed, actions, [(seat, obs, mask, action)])."""
    vg = VecGame(n, rules, seed=seed, features=True)
    rng = numpy.random.default_rng(seed)
    rows = numpy.arange(n)
    current = [[] for _ in range(n)]
    finished = []
    while len(finished) < games_wanted:
        seeds = vg.seeds.copy()
        chosen = vg.legal[rows, (rng.random(n) * vg.n_legal).astype(numpy.intp)].astype(numpy.int64)
        obs, mask, seat = vg.obs.copy(), vg.mask.copy(), vg.seat.copy()
        for i in range(n):
            current[i].append((int(seat[i]), obs[i], mask[i], int(chosen[i])))
        vg.step(chosen)
        for i in numpy.flatnonzero(vg.done).tolist():
            finished.append((int(seeds[i]), current[i]))
            current[i] = []
    return finished[:games_wanted]


def check_chunk(rules, games, seed):
    """Plays `games` games on a VecGame and checks the arrays read from their logs; returns (rows,
    rows where the log shows a pass for a call that lost to a call of higher priority)."""
    played = play_vec(rules, 8, games, seed=seed)
    table = action_table(rules)
    none_id = next(i for i, a in enumerate(table) if a["type"] == "none")
    logs = []
    for s, steps in played:
        g = Game(rules, s)
        g.play([a for _, _, _, a in steps])
        assert g.done
        logs.append((f"seed {s}", mjai_text(g.events()).encode()))
    d = decisions(logs, rules=rules)
    assert d["damaged"] == [] and d["games"] == games
    # The same read into arrays the caller owns (written over garbage) gives the same bytes.
    out = decision_arrays(len(d["action"]) + 3, rules=rules)
    for a in out.values():
        a.view(numpy.uint8)[...] = 0xA5
    into = decisions(logs, rules=rules, out=out)
    for k, a in out.items():
        assert into[k].tobytes() == d[k].tobytes(), (rules, k)
    at = overridden = 0
    for k, (s, steps) in enumerate(played):
        # A log has the decisions where a seat could do more than pass.
        kept = [x for x in steps if x[2].sum() > 1 or not x[2][none_id]]
        n = len(kept)
        assert n > 0
        assert (d["file"][at : at + n] == k).all()
        assert numpy.array_equal(d["seat"][at : at + n], [x[0] for x in kept]), (rules, s)
        # A call that lost to another seat's call of higher priority on the same discard (a chi under
        # a pon) is not in the log, which reads it as the pass it became; every other action is equal.
        for i, (got, want) in enumerate(zip(d["action"][at : at + n].tolist(), [x[3] for x in kept])):
            if got != want:
                assert got == none_id and table[want]["type"] in ("chi", "pon", "daiminkan"), (rules, s, i)
                overridden += 1
        assert numpy.array_equal(d["mask"][at : at + n], numpy.stack([x[2] for x in kept])), (rules, s)
        assert numpy.array_equal(d["planes"][at : at + n], numpy.stack([x[1] for x in kept])), (rules, s)
        at += n
    assert at == len(d["action"])
    return at, overridden


@pytest.mark.parametrize("rules", FAMILIES)
def test_arrays_from_logs_equal_what_vecgame_gave(rules):
    full = os.environ.get("HUPAI_FULL") and rules == "tenhou"
    # 1,000 games in runs of 50 (the planes VecGame showed are kept until their run is checked).
    runs = [(50, 100_000 * k) for k in range(20)] if full else [(2, 0)]
    rows = overridden = 0
    for games, seed in runs:
        r, o = check_chunk(rules, games, seed)
        rows, overridden = rows + r, overridden + o
    assert overridden <= rows // 100, f"{overridden} of {rows} rows"
    if full:
        print(f"{rules}: {sum(g for g, _ in runs)} games, {rows} rows equal, {overridden} calls overridden")


def test_real_riichi_logs_of_every_format():
    files = sorted(p for dirname in ("mjlog", "tenhou6", "mjai") for p in (REAL / dirname).iterdir())
    d = decisions(files, rules="tenhou", features="uint8")
    assert d["family"] == "riichi4" and d["games"] >= 80
    n, a = d["mask"].shape
    assert d["mask"][numpy.arange(n), d["action"]].all(), "every action is among its legal ids"
    assert d["planes"].dtype == numpy.uint8 and d["planes"].shape == (n, len(plane_names("tenhou")), 34)
    # Every skip is named with its file, game and event; three-player logs among them (one table a call).
    assert d["damaged"], "the set holds logs the engine refuses"
    for item in d["damaged"]:
        assert set(item) == {"file", "game", "kyoku", "event", "message"} and item["message"]
    assert d["games"] + len(d["damaged"]) == len(files)
    # The outcome columns: a game's final scores are the same on each of its rows, ranks 0-3.
    assert set(numpy.unique(d["rank"]).tolist()) <= {0, 1, 2, 3}
    first = d["file"] == d["file"][0]
    assert (d["final_scores"][first] == d["final_scores"][first][0]).all()


def test_uint8_planes_decode_to_float32_and_the_oracle_shows_the_hand():
    played = play_vec("tenhou", 4, 2, seed=5)
    logs = []
    for seed, steps in played:
        g = Game("tenhou", seed)
        g.play([a for _, _, _, a in steps])
        logs.append(mjai_text(g.events()).encode())
    f = decisions(logs, rules="tenhou")
    u = decisions(logs, rules="tenhou", features="uint8", oracle=True)
    scales = plane_scales("tenhou")
    lo, step = scales[:, 0][None, :, None], scales[:, 1][None, :, None]
    decoded = lo + u["planes"].astype(numpy.float32) * step
    # Within half a step, a value past the range stored as the range's end.
    clipped = numpy.clip(f["planes"], lo, lo + 255 * step)
    assert numpy.all(numpy.abs(decoded - clipped) <= step / 2 + 1e-6)
    exact = scales[:, 1] == 1
    assert numpy.array_equal(decoded[:, exact], f["planes"][:, exact])
    # The deciding seat's own concealed counts are its hand thermometers summed; the others are hidden ones.
    names = plane_names("tenhou")
    hand = f["planes"][:, [names.index(f"hand>={k}") for k in range(1, 5)]].sum(axis=1)
    assert numpy.array_equal(u["oracle_hands"][:, 0], hand.astype(numpy.uint8))
    assert u["oracle_hands"][:, 1:].sum() > 0 and "oracle_hands" not in f
    assert numpy.array_equal(u["action"], f["action"]) and numpy.array_equal(u["mask"], f["mask"])


def test_damaged_logs_are_reported_and_the_rest_read(tmp_path):
    played = play_vec("tenhou", 4, 2, seed=9)
    paths = []
    for k, (seed, steps) in enumerate(played):
        g = Game("tenhou", seed)
        g.play([a for _, _, _, a in steps])
        p = tmp_path / f"good{k}.jsonl"
        p.write_text(mjai_text(g.events()))
        paths.append(p)
    lines = paths[0].read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    junk = tmp_path / "junk.txt"
    junk.write_text("not a log at all")
    d = decisions([paths[0], cut, junk, tmp_path / "missing.jsonl", paths[1]], rules="tenhou", features=False)
    assert d["games"] == 2 and "planes" not in d
    assert [pathlib.Path(x["file"]).name for x in d["damaged"]] == ["cut.jsonl", "junk.txt", "missing.jsonl"]
    assert d["damaged"][0]["game"] == 0 and d["damaged"][0]["event"] > 0
    assert d["damaged"][2]["game"] is None and "cannot be read" in d["damaged"][2]["message"]
    alone = decisions([paths[0], paths[1]], rules="tenhou", features=False)
    assert numpy.array_equal(d["action"], alone["action"])
    assert set(numpy.unique(d["file"]).tolist()) == {0, 4}
    with pytest.raises(GameError, match="seats: 5 is not a seat"):
        decisions(paths, seats=[5])
    with pytest.raises(GameError, match="features: expected"):
        decisions(paths, features="float16")
    with pytest.raises(GameError, match="item 1 is a int"):
        decisions([paths[0], 3])


def test_batches_give_every_row_once_in_a_seeded_order(tmp_path):
    played = play_vec("gb", 4, 6, seed=3)
    paths = []
    for k, (seed, steps) in enumerate(played):
        g = Game("gb", seed)
        g.play([a for _, _, _, a in steps])
        p = tmp_path / f"g{k}.jsonl"
        p.write_text(mjai_text(g.events()))
        paths.append(p)
    whole = decisions(paths, rules="gb")
    key = lambda d: sorted(zip(d["file"].tolist(), d["event"].tolist(), d["seat"].tolist(), d["action"].tolist()))

    def collect(seed, shuffle=True):
        stream = DecisionBatches(paths, 100, rules="gb", seed=seed, shuffle=shuffle, files_per_read=2)
        batches = list(stream)
        assert stream.games == 6 and stream.damaged == []
        assert all(len(b["action"]) == 100 for b in batches[:-1]) and 0 < len(batches[-1]["action"]) <= 100
        return {k: numpy.concatenate([b[k] for b in batches]) for k in batches[0]}

    a, b, c = collect(1), collect(1), collect(2)
    assert key(a) == key(whole)
    assert all(numpy.array_equal(a[k], b[k]) for k in a), "the same seed gives the same batches"
    assert not numpy.array_equal(a["action"], c["action"]) or not numpy.array_equal(a["file"], c["file"])
    assert a["planes"].shape[1:] == whole["planes"].shape[1:]
    ordered = collect(0, shuffle=False)
    assert all(numpy.array_equal(ordered[k], whole[k]) for k in ordered)
    with pytest.raises(GameError, match="batch_size"):
        DecisionBatches(paths, 0)


def test_hupai_play_logs_of_every_family_and_convert_to_npz(hupai_bin, tmp_path):
    for rules in FAMILIES:
        out = tmp_path / rules
        subprocess.run(
            [str(hupai_bin), "play", "--rules", rules, "--games", "2", "--seed", "11", "--out", str(out)],
            check=True,
            capture_output=True,
        )
        files = sorted(out.iterdir())
        d = decisions(files)
        assert d["damaged"] == [] and d["games"] == 2, rules
        npz = tmp_path / f"{rules}.npz"
        done = subprocess.run(
            [str(hupai_bin), "convert", "--to", "npz", "--out", str(npz), str(out)],
            check=True,
            capture_output=True,
            text=True,
        )
        summary = json.loads(done.stdout)
        assert summary["games"] == 2 and summary["decisions"] == len(d["action"]) and summary["damaged"] == 0
        with numpy.load(npz) as z:
            for k in ("planes", "mask", "action", "seat", "file", "game", "hand", "hand_deltas", "final_scores", "rank"):
                assert numpy.array_equal(z[k], d[k]), (rules, k)
            assert [s.decode() for s in z["plane_names"]] == plane_names(rules)


def random_logs(tmp_path, rules, seeds):
    """Logs of games of random legal actions, one file each."""
    paths = []
    for seed in seeds:
        g = Game(rules, seed)
        rng = numpy.random.default_rng(seed)
        while not g.done:
            ids = g.legal_ids(g.seat)
            g.step(g.seat, ids[int(rng.integers(len(ids)))])
        p = tmp_path / f"{rules}-{seed}.mjson"
        p.write_text(mjai_text(g.events()))
        paths.append(p)
    return paths


def scribble(arrays):
    """Values no read writes, so that a stale cell left by a reused array shows."""
    for a in arrays.values():
        a[...] = True if a.dtype == bool else (numpy.nan if a.dtype.kind == "f" else -1 if a.dtype.kind == "i" else 0xFF)


@pytest.mark.parametrize("rules", ["tenhou", "gb"])
def test_reads_into_the_same_arrays_equal_reads_into_new_ones(tmp_path, rules):
    paths = random_logs(tmp_path, rules, range(4))
    for features, oracle in [(False, False), ("uint8", True), (True, False)]:
        largest = len(decisions(paths, rules=rules, features=features)["action"])
        out = decision_arrays(largest + 5, rules=rules, features=features, oracle=oracle)
        assert sorted(out) == sorted(k for k in decisions(paths[:1], rules=rules, features=features, oracle=oracle)
                                     if k not in ("family", "games", "damaged"))
        # Reads of different sizes into the same arrays, a smaller after a larger.
        for subset in (paths, paths[1:2], paths[:3], paths[2:]):
            scribble(out)
            fresh = decisions(subset, rules=rules, features=features, oracle=oracle)
            got = decisions(subset, rules=rules, features=features, oracle=oracle, out=out)
            assert (got["family"], got["games"], got["damaged"]) == (fresh["family"], fresh["games"], fresh["damaged"])
            for k, a in out.items():
                assert got[k].dtype == fresh[k].dtype and got[k].shape == fresh[k].shape, (features, k)
                # Byte for byte (NaN-free planes compared exactly), and in the caller's memory.
                assert got[k].tobytes() == fresh[k].tobytes(), (features, k)
                assert numpy.shares_memory(got[k], a), (features, k)
            # The rows past the read's are as they were.
            assert (out["action"][len(fresh["action"]):] == -1).all()
    # Without rules, the family is the logs': the arrays' widths are checked after the parse.
    if rules == "tenhou":
        out = decision_arrays(largest)
        assert decisions(paths, out=out)["action"].tobytes() == decisions(paths)["action"].tobytes()


def test_out_arrays_that_do_not_fit_are_refused_naming_the_array(tmp_path):
    paths = random_logs(tmp_path, "tenhou", [7])
    rows = len(decisions(paths, features=False)["action"])
    good = decision_arrays(rows)

    def refused(out, match, **kw):
        with pytest.raises(GameError, match=match):
            decisions(paths, out=out, **kw)

    refused(dict(good, mask=good["mask"].astype(numpy.int8)), r"out\['mask'\]: dtype int8; expected bool")
    refused(dict(good, planes=good["planes"].astype(numpy.float64)), r"out\['planes'\]: dtype float64; expected float32")
    refused(dict(good, planes=good["planes"]), r"out\['planes'\]: dtype float32; expected uint8", features="uint8")
    # Shapes: known from the rules given, else checked once the logs name the family.
    refused(dict(good, mask=numpy.zeros((rows, 269), bool)), r"out\['mask'\]: shape \(\d+, 269\); expected \(rows, 316\)",
            rules="tenhou")
    refused(dict(good, mask=numpy.zeros((rows, 269), bool)), r"out\['mask'\].*expected shape \(rows, 316\) for the riichi4")
    refused(dict(good, hand_deltas=numpy.zeros(rows, numpy.int32)), r"out\['hand_deltas'\]: shape \(\d+,\); expected \(rows, ")
    # Too few rows: the rows needed are said.
    small = decision_arrays(rows - 1)
    refused(small, rf"out\['action'\]: room for {rows - 1} rows, but the logs hold {rows} decisions")
    refused(dict(good, seat=good["seat"][:-1]), r"out\['seat'\] has \d+ rows, 'planes' \d+")
    # Layout: not C-contiguous, read-only, one array under two keys.
    wide = decision_arrays(2 * rows)
    refused(dict(good, game=wide["game"][::2]), r"out\['game'\] is not C-contiguous")
    refused(dict(good, planes=numpy.asfortranarray(good["planes"])), r"out\['planes'\] is not C-contiguous")
    frozen = good["rank"].copy()
    frozen.setflags(write=False)
    refused(dict(good, rank=frozen), r"out\['rank'\] cannot be written")
    refused(dict(good, game=good["file"]), r"out\['game'\] cannot be written")
    # Keys: missing, unknown, or not written by the read asked; not a dict; not arrays.
    refused({k: v for k, v in good.items() if k != "event"}, r"out: no 'event' array")
    refused(dict(good, extra=good["rank"]), r"out: the read writes no 'extra'")
    refused(good, r"out: the read writes no 'planes' \(features=False", features=False)
    refused(dict(good, oracle_hands=numpy.zeros((rows, 4, 34), numpy.uint8)), r"no 'oracle_hands' \(oracle=False")
    refused(dict(good, action=list(range(rows))), r"out\['action'\] is a list; expected a numpy array of int16")
    refused([good], r"out is a list; expected a dict")
    refused(good, r"threads: 0 threads", threads=0)
    # After every refusal, the right arrays still read (nothing was left borrowed).
    assert len(decisions(paths, out=good)["action"]) == rows
    with pytest.raises(GameError, match="rows: -1"):
        decision_arrays(-1)
    arrays = decision_arrays(3, rules="tenhou-3p", features="uint8", oracle=True)
    assert arrays["planes"].dtype == numpy.uint8 and arrays["planes"].shape == (3, len(plane_names("tenhou-3p")), 34)
    assert arrays["mask"].shape == (3, len(action_table("tenhou-3p"))) and arrays["oracle_hands"].shape == (3, 3, 34)


def test_batches_into_the_same_arrays_equal_new_batches(tmp_path):
    paths = random_logs(tmp_path, "tenhou", range(10, 15))
    for features in (False, "uint8", True):
        new = DecisionBatches(paths, 700, features=features, seed=4, files_per_read=2)
        reused = DecisionBatches(paths, 700, features=features, seed=4, files_per_read=2, reuse_buffers=True)
        first = None
        count = 0
        for want, got in zip(new, reused, strict=True):
            assert sorted(got) == sorted(want)
            for k in want:
                assert got[k].dtype == want[k].dtype and got[k].tobytes() == want[k].tobytes(), (features, k)
            # Every batch is written into the same memory: a batch yielded is overwritten by the next.
            if first is None:
                first = got
            assert numpy.shares_memory(got["action"], first["action"])
            count += 1
        assert count > 3 and reused.games == new.games == 5 and reused.damaged == []
