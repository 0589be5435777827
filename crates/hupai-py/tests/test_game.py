"""hupai.game: the action tables, one game (Game), many games (VecGame) against the same games
played one by one, the PettingZoo environment, and bad input."""

import copy
import os
import pathlib

import numpy
import pytest

import hupai
from game_support import batched_games, legal_digest, random_game, serial_game
from hupai.game import Game, GameError, VecGame, action_table, plane_names

FAMILIES = {
    "tenhou": ("riichi4", 4, 316, 63),
    "tenhou-3p": ("riichi3", 3, 179, 55),
    "gb": ("gb", 4, 269, 55),
    "hongzhong": ("hongzhong", 4, 164, 52),
    "sichuan": ("sichuan", 4, 194, 59),
    "changsha": ("changsha", 4, 256, 51),
}
# Games compared between VecGame and Game per family (about 45 seconds for the six families);
# HUPAI_GAME_TRACES sets another count.
TRACES = dict.fromkeys(FAMILIES, int(os.environ.get("HUPAI_GAME_TRACES") or 1000))
# The tiles a family's wall holds that a seat may discard and meld (Hongzhong's red dragon is wild).
NUMBERS = [f"{r}{s}" for s in "mps" for r in range(1, 10)]
PLAYABLE = {
    "riichi4": set(NUMBERS + list("ESWNPFC") + ["5mr", "5pr", "5sr"]),
    "riichi3": set(["1m", "9m"] + NUMBERS[9:] + list("ESWNPFC") + ["5pr", "5sr"]),
    "gb": set(NUMBERS + list("ESWNPFC")),
    "hongzhong": set(NUMBERS),
    "sichuan": set(NUMBERS),
    "changsha": set(NUMBERS),
}


def canonical(action):
    """An mjai action without its actor and target, consumed tiles sorted (copies are interchangeable)."""
    out = {k: v for k, v in action.items() if k not in ("actor", "target")}
    if "consumed" in out:
        out["consumed"] = sorted(out["consumed"])
    if out["type"] == "kita":
        out.pop("pai", None)
    return out


@pytest.mark.parametrize("rules", FAMILIES)
def test_the_table_has_its_documented_size_and_no_repeats(rules):
    family, players, actions, planes = FAMILIES[rules]
    table = action_table(rules)
    assert len(table) == actions
    assert len({repr(sorted(canonical(a).items())) for a in table}) == actions
    assert len(plane_names(rules)) == planes
    g = Game(rules)
    assert (g.family, g.players) == (family, players)
    assert g.legal_mask(g.seat).shape == (actions,)
    assert g.features(g.seat).shape == (planes, 34)
    types = {a["type"] for a in table}
    assert ("chi" in types) == (family in ("riichi4", "gb", "changsha")) and ("kita" in types) == (family == "riichi3")
    assert ("reach" in types) == ("ryukyoku" in types) == family.startswith("riichi")
    assert {"dahai", "pon", "daiminkan", "kakan", "ankan", "hora", "none"} <= types
    assert ({"huansanzhang", "dingque"} <= types) == (family == "sichuan")
    assert ({"qishouhu", "kaigang", "haidi"} <= types) == (family == "changsha")
    tiles = {a["pai"] for a in table if a["type"] in ("dahai", "pon", "daiminkan", "kakan")}
    tiles |= {t for a in table for t in a.get("consumed", [])}
    assert tiles == PLAYABLE[family]
    # One id per discard and tsumogiri, per kan of a kind; the rest follow from the runs and reds.
    assert sum(a["type"] == "dahai" for a in table) == 2 * len(PLAYABLE[family])
    assert sum(a["type"] == "ankan" for a in table) == len({t.rstrip("r") for t in PLAYABLE[family]})


