"""The Ray recipe of docs/arena.md on a local Ray cluster: an arena's sets spread over Ray tasks
(each ``hupai.arena.run`` on its own seeds), the results merged with ``hupai.arena.merge`` into
one table with its intervals, equal to one run of every set on one machine. Skipped, saying so,
only where Ray is not installed (CI installs it) or the hupai binary is not built."""

import os
import shutil

import pytest

from hupai import arena

if os.environ.get("CI"):
    import ray
else:
    ray = pytest.importorskip("ray", reason="ray is not installed: pip install ray")

HUPAI = os.environ.get("HUPAI_BIN") or shutil.which("hupai")
if not HUPAI and not os.environ.get("CI"):
    pytest.skip("the hupai binary is not built: set HUPAI_BIN", allow_module_level=True)

PLAYERS = [{"policy": "efficiency"}, {"policy": "random"}, {"policy": "hupai"}, {"policy": "random"}]


@ray.remote(num_cpus=1)
def sets(seed, games, hupai):
    """One task: `games` duplicate sets from `seed` (the tables of a set stay together)."""
    return arena.run(PLAYERS, rules="tenhou", games=games, seed=seed, threads=1, hupai=hupai)


def test_sets_on_ray_tasks_merge_into_one_run():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        # Six sets: three tasks of two, seeds 0-1, 2-3 and 4-5.
        parts = ray.get([sets.remote(seed, 2, HUPAI) for seed in (0, 2, 4)])
    finally:
        ray.shutdown()
    merged = arena.merge(parts, hupai=HUPAI)
    whole = arena.run(PLAYERS, rules="tenhou", games=6, seed=0, hupai=HUPAI)
    assert merged["sets"] == 6 and merged["games"] == 24
    assert merged["players"] == whole["players"]
    assert merged["pairs"] == whole["pairs"]
    # The intervals are over six sets: each pair's holds its mean.
    for pair in merged["pairs"]:
        r = pair["rank_difference"]
        assert r["low"] <= r["mean"] <= r["high"]
