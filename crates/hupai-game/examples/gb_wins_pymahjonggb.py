"""Compares the fans hupai-game paid for each win (lines from `examples/gb_wins.rs` on stdin)
with PyMahjongGB's MahjongFanCalculator given the same table: prints the count of wins, of
differences, and each difference."""

import json
import sys

from MahjongGB import MahjongFanCalculator

NAMES = (
    "大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺 清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会 "
    "一色四同顺 一色四节高 一色四步高 三杠 混幺九 七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 全大 全中 全小 "
    "清龙 三色双龙会 一色三步高 全带五 三同刻 三暗刻 全不靠 组合龙 大于五 小于五 三风刻 花龙 推不倒 三色三同顺 "
    "三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和 碰碰和 混一色 三色三步高 五门齐 全求人 双暗杠 双箭刻 全带幺 "
    "不求人 双明杠 和绝张 箭刻 圈风刻 门风刻 门前清 平和 四归一 双同刻 双暗刻 暗杠 断幺 一般高 喜相逢 连六 老少副 "
    "幺九刻 明杠 缺一门 无字 边张 嵌张 单钓将 自摸 花牌 明暗杠"
).split()
FAN_ID = {name: i + 1 for i, name in enumerate(NAMES)}
FAN_ID.update({"独听・边张": 77, "独听・嵌张": 78, "独听・单钓": 79})
PEER = [f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)] + [f"T{r}" for r in range(1, 10)]
PEER += ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]

wins = differences = 0
for line in sys.stdin:
    w = json.loads(line)
    peer = MahjongFanCalculator(
        pack=tuple((kind, PEER[k], offer) for kind, k, offer in w["pack"]),
        hand=tuple(PEER[k] for k in w["hand"]),
        winTile=PEER[w["win"]],
        flowerCount=w["flowers"],
        isSelfDrawn=w["tsumo"],
        is4thTile=w["last_copy"],
        isAboutKong=w["about_kong"],
        isWallLast=w["wall_last"],
        seatWind=w["seat"],
        prevalentWind=w["round"],
        verbose=True,
    )
    theirs = {}
    for value, count, name, _en in peer:
        theirs[FAN_ID[name]] = theirs.get(FAN_ID[name], 0) + value * count
    ours = {i: f for i, f in w["fans"]}
    wins += 1
    if ours != theirs:
        differences += 1
        print("DIFFERENT", line.strip(), "peer:", sorted(theirs.items()))
print(f"{wins} wins, {differences} differences")