def test_the_chinese_tables_are_numbered_as_documented():
    kinds = NUMBERS + list("ESWNPFC")
    gb = action_table("gb")
    for k, tile in enumerate(kinds):
        for t in (False, True):
            assert gb[2 * k + t] == {"type": "dahai", "pai": tile, "tsumogiri": t}
        assert gb[131 + k]["type"] == "pon" and gb[131 + k]["pai"] == tile
        assert gb[165 + k]["type"] == "daiminkan" and gb[199 + k] == {"type": "kakan", "pai": tile}
        assert gb[233 + k] == {"type": "ankan", "consumed": [tile] * 4}
    for run in range(21):
        low = run // 7 * 9 + run % 7
        for position in range(3):
            chi = gb[68 + 3 * run + position]
            assert chi["type"] == "chi" and chi["pai"] == kinds[low + position]
            assert sorted(chi["consumed"] + [chi["pai"]]) == kinds[low : low + 3]
    assert gb[267:] == [{"type": "hora"}, {"type": "none"}]
    hz = action_table("hongzhong")
    for k, tile in enumerate(NUMBERS):
        assert [hz[2 * k]["pai"], hz[54 + k]["pai"], hz[81 + k]["pai"], hz[108 + k]["pai"]] == [tile] * 4
        assert hz[135 + k] == {"type": "ankan", "consumed": [tile] * 4}
    assert hz[162:] == [{"type": "hora"}, {"type": "none"}]


def test_the_regional_tables_are_numbered_as_documented():
    sc = action_table("sichuan")
    cs = action_table("changsha")
    for k, tile in enumerate(NUMBERS):
        for t in (False, True):
            assert sc[2 * k + t] == cs[2 * k + t] == {"type": "dahai", "pai": tile, "tsumogiri": t}
        assert [sc[54 + k]["type"], sc[54 + k]["pai"], sc[81 + k]["type"], sc[81 + k]["pai"]] == ["pon", tile, "daiminkan", tile]
        assert sc[108 + k] == {"type": "kakan", "pai": tile} and sc[135 + k] == {"type": "ankan", "consumed": [tile] * 4}
        assert sc[164 + k] == {"type": "huansanzhang", "pai": tile}
        assert [cs[117 + k]["type"], cs[117 + k]["pai"], cs[144 + k]["type"], cs[144 + k]["pai"]] == ["pon", tile, "daiminkan", tile]
        assert cs[171 + k] == {"type": "kakan", "pai": tile} and cs[198 + k] == {"type": "ankan", "consumed": [tile] * 4}
        assert cs[228 + k] == {"type": "kaigang", "pai": tile}
    for run in range(21):
        low = run // 7 * 9 + run % 7
        for position in range(3):
            chi = cs[54 + 3 * run + position]
            assert chi["type"] == "chi" and chi["pai"] == NUMBERS[low + position]
            assert sorted(chi["consumed"] + [chi["pai"]]) == sorted(NUMBERS[low : low + 3])
    assert sc[162:164] == [{"type": "hora"}, {"type": "none"}]
    assert sc[191:] == [{"type": "dingque", "suit": s} for s in "mps"]
    assert cs[225:228] == [{"type": "hora"}, {"type": "none"}, {"type": "qishouhu"}]
    assert cs[255:] == [{"type": "haidi"}]


@pytest.mark.parametrize(
    "rules", ["tenhou", "tenhou-3p", "mahjong-soul", "mahjong-soul-3p", "gb", "gb-single", "gb-botzone", "hongzhong", "sichuan", "changsha"]
)
def test_every_legal_action_round_trips_through_its_id(rules):
    table = action_table(rules)
    kinds = set()
    # Single GB hands by random play seldom reach the 8-fan minimum: more of them, so one wins.
    for seed in range(3 if rules.endswith("3p") else 60 if rules == "gb-single" else 12):
        g = Game(rules, seed)
        rng = numpy.random.default_rng(seed)
        while not g.done:
            seat = g.seat
            ids = g.legal_ids(seat)
            mask = g.legal_mask(seat)
            assert sorted(numpy.flatnonzero(mask).tolist()) == ids
            dicts = g.legal_actions(seat)
            assert len({g.action_id(seat, d) for d in dicts}) == len(ids)
            for i in ids:
                d = g.action(seat, i)
                assert d.get("actor", seat) == seat  # mjai writes no actor on "none"
                assert g.action_id(seat, d) == i
                assert canonical(d) == canonical(table[i]), (d, table[i])
                kinds.add(d["type"])
            # Wins are always taken and calls often, so that their ids are exercised.
            calls = [i for i in ids if table[i]["type"] not in ("dahai", "none")]
            wins = [i for i in ids if table[i]["type"] == "hora"]
            a = wins[0] if wins else calls[0] if calls and rng.random() < 0.5 else ids[int(rng.random() * len(ids))]
            if rng.random() < 0.5:
                g.step(seat, g.action(seat, a))
            else:
                g.step(seat, a)
    assert {"dahai", "pon", "none"} <= kinds
    if rules == "sichuan":
        assert {"huansanzhang", "dingque"} <= kinds, kinds
    # Random three-player play rarely gets ready: few seeds (a decision takes about a millisecond
    # there) offer no win, so wins are required of the four-player families only.
    assert "hora" in kinds or rules.endswith("3p")


