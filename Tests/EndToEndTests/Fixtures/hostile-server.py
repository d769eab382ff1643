#!/usr/bin/env python3
"""A hostile HTTP server on 127.0.0.1, for bbreport's tests: it answers the Baby Basics API
(v1) and the Baby Buddy API well, except for the one misbehaviour named by its mode.

    hostile-server.py MODE

prints "listening on http://127.0.0.1:PORT" and "recorder on http://127.0.0.1:PORT2", then
logs every request it gets as "REQUEST <listener> <path> <authorization>" on standard
output. The recorder is a second listener that answers every request like the first: a
token that reaches it has gone somewhere it must never go. Runs until killed.
"""

import socket
import socketserver
import sys
import threading
import time
import zlib

MODE = sys.argv[1]
LOCK = threading.Lock()
PORTS = {}

SETTINGS = b'{"timezone": "America/Chicago", "day_start": "07:00"}'
CHILDREN = b'{"children": [{"id": "c1", "name": "Ava", "date_of_birth": "2026-08-01"}]}'
EVENTS = (b'{"events": [{"id": "e1", "child_id": "c1", "type": "diaper", "occurred_at": "2026-11-21T10:00:00Z", '
          b'"diaper_type": "pee"}], "next_cursor": null}')
DATE = b"Sat, 21 Nov 2026 22:00:00 GMT"


def log(listener, path, headers):
    with LOCK:
        print("REQUEST", listener, path, headers.get("authorization", "-"), headers.get("host", "-"), flush=True)


class Handler(socketserver.StreamRequestHandler):
    listener = "main"

    def handle(self):
        try:
            line = self.rfile.readline(65537).decode("latin-1").strip()
            if not line:
                return
            path = line.split(" ")[1] if " " in line else "/"
            headers = {}
            while True:
                header = self.rfile.readline(65537).decode("latin-1")
                if header in ("\r\n", "\n", ""):
                    break
                name, _, value = header.partition(":")
                headers[name.strip().lower()] = value.strip()
            log(self.listener, path, headers)
            answer(self, path, headers)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def send(self, status, body=b"", headers=()):
        head = "HTTP/1.1 %s\r\n" % status
        all_headers = [("Content-Type", "application/json"), ("Date", DATE.decode())] + list(headers)
        if not any(name.lower() in ("content-length", "transfer-encoding") for name, _ in all_headers):
            all_headers.append(("Content-Length", str(len(body))))
        all_headers.append(("Connection", "close"))
        head += "".join("%s: %s\r\n" % pair for pair in all_headers) + "\r\n"
        self.wfile.write(head.encode("latin-1") + body)
        self.wfile.flush()


class RecorderHandler(Handler):
    listener = "recorder"


def normal(handler, path):
    """The well-behaved answer for `path`."""
    base = path.split("?")[0]
    if base in ("/api/v1/settings", "/api/v1/settings-moved"):
        return handler.send("200 OK", SETTINGS)
    if base in ("/api/v1/children", "/api/v1/children-moved"):
        return handler.send("200 OK", CHILDREN)
    if base.startswith("/api/v1/children/"):
        return handler.send("200 OK", EVENTS)
    if base == "/api/children/":
        return handler.send("200 OK", b'{"count": 1, "next": null, "previous": null, "results": '
                                      b'[{"id": 1, "first_name": "Ava", "last_name": "", "birth_date": "2026-08-01"}]}')
    if base.startswith("/api/"):
        return handler.send("200 OK", b'{"count": 0, "next": null, "previous": null, "results": []}')
    return handler.send("404 Not Found", b'{"error": {"code": "not_found", "message": "no such endpoint"}}')


