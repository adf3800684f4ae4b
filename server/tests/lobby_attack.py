#!/usr/bin/env python3
"""Attacks a running mancala-server's lobby as an outside tester would, from one address, with a client
written from docs/protocol.md and docs/lobby.md only, and prints what it got (RELIABILITY.md, "Security").

    cargo run -p mancala-server -- --database-url sqlite:///tmp/s1.db --addr 127.0.0.1:18471
    python3 -m pip install websockets   # 17.x
    python3 server/tests/lobby_attack.py http://127.0.0.1:18471 [SCENARIO…]

Scenarios (all by default, in this order): cross_origin revoked guest_name big_messages range race
challenge_flood socket_flood pairing_flood. The floods spend the address's allowance of new games (60 a
minute by default), so run the race on a server started with `--games-per-minute 0`, the floods on one
with the defaults.

Each scenario prints one line: what was tried and what the server did. Nothing here asserts: the Rust
tests do (server/tests/lobby_*.rs); this is the record of an attack on a real process with its defaults.
"""

import asyncio
import json
import random
import string
import sys
import time
import urllib.error
import urllib.request

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

BASE = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:18471"
CHOSEN = sys.argv[2:]
HOST = BASE.split("://", 1)[1]
WS = "ws://" + HOST
PORT = int(HOST.rsplit(":", 1)[1])
EVIL = f"http://127.0.0.1:{PORT + 1}"  # another port of the same host: the same site, another origin
RUN = "".join(random.choices(string.ascii_lowercase, k=4))  # names unique to this run


