"""A client of the simulator's Web API in plain Python: urllib.request, as the docs show it.
Run as `python3 client_urllib.py <base-url>`; prints STEP <name> <status> <body> per step."""
import json
import sys
import urllib.error
import urllib.parse
import urllib.request

BASE = sys.argv[1]


def step(name, method, path, body=None):
    data = None if body is None else json.dumps(body).encode("utf-8")
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            status, text = res.status, res.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read().decode("utf-8")
    print("STEP", name, status, text.replace("\n", " "))


step("discover", "GET", "/api/tags")
step("read-all", "GET", "/api/tag/values")
step("read-by-name", "GET", "/api/tag/values/by-name", ["Counter", "Pallet sensor"])
step("write", "PUT", "/api/tag/values/by-name", [{"name": "Conveyor entry", "value": True}, {"name": "Counter", "value": 42}])
step("force", "PUT", "/api/tag/values-force/by-name", [{"name": "Pallet sensor", "value": True}])
step("forced", "GET", "/api/tags/by-name/" + urllib.parse.quote("Pallet sensor"))
step("release", "PUT", "/api/tag/values-release/by-name", ["Pallet sensor"])
step("fail", "PUT", "/api/tag/values-alwayson/by-name", [{"name": "High sensor", "value": True}])
step("failed", "GET", "/api/tags/by-name/" + urllib.parse.quote("High sensor"))
step("clear", "PUT", "/api/tag/values-alwayson/by-name", [{"name": "High sensor", "value": False}])
req = urllib.request.Request(BASE + "/api/tag/values", data=b'[{"id": ', method="PUT")
try:
    urllib.request.urlopen(req, timeout=10)
except urllib.error.HTTPError as err:
    print("STEP", "bad-json", err.code, err.read().decode("utf-8"))