def zeros_compressed(wbits):
    """An endless body: each piece is a megabyte of zeros, compressed."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, wbits)
    zeros = bytes(1 << 20)
    while True:
        yield compressor.compress(zeros) + compressor.flush(zlib.Z_SYNC_FLUSH)


def stream_chunked(handler, pieces):
    handler.wfile.write(b"".join(chunk(piece) for piece in pieces))


def chunk(data):
    return b"%x\r\n%s\r\n" % (len(data), data)


def answer(handler, path, headers):
    base = path.split("?")[0]
    main = "http://127.0.0.1:%d" % PORTS["main"]
    recorder = "http://127.0.0.1:%d" % PORTS["recorder"]
    settings = base == "/api/v1/settings"
    if handler.listener == "recorder":
        return normal(handler, path)

    if MODE == "child-id-traversal":
        # The API under /bb/, and a child whose id climbs out of it.
        if not base.startswith("/bb/"):
            return handler.send("404 Not Found", b'{"error": {"code": "not_found", "message": "outside /bb/"}}')
        if base == "/bb/api/v1/children":
            return handler.send("200 OK", b'{"children": [{"id": "../../../../other-app/collect", "name": "Ava"}]}')
        return normal(handler, path[len("/bb"):])

    if MODE.startswith("redirect-other-port-") and settings:
        status = {"301": "301 Moved Permanently", "302": "302 Found", "307": "307 Temporary Redirect",
                  "308": "308 Permanent Redirect"}[MODE.rsplit("-", 1)[1]]
        return handler.send(status, b"", [("Location", recorder + path)])
    if MODE == "redirect-other-host" and settings:
        return handler.send("302 Found", b"", [("Location", "http://localhost:%d%s" % (PORTS["main"], path))])
    if MODE == "redirect-https" and settings:
        return handler.send("301 Moved Permanently", b"", [("Location", "https://127.0.0.1:%d%s" % (PORTS["main"], path))])
    if MODE == "redirect-relative-other" and settings:
        return handler.send("307 Temporary Redirect", b"", [("Location", "//127.0.0.1:%d/api/v1/settings" % PORTS["recorder"])])
    if MODE == "redirect-same-origin":
        if settings:
            return handler.send("307 Temporary Redirect", b"", [("Location", "/api/v1/settings-moved")])
        if base == "/api/v1/children":
            return handler.send("308 Permanent Redirect", b"", [("Location", main + "/api/v1/children-moved")])
    if MODE == "redirect-loop" and settings:
        return handler.send("302 Found", b"", [("Location", "/api/v1/settings")])

    if MODE == "huge-body" and settings:
        handler.send("200 OK", b"", [("Content-Length", str(1 << 30))])
        zeros = bytes(1 << 16)
        for _ in range((1 << 30) >> 16):
            handler.wfile.write(zeros)
        return
    if MODE == "endless-chunked" and settings:
        handler.send("200 OK", b"", [("Transfer-Encoding", "chunked")])
        piece = chunk(b" " * (1 << 16))
        while True:
            handler.wfile.write(piece)
    if MODE in ("gzip-bomb", "deflate-bomb") and settings:
        encoding = "gzip" if MODE == "gzip-bomb" else "deflate"
        handler.send("200 OK", b"", [("Content-Encoding", encoding), ("Transfer-Encoding", "chunked")])
        for piece in zeros_compressed(31 if encoding == "gzip" else 15):
            handler.wfile.write(chunk(piece))
    if MODE == "empty-deflate" and settings:
        # Compressed data that never decompresses to anything: only the wire limit stops it.
        handler.send("200 OK", b"", [("Content-Encoding", "deflate"), ("Transfer-Encoding", "chunked")])
        # A zlib header, then empty stored blocks (not final, length 0) for ever.
        handler.wfile.write(chunk(b"\x78\x9c"))
        nothing = b"\x00\x00\x00\xff\xff" * 200000
        while True:
            handler.wfile.write(chunk(nothing))
    if MODE == "huge-headers" and settings:
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        line = b"X-Padding: " + b"a" * 1000 + b"\r\n"
        for _ in range(2048):
            handler.wfile.write(line)
        handler.wfile.write(b"Content-Length: 2\r\n\r\n{}")
        return
    if MODE == "drip-headers" and settings:
        handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
        handler.wfile.flush()
        for number in range(100000):
            time.sleep(0.25)
            handler.wfile.write(b"X-Drip-%d: 1\r\n" % number)
            handler.wfile.flush()
        return
    if MODE == "drip-body" and settings:
        handler.send("200 OK", b"", [("Content-Length", "100000")])
        for _ in range(100000):
            time.sleep(0.25)
            handler.wfile.write(b" ")
            handler.wfile.flush()
        return

    if MODE == "endless-cursor" and base.startswith("/api/v1/children/"):
        number = int(path.split("cursor=n")[1].split("&")[0]) if "cursor=n" in path else 0
        body = (b'{"events": [{"id": "e%d", "child_id": "c1", "type": "diaper", "occurred_at": "2026-11-21T10:00:00Z", '
                b'"diaper_type": "pee"}], "next_cursor": "n%d"}' % (number, number + 1))
        return handler.send("200 OK", body)
    if MODE == "huge-cursor" and base.startswith("/api/v1/children/"):
        return handler.send("200 OK", b'{"events": [], "next_cursor": "' + b"c" * (5 << 20) + b'"}')
    if MODE == "bb-endless-next" and base == "/api/feedings/":
        offset = int(path.split("offset=")[1].split("&")[0]) if "offset=" in path else 0
        body = (b'{"count": 3, "next": "http://babybuddy.internal/api/feedings/?child=1&limit=1&offset=%d", '
                b'"previous": null, "results": []}' % (offset + 1))
        return handler.send("200 OK", body)

    if MODE.startswith("retry-after:") and settings:
        return handler.send("429 Too Many Requests", b'{"error": {"code": "slow", "message": "slow down"}}',
                            [("Retry-After", MODE.split(":", 1)[1])])
    if MODE == "echo-token" and settings:
        said = headers.get("authorization", "")
        message = ("token %s rejected \x1b[2J\x1b[31m\r\nerror: everything is fine\u202e " % said) + "x" * 5000
        body = ('{"error": {"code": "bad", "message": "%s"}}' % message.replace("\\", "\\\\").replace("\"", "\\\"")
                .replace("\x1b", "\\u001b").replace("\r", "\\r").replace("\n", "\\n")).encode("utf-8")
        return handler.send("400 Bad Request", body)
    if MODE == "token-in-data":
        said = headers.get("authorization", "").split(" ", 1)[-1].encode()
        if base == "/api/v1/children":
            return handler.send("200 OK", b'{"children": [{"id": "c1", "name": "Ava ' + said + b'", "date_of_birth": "2026-08-01"}]}')
        if base.startswith("/api/v1/children/"):
            return handler.send("200 OK", b'{"events": [{"id": "e1", "child_id": "c1", "type": "note", "occurred_at": '
                                          b'"2026-11-21T10:00:00Z", "text": "my token is ' + said + b'"}], "next_cursor": null}')
    return normal(handler, path)


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    servers = {"main": Server(("127.0.0.1", 0), Handler), "recorder": Server(("127.0.0.1", 0), RecorderHandler)}
    for name, server in servers.items():
        PORTS[name] = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("listening on http://127.0.0.1:%d" % PORTS["main"], flush=True)
    print("recorder on http://127.0.0.1:%d" % PORTS["recorder"], flush=True)
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
