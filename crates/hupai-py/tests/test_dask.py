"""The multi-machine recipe of docs/python.md, run on a local Dask cluster: the numpy batches mapped
over the partitions of a large array of hands give exactly what one call on the whole array gives."""

import os

import numpy
import pytest

import hupai
from conftest import deal

if os.environ.get("CI"):
    import dask.array as da
    from dask.distributed import Client, LocalCluster
else:
    da = pytest.importorskip("dask.array", reason="dask is not installed: pip install 'dask[array,distributed]'")
    distributed = pytest.importorskip("dask.distributed")
    Client, LocalCluster = distributed.Client, distributed.LocalCluster


def shanten_block(block, rules):
    """One partition: a (rows, 34) uint8 block in, its shanten numbers out."""
    return hupai.shanten_counts(numpy.ascontiguousarray(block, numpy.uint8), None, rules)


def test_shanten_over_a_local_cluster(rng):
    counts = numpy.array([deal(rng, 13 + i % 2, 0) for i in range(40_000)], numpy.uint8)
    hands = da.from_array(counts, chunks=(5_000, 34))
    shanten = hands.map_blocks(shanten_block, "riichi", drop_axis=1, dtype=numpy.int8)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        with Client(cluster):
            got = shanten.compute()
    assert got.dtype == numpy.int8 and got.shape == (len(counts),)
    assert (got == hupai.shanten_counts(counts, None, "riichi")).all()
    assert set(numpy.unique(got).tolist()) >= {0, 1, 2}