@pytest.mark.parametrize("rules", FAMILIES)
def test_vecgame_plays_the_games_game_plays(rules):
    """The first game of every slot of a VecGame, seed by seed, equals Game with the same seed and
    actions: the seat deciding and its legal ids at every step, and the final points."""
    weights = numpy.random.default_rng(99).integers(1, 1 << 20, 48)
    actions, seen, final = batched_games(rules, TRACES[rules], 1000, 5, weights)
    for i in range(TRACES[rules]):
        serial_seen, serial_final = serial_game(rules, 1000 + i, actions[i], weights)
        assert serial_seen == seen[i], f"game of seed {1000 + i} differs"
        assert serial_final == final[i]


def test_vecgame_slots_take_the_next_seed_and_keep_their_arrays():
    vg = VecGame(3, "tenhou", seed=10, features=True)
    arrays = [vg.seat, vg.mask, vg.legal, vg.n_legal, vg.reward, vg.done, vg.scores, vg.seeds, vg.obs]
    assert vg.seeds.tolist() == [10, 11, 12]
    assert vg.mask.shape == (3, 316) and vg.obs.shape == (3, 63, 34) and vg.reward.shape == (3, 4)
    for i in range(3):
        g = Game("tenhou", 10 + i)
        assert vg.seat[i] == g.seat
        assert numpy.flatnonzero(vg.mask[i]).tolist() == g.legal_ids(g.seat)
        assert vg.legal[i, : vg.n_legal[i]].tolist() == g.legal_ids(g.seat)
        assert numpy.array_equal(vg.obs[i], g.features(g.seat))
    ended = set()
    rng = numpy.random.default_rng(0)
    while len(ended) < 3:
        vg.step(vg.legal[numpy.arange(3), (rng.random(3) * vg.n_legal).astype(int)])
        for i in numpy.flatnonzero(vg.done).tolist():
            if i not in ended:
                assert vg.seeds[i] == 10 + i + 3  # the slot's next game
            assert abs(float(vg.reward[i].sum())) < 1e-3  # oka and uma sum to zero
            assert vg.reward[i].any()
            ended.add(i)
        assert not vg.reward[~vg.done].any()
    for a, b in zip(arrays, [vg.seat, vg.mask, vg.legal, vg.n_legal, vg.reward, vg.done, vg.scores, vg.seeds, vg.obs]):
        assert a is b or a.base is b.base or numpy.shares_memory(a, b)
    vg.reset()
    assert vg.seeds.tolist() == [10, 11, 12] and not vg.done.any()


def test_vecgame_opponents_decide_inside_the_step():
    """Seats given to built-in players never show in ``seat``; the game equals a Game where those
    seats take the player's own choice (``Game.choose``; these two players are deterministic)
    and seat 0 the ids stepped."""
    opponents = [None, "hupai", "efficiency", "hupai"]
    vg = VecGame(1, "tenhou", seed=40, opponents=opponents)
    g = Game("tenhou", 40)
    rng = numpy.random.default_rng(1)

    def others_play():
        while not g.done and g.seat != 0:
            g.step(g.seat, g.choose(g.seat, policy=opponents[g.seat]))

    others_play()
    steps = 0
    while not vg.done[0]:
        assert vg.seat[0] == 0 == g.seat
        assert vg.legal[0, : vg.n_legal[0]].tolist() == g.legal_ids(0)
        chosen = int(vg.legal[0, int(rng.random() * vg.n_legal[0])])
        vg.step(numpy.array([chosen]))
        g.step(0, chosen)
        others_play()
        steps += 1
    assert g.done and steps > 50
    assert vg.reward[0].tolist() == pytest.approx(g.final_points, abs=1e-3)
    with pytest.raises(GameError, match="seat 2: 'strong' is not a player"):
        VecGame(1, "tenhou", opponents=[None, "hupai", "strong", "hupai"])
    with pytest.raises(GameError, match="opponents names 3 seats"):
        VecGame(1, "tenhou", opponents=[None, "hupai", "hupai"])
    with pytest.raises(GameError, match="every seat"):
        VecGame(1, "tenhou-3p", opponents=["hupai", "hupai", "random"])


