#!/usr/bin/env python3
"""Games nobody plays, as an outside tester makes them: N games created and joined over HTTP, and then
either left alone (`unplayed`: paired, no decision made) or given both players' first decisions over a
WebSocket and left (`played`). Then, every few seconds, the server's rooms (`mancala_rooms` in /metrics),
its games by status (`/api/games`), and its resident memory (/proc/PID/status, when --pid is given).

    python3 tools/bench/idle_rooms.py --server http://127.0.0.1:18200 --games 1000 --mode unplayed \\
        --pid "$(pgrep -n mancala-server)" --watch 90 --save /tmp/games.txt
    # after a restart of the server:
    python3 tools/bench/idle_rooms.py --server http://127.0.0.1:18200 --check /tmp/games.txt

Only the standard library: a tiny WebSocket client (handshake, masked text frames) is enough here. The
server must allow many games from one address: start it with `--games-per-minute 0`.
"""

import argparse
import base64
import json
import os
import socket
import struct
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor


def http(server, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(server + path, data=data, method=method)
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read() or b"null")


class Ws:
    """A WebSocket client with only what this script needs."""

    def __init__(self, server, path):
        host, port = server.split("//")[1].split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.buf = b""

    def send(self, msg):
        payload = json.dumps(msg).encode()
        mask = os.urandom(4)
        head = bytes([0x81]) + (
            bytes([0x80 | len(payload)]) if len(payload) < 126 else bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        )
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _need(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("closed")
            self.buf += chunk

    def recv(self):
        """The next text message as JSON (other frames skipped)."""
        while True:
            self._need(2)
            opcode, n = self.buf[0] & 0x0F, self.buf[1] & 0x7F
            at = 2
            if n == 126:
                self._need(4)
                n, at = struct.unpack(">H", self.buf[2:4])[0], 4
            elif n == 127:
                self._need(10)
                n, at = struct.unpack(">Q", self.buf[2:10])[0], 10
            self._need(at + n)
            payload, self.buf = self.buf[at : at + n], self.buf[at + n :]
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x8:
                raise EOFError("close frame")

    def close(self):
        self.sock.close()


def first_decision(server, game, token, n):
    """Makes this seat's first decision (waits for its turn); returns once it is accepted."""
    ws = Ws(server, f"/api/games/{game}/ws?token={token}")
    try:
        while True:
            m = ws.recv()
            if m["type"] in ("snapshot", "event") and m["view"]["legal"]:
                ws.send({"type": "decide", "id": f"d{n}", "decision": m["view"]["legal"][0]})
                break
        while True:
            m = ws.recv()
            if m["type"] in ("accepted", "rejected") and m.get("id") == f"d{n}":
                return m["type"] == "accepted"
    finally:
        ws.close()


def make_game(server, mode, k):
    created = http(server, "POST", "/api/games", {"variant": "kubuguza", "seat": "south"})
    game = created["game"]["id"]
    joined = http(server, "POST", f"/api/games/{game}/join", {"name": f"tester{k}"})
    if mode == "played":
        # South moves first in Kubuguza; then North.
        assert first_decision(server, game, created["token"], 1)
        assert first_decision(server, game, joined["token"], 2)
    return game


def rooms(server):
    text = urllib.request.urlopen(server + "/metrics", timeout=10).read().decode()
    for line in text.splitlines():
        if line.startswith("mancala_rooms "):
            return int(float(line.split()[1]))
    return None


def rss_kb(pid):
    if not pid:
        return None
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def statuses(server, games):
    counts = {}
    for g in games:
        s = http(server, "GET", f"/api/games/{g}")["game"]
        key = s["status"] if s["status"] != "finished" else "finished:" + s["result"]["reason"]
        counts[key] = counts.get(key, 0) + 1
    return counts


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--server", default="http://127.0.0.1:8080")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--mode", choices=["unplayed", "played"], default="unplayed")
    p.add_argument("--pid", type=int, help="the server's process id, for its memory")
    p.add_argument("--watch", type=int, default=90, help="seconds to watch after the games are made")
    p.add_argument("--every", type=int, default=10)
    p.add_argument("--save", help="a file to write the game ids to (one per line)")
    p.add_argument("--check", help="make no games: show the rooms and the games listed in this file (after a restart)")
    a = p.parse_args()
    if a.check:
        games = open(a.check).read().split()
        print(f"rooms {rooms(a.server)}, RSS {rss_kb(a.pid)} kB, games {statuses(a.server, games)}")
        return
    t0 = time.time()
    print(f"before: rooms {rooms(a.server)}, RSS {rss_kb(a.pid)} kB")
    with ThreadPoolExecutor(16) as pool:
        games = list(pool.map(lambda k: make_game(a.server, a.mode, k), range(a.games)))
    if a.save:
        with open(a.save, "w") as f:
            f.write("\n".join(games) + "\n")
    print(f"{len(games)} {a.mode} games made in {time.time() - t0:.1f} s")
    start = time.time()
    while True:
        left = time.time() - start
        print(f"t+{left:5.1f} s: rooms {rooms(a.server)}, RSS {rss_kb(a.pid)} kB, games {statuses(a.server, games)}")
        if left >= a.watch:
            break
        time.sleep(a.every)


if __name__ == "__main__":
    main()
