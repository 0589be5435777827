"""Bench of training data from logs (docs/performance.md states its figures): hupai.game.decisions
over mjai logs made by `hupai play`, into new arrays and into the same arrays read after read
(`out=decision_arrays(...)`, written once untimed before the timing, as a training loop's arrays
are after its first read), side by side in one run with riichienv 0.4.11's own way of
getting the same data from the same logs (MjaiReplay, each kyoku's steps per seat, the
observation's mask and encoded planes, the action's id), timed per CPU second of the process and on
the wall; the machine's memory bandwidth (a numpy copy and a fill) beside the bytes of planes written
and what a fill's rate allows (the masks' own time plus the planes' bytes written as fast as numpy
fills memory with plain stores; the reader writes its planes with streaming stores, faster still:
the Rust bench `read_bench 200 tenhou out` measures both kinds of store and states what streaming
allows); and the peak memory of DecisionBatches streaming a corpus of a given size.

    python crates/hupai-py/bench_dataset.py --hupai-bin target/release/hupai --games 200
    python crates/hupai-py/bench_dataset.py --hupai-bin target/release/hupai --stream-gb 10
    python crates/hupai-py/bench_dataset.py --logs DIR --skip-decisions --stream-gb 10 \
        --stream-features true,uint8 --stream-reuse

Needs the wheel installed (and riichienv==0.4.11 for the comparison; skipped with a message
without it)."""

import argparse
import json
import os
import pathlib
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy

from hupai.game import DecisionBatches, decision_arrays, decisions


def timed(fn, repeat):
    """Runs fn `repeat` times; (result, wall seconds, process CPU seconds) of the whole, the CPU
    seconds being user and system time of every thread (printed apart by `cpu_split`)."""
    global LAST_SPLIT
    wall, before = time.perf_counter(), os.times()
    for _ in range(repeat):
        out = fn()
    after = os.times()
    LAST_SPLIT = (after.user - before.user, after.system - before.system)
    return out, time.perf_counter() - wall, sum(LAST_SPLIT)


LAST_SPLIT = (0.0, 0.0)


def cpu_split():
    """The user and system seconds of the last `timed` run, as printed beside its figures."""
    return f"user {LAST_SPLIT[0]:.2f} s, system {LAST_SPLIT[1]:.2f} s"


def memory_bandwidth():
    """Bytes one core moves in 256 MB float32 arrays, per second on the wall and per CPU second of
    the thread (the figure a loaded machine does not lower): a copy (read + write counted) and a
    fill (written only, as the planes' rows are: their source is a row the cache holds)."""
    a = numpy.ones(64 << 20, dtype=numpy.float32)
    b = numpy.empty_like(a)
    figures = []
    for fn, moved in [(lambda: numpy.copyto(b, a), 2 * a.nbytes), (lambda: b.fill(1.0), a.nbytes)]:
        fn()
        start, cpu = time.perf_counter(), time.thread_time()
        for _ in range(10):
            fn()
        figures.append((10 * moved / (time.perf_counter() - start), 10 * moved / (time.thread_time() - cpu)))
    return figures


def riichienv_decisions(paths, planes):
    """riichienv 0.4.11: every decision of every seat of the logs, its mask and action id (and
    its (74, 34) float32 planes)."""
    import riichienv

    rows = 0
    for p in paths:
        for kyoku in riichienv.MjaiReplay.from_jsonl(str(p)).take_kyokus():
            for seat in range(4):
                for obs, action in kyoku.steps(seat):
                    obs.mask()
                    action.encode()
                    if planes:
                        numpy.frombuffer(obs.encode(), dtype=numpy.float32)
                    rows += 1
    return rows


