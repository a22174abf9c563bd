"""A hostile client for tests of `fonsters-rpc web`: COUNT threads each keep one idle socket open
to 127.0.0.1:PORT, sending nothing, and reopen it as soon as the server closes it; SLOW of them
(0 unless given) are slowloris sockets instead, sending a request head a line a second that never ends.

    python idle_sockets.py PORT COUNT SECONDS [SLOW]

Prints "ready" once every socket is open, runs until SECONDS pass, stdin closes or a bound on
connections is reached, then prints one JSON line: {"connects": N, "closed_by_server": N}."""
import json
import socket
import sys
import threading
import time

MAX_CONNECTS = 1_000_000  # a bound on the whole run, whatever the server does


def main():
    port, count, seconds = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    slow = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    stop = threading.Event()
    lock = threading.Lock()
    stats = {"connects": 0, "closed_by_server": 0}
    opened = threading.Barrier(count + 1)

    def keep_one_open(slowloris):
        first = True
        while not stop.is_set() and stats["connects"] < MAX_CONNECTS:
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:
                continue
            with lock:
                stats["connects"] += 1
            if first:
                first = False
                opened.wait()
            with sock:
                sock.settimeout(0.2)  # so the thread sees `stop`
                ticks = 0
                try:
                    if slowloris:
                        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                except OSError:
                    pass
                while not stop.is_set():
                    try:
                        if sock.recv(1024) == b"":
                            break
                    except socket.timeout:
                        ticks += 1
                        if slowloris and ticks % 5 == 0:
                            try:
                                sock.sendall(b"X-Slow: %d\r\n" % ticks)
                            except OSError:
                                break
                        continue
                    except OSError:
                        break
                else:
                    return
            with lock:
                stats["closed_by_server"] += 1

    threads = [threading.Thread(target=keep_one_open, args=(n < slow,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    opened.wait()
    print("ready", flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    stop.wait(seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=2)
    with lock:
        print(json.dumps(stats), flush=True)


if __name__ == "__main__":
    main()
