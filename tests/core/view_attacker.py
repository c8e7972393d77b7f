"""Abuse for the players' view server (issue 14, item 2), run as its own process by
test_view_abuse.py: SLOW clients that send a header line now and then and never finish
(slowloris), and clients that connect, send half a request and reset. Loopback only; it
stops by itself after SECONDS.

usage: python view_attacker.py PORT SECONDS SLOW RESETS_PER_TURN
"""

import socket
import struct
import sys
import time


def connect(port: int) -> socket.socket | None:
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=0.2)
        s.setblocking(False)
        return s
    except OSError:
        return None


def reset(s: socket.socket) -> None:
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()


def main() -> None:
    port, seconds, slow, resets = (int(a) for a in sys.argv[1:5])
    end = time.monotonic() + seconds
    pool: list[socket.socket] = []
    said = False
    turn = 0
    while time.monotonic() < end:
        turn += 1
        for _ in range(slow - len(pool)):
            if time.monotonic() >= end:
                break
            s = connect(port)
            if s is None:
                continue
            try:
                s.send(b"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % port)
            except OSError:
                s.close()
                continue
            pool.append(s)
        for _ in range(resets):
            s = connect(port)
            if s is not None:
                try:
                    s.send(b"GET /sta")
                except OSError:
                    pass
                reset(s)
        alive = []
        for s in pool:                       # one more header line each: never the end
            try:
                s.send(b"X-Slow-%d: 1\r\n" % turn)
                alive.append(s)
            except OSError:
                s.close()
        pool = alive
        if not said:
            print("attacking", flush=True)
            said = True
        time.sleep(0.3)
    for s in pool:
        s.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