def test_features_show_the_hand_and_the_table():
    g = Game("tenhou", 3)
    seat = g.seat
    f = g.features(seat)
    names = plane_names("tenhou")
    view = g.view(seat)
    assert f[names.index("hand>=1")].sum() == len(set(t.rstrip("r") for t in view["hand"]))
    hand_counts = f[[names.index(f"hand>={k}") for k in range(1, 5)]].sum()
    assert hand_counts == len(view["hand"]) == 14
    assert f[names.index("drawn")].sum() == 1
    assert f[names.index("dora_markers>=1")].sum() == 1 and f[names.index("dora")].sum() == 1
    assert f[names.index("dealer")].min() == 1.0 and f[names.index("tiles_left")][0] == pytest.approx(g.tiles_left / 70)
    assert f[names.index("seat0_score")][0] == pytest.approx(0.25)


# What docs/python.md says each family's planes are scaled by: hands in a full game (round),
# live tiles after the deal (tiles_left), and the unit of the scores.
SCALES = {
    "riichi4": (8, 70, 100_000),
    "riichi3": (8, 70, 100_000),
    "gb": (16, 91, 1000),
    "hongzhong": (8, 59, 1000),
    "sichuan": (8, 55, 1000),
    "changsha": (8, 55, 1000),
}
KINDS = NUMBERS + list("ESWNPFC")


def reference_planes(g, rules, seat):
    """The planes of ``seat`` computed from ``view(seat)`` as docs/python.md describes them, plane
    by plane by name: an independent reading of the table the engine's planes must equal."""
    v, names, family, p = g.view(seat), plane_names(rules), g.family, g.players
    hands, live, unit = SCALES[family]
    kind = {t: i for i, t in enumerate(KINDS)} | {"5mr": 4, "5pr": 13, "5sr": 22}

    def counts(tiles):
        c = numpy.zeros(34)
        for t in tiles:
            if t in kind:
                c[kind[t]] += 1
        return c

    def one_hot(tile):
        row = numpy.zeros(34)
        if tile is not None and tile in kind:
            row[kind[tile]] = 1
        return row

    # Relative seats in turn order, read off the winds (east, south, west, north play in turn).
    winds = "ESWN"[:p]
    mine = winds.index(v["seat_winds"][seat])
    rel = [v["seat_winds"].index(winds[(mine + r) % p]) for r in range(p)]
    dora_next = lambda k: (8 if p == 3 and k == 0 else k // 9 * 9 + (k % 9 + 1) % 9) if k < 27 else (
        27 + (k - 26) % 4 if k < 31 else 31 + (k - 30) % 3)
    out = []
    for name in names:
        number = None
        if name.startswith("hand>="):
            row = (counts(v["hand"]) >= int(name[-1])) * 1.0
        elif name == "hand_red":
            row = numpy.zeros(34)
            for t in v["hand"]:
                if t.endswith("r"):
                    row[kind[t]] = 1
        elif name == "drawn":
            row = one_hot(v["drawn"])
        elif name == "on_offer":
            row = one_hot(v["on_offer"][1] if v["on_offer"] else None)
        elif name.startswith("seat") and "_" in name and name[4].isdigit():
            s, what = rel[int(name[4])], name[6:]
            if what.startswith("discards>="):
                row = (counts([t["pai"] for t in v["rivers"][s]]) >= int(what[-1])) * 1.0
            elif what.startswith("melds>="):
                row = (counts([t for m in v["melds"][s] for t in m["pais"]]) >= int(what[-1])) * 1.0
            elif what == "riichi":
                number = float(v["riichi"][s])
            elif what == "last_discard":
                row = one_hot(v["rivers"][s][-1]["pai"] if v["rivers"][s] else None)
            elif what == "score":
                number = v["scores"][s] / unit
            elif what == "kita":
                number = v["kita"][s] / 4
            elif what == "flowers":
                number = v["flowers"][s] / 8
            elif what == "void":
                row = numpy.zeros(34)
                if v["voids"][s] is not None:
                    first = "mps".index(v["voids"][s]) * 9
                    row[first : first + 9] = 1
            elif what == "out":
                number = float(v["out"][s])
        elif name.startswith("dora_markers>="):
            row = (counts(v["dora_markers"]) >= int(name[-1])) * 1.0
        elif name == "dora":
            row = numpy.zeros(34)
            for t in v["dora_markers"]:
                row[dora_next(kind[t])] += 1
        elif name == "wildcard":
            row = one_hot("C")
        elif name == "round_wind":
            row = one_hot(v["bakaze"])
        elif name == "seat_wind":
            row = one_hot(v["seat_winds"][seat])
        elif name == "round":
            number = ("ESWN".index(v["bakaze"]) * 4 + v["kyoku"] - 1) / hands
        elif name in ("honba", "kyotaku"):
            number = v[name] / 10
        elif name == "tiles_left":
            number = v["tiles_left"] / live
        elif name == "dealer":
            number = float(v["oya"] == seat)
        out.append(numpy.full(34, number) if number is not None else row)
    return numpy.array(out, numpy.float32)


