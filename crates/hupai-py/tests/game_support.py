"""Shared by the game tests: a seeded random policy playing games serially (``Game``) and in a batch
(``VecGame``), each recording what it saw at every decision, so that the two can be compared."""

import numpy

from hupai.game import Game, VecGame

MOST = 48


def legal_digest(ids, weights):
    """One number for a list of legal ids (padded to 48 with -1), so traces stay small."""
    padded = numpy.full(MOST, -1, numpy.int64)
    padded[: len(ids)] = ids
    return int((padded + 1) @ weights)


def batched_games(rules, n, seed, policy_seed, weights):
    """Plays the first game of every slot of ``VecGame(n, rules, seed)`` with a random legal policy.
    Returns per game: the actions, the (seat, legal digest) of every decision, and the final reward."""
    vg = VecGame(n, rules, seed=seed)
    rng = numpy.random.default_rng(policy_seed)
    rows = numpy.arange(n)
    actions = [[] for _ in range(n)]
    seen = [[] for _ in range(n)]
    final = [None] * n
    live = numpy.ones(n, bool)
    while live.any():
        digests = ((vg.legal.astype(numpy.int64) + 1) @ weights).tolist()
        seats = vg.seat.tolist()
        chosen = vg.legal[rows, (rng.random(n) * vg.n_legal).astype(numpy.int64)].astype(numpy.int64)
        vg.step(chosen)
        chosen = chosen.tolist()
        for i in numpy.flatnonzero(live).tolist():
            seen[i].append((seats[i], digests[i]))
            actions[i].append(chosen[i])
            if vg.done[i]:
                final[i] = vg.reward[i].tolist()
                live[i] = False
    return actions, seen, final


def serial_game(rules, seed, actions, weights):
    """Replays ``actions`` on ``Game(rules, seed)``: what it saw at every decision and its final points."""
    g = Game(rules, seed)
    seen = []
    for a in actions:
        seat = g.seat
        seen.append((seat, legal_digest(g.legal_ids(seat), weights)))
        g.step(seat, a)
    assert g.done
    return seen, [float(numpy.float32(p)) for p in g.final_points]


def random_game(rules, seed):
    """One whole game by a random legal policy seeded with ``seed``: its actions and final points."""
    g = Game(rules, seed)
    rng = numpy.random.default_rng(seed)
    actions = []
    while not g.done:
        ids = g.legal_ids(g.seat)
        a = ids[int(rng.random() * len(ids))]
        actions.append(a)
        g.step(g.seat, a)
    return actions, g.final_points