def http(method, path, body=None, token=None, cookie=None, origin=None):
    """(status, headers, parsed body or text) of one request."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(BASE + path, data=data, method=method)
    if data is not None:
        req.add_header("content-type", "application/json")
    if token:
        req.add_header("authorization", f"Bearer {token}")
    if cookie:
        req.add_header("cookie", f"mancala_session={cookie}")
    if origin:
        req.add_header("origin", origin)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            status, headers, raw = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, headers, raw = e.code, e.headers, e.read()
    try:
        return status, headers, json.loads(raw) if raw else None
    except ValueError:
        return status, headers, raw.decode()


def signup(name):
    status, headers, body = http("POST", "/api/account/signup", {"name": name, "password": "mango tree 42"})
    assert status == 201, (status, body)
    return headers["Set-Cookie"].split(";")[0].split("=", 1)[1]


async def lobby(query="", origin=None, cookie=None, source="127.0.0.1"):
    """A lobby socket (from the loopback address `source`) and its first message."""
    headers = {"cookie": f"mancala_session={cookie}"} if cookie else None
    ws = await connect(f"{WS}/api/lobby/ws{query}", origin=origin, additional_headers=headers, max_size=2**24,
                       local_addr=(source, 0))
    first = json.loads(await ws.recv())
    return ws, first


async def answer(ws, timeout=5):
    """The next message that is not a feed message."""
    while True:
        m = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if m["type"] not in ("seek_added", "seek_removed"):
            return m


async def close_code(ws, timeout=10):
    """(close code, reason, seconds until closed)."""
    start = time.monotonic()
    try:
        while True:
            await asyncio.wait_for(ws.recv(), timeout)
    except ConnectionClosed as e:
        rcvd = e.rcvd
        return (rcvd.code if rcvd else None), (rcvd.reason if rcvd else ""), round(time.monotonic() - start, 3)


async def cross_origin():
    cookie = signup(f"victim{RUN}")
    try:
        await lobby(origin=EVIL, cookie=cookie)
        got = "101: accepted"
    except InvalidStatus as e:
        got = f"{e.response.status_code}: {json.loads(e.response.body)['message'][:90]}"
    ws, first = await lobby(origin=BASE, cookie=cookie)
    await ws.send(json.dumps({"type": "seek", "variant": "kubuguza", "rated": True}))
    own = await answer(ws)
    await ws.close()
    print(f"cross-origin lobby upgrade with the session cookie (Origin {EVIL}): {got}")
    print(f"  same origin with the cookie: {first['type']}, a rated seek: {own['type']} registered={own['seek']['registered']}")
    (gid, south) = new_game()
    try:
        await connect(f"{WS}/api/games/{gid}/ws?token={south}", origin=EVIL,
                      additional_headers={"cookie": f"mancala_session={cookie}"})
        got = "101: accepted"
    except InvalidStatus as e:
        got = str(e.response.status_code)
    print(f"cross-origin game socket upgrade with the cookie: {got}")


def new_game():
    _, _, created = http("POST", "/api/games", {"variant": "kubuguza", "name": f"host{RUN}"})
    return created["game"]["id"], created["token"]


async def revoked_session():
    name = f"amina{RUN}"
    cookie = signup(name)
    other = http("POST", "/api/account/signin", {"name": name, "password": "mango tree 42"})[1]["Set-Cookie"]
    other = other.split(";")[0].split("=", 1)[1]
    watcher, _ = await lobby(f"?name=watch{RUN}")
    ws, _ = await lobby(origin=BASE, cookie=cookie)
    await ws.send(json.dumps({"type": "seek", "variant": "kubuguza", "rated": True}))
    seek = (await answer(ws))["seek"]["id"]
    status, _, _ = http("POST", "/api/account/signout", cookie=cookie, origin=BASE)
    code, reason, secs = await close_code(ws)
    gone = await seek_removed(watcher, seek)
    print(f"sign-out (HTTP {status}) with a lobby socket open on that session holding a rated seek: "
          f"closed {code} \"{reason}\" after {secs} s; seek removed from the feed: {gone}")
    ws, _ = await lobby(origin=BASE, cookie=other)
    await ws.send(json.dumps({"type": "seek", "variant": "azigo", "rated": True}))
    seek = (await answer(ws))["seek"]["id"]
    third = signup_again(name)
    status, _, _ = http("POST", "/api/account/password", {"current": "mango tree 42", "new": "banana tree 7"},
                        cookie=third, origin=BASE)
    code, reason, secs = await close_code(ws)
    gone = await seek_removed(watcher, seek)
    print(f"password change (HTTP {status}) from another session: the other session's socket closed {code} "
          f"after {secs} s; seek removed: {gone}")
    _, _, signed = http("POST", "/api/account/signin", {"name": name, "password": "banana tree 7", "token_label": "cli"})
    token = signed["token"]
    ws, _ = await lobby(f"?token={token}")
    await ws.send(json.dumps({"type": "seek", "variant": "njombwa", "rated": True}))
    seek = (await answer(ws))["seek"]["id"]
    _, _, tokens = http("GET", "/api/account/tokens", cookie=third)
    status, _, _ = http("DELETE", f"/api/account/tokens/{tokens[0]['id']}", cookie=third, origin=BASE)
    code, reason, secs = await close_code(ws)
    gone = await seek_removed(watcher, seek)
    print(f"DELETE /api/account/tokens/{{id}} (HTTP {status}): the token's socket closed {code} after {secs} s; "
          f"seek removed: {gone}")
    await watcher.close()


def signup_again(name):
    _, headers, _ = http("POST", "/api/account/signin", {"name": name, "password": "mango tree 42"})
    return headers["Set-Cookie"].split(";")[0].split("=", 1)[1]


async def seek_removed(watcher, seek_id):
    try:
        while True:
            m = json.loads(await asyncio.wait_for(watcher.recv(), 5))
            if m["type"] == "seek_removed" and m["id"] == seek_id:
                return True
    except asyncio.TimeoutError:
        return False


async def guest_name():
    bob, _ = await lobby(f"?name=bobguest{RUN}")
    await bob.send(json.dumps({"type": "seek", "variant": "azigo"}))
    seek = (await answer(bob))["seek"]["id"]
    impostor, _ = await lobby(f"?name=BOBGUEST{RUN}")
    await impostor.send(json.dumps({"type": "cancel", "id": seek}))
    got = await answer(impostor)
    _, _, listed = http("GET", "/api/lobby/seeks")
    still = any(s["id"] == seek for s in listed["seeks"])
    print(f"a second guest socket named BOBGUEST cancels bobguest's seek: {got['type']} {got.get('code')}; "
          f"the seek still open: {still}")
    await bob.close()
    await impostor.close()


async def flood_from(source, sockets_tried, seeks_each):
    """Lobby sockets from `source`, each posting seeks: (sockets, refused, first refusal, posted, limited)."""
    sockets, refused, first_refusal = [], 0, None
    for i in range(sockets_tried):
        try:
            ws, _ = await lobby(f"?name=flood{RUN}{source[-1]}x{i}", source=source)
            sockets.append(ws)
        except InvalidStatus as e:
            refused += 1
            first_refusal = first_refusal or (e.response.status_code, e.response.headers.get("retry-after"))
    posted = limited = 0
    for ws in sockets:
        for v in range(seeks_each):
            await ws.send(json.dumps({"type": "seek", "variant": "azigo", "clock": {"base_secs": 60 * (v + 1)}}))
            m = await answer(ws)
            if m["type"] == "seek_created":
                posted += 1
            elif m.get("code") == "rate_limited":
                limited += 1
    return sockets, refused, first_refusal, posted, limited


async def socket_flood():
    sockets, refused, first_refusal, posted, limited = await flood_from("127.0.0.1", 300, 5)
    print(f"300 guest lobby sockets from one address: {len(sockets)} opened, {refused} refused "
          f"(first refusal: HTTP {first_refusal[0] if first_refusal else '-'}, Retry-After "
          f"{first_refusal[1] if first_refusal else '-'}); 5 seeks on each: {posted} posted, {limited} refused "
          f"rate_limited")
    more = []
    for source in ("127.0.0.2", "127.0.0.3"):
        opened, _, _, posted, _ = await flood_from(source, 50, 5)
        more += opened
        print(f"  from {source} as well: {len(opened)} sockets, {posted} seeks posted")
    newcomer = await connect(f"{WS}/api/lobby/ws?name=new{RUN}", max_size=2**24, local_addr=("127.0.0.9", 0))
    raw = await newcomer.recv()
    first = json.loads(raw)
    print(f"  a newcomer's first message: {len(raw)} bytes, {len(first['seeks'])} seeks shown of total "
          f"{first['total']}")
    for ws in sockets + more:
        await ws.close()
    await newcomer.close()


async def pairing_flood():
    a, _ = await lobby(f"?name=pa{RUN}")
    b, _ = await lobby(f"?name=pb{RUN}")
    pairings = refusals = 0
    retry, codes = None, {}
    end = time.monotonic() + 20
    while time.monotonic() < end:
        await a.send(json.dumps({"type": "seek", "variant": "kubuguza"}))
        m = await answer(a)
        if m["type"] != "seek_created":
            refusals += 1
            codes[m["code"]] = codes.get(m["code"], 0) + 1
            retry = m.get("retry_after")
            await asyncio.sleep(0.1)
            continue
        await b.send(json.dumps({"type": "accept", "id": m["seek"]["id"]}))
        m = await answer(b)
        if m["type"] == "paired":
            pairings += 1
            await answer(a)
            await resign(m)
        else:
            refusals += 1
            codes[m["code"]] = codes.get(m["code"], 0) + 1
            retry = m.get("retry_after")
    print(f"pairing flood from one address for 20 s (seek on one socket, accept on another, resign, again): "
          f"{pairings} pairings, {refusals} refusals {codes} (the last with retry_after {retry} s)")
    await a.close()
    await b.close()


async def resign(paired):
    """Ends a paired game (a resignation: three aborts would pause the aborter's pairing)."""
    ws = await connect(f"{WS}{paired['ws_path']}?token={paired['token']}")
    while json.loads(await ws.recv())["type"] != "snapshot":
        pass
    await ws.send(json.dumps({"type": "resign", "id": "a"}))
    while json.loads(await ws.recv())["type"] != "accepted":
        pass
    await ws.close()


async def challenge_flood():
    _, _, alice = http("POST", "/api/players", {"name": f"alice{RUN}"})
    _, _, bob = http("POST", "/api/players", {"name": f"bob{RUN}"})
    target, _ = await lobby(f"?token={bob['token']}")
    counts = {}
    for _ in range(2000):
        status, _, _ = http("POST", "/api/challenges", {"to": f"bob{RUN}", "variant": "azigo"}, token=alice["token"])
        counts[status] = counts.get(status, 0) + 1
    got = 0
    try:
        while True:
            m = json.loads(await asyncio.wait_for(target.recv(), 1))
            got += m["type"] == "challenge"
    except asyncio.TimeoutError:
        pass
    print(f"2000 challenges from one account to one person: answers {counts}; the target got {got} `challenge` messages")
    await target.close()


async def big_messages():
    ws, _ = await lobby(f"?name=big{RUN}")
    await ws.send(json.dumps({"type": "seek", "variant": "azigo"}))
    await answer(ws)
    await ws.send(json.dumps({"type": "ping", "padding": "x" * 5000}))
    small = await answer(ws)
    await ws.send(json.dumps({"type": "ping"}))
    pong = await answer(ws)
    await ws.send("y" * 70_000)
    code, reason, _ = await close_code(ws)
    print(f"a 5 KB lobby message: {small['type']} {small.get('code')}, then ping: {pong['type']} (socket kept); "
          f"a 70 KB one: closed {code} \"{reason}\"")


async def race():
    twice = 0
    for trial in range(36):
        x, _ = await lobby(f"?name=x{RUN}{trial}")
        z, _ = await lobby(f"?name=z{RUN}{trial}")
        await x.send(json.dumps({"type": "seek", "variant": "kubuguza"}))
        own = (await answer(x))["seek"]["id"]
        await z.send(json.dumps({"type": "seek", "variant": "azigo"}))
        theirs = (await answer(z))["seek"]["id"]
        loop = asyncio.get_running_loop()
        y = loop.run_in_executor(None, http, "POST", f"/api/lobby/seeks/{own}/accept", {"name": f"y{RUN}{trial}"})
        await x.send(json.dumps({"type": "accept", "id": theirs}))
        await y
        paired = 0
        try:
            while True:
                m = json.loads(await asyncio.wait_for(x.recv(), 0.5))
                paired += m["type"] == "paired"
        except asyncio.TimeoutError:
            pass
        twice += paired > 1
        await x.close()
        await z.close()
    print(f"36 races (X takes Z's seek while Y takes X's): X in two games {twice} times")


def range_over_http():
    req = urllib.request.Request(BASE + "/api/lobby/seeks", method="POST",
                                 data=json.dumps({"variant": "kubuguza", "range": [1400, 1600]}).encode())
    req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as r:
        line = r.readline()
        print(f"POST /api/lobby/seeks with \"range\": [1400, 1600]: HTTP {r.status}, {line[:60].decode()}…")


async def main():
    scenarios = {
        "cross_origin": cross_origin,
        "revoked": revoked_session,
        "guest_name": guest_name,
        "big_messages": big_messages,
        "range": range_over_http,
        "race": race,
        "challenge_flood": challenge_flood,
        "socket_flood": socket_flood,
        "pairing_flood": pairing_flood,
    }
    for name in CHOSEN or list(scenarios):
        done = scenarios[name]()
        if asyncio.iscoroutine(done):
            await done


asyncio.run(main())
