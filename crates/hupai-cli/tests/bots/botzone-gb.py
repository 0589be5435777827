"""An mjai bot that seats a Botzone Chinese Standard Mahjong (GB) bot in `hupai arena`.

    python3 botzone-gb.py [--json] --bot 'COMMAND' [SEAT]

It turns the arena's mjai events for its seat into the requests Botzone's GB judge sends
(`0 id quan`, `1 ...` the deal, `2 tile` a draw, `3 p DRAW|PLAY|PENG|CHI|GANG|BUGANG|BUHUA ...`),
and the bot's responses (`HU`, `PLAY t`, `GANG t`, `BUGANG t`, `PENG t`, `CHI t t`, `GANG`,
`PASS`) into mjai actions. The bot is spoken to as Botzone speaks to it: the first turn gets the
whole history (simple interaction: the turn count, then the requests and responses a line each;
`--json`: `{"requests": [...], "responses": [...]}`); a bot that answers and then prints
`>>>BOTZONE_REQUEST_KEEP_RUNNING<<<` keeps running and gets each later request alone, any other
bot is started again for each request with the whole history. Players are numbered from the
dealer, as the judge numbers them (its seat winds). One hand a bot process (`gb-botzone` plays
one hand a game); no code of any bot is here: COMMAND (split as a shell would, run without one)
runs it.
"""

import json
import shlex
import subprocess
import sys

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"

# mjai's honours in Botzone's names: the winds F1-F4, the dragons J1 (red) J2 (green) J3 (white).
HONORS = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}
SUITS = {"m": "W", "p": "B", "s": "T", "f": "H"}
TO_MJAI = {v: k for k, v in HONORS.items()}


def to_botzone(pai):
    if pai in HONORS:
        return HONORS[pai]
    return SUITS[pai[1]] + pai[0]


def to_mjai(tile):
    if tile in TO_MJAI:
        return TO_MJAI[tile]
    suit = {v: k for k, v in SUITS.items()}[tile[0]]
    return tile[1] + suit


