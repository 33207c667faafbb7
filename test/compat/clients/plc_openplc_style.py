"""A PLC over Modbus TCP, polling the simulator the way OpenPLC polls a "Generic Modbus TCP
Device": every scan reads its discrete inputs, then writes ALL its coils in one FC 15 and its
holding registers in one FC 16, whatever the program changed. The device is configured, as
OpenPLC users commonly do, with 16 coils, more than the 10 of the scene's driver map, so coils
10-15 are written (with 0) on every scan. Standard library only.
Run as `python3 plc_openplc_style.py <host> <port>`; prints STEP <name> <status> <body> per step
(status 200 for a normal answer, else 400 + the Modbus exception code)."""
import socket
import struct
import sys

HOST, PORT = sys.argv[1], int(sys.argv[2])
DISCRETE_INPUTS, COILS = 14, 16
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
    assert tid == transaction, "answer to another request"
    return body


def step(name, pdu):
    body = request(pdu)
    if body[0] & 0x80:
        print("STEP", name, 400, body[1])
    else:
        print("STEP", name, 200, body.hex())
    return body


def bits(body, count):
    return [(body[2 + i // 8] >> (i % 8)) & 1 for i in range(count)]


# The program: Conveyor entry (coil 0) on, everything else off; the counter (register 0) at 7.
coils = [1] + [0] * (COILS - 1)
packed = bytes(sum(bit << i for i, bit in enumerate(coils[j:j + 8])) for j in range(0, COILS, 8))
for scan in range(20):
    inputs = step("read-inputs", struct.pack(">BHH", 2, 0, DISCRETE_INPUTS))
    step("write-coils", struct.pack(">BHHB", 15, 0, COILS, len(packed)) + packed)
    step("write-registers", struct.pack(">BHHBH", 16, 0, 1, 2, 7))
print("STEP", "inputs", 200, "".join(str(b) for b in bits(inputs, DISCRETE_INPUTS)))
read = step("read-coils", struct.pack(">BHH", 1, 0, COILS))
print("STEP", "coils", 200, "".join(str(b) for b in bits(read, COILS)))
sock.close()
