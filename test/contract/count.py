"""Count the HTTP requests schemathesis sent, from its NDJSON event report (argument 1)."""
import json
import sys

total = 0
with open(sys.argv[1], encoding="utf-8") as events:
    for line in events:
        event = json.loads(line)
        finished = event.get("ScenarioFinished")
        if finished:
            total += len(finished.get("recorder", {}).get("interactions", {}))
print(total)
