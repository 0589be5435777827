"""A minimal Botzone GB bot for testing botzone-gb.py: it keeps running and calls whatever it can.

It speaks Botzone's simple interaction with `>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` after each
answer, tracks its own hand from the judge's requests, declares every kong (GANG, BUGANG), pung
(PENG) and chow (CHI) it can, and discards the tile with the fewest neighbours. It never declares
HU (it has no fan calculator): a test peer for the adapter's calls, not a player.
"""

import sys

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"

me = 0
hand = []
pungs = []
last_tile = None  # the tile last discarded
my_kong = None  # the tile of the concealed kong just answered


def worst(tiles):
    """The tile with the fewest copies and neighbours in `tiles` (honours have no neighbours)."""

    def company(t):
        near = [t]
        if t[0] in "WBT":
            near += [t[0] + str(int(t[1]) + d) for d in (-2, -1, 1, 2)]
        return sum(tiles.count(n) for n in near)

    return min(tiles, key=lambda t: (company(t), t))


def remove(tile, count=1):
    for _ in range(count):
        hand.remove(tile)


def answer(request, responses):
    global me, hand, last_tile, my_kong
    words = request.split()
    if words[0] == "0":
        me = int(words[1])
        return "PASS"
    if words[0] == "1":
        hand = words[5:18]
        return "PASS"
    if words[0] == "2":
        tile = words[1]
        hand.append(tile)
        if tile in pungs:
            return f"BUGANG {tile}"
        for t in sorted(set(hand)):
            if hand.count(t) == 4:
                my_kong = t
                return f"GANG {t}"
        return f"PLAY {worst(hand)}"
    player, action = int(words[1]), words[2]
    if player == me:
        # The judge confirms what this bot did.
        if action == "PLAY":
            remove(words[3])
        elif action == "PENG":
            remove(last_tile, 2)
            pungs.append(last_tile)
            remove(words[3])
        elif action == "CHI":
            middle = words[3]
            for d in (-1, 0, 1):
                t = middle[0] + str(int(middle[1]) + d)
                if t != last_tile:
                    remove(t)
            remove(words[4])
        elif action == "GANG":
            if responses and responses[-1].startswith("GANG "):
                remove(my_kong, 4)
            else:
                remove(last_tile, 3)
        elif action == "BUGANG":
            remove(words[3])
            pungs.remove(words[3])
        if action in ("PLAY", "PENG", "CHI"):
            last_tile = words[-1]
        return "PASS"
    if action not in ("PLAY", "PENG", "CHI"):
        return "PASS"
    tile = words[-1]
    last_tile = tile
    if hand.count(tile) == 3:
        return "GANG"
    if hand.count(tile) == 2:
        rest = list(hand)
        rest.remove(tile)
        rest.remove(tile)
        return f"PENG {worst(rest)}"
    if (player + 1) % 4 == me and tile[0] in "WBT":
        n = int(tile[1])
        for middle in (n - 1, n, n + 1):
            if 2 <= middle <= 8:
                run = [tile[0] + str(middle + d) for d in (-1, 0, 1)]
                run.remove(tile)
                if all(t in hand for t in run):
                    rest = list(hand)
                    for t in run:
                        rest.remove(t)
                    return f"CHI {tile[0]}{middle} {worst(rest)}"
    return "PASS"


def main():
    # The first input is the whole history: the turn count, then requests and responses.
    turns = int(sys.stdin.readline())
    lines = [sys.stdin.readline().strip() for _ in range(2 * turns - 1)]
    responses = []
    for i in range(turns - 1):
        answer(lines[2 * i], responses)
        responses.append(lines[2 * i + 1])
    request = lines[-1]
    while True:
        response = answer(request, responses)
        responses.append(response)
        print(response)
        print(KEEP_RUNNING, flush=True)
        request = sys.stdin.readline()
        if not request:
            return
        request = request.strip()


if __name__ == "__main__":
    main()
