"""A client of the simulator's Web API with requests, the way most Python users write one.
Run as `python3 client_requests.py <base-url>`; prints STEP <name> <status> <body> per step."""
import sys
from urllib.parse import quote

import requests

BASE = sys.argv[1]
session = requests.Session()


def step(name, method, path, body=None):
    res = session.request(method, BASE + path, json=body, timeout=10)
    print("STEP", name, res.status_code, res.text.replace("\n", " "))


step("discover", "GET", "/api/tags")
step("read-all", "GET", "/api/tag/values")
step("read-by-name", "GET", "/api/tag/values/by-name", ["Counter", "Pallet sensor"])
step("write", "PUT", "/api/tag/values/by-name", [{"name": "Conveyor entry", "value": True}, {"name": "Counter", "value": 42}])
step("force", "PUT", "/api/tag/values-force/by-name", [{"name": "Pallet sensor", "value": True}])
step("forced", "GET", "/api/tags/by-name/" + quote("Pallet sensor"))
step("release", "PUT", "/api/tag/values-release/by-name", ["Pallet sensor"])
step("fail", "PUT", "/api/tag/values-alwayson/by-name", [{"name": "High sensor", "value": True}])
step("failed", "GET", "/api/tags/by-name/" + quote("High sensor"))
step("clear", "PUT", "/api/tag/values-alwayson/by-name", [{"name": "High sensor", "value": False}])
res = session.put(BASE + "/api/tag/values", data='[{"id": ', timeout=10)
print("STEP", "bad-json", res.status_code, res.text)