class Bot:
    """One Botzone bot for one hand: the requests so far and its responses."""

    def __init__(self, command, json_io):
        self.command = command
        self.json_io = json_io
        self.requests = []
        self.responses = []
        self.process = None  # a bot that keeps running

    def history(self):
        if self.json_io:
            return json.dumps({"requests": self.requests, "responses": self.responses}) + "\n"
        lines = [str(len(self.requests))]
        for i, request in enumerate(self.requests):
            lines.append(request)
            if i < len(self.responses):
                lines.append(self.responses[i])
        return "\n".join(lines) + "\n"

    def response_of(self, lines):
        text = "\n".join(lines).strip()
        if self.json_io:
            try:
                return str(json.loads(text)["response"])
            except (ValueError, KeyError, TypeError):
                return ""
        return lines[0].strip() if lines else ""

    def ask(self, request):
        """The bot's response to one more request."""
        self.requests.append(request)
        if self.process is not None:
            # A running bot gets this request alone.
            self.process.stdin.write((json.dumps(request) if self.json_io else request) + "\n")
            self.process.stdin.flush()
            answer = self.read_until_keep()
        elif len(self.requests) == 1:
            # The first turn tells whether the bot keeps running.
            self.process = subprocess.Popen(
                shlex.split(self.command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
            )
            self.process.stdin.write(self.history())
            self.process.stdin.flush()
            answer = self.read_until_keep()
        else:
            done = subprocess.run(
                shlex.split(self.command), input=self.history(), capture_output=True, text=True, timeout=30
            )
            answer = self.response_of(done.stdout.splitlines())
        self.responses.append(answer)
        return answer

    def read_until_keep(self):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                # It ended after its answer: start it again for each request.
                self.process.wait()
                self.process = None
                break
            if line.strip() == KEEP_RUNNING:
                break
            lines.append(line.rstrip("\n"))
        return self.response_of(lines)

    def close(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


class Adapter:
    def __init__(self, seat, command, json_io):
        self.seat = seat
        self.command = command
        self.json_io = json_io
        self.bot = None
        self.oya = 0
        self.quan = 0
        self.dealing = False
        self.deal_events = []
        self.tehai = []
        self.called = None  # a chi or pon waiting for its discard: (actor, request head)
        self.my_discard = None  # the discard the bot gave with its own PENG or CHI

    def rel(self, actor):
        return (actor - self.oya) % 4

    def batch(self, events):
        """The mjai action for the decision the last event asks for."""
        answer = {"type": "none"}
        for i, event in enumerate(events):
            result = self.event(event, i == len(events) - 1)
            if result is not None:
                answer = result
        return answer

    def event(self, event, last):
        kind = event["type"]
        if kind == "start_game":
            if event.get("id") is not None:
                self.seat = event["id"]
            return None
        if kind == "start_kyoku":
            if self.bot is not None:
                self.bot.close()
            self.bot = Bot(self.command, self.json_io)
            self.oya = event["oya"]
            self.quan = "ESWN".index(event["bakaze"])
            self.tehai = list(event["tehais"][self.seat])
            self.dealing = True
            self.deal_events = []
            self.called = None
            self.my_discard = None
            return None
        if self.bot is None:
            return None
        if self.dealing:
            if kind in ("hua", "tsumo"):
                self.deal_events.append(event)
                # Only the dealer's first draw asks for a decision before the first discard.
                if last and kind == "tsumo" and event["actor"] == self.seat:
                    return self.settle_deal(None, last)
                return None
            return self.settle_deal(event, last)
        return self.play(event, last)

    def settle_deal(self, ending, last):
        """Sends the judge's first two requests once the flowers of the deal are replaced.

        The deal's flowers come before the dealer's first draw, which is the dealer's last tsumo
        before anything else happens; the flowers right before it are that draw's."""
        self.dealing = False
        events = self.deal_events
        first_draw = max((i for i, e in enumerate(events) if e["type"] == "tsumo" and e["actor"] == self.oya), default=len(events))
        start = first_draw
        while start > 0 and events[start - 1]["type"] == "hua" and events[start - 1]["actor"] == self.oya:
            start -= 1
        flowers = [[] for _ in range(4)]
        hand = [p for p in self.tehai if not p.endswith("f")]
        for e in events[:start]:
            if e["type"] == "hua":
                flowers[self.rel(e["actor"])].append(to_botzone(e["pai"]))
            elif e["actor"] == self.seat:
                hand.append(e["pai"])
        if len(hand) != 13:
            print(f"botzone-gb.py: the deal leaves {len(hand)} tiles, not 13: {hand}", file=sys.stderr)
        me = self.rel(self.seat)
        self.bot.ask(f"0 {me} {self.quan}")
        counts = " ".join(str(len(f)) for f in flowers)
        tiles = " ".join(to_botzone(p) for p in hand)
        shown = " ".join(t for f in flowers for t in f)
        self.bot.ask(f"1 {counts} {tiles} {shown}".rstrip())
        answer = None
        rest = events[start:] + ([ending] if ending is not None else [])
        for i, e in enumerate(rest):
            answer = self.play(e, last and i == len(rest) - 1)
        return answer

    def play(self, event, last):
        kind = event["type"]
        actor = event.get("actor")
        who = self.rel(actor) if actor is not None else None
        mine = actor == self.seat
        if kind == "tsumo":
            pai = event["pai"]
            response = self.bot.ask(f"2 {to_botzone(pai)}" if mine else f"3 {who} DRAW")
            return self.after_draw(response, pai) if last and mine else None
        if kind == "hua":
            self.bot.ask(f"3 {who} BUHUA {to_botzone(event['pai'])}")
            return None
        if kind == "dahai":
            tile = to_botzone(event["pai"])
            if self.called is not None and self.called[0] == actor:
                request = f"{self.called[1]} {tile}"
            else:
                request = f"3 {who} PLAY {tile}"
            self.called = None
            response = self.bot.ask(request)
            return self.after_discard(response, event) if last and not mine else None
        if kind in ("pon", "chi"):
            # The judge tells a chow or pung together with the discard after it.
            if kind == "pon":
                self.called = (actor, f"3 {who} PENG")
            else:
                tiles = sorted(event["consumed"] + [event["pai"]])
                self.called = (actor, f"3 {who} CHI {to_botzone(tiles[1])}")
            if last and mine:
                answer, self.my_discard = self.my_discard, None
                return answer
            return None
        if kind in ("daiminkan", "ankan"):
            self.bot.ask(f"3 {who} GANG")
            return None
        if kind == "kakan":
            response = self.bot.ask(f"3 {who} BUGANG {to_botzone(event['pai'])}")
            if last and not mine and response == "HU":
                return {"type": "hora", "actor": self.seat, "target": actor, "pai": event["pai"]}
            return None
        return None

    def after_draw(self, response, pai):
        words = response.split()
        if words == ["HU"]:
            return {"type": "hora", "actor": self.seat, "target": self.seat, "pai": pai}
        if len(words) == 2:
            tile = to_mjai_checked(words[1])
            if words[0] == "PLAY" and tile:
                return {"type": "dahai", "actor": self.seat, "pai": tile, "tsumogiri": tile == pai}
            if words[0] == "GANG" and tile:
                return {"type": "ankan", "actor": self.seat, "consumed": [tile] * 4}
            if words[0] == "BUGANG" and tile:
                return {"type": "kakan", "actor": self.seat, "pai": tile, "consumed": [tile] * 3}
        print(f"botzone-gb.py: no action for the response {response!r} to a draw", file=sys.stderr)
        return {"type": "none"}

    def after_discard(self, response, event):
        pai = event["pai"]
        target = event["actor"]
        words = response.split()
        base = {"actor": self.seat, "target": target, "pai": pai}
        if words == ["HU"]:
            return {"type": "hora", **base}
        if words == ["GANG"]:
            return {"type": "daiminkan", **base, "consumed": [pai] * 3}
        if len(words) == 2 and words[0] == "PENG" and to_mjai_checked(words[1]):
            self.my_discard = self.discard(words[1])
            return {"type": "pon", **base, "consumed": [pai] * 2}
        if len(words) == 3 and words[0] == "CHI" and to_mjai_checked(words[1]) and to_mjai_checked(words[2]):
            middle = to_mjai(words[1])
            run = [f"{int(middle[0]) + d}{middle[1]}" for d in (-1, 0, 1)] if middle[0].isdigit() else []
            if pai in run:
                run.remove(pai)
                self.my_discard = self.discard(words[2])
                return {"type": "chi", **base, "consumed": run}
        if words != ["PASS"]:
            print(f"botzone-gb.py: no action for the response {response!r} to a discard", file=sys.stderr)
        return {"type": "none"}

    def discard(self, tile):
        return {"type": "dahai", "actor": self.seat, "pai": to_mjai(tile), "tsumogiri": False}


def to_mjai_checked(tile):
    try:
        return to_mjai(tile) if len(tile) == 2 and tile[1] in "123456789" else None
    except KeyError:
        return None


def main():
    args = sys.argv[1:]
    json_io = "--json" in args
    if json_io:
        args.remove("--json")
    if "--bot" not in args or args.index("--bot") + 1 >= len(args):
        print("botzone-gb.py: give the bot's command with --bot 'COMMAND'", file=sys.stderr)
        sys.exit(2)
    at = args.index("--bot")
    command = args[at + 1]
    del args[at : at + 2]
    # The arena gives the seat as the last argument, and as start_game's "id".
    seat = int(args[-1]) if args else None
    adapter = Adapter(seat, command, json_io)
    for line in sys.stdin:
        try:
            answer = adapter.batch(json.loads(line))
        except Exception as error:  # the arena counts a wrong answer as one lost decision
            print(f"botzone-gb.py: {error!r} on {line.strip()[:200]}", file=sys.stderr)
            answer = {"type": "none"}
        print(json.dumps(answer), flush=True)
    if adapter.bot is not None:
        adapter.bot.close()


if __name__ == "__main__":
    main()
