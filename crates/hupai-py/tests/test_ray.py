"""The Ray recipe of docs/python.md on a local Ray cluster: self-play actors each step a VecGame and
hand back finished games (seed, actions, final points); the games equal the same seeds replayed
one by one with Game. Skipped, saying so, only where Ray is not installed (CI installs it)."""

import os

import numpy
import pytest

from hupai.game import Game, VecGame

if os.environ.get("CI"):
    import ray
else:
    ray = pytest.importorskip("ray", reason="ray is not installed: pip install ray")


@ray.remote
class SelfPlay:
    """One actor: a batch of games under one policy (uniform random here), producing finished games."""

    def __init__(self, rules, n, seed, policy_seed):
        self.vg = VecGame(n, rules, seed=seed)
        self.rng = numpy.random.default_rng(policy_seed)
        self.actions = [[] for _ in range(n)]

    def play(self, games_wanted):
        vg, rows, finished = self.vg, numpy.arange(len(self.vg)), []
        while len(finished) < games_wanted:
            seeds = vg.seeds.copy()
            chosen = vg.legal[rows, (self.rng.random(len(rows)) * vg.n_legal).astype(numpy.intp)].astype(numpy.int64)
            vg.step(chosen)
            for i, a in enumerate(chosen.tolist()):
                self.actions[i].append(a)
            for i in numpy.flatnonzero(vg.done).tolist():
                finished.append({"seed": int(seeds[i]), "actions": self.actions[i], "points": vg.reward[i].tolist()})
                self.actions[i] = []
        return finished


def test_games_from_ray_actors_equal_serial_games():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        actors = [SelfPlay.remote("tenhou", 8, 100 * k, k) for k in range(2)]
        games = sum(ray.get([a.play.remote(6) for a in actors]), [])
    finally:
        ray.shutdown()
    assert len(games) >= 12
    for record in games:
        g = Game("tenhou", record["seed"])
        for a in record["actions"]:
            g.step(g.seat, a)
        assert g.done
        assert [float(numpy.float32(p)) for p in g.final_points] == record["points"]