def stream_rss(directory, batch, features, reuse=False):
    """Streams every file of `directory` in batches (into the same arrays with `reuse`); prints the
    peak RSS and the rows."""
    paths = sorted(pathlib.Path(directory).iterdir())
    stream = DecisionBatches(paths, batch, features=features, seed=1, reuse_buffers=reuse)
    rows = 0
    start = time.perf_counter()
    every = max(1, len(paths) // 10)
    for i, b in enumerate(stream):
        rows += len(b["action"])
        # A line every tenth of the corpus or so (a read of 16 files gives about 3 batches of
        # 4096): how far, and the resident memory now and at its peak, so a run stopped early
        # still says what it held.
        if i % max(1, every * 3 // 16) == 0:
            status = dict(
                line.split(":", 1) for line in pathlib.Path("/proc/self/status").read_text().splitlines() if ":" in line
            )
            print(
                json.dumps(
                    {
                        "games": stream.games,
                        "rows": rows,
                        "rss_mb": int(status.get("VmRSS", "0 kB").split()[0]) // 1024,
                        "hwm_mb": int(status.get("VmHWM", "0 kB").split()[0]) // 1024,
                        "seconds": round(time.perf_counter() - start, 1),
                        "cpu_seconds": round(time.process_time(), 1),
                    }
                ),
                flush=True,
            )
    print(
        json.dumps(
            {
                "done": True,
                "files": len(paths),
                "bytes": sum(p.stat().st_size for p in paths),
                "rows": rows,
                "games": stream.games,
                "damaged": len(stream.damaged),
                "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                "seconds": time.perf_counter() - start,
                "cpu_seconds": time.process_time(),
            }
        )
    )


def time_decisions(paths):
    """hupai.game.decisions in each form on all threads and one, into new arrays and into the same
    arrays (`out=`), then riichienv, side by side."""
    (wall, cpu), (fill_wall, fill_cpu) = memory_bandwidth()
    print(f"memory bandwidth (numpy copy, one core): {wall / 1e9:.1f} GB/s wall, {cpu / 1e9:.1f} GB per CPU-s")
    print(f"memory bandwidth (numpy fill, written only, one core): {fill_wall / 1e9:.1f} GB/s wall, "
          f"{fill_cpu / 1e9:.1f} GB per CPU-s")
    games = len(paths)
    results = []
    for name, kw in [
        ("hupai masks+actions+outcomes", dict(features=False)),
        ("hupai + uint8 planes", dict(features="uint8")),
        ("hupai + float32 planes", dict(features=True)),
    ]:
        for reuse in (False, True):
            for threads in (None, 1):
                out = None
                if reuse:
                    # The arrays a training loop reads into, made and written once before the timing.
                    out = decision_arrays(len(decisions(paths, features=False)["action"]), features=kw["features"])
                    decisions(paths, threads=threads, out=out, **kw)
                d, wall, cpu = timed(lambda: decisions(paths, threads=threads, out=out, **kw), 3)
                rows = len(d["action"])
                planes = d.get("planes")
                written = 0 if planes is None else planes.nbytes
                label = name + (" out=" if reuse else "")
                line = (f"{label:37} threads={threads or 'all':>3}: {3 * games / cpu:8.0f} hanchan/CPU-s, "
                        f"{3 * games / wall:8.0f} hanchan/s wall, {rows / games:.0f} decisions/hanchan "
                        f"({cpu_split()})")
                if written:
                    line += (f", planes {3 * written / wall / 1e9:.2f} GB/s written "
                             f"({3 * written / cpu / 1e9:.2f} GB per CPU-s)")
                print(line, flush=True)
                results.append((label, threads, 3 * games / cpu, 3 * games / wall))
                if written and reuse and threads == 1:
                    # What a fill's rate allows: the masks' own time (the same read without planes,
                    # into the same arrays, one thread, this run) plus the planes' bytes written at
                    # the rate numpy fills memory with plain stores. (The reader streams its planes,
                    # which no numpy call does: past 100 % is possible.)
                    masks = [r[2] for r in results if r[0] == "hupai masks+actions+outcomes out=" and r[1] == 1]
                    if masks:
                        allows = 1 / (1 / masks[0] + written / games / fill_cpu)
                        print(f"  a fill's rate allows {allows:8.0f} hanchan/CPU-s ({written / games / 1e6:.1f} MB "
                              f"of planes a hanchan at {fill_cpu / 1e9:.1f} GB per CPU-s beside the masks' "
                              f"{masks[0]:.0f}): {100 * 3 * games / cpu / allows:.0f} % of it", flush=True)
                del d, out
    try:
        import riichienv  # noqa: F401

        sample = paths[: max(1, games // 4)]
        for planes in (False, True):
            rows, wall, cpu = timed(lambda: riichienv_decisions(sample, planes), 1)
            print(f"riichienv 0.4.11 {'+ (74,34) float32 planes' if planes else 'masks+actions':24}: "
                  f"{len(sample) / cpu:8.0f} hanchan/CPU-s, {len(sample) / wall:8.0f} hanchan/s wall, "
                  f"{rows / len(sample):.0f} decisions/hanchan ({cpu_split()})")
            # The same data from the same logs, per CPU second: hupai's masks (or float32 planes)
            # on one thread and on all against riichienv's in this run.
            same = "hupai + float32 planes" if planes else "hupai masks+actions+outcomes"
            ours = [r for r in results if r[0].startswith(same)]
            for label, threads, per_cpu, _ in ours:
                print(f"  {label:37} threads={threads or 'all':>3}: {per_cpu / (len(sample) / cpu):.1f}x riichienv "
                      f"per CPU second")
    except ImportError:
        print("riichienv is not installed: pip install riichienv==0.4.11 for the comparison")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hupai-bin", default="target/release/hupai")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="efficiency")
    ap.add_argument("--stream-gb", type=float, default=0.0, help="also stream a corpus of this many GB")
    ap.add_argument("--stream-features", default="false,uint8", help="the forms streamed, comma-separated")
    ap.add_argument("--stream-reuse", action="store_true", help="stream into the same arrays (reuse_buffers=True)")
    ap.add_argument("--logs", help="a folder of logs to read instead of playing them (kept)")
    ap.add_argument("--keep", action="store_true", help="keep the logs made (deleted otherwise)")
    ap.add_argument("--skip-decisions", action="store_true", help="only make the logs and stream them")
    ap.add_argument("--stream-child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.stream_child:
        features = {"false": False, "true": True}.get(args.stream_child[2], args.stream_child[2])
        stream_rss(args.stream_child[0], int(args.stream_child[1]), features, args.stream_child[3] == "reuse")
        return
    work = pathlib.Path(tempfile.mkdtemp(prefix="hupai-dataset-bench-"))
    logs = work / "logs"
    if args.logs:
        logs = pathlib.Path(args.logs)
    else:
        subprocess.run(
            [args.hupai_bin, "play", "--rules", "tenhou", "--games", str(args.games), "--policy", args.players,
             "--out", str(logs)],
            check=True,
            capture_output=True,
        )
    # Each log holds one hanchan; empty files (a folder's marker, say) are no hanchan and not read.
    paths = sorted(p for p in logs.iterdir() if p.is_file() and p.stat().st_size > 0)
    size = sum(p.stat().st_size for p in paths)
    print(f"{len(paths)} hanchan ({args.players} players), {size / 1e6:.1f} MB of mjai logs, {os.cpu_count()} cores")
    if not args.skip_decisions:
        time_decisions(paths)
    if args.stream_gb:
        corpus = work / "corpus"
        corpus.mkdir()
        copies = max(1, int(args.stream_gb * 1e9 / size))
        for c in range(copies):
            for p in paths:
                (corpus / f"{c:05}-{p.name}").symlink_to(p)
        total = sum(p.stat().st_size for p in corpus.iterdir())
        print(f"streaming {copies * len(paths)} files, {total / 1e9:.1f} GB (the logs linked {copies} times)", flush=True)
        for features in args.stream_features.split(","):
            child = subprocess.Popen(
                [sys.executable, __file__, "--stream-child", str(corpus), "4096", features,
                 "reuse" if args.stream_reuse else "new"],
                stdout=subprocess.PIPE,
                text=True,
            )
            for line in child.stdout:
                print(f"stream features={features}{' reused' if args.stream_reuse else ''}: {line.strip()}", flush=True)
            if child.wait() != 0:
                sys.exit(f"the streaming child failed ({child.returncode})")
    if not args.keep:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