@pytest.mark.parametrize("rules", FAMILIES)
def test_features_are_the_documented_planes(rules):
    """Every plane of every family equals its reading of ``view`` at every decision of a few games,
    for the seat deciding and for a seat watching."""
    for seed in range(2):
        g, rng, decisions = Game(rules, seed), numpy.random.default_rng(seed), 0
        while not g.done and decisions < 600:
            seat = g.seat
            for s in {seat, (seat + 1) % g.players}:
                numpy.testing.assert_allclose(g.features(s), reference_planes(g, rules, s), rtol=1e-6, err_msg=f"seat {s}")
            ids = g.legal_ids(seat)
            g.step(seat, ids[int(rng.random() * len(ids))])
            decisions += 1


def test_a_seat_sees_its_own_tiles_only():
    g = Game("tenhou", 4)
    for seat in range(4):
        start = g.events(seat)[1]
        assert start["type"] == "start_kyoku"
        for s, tehai in enumerate(start["tehais"]):
            assert (set(tehai) == {"?"}) == (s != seat)
    full = g.events()[1]["tehais"]
    assert "?" not in sum(full, [])
    g.step(g.seat, g.legal_ids(g.seat)[0])
    v = g.view(1)
    assert len(v["rivers"][0]) == 1 and len(v["hand"]) == v["hand_sizes"][1]
    assert sorted(v["hand_sizes"]) in ([13, 13, 13, 13], [13, 13, 13, 14])


def test_clone_and_determinize_keep_what_the_seat_sees():
    g = Game("tenhou", 5)
    for _ in range(30):
        g.step(g.seat, g.legal_ids(g.seat)[-1])
    c = g.clone()
    d = copy.deepcopy(g)
    c.step(c.seat, c.legal_ids(c.seat)[0])
    assert len(c.events()) > len(g.events()) and len(d.events()) == len(g.events())
    seat = g.seat
    other = g.determinize(seat, 77)
    assert other.view(seat) == g.view(seat)
    assert other.legal_ids(seat) == g.legal_ids(seat)


def test_the_rule_flags_real_logs_need_reach_the_game():
    # Read as GameRules::from_json reads them for every door: a counter worth 1,500, the two
    # stops apart, a liability ron's counters on the discarder, no open tanyao, kiriage.
    flags = {"tenpai_yame": False, "pao_honba": "discarder", "honba_points": 1500, "open_tanyao": False, "kiriage": True,
             "karaten_tenpai": True}
    g = Game({"preset": "tenhou", **flags}, 3)
    assert g.players == 4 and not g.done
    with pytest.raises(GameError, match="rules.*honba_points"):
        Game({"preset": "tenhou", "honba_points": 1000})
    with pytest.raises(GameError, match="rules.*pao_honba"):
        Game({"preset": "tenhou", "pao_honba": "nobody"})
    with pytest.raises(GameError, match="rules.*karaten_tenpai"):
        Game({"preset": "gb", "karaten_tenpai": True})
    assert Game("majiang", 1).players == 4


