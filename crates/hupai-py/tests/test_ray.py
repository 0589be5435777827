"""The Ray recipe of docs/python.md on a local Ray cluster: self-play actors (riichi, GB and
Hongzhong) each step a VecGame and hand back finished games (seed, actions, final points); the games
equal the same seeds replayed one by one with Game. Skipped, saying so, only where Ray is not installed (CI installs it)."""

import os

import numpy
import pytest

from hupai.game import Game, VecGame

if os.environ.get("CI"):
    import ray
else:
    ray = pytest.importorskip("ray", reason="ray is not installed: pip install ray")


@ray.remote(num_cpus=0.5)
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
        # Two riichi actors, and one each for GB and Hongzhong (each actor takes half a CPU).
        setups = [("tenhou", 0, 6), ("tenhou", 1, 6), ("gb", 2, 2), ("hongzhong", 3, 3)]
        actors = [SelfPlay.remote(rules, 8, 100 * k, k) for rules, k, _ in setups]
        games = ray.get([a.play.remote(wanted) for a, (_, _, wanted) in zip(actors, setups)])
    finally:
        ray.shutdown()
    for (rules, _, wanted), finished in zip(setups, games):
        assert len(finished) >= wanted, rules
        for record in finished:
            g = Game(rules, record["seed"])
            g.play(record["actions"])
            assert g.done
            assert [float(numpy.float32(p)) for p in g.final_points] == record["points"], (rules, record["seed"])
