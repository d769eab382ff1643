#!/usr/bin/env python3
"""A webhook on 127.0.0.1 for bbreport's tests of the morning message (--notify).

    notify-server.py MODE

prints "listening on http://127.0.0.1:PORT" and "elsewhere on http://127.0.0.1:PORT2", then
logs every request either gets as one JSON line: {"listener", "method", "path", "headers",
"body"}. MODE is how the webhook answers: ok (204), fail (500), hang (never answers),
redirect (307 to the other listener, which a message must never reach). Runs until killed.
"""

import http.server
import json
import sys
import threading
import time

MODE = sys.argv[1]
LOCK = threading.Lock()
PORTS = {}


def handler_for(listener):
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_POST(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length).decode("utf-8", "replace")
            with LOCK:
                print(json.dumps({"listener": listener, "method": "POST", "path": self.path,
                                  "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body}), flush=True)
            mode = MODE if listener == "main" else "ok"
            if mode == "hang":
                time.sleep(3600)
            elif mode == "fail":
                self.answer(500, b"upstream down")
            elif mode == "redirect":
                self.send_response(307)
                self.send_header("Location", "http://127.0.0.1:%d/stolen" % PORTS["elsewhere"])
                self.send_header("Content-Length", "0")
                self.end_headers()
            else:
                self.answer(200, b'{"id":"x1"}')

        do_GET = do_POST

        def answer(self, status, body):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    return Handler


def main():
    servers = {}
    for name in ("main", "elsewhere"):
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_for(name))
        server.daemon_threads = True
        PORTS[name] = server.server_address[1]
        servers[name] = server
    print("listening on http://127.0.0.1:%d/bbreport-test" % PORTS["main"], flush=True)
    print("elsewhere on http://127.0.0.1:%d/" % PORTS["elsewhere"], flush=True)
    threading.Thread(target=servers["elsewhere"].serve_forever, daemon=True).start()
    servers["main"].serve_forever()


if __name__ == "__main__":
    main()