def test_karaten_tenpai_decides_a_draw_replayed_from_a_log():
    # The engine's hand where a seat waits only on a kind whose four copies it holds (one in its
    # concealed kan): noten under tenhou, so the log's draw payments do not replay; tenpai under
    # the flag, as 電脳麻将 counts it.
    log = pathlib.Path(__file__).parents[2] / "hupai-game" / "tests" / "data" / "karaten_tenpai.mjson"
    plain = hupai.game.decisions([str(log)], rules={"preset": "tenhou", "length": "single"}, features=False)
    assert plain["games"] == 0 and len(plain["damaged"]) == 1
    flag = {"preset": "tenhou", "length": "single", "karaten_tenpai": True}
    counted = hupai.game.decisions([str(log)], rules=flag, features=False)
    assert counted["games"] == 1 and counted["damaged"] == []


def test_bad_input_is_a_value_error_naming_what_and_where():
    assert issubclass(GameError, ValueError) and hupai.game.GameError is GameError
    with pytest.raises(GameError, match="rules.*tenhu"):
        Game("tenhu")
    with pytest.raises(GameError, match="rules.*length"):
        Game({"preset": "tenhou", "length": 7})
    g = Game("tenhou", 6)
    before = g.events()
    with pytest.raises(GameError, match="seat 4 does not exist"):
        g.step(4, 0)
    with pytest.raises(GameError, match="seat 1 has nothing to decide"):
        g.step(1, g.legal_ids(0)[0])
    with pytest.raises(GameError, match="action id 5000 is out of the riichi4 table"):
        g.step(0, 5000)
    illegal = next(i for i in range(316) if i not in g.legal_ids(0))
    with pytest.raises(GameError, match=f"action id {illegal} is not legal.*legal ids"):
        g.step(0, illegal)
    with pytest.raises(GameError, match="unknown type"):
        g.step(0, {"type": "dance"})
    with pytest.raises(GameError, match="'pai'"):
        g.step(0, {"type": "dahai"})
    with pytest.raises(GameError, match="id \\(int\\) or an mjai dict"):
        g.step(0, "1m")
    assert g.events() == before

    vg = VecGame(4, "tenhou", seed=0)
    mask = vg.mask.copy()
    good = vg.legal[:, 0].astype(numpy.int64)
    with pytest.raises(GameError, match=r"shape \(3,\)"):
        vg.step(good[:3])
    with pytest.raises(GameError, match="dtype float64"):
        vg.step(good.astype(numpy.float64))
    with pytest.raises(GameError, match="list, not a numpy array"):
        vg.step(good.tolist())
    bad = good.copy()
    bad[2] = next(i for i in range(316) if not vg.mask[2, i])
    with pytest.raises(GameError, match=f"game 2 \\(seat {vg.seat[2]}\\): action id {bad[2]}"):
        vg.step(bad)
    assert numpy.array_equal(vg.mask, mask)
    vg.step(good.astype(numpy.int32))  # any integer dtype
    with pytest.raises(GameError, match="n must be from 1 to 16777216 games, found 0"):
        VecGame(0)
    with pytest.raises(GameError, match="n must be from 1"):
        VecGame(1 << 40)
    for bad in (-1, 1 << 64, "7", 1.5):
        with pytest.raises(GameError, match=f"seed: {bad!r} is not a seed"):
            Game("tenhou", bad)
        with pytest.raises(GameError, match="seed: .* is not a seed"):
            VecGame(2, "tenhou", seed=bad)
    with pytest.raises(GameError, match="seed: -1 is not a seed"):
        Game("gb", 2**64 - 1).determinize(0, -1)
    for call in (lambda g: g.step(2**70, 0), lambda g: g.legal_ids("0"), lambda g: g.events(1.0)):
        with pytest.raises(GameError, match="seat: .* is not a seat"):
            call(Game("hongzhong", 3))
    with pytest.raises(GameError, match="action_id: the action is an mjai dict, found int"):
        Game("tenhou").action_id(0, 5)
    with pytest.raises(GameError, match="play: ids must be a sequence of action ids"):
        Game("gb").play(["dahai"])

    # The Chinese families: their own tables, named in the message; Game.play names the bad id's place.
    with pytest.raises(GameError, match="rules.*presets are.*gb.*hongzhong"):
        VecGame(2, "hongzong")
    for rules, family, size in [("gb", "gb", 269), ("hongzhong", "hongzhong", 164)]:
        g = Game(rules, 1)
        with pytest.raises(GameError, match=f"action id {size} is out of the {family} table \\(ids 0-{size - 1}\\)"):
            g.step(g.seat, size)
        illegal = next(i for i in range(size) if i not in g.legal_ids(g.seat))
        with pytest.raises(GameError, match=f"action id {illegal} is not legal"):
            g.step(g.seat, illegal)
        first = g.legal_ids(g.seat)[0]
        with pytest.raises(GameError, match="play: ids\\[1\\]: action id 10000 is not legal for seat"):
            g.clone().play([first, 10_000])
        played = g.clone()
        assert played.play([first]) == 1 and played.events() != g.events()


