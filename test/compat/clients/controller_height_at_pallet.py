"""A soft PLC for "Sorting by Height (Basic)" in plain Python, written the way public Web API
controllers of the real scene are (docs/fidelity.md, "Geometry"): tags by id from GET /api/tags,
every value each scan with GET /api/tag/values, Outputs written by id with PUT /api/tag/values.
One pallet at a time: stop it at the pallet sensor, read its height from the light curtain while
it waits, load it, push it to its side (low left, high right), count it at the side's entry.
Then, as a fault-injection tool does, it forces `Emitter` false by id ("no parts") and keeps
sorting what is already on the belt.

Run as `python3 controller_height_at_pallet.py <base-url> <boxes> <no-parts-scans>`; prints
STEP <name> <status> <json> lines."""
import json
import sys
import time
import urllib.request

BASE = sys.argv[1]
BOXES = int(sys.argv[2])
NO_PARTS_SCANS = int(sys.argv[3])
SCAN_S = 0.02
SETTLE_SCANS = 3
DEADLINE = time.monotonic() + 45  # before the test gives up on it (60 s)


def call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode("utf-8")
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as res:
        return res.status, json.loads(res.read().decode("utf-8"))


_, tags = call("GET", "/api/tags")
inputs = {t["name"]: t["id"] for t in tags if t["kind"] == "Input"}
outputs = {t["name"]: t["id"] for t in tags if t["kind"] == "Output"}


class Sorter:
    def __init__(self):
        self.step = "feed"
        self.settled = 0
        self.height = None
        self.sent = []
        self.no_height = 0
        self.prev = {"Loaded": False, "left": False, "right": False}

    def rising(self, key, value):
        edge = value and not self.prev[key]
        self.prev[key] = value
        return edge

    def scan(self, v):
        pallet = v["Pallet sensor"]
        loaded = self.rising("Loaded", v["Loaded"])
        # The side conveyors' entry sensors are retro-reflective: False while a box is there.
        reached = {"left": self.rising("left", not v["At left entry"]),
                   "right": self.rising("right", not v["At right entry"])}
        side = "left" if self.height == "low" else "right"
        if self.step == "feed" and pallet:
            self.step, self.settled = "settle", 0
        elif self.step == "settle":
            self.settled += 1
            if self.settled >= SETTLE_SCANS:
                if v["Low sensor"]:
                    self.height = "high" if v["High sensor"] else "low"
                    self.step = "load"
                else:
                    self.no_height += 1
                    self.step = "feed"
        elif self.step == "load" and loaded:
            self.step = "transfer"
        elif self.step == "transfer" and reached[side]:
            self.sent.append({"height": self.height, "side": side})
            self.step = "feed"
        side = "left" if self.height == "low" else "right"
        transfer = self.step == "transfer"
        return {
            "Conveyor entry": self.step == "load" or (self.step == "feed" and not pallet),
            "Load": self.step == "load",
            "Transf. left": transfer and side == "left",
            "Transf. right": transfer and side == "right",
            "Conveyor left": True,
            "Conveyor right": True,
            "Counter": len(self.sent),
        }


def run_scan(sorter):
    if time.monotonic() > DEADLINE:
        print("STEP timeout 500", json.dumps({"sent": sorter.sent, "noHeight": sorter.no_height}))
        sys.exit(1)
    _, values = call("GET", "/api/tag/values")
    by_id = {e["id"]: e["value"] for e in values}
    v = {name: by_id[tid] for name, tid in inputs.items()}
    out = sorter.scan(v)
    status, errors = call("PUT", "/api/tag/values", [{"id": outputs[n], "value": x} for n, x in out.items()])
    if status != 200 or errors:
        print("STEP write", status, json.dumps(errors))
        sys.exit(1)
    time.sleep(SCAN_S)
    return v


sorter = Sorter()
while len(sorter.sent) < BOXES:
    run_scan(sorter)
print("STEP sorted 200", json.dumps({"sent": sorter.sent, "noHeight": sorter.no_height}))

status, body = call("PUT", "/api/tag/values-force", [{"id": outputs["Emitter"], "value": False}])
print("STEP no-parts", status, json.dumps(body))
before = len(sorter.sent)
for _ in range(NO_PARTS_SCANS):
    last = run_scan(sorter)
print("STEP after-no-parts 200", json.dumps({
    "sortedSince": len(sorter.sent) - before,
    "palletAtEnd": last["Pallet sensor"],
    "step": sorter.step,
}))
status, body = call("PUT", "/api/tag/values-release", [outputs["Emitter"]])
print("STEP release", status, json.dumps(body))
