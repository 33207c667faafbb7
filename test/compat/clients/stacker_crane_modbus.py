"""A stacker-crane controller of "Automated Warehouse" over Modbus TCP, written the way the public
FishAndCat controller was written for a real FACTORY I/O 2.5.10 (docs/fidelity.md, "The stacker
crane"): a Python "soft PLC" on the scene's default Modbus map that stores one pallet per cell.
Each cycle: feed (both belts until `At Load` has been blocked 0.30 s), Target Position 55, forks
left, lift (wait for Moving Z to start, then 0.40 s still), wait for `At Load` to clear, forks to
the middle by switching both fork outputs on, travel to the cell, forks right, lower, forks to the
middle, travel back to 55. Every wait polls every 50 ms and counts a state once it has held for
0.15 s (fork limits) or 0.40 s (crane, lift, load), as that controller does, and what it would
log is printed for the test to hold against the real logs.

Standard library only. Run as
`python3 stacker_crane_modbus.py <host> <port> <time-scale> <cell> [<cell> ...]`; the time scale is
the server's, by which every wait and poll is divided and every time printed multiplied, so the
printed times are plant seconds. Prints `STEP <name> 200 <json>` per timed wait, or
`STEP <name> 500 <reason>` and exits 1 when a wait times out.
"""
import json
import socket
import struct
import sys
import time

HOST, PORT, SCALE = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
CELLS = [int(c) for c in sys.argv[4:]]

# The scene's default Modbus map (discrete inputs, coils, holding register 0).
AT_LOAD, AT_LEFT, AT_MIDDLE, AT_RIGHT, MOVING_X, MOVING_Z = 1, 2, 3, 4, 7, 8
STOP, ESTOP, RUNNING = 11, 12, 14
ENTRY_CONVEYOR, LOAD_CONVEYOR, FORKS_LEFT, FORKS_RIGHT, LIFT = 0, 1, 2, 3, 4
TARGET, REST = 0, 55
POLL, SETTLE, FORK_SETTLE, LOAD_SETTLE = 0.05, 0.40, 0.15, 0.30
START_TIMEOUT, STEP_TIMEOUT = 3.0, 30.0

sock = socket.create_connection((HOST, PORT), timeout=5)
transaction = 0


def request(pdu):
    global transaction
    transaction = (transaction + 1) & 0xFFFF
    sock.sendall(struct.pack(">HHHB", transaction, 0, len(pdu) + 1, 1) + pdu)
    head = b""
    while len(head) < 7:
        head += sock.recv(7 - len(head))
    tid, _, length, _ = struct.unpack(">HHHB", head)
    body = b""
    while len(body) < length - 1:
        body += sock.recv(length - 1 - len(body))
    if tid != transaction or body[0] & 0x80:
        raise RuntimeError("Modbus answer %s to %s" % (body.hex(), pdu.hex()))
    return body


def din(address):
    body = request(struct.pack(">BHH", 2, address, 1))
    return bool(body[2] & 1)


def coil(address, on):
    request(struct.pack(">BHH", 5, address, 0xFF00 if on else 0))


def target(position):
    request(struct.pack(">BHH", 6, TARGET, position))


def now():
    return time.monotonic() * SCALE


def sleep(seconds):
    time.sleep(seconds / SCALE)


def check_safety():
    if not din(RUNNING):
        raise RuntimeError("the simulation is not running (Input 14)")
    if not din(STOP) or not din(ESTOP):
        raise RuntimeError("Stop or Emergency stop is pressed")


def wait_stable(name, predicate, stable_for, timeout=STEP_TIMEOUT):
    started = now()
    since = None
    while now() - started < timeout:
        check_safety()
        if predicate():
            since = since if since is not None else now()
            if now() - since >= stable_for:
                return round(now() - started, 2)
        else:
            since = None
        sleep(POLL)
    print("STEP", name, 500, "TIMEOUT(%ss)" % timeout)
    raise SystemExit(1)


def motion(name, moving, allow_no_start=False):
    """Wait for the motion to start, then for it to settle; no start at all may be no motion."""
    t0 = now()
    while now() - t0 < START_TIMEOUT:
        check_safety()
        if moving():
            start = round(now() - t0, 2)
            settled = wait_stable(name, lambda: not moving(), SETTLE)
            print("STEP", name, 200, json.dumps({"start": start, "settled": settled}))
            return
        sleep(POLL)
    if not allow_no_start:
        print("STEP", name, 500, "NO START(%ss)" % START_TIMEOUT)
        raise SystemExit(1)
    settled = wait_stable(name, lambda: not moving(), SETTLE, timeout=1.0)
    print("STEP", name, 200, json.dumps({"start": None, "settled": settled}))


def crane_moving():
    return din(MOVING_X) or din(MOVING_Z)


def timed(name, predicate, stable_for):
    print("STEP", name, 200, json.dumps({"settled": wait_stable(name, predicate, stable_for)}))


def forks_to(name, left, right, limit):
    coil(FORKS_LEFT, left)
    coil(FORKS_RIGHT, right)
    timed(name, lambda: din(limit), FORK_SETTLE)


def box_at_load():
    return not din(AT_LOAD)  # retro-reflective: off while the pallet breaks the beam


check_safety()
for cell in CELLS:
    if not box_at_load():
        coil(ENTRY_CONVEYOR, True)
        coil(LOAD_CONVEYOR, True)
        timed("feed-%d" % cell, box_at_load, LOAD_SETTLE)
        coil(ENTRY_CONVEYOR, False)
        coil(LOAD_CONVEYOR, False)
    target(REST)
    motion("rest-%d" % cell, crane_moving, allow_no_start=True)
    forks_to("forks-left-%d" % cell, True, False, AT_LEFT)
    coil(LIFT, True)
    motion("lift-%d" % cell, lambda: din(MOVING_Z))
    timed("cleared-%d" % cell, lambda: not box_at_load(), SETTLE)
    forks_to("middle-pick-%d" % cell, True, True, AT_MIDDLE)
    coil(FORKS_LEFT, False)
    coil(FORKS_RIGHT, False)
    target(cell)
    motion("travel-%d" % cell, crane_moving)
    forks_to("forks-right-%d" % cell, False, True, AT_RIGHT)
    coil(LIFT, False)
    motion("lower-%d" % cell, lambda: din(MOVING_Z))
    forks_to("middle-place-%d" % cell, True, True, AT_MIDDLE)
    coil(FORKS_LEFT, False)
    coil(FORKS_RIGHT, False)
    target(REST)
    motion("back-%d" % cell, crane_moving)
# The controller's safe stop: outputs off, Target Position 0 (stop in place).
for address in (ENTRY_CONVEYOR, LOAD_CONVEYOR, FORKS_LEFT, FORKS_RIGHT, LIFT):
    coil(address, False)
target(0)
print("STEP", "done", 200, json.dumps({"cells": CELLS}))
sock.close()
