"""A client of the simulator's Web API that joins its URLs from parts, as public controllers do,
and so sends doubled slashes: the address with a trailing '/', then '/api/', then '/tag/...'.
One such controller writes with requests.put(address + '/api//tag/values/by-name', json=...),
which the simulator's web server (EmbedIO) routes as '/api/tag/values/by-name' (docs/fidelity.md,
"Paths"). Run as `python3 client_joined_paths.py <base-url>`; prints STEP <name> <status> <body>."""
import sys
from urllib.parse import quote

import requests

ADDRESS = sys.argv[1] + "/"
API = "/api/"
session = requests.Session()


def step(name, method, path, body=None):
    res = session.request(method, ADDRESS + API + path, json=body, timeout=10)
    print("STEP", name, res.status_code, res.text.replace("\n", " "))


step("discover", "GET", "/tags/")
step("read-all", "GET", "/tag/values")
step("read-by-name", "GET", "/tag/values/by-name", ["Counter", "Pallet sensor"])
step("write", "PUT", "/tag/values/by-name", [{"name": "Conveyor entry", "value": True}, {"name": "Counter", "value": 42}])
step("force", "PUT", "/tag/values-force/by-name", [{"name": "Pallet sensor", "value": True}])
step("forced", "GET", "/tags/by-name/" + quote("Pallet sensor"))
step("release", "PUT", "/tag/values-release//by-name", ["Pallet sensor"])
step("fail", "PUT", "/tag/values-alwayson/by-name/", [{"name": "High sensor", "value": True}])
step("failed", "GET", "//tags/by-name/" + quote("High sensor"))
step("clear", "PUT", "/tag/values-alwayson/by-name", [{"name": "High sensor", "value": False}])
res = session.put(ADDRESS + API + "/tag/values", data='[{"id": ', timeout=10)
print("STEP", "bad-json", res.status_code, res.text)