def test_every_public_name_has_help():
    names = ["Game", "VecGame", "GameError", "action_table", "plane_names", "env", "raw_env"]
    names += ["decisions", "decision_arrays", "DecisionBatches", "plane_scales"]
    assert sorted(hupai.game.__all__) == sorted(names)
    assert hupai.game.__doc__
    for name in names:
        obj = getattr(hupai.game, name)
        assert obj.__doc__, name
    for cls in (Game, VecGame):
        for attr, value in vars(cls).items():
            if not attr.startswith("_"):
                assert value.__doc__, f"{cls.__name__}.{attr}"


def test_random_games_are_the_same_every_time():
    assert random_game("tenhou", 3) == random_game("tenhou", 3)
    assert random_game("tenhou", 3) != random_game("tenhou", 4)


@pytest.mark.parametrize("rules", FAMILIES)
def test_pettingzoo_api(rules):
    if not os.environ.get("CI"):
        pytest.importorskip("pettingzoo", reason="pettingzoo is not installed: pip install pettingzoo gymnasium")
    from pettingzoo.test import api_test

    env = hupai.game.env(rules=rules)
    api_test(env, num_cycles=300)
    env.reset(seed=8)
    ids, final = [], {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        action = int(numpy.flatnonzero(obs["action_mask"])[0])
        ids.append(action)
        env.step(action)
    g = Game(rules, 8)
    for a in ids:
        g.step(g.seat, a)
    assert g.done
    assert [final[a] for a in env.possible_agents] == pytest.approx(g.final_points)


def test_the_stub_describes_the_module():
    import ast
    import inspect
    import pathlib

    stub = ast.parse((pathlib.Path(hupai.game.__file__).parent / "game.pyi").read_text(encoding="utf-8"))
    listed = next(ast.literal_eval(n.value) for n in stub.body if isinstance(n, ast.Assign) and n.targets[0].id == "__all__")
    assert sorted(listed) == sorted(hupai.game.__all__)

    def params(f):
        return [a.arg for a in f.args.args if a.arg != "self"]

    def runtime_params(obj):
        return [p for p in inspect.signature(obj).parameters if p != "self"]

    checked = 0
    for node in stub.body:
        if isinstance(node, ast.FunctionDef):
            assert params(node) == runtime_params(getattr(hupai.game, node.name)), node.name
            checked += 1
        if isinstance(node, ast.ClassDef) and node.name in ("Game", "VecGame"):
            cls = getattr(hupai.game, node.name)
            stubbed = {f.name for f in node.body if isinstance(f, ast.FunctionDef)}
            public = {a for a in vars(cls) if not a.startswith("_")}
            assert public <= stubbed, public - stubbed
            for f in node.body:
                if isinstance(f, ast.FunctionDef) and f.name != "__init__":
                    runtime = getattr(cls, f.name)
                    if not any(isinstance(d, ast.Name) and d.id == "property" for d in f.decorator_list):
                        assert params(f) == runtime_params(runtime), f"{node.name}.{f.name}"
                        checked += 1
                    if not f.name.startswith("_"):
                        assert ast.get_docstring(f), f"{node.name}.{f.name} has no docstring in the stub"
    assert checked >= 20


def test_changsha_plays_with_mjai_dicts():
    """Changsha through mjai dicts: every legal action (its own qishouhu, kaigang and haidi among
    them) is accepted as the dict the game lists, points are conserved, and the log shows its
    events."""
    kinds = set()
    for seed in range(4):
        game = Game(rules="changsha", seed=seed)
        rng = numpy.random.default_rng(seed)
        while not game.done:
            seat = game.seat
            legal = game.legal_actions(seat)
            choice = legal[int(rng.integers(len(legal)))]
            kinds.add(choice["type"])
            game.step(seat, choice)
            assert sum(game.scores) == 0
        events = {e["type"] for e in game.events()}
        assert {"start_kyoku", "end_game"} <= events
    assert {"dahai", "chi", "pon", "none", "haidi"} <= kinds, kinds
    game = Game(rules="changsha", seed=0)
    with pytest.raises(GameError):
        game.step(game.seat, {"type": "kaigang", "pai": "5m"})


def test_sichuan_plays_with_mjai_dicts_and_shows_voids_and_winners_out():
    """Sichuan through mjai dicts: three tiles passed and a void suit declared as dicts, the void
    suits and the winners who left the hand on the planes, points conserved."""
    g = Game(rules="sichuan", seed=2)
    names = plane_names("sichuan")
    seat = g.seat
    legal = g.legal_actions(seat)
    assert {a["type"] for a in legal} == {"huansanzhang"}
    with pytest.raises(GameError, match="'suit' must be"):
        g.step(seat, {"type": "dingque", "suit": "z"})
    rng = numpy.random.default_rng(2)
    declared = won = False
    while not g.done and not won:
        seat = g.seat
        legal = g.legal_actions(seat)
        wins = [a for a in legal if a["type"] == "hora"]
        choice = wins[0] if wins else legal[int(rng.integers(len(legal)))]
        g.step(seat, choice)
        assert sum(g.scores) == 0
        v = g.view(seat)
        if all(s is not None for s in v["voids"]) and not declared:
            declared = True
            f = g.features(seat)
            for r in range(4):
                row = f[names.index(f"seat{r}_void")]
                assert row.sum() == 9 and row[27:].sum() == 0
        if any(v["out"]):
            won = True
            winner = v["out"].index(True)
            f = g.features(winner)
            assert (f[names.index("seat0_out")] == 1).all()
            assert (f[names.index("seat1_out")] == 0).all() or v["out"][(winner + 1) % 4]
    assert declared and won
    assert {"huansanzhang", "dingque", "hora"} <= {e["type"] for e in g.events()}


def test_built_in_players_choose_and_hupai_explains():
    g = Game({"preset": "tenhou", "length": "single"}, 3)
    seen = 0
    while not g.done:
        seat = g.seat
        legal = g.legal_actions(seat)
        action = g.choose(seat, "hupai")
        assert action in legal
        if seen < 5 and any(a["type"] == "dahai" for a in legal):
            why = g.explain(seat)
            assert why["action"] == action["type"] and why["mode"] in ("push", "fold", "riichi", "call", "win")
            assert sum(c["chosen"] for c in why["candidates"]) == 1
            assert all(0.0 <= c["win"] <= 1.0 and 0.0 <= c["danger"] <= 1.0 for c in why["candidates"])
            seen += 1
        g.step(seat, action)
    assert seen == 5
    assert g.choose(0) is None and g.explain(0) is None
    assert Game("gb", 1).choose(0, "efficiency") in Game("gb", 1).legal_actions(0)
    with pytest.raises(GameError, match="choose.*mortal"):
        Game("tenhou").choose(0, "mortal")


def test_hupai_plays_the_chinese_families_and_the_sichuan_draw_flags_are_read():
    rules = {
        "preset": "sichuan",
        "length": "single",
        "flower_pig_pays_ready": True,
        "refund_transferred_kong": True,
        "refund_to_winners": False,
    }
    for r in ({"preset": "gb", "length": "single"}, rules):
        g = Game(r, 2)
        explained = 0
        while not g.done:
            seat = g.seat
            action = g.choose(seat, "hupai")
            assert action in g.legal_actions(seat)
            why = g.explain(seat)
            assert why["action"] == action["type"]
            explained += len(why["candidates"]) > 1
            g.step(seat, action)
        assert explained > 3
    with pytest.raises(GameError, match="refund_to_winners"):
        Game({"preset": "gb", "refund_to_winners": False}, 0)
