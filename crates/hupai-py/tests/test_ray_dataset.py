"""The Ray Data recipe of docs/python.md on a local Ray cluster: log files read as shards by
``ray.data.read_binary_files``, each batch of files turned into decisions by ``hupai.game.decisions``
in ``map_batches``; the rows equal those of ``decisions`` over the same files on one machine, and
the damaged logs are counted, not dropped. Skipped, saying so, only where Ray is not installed (CI
installs it)."""

import json
import os

import numpy
import pytest

from hupai.game import Game, VecGame, decisions

if os.environ.get("CI"):
    import ray
else:
    ray = pytest.importorskip("ray", reason="ray is not installed: pip install ray")


def test_ray_data_recipe_equals_local_decisions(tmp_path):
    vg = VecGame(4, "tenhou", seed=21)
    rng = numpy.random.default_rng(0)
    rows, actions, logs = numpy.arange(4), [[] for _ in range(4)], []
    while len(logs) < 6:
        seeds = vg.seeds.copy()
        chosen = vg.legal[rows, (rng.random(4) * vg.n_legal).astype(numpy.intp)].astype(numpy.int64)
        vg.step(chosen)
        for i, a in enumerate(chosen.tolist()):
            actions[i].append(a)
        for i in numpy.flatnonzero(vg.done).tolist():
            g = Game("tenhou", int(seeds[i]))
            g.play(actions[i])
            logs.append("".join(json.dumps(e) + "\n" for e in g.events()))
            actions[i] = []
    paths = []
    for k, text in enumerate(logs[:6]):
        p = tmp_path / f"game{k}.jsonl"
        p.write_text(text)
        paths.append(str(p))
    local = decisions(paths, rules="tenhou")

    # Defined here so that Ray ships the function itself to its workers (a test module is not importable there).
    def to_decisions(batch):
        """The recipe's map_batches function: a batch of files (path, bytes) to a batch of decisions."""
        d = decisions(list(zip(batch["path"].tolist(), batch["bytes"].tolist())), rules="tenhou")
        damaged = d.pop("damaged")
        for key in ("family", "games"):
            d.pop(key)
        # Rows carry the file's path (the index is of this batch); the skips are counted per batch.
        d["path"] = batch["path"][d.pop("file")]
        d["damaged"] = numpy.full(len(d["action"]), len(damaged), dtype=numpy.int32)
        return d

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        ds = ray.data.read_binary_files(paths, include_paths=True, override_num_blocks=3)
        out = ds.map_batches(to_decisions, batch_size=2, batch_format="numpy").take_all()
    finally:
        ray.shutdown()
    assert len(out) == len(local["action"])
    assert all(r["damaged"] == 0 for r in out)
    got = sorted((r["path"].split("/")[-1], int(r["event"]), int(r["seat"]), int(r["action"])) for r in out)
    want = sorted(
        (paths[f].split("/")[-1], int(e), int(s), int(a))
        for f, e, s, a in zip(local["file"], local["event"], local["seat"], local["action"])
    )
    assert got == want
    # The planes came through too: the rows of the first file's first decision agree.
    first = next(
        r
        for r in out
        if r["path"].endswith("game0.jsonl")
        and (int(r["event"]), int(r["seat"])) == (int(local["event"][0]), int(local["seat"][0]))
    )
    assert numpy.array_equal(first["planes"], local["planes"][0])
