#!/usr/bin/env python3
"""A slow local web for the link-check benchmark: HTTP/1.1 on 127.0.0.1, one port per "host", every request answered
with 200 after a fixed delay. It counts requests, and the most requests each port had open at once, as the per-host
limit is measured from the server's side; the counts are written as JSON to the stats file on SIGTERM.

Usage: server.py FIRST_PORT HOSTS DELAY_SECONDS STATS_FILE   (prints "ready" once every port listens)
"""
import asyncio
import json
import signal
import sys

first_port, hosts, delay, stats_file = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
open_now = [0] * hosts
most_open = [0] * hosts
requests = [0] * hosts


def handler(index):
    async def handle(reader, writer):
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                method = head.split(b" ", 1)[0]
                open_now[index] += 1
                most_open[index] = max(most_open[index], open_now[index])
                requests[index] += 1
                await asyncio.sleep(delay)
                body = b"" if method == b"HEAD" else b"ok\n"
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Type: text/plain\r\n\r\n" + body)
                await writer.drain()
                open_now[index] -= 1
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            writer.close()
    return handle


async def main():
    servers = [await asyncio.start_server(handler(i), "127.0.0.1", first_port + i, backlog=512) for i in range(hosts)]
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    print("ready", flush=True)
    await stop.wait()
    with open(stats_file, "w") as out:
        json.dump({"requests": requests, "most_open": most_open}, out)
    for server in servers:
        server.close()


asyncio.run(main())
