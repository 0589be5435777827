"""A minimal mjai bot: discards each tile it draws, passes on everything else."""
import json
import sys

# The arena gives the seat as the last argument, and as start_game's "id".
seat = int(sys.argv[-1]) if len(sys.argv) > 1 else None
for line in sys.stdin:
    answer = {"type": "none"}
    for event in json.loads(line):
        if event["type"] == "start_game":
            seat = event.get("id", seat)
        if event["type"] == "tsumo" and event["actor"] == seat:
            answer = {"type": "dahai", "actor": seat, "pai": event["pai"], "tsumogiri": True}
        else:
            answer = {"type": "none"}
    print(json.dumps(answer), flush=True)
