"""How `ballcourt serve` serves: Werkzeug's threaded WSGI server, bounded and quiet.

Why this one (docs/benchmarks.md has the figures): it runs wherever Python does (Windows, macOS,
Linux), and Flask-SocketIO's threading mode speaks WebSocket through it (simple-websocket takes
the socket over), so the module's previews keep their one-round-trip latency. What the plain
development server lacks is added here:

- a new connection waits at the door (`Door`, one thread for all of them, no slot) until its
  request's line and headers are complete, FIRST_HEADER_TIMEOUT seconds at most, and at most
  MAX_AT_DOOR connections wait there (past that the longest waiting is closed): a client that
  trickles its headers, or sends none, holds no thread and no slot;
- at most MAX_CONNECTIONS connections with a complete request at once (each is one thread, a
  WebSocket two or three), of which RESERVED only for a request carrying the companion's
  token (`Authorization: Bearer`), so the GM's own requests still get in when anyone else
  has taken the rest: past that a connection gets `503` and is closed;
- a connection whose request carried no valid token is closed after its answer (no idle
  keep-alive holds a slot); a later request on a kept connection must have its headers
  within HEADER_TIMEOUT seconds in all (a deadline, not a per-read timeout), and a body read
  waits at most BODY_TIMEOUT seconds for each piece;
- a connection that carried a WebSocket is closed when the WebSocket ends (no "Bad request
  syntax" from reading its last frames as HTTP);
- no development-server banner, and no request log unless asked (`--log-requests`), and
  in it no secret: viewer keys, tokens and session ids in a target are REDACTED.
"""

from __future__ import annotations

import collections
import contextlib
import errno
import hmac
import io
import logging
import re
import selectors
import socket
import threading
import time

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

MAX_CONNECTIONS = 64
RESERVED = 8                  # of MAX_CONNECTIONS: only for a request with the token
MAX_AT_DOOR = 256             # connections waiting for their headers, without a thread
FIRST_HEADER_TIMEOUT = 5.0    # seconds a new connection has to send its line and headers
MAX_HEADERS = 65536           # bytes of line and headers at most
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 30.0
WEBSOCKET_SILENCE = 60.0
log = logging.getLogger("ballcourt.http")


class BindError(OSError):
    """The address cannot be listened on (most often: the port is in use)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or BindError with a message a user can act on."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise BindError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    infos.sort(key=lambda info: info[0] != socket.AF_INET)   # IPv4 first, as Werkzeug does
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        if hasattr(socket, "SO_REUSEADDR") and socket.SO_REUSEADDR and not _windows():
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
            raise BindError(f"port {port} on {host} is in use by another program (another"
                            f" companion?): stop it, or start with --port N") from None
        raise BindError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def _windows() -> bool:
    import os
    return os.name == "nt"


class _DeadlineReader(io.RawIOBase):
    """The socket as a raw stream whose reads stop at a deadline (while headers arrive)."""

    def __init__(self, sock: socket.socket, head: bytes = b""):
        self.sock = sock
        self.head = head          # what the door read before the handler's thread began
        self.deadline: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n], self.head = self.head[:n], self.head[n:]
            return n
        if self.deadline is not None:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request's headers took too long")
            self.sock.settimeout(left)
        return self.sock.recv_into(buffer)


SECRET_NAME = re.compile(r"key|token|secret|auth|pass|sid", re.IGNORECASE)
TOKEN_LIKE = re.compile(r"[A-Za-z0-9_-]{16,}")     # the token, a viewer key, a session id
REDACTED = "REDACTED"


def redacted(target: str) -> str:
    """A request's target fit for the log: a query value whose name says secret (`key`,
    `token`, `sid`, ...) and any token-like path segment or query value (16 or more
    characters of a URL-safe token's alphabet; a match id has 12) become REDACTED."""
    path, mark, query = target.partition("?")
    path = "/".join(REDACTED if TOKEN_LIKE.fullmatch(part) else part for part in path.split("/"))
    pairs = []
    for pair in query.split("&") if mark else ():
        name, eq, value = pair.partition("=")
        if eq and value and (SECRET_NAME.search(name) or TOKEN_LIKE.fullmatch(value)):
            value = REDACTED
        pairs.append(name + eq + value)
    return path + mark + "&".join(pairs)


class Handler(WSGIRequestHandler):
    log_requests = False
    header_timeout = HEADER_TIMEOUT
    body_timeout = BODY_TIMEOUT

    def setup(self) -> None:
        super().setup()
        self._raw = _DeadlineReader(self.connection, self.server.heads.pop(self.connection, b""))
        self.rfile = io.BufferedReader(self._raw, 65536)

    def handle_one_request(self) -> None:
        self._raw.deadline = time.monotonic() + self.header_timeout
        super().handle_one_request()

    def parse_request(self) -> bool:
        ok = super().parse_request()
        self._raw.deadline = None
        if ok and not self.server.token_ok(self.headers.get("Authorization", "")):
            self.close_connection = True       # no idle keep-alive without the token
        if ok and self.headers.get("Upgrade", "").lower() == "websocket":
            # Engine.IO pings a WebSocket every 25 s and a live client answers at once, so a
            # minute of silence is a client that stopped reading: free its threads
            self.connection.settimeout(WEBSOCKET_SILENCE)
            self.close_connection = True
        else:
            self.connection.settimeout(self.body_timeout)
        return ok

    def log_request(self, code="-", size="-") -> None:
        if self.log_requests:
            line = (f"{self.command} {redacted(self.path)} {self.request_version}"
                    if hasattr(self, "path") else redacted(self.requestline))
            self.log("info", '"%s" %s %s', line.translate(self._control_char_table), code, size)

    def log_error(self, format: str, *args) -> None:
        log.debug("%s: " + format, self.address_string(), *args)

    def log(self, type: str, message: str, *args) -> None:
        if type == "info" and not self.log_requests:
            return
        super().log(type, message, *args)


class Door:
    """Where new connections wait, all in one thread, until their request's line and headers
    are complete: then `ready(sock, address, head)`. Too slow, too large, closed, or the
    longest waiting when MAX_AT_DOOR are: closed."""

    def __init__(self, ready, timeout: float = FIRST_HEADER_TIMEOUT, most: int = MAX_AT_DOOR):
        self.ready, self.timeout, self.most = ready, timeout, most
        self.selector = selectors.DefaultSelector()
        self.arrivals: collections.deque = collections.deque()
        self.waiting: dict[socket.socket, tuple[object, bytearray, float]] = {}
        self.stopped = False
        self.bell, self.ring = socket.socketpair()
        self.bell.setblocking(False)
        self.selector.register(self.bell, selectors.EVENT_READ)
        threading.Thread(target=self.run, name="ballcourt-door", daemon=True).start()

    def admit(self, sock: socket.socket, address) -> None:
        self.arrivals.append((sock, address))
        try:
            self.ring.send(b"x")
        except OSError:       # the bell is full: the door is awake already
            pass

    def stop(self) -> None:
        self.stopped = True
        self.admit(None, None)

    def run(self) -> None:
        while not self.stopped:
            for key, _ in self.selector.select(timeout=0.25):
                if key.fileobj is self.bell:
                    with contextlib.suppress(OSError):
                        self.bell.recv(4096)
                else:
                    try:
                        self.read(key.fileobj)
                    except Exception:      # one bad connection never stops the door
                        log.debug("door", exc_info=True)
                        if key.fileobj in self.waiting:
                            self.close(key.fileobj)
                        else:              # handed over, and the hand-over failed
                            with contextlib.suppress(OSError):
                                key.fileobj.close()
            while self.arrivals:
                sock, address = self.arrivals.popleft()
                if sock is None:
                    continue
                if len(self.waiting) >= self.most:
                    self.close(min(self.waiting, key=lambda s: self.waiting[s][2]))
                sock.setblocking(False)
                self.waiting[sock] = (address, bytearray(), time.monotonic() + self.timeout)
                self.selector.register(sock, selectors.EVENT_READ)
            now = time.monotonic()
            for sock in [s for s, (_, _, end) in self.waiting.items() if end <= now]:
                self.close(sock)
        for sock in list(self.waiting):
            self.close(sock)
        for sock, _ in self.arrivals:
            if sock is not None:
                sock.close()
        self.selector.close()
        self.bell.close()
        self.ring.close()

    def read(self, sock) -> None:
        address, head, _ = self.waiting[sock]
        try:
            chunk = sock.recv(MAX_HEADERS)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        head += chunk
        if not chunk or len(head) > MAX_HEADERS:
            self.close(sock)
        elif b"\r\n\r\n" in head or b"\n\n" in head:
            self.selector.unregister(sock)
            del self.waiting[sock]
            sock.setblocking(True)
            self.ready(sock, address, bytes(head))

    def close(self, sock) -> None:
        self.selector.unregister(sock)
        del self.waiting[sock]
        with contextlib.suppress(OSError):
            sock.close()


class Server(ThreadedWSGIServer):
    """ThreadedWSGIServer with a door for headers and a bound on connections (and so on
    threads), some of them kept for the token's holder."""

    def __init__(self, sock: socket.socket, app, log_requests: bool = False,
                 max_connections: int = MAX_CONNECTIONS, header_timeout: float = HEADER_TIMEOUT,
                 body_timeout: float = BODY_TIMEOUT, reserved: int = RESERVED,
                 first_header_timeout: float = FIRST_HEADER_TIMEOUT):
        handler = type("BallcourtHandler", (Handler,), {
            "log_requests": log_requests, "header_timeout": header_timeout,
            "body_timeout": body_timeout})
        host, port = sock.getsockname()[:2]
        self._slots = threading.BoundedSemaphore(max_connections - reserved)
        self._reserved = threading.BoundedSemaphore(reserved) if reserved else None
        self._held: dict[socket.socket, threading.BoundedSemaphore] = {}
        self.heads: dict[socket.socket, bytes] = {}
        self._token = app.config["BALLCOURT"].token
        self._door: Door | None = None
        super().__init__(host, port, app, handler=handler, fd=sock.fileno())
        sock.close()        # the server holds its own duplicate
        self._door = Door(self._enter, first_header_timeout)

    def token_ok(self, authorization: str) -> bool:
        scheme, _, given = authorization.partition(" ")
        return bool(self._token) and scheme.lower() == "bearer" and hmac.compare_digest(
            given.strip().encode("utf-8", "replace"), self._token.encode())

    def process_request(self, request, client_address) -> None:
        assert self._door is not None
        self._door.admit(request, client_address)

    def _enter(self, request, client_address, head: bytes) -> None:
        """A complete request's line and headers: a thread in a slot, or 503."""
        slots = self._slots
        if not slots.acquire(blocking=False):
            slots = self._reserved
            if slots is None or not self.token_ok(_authorization(head)) or \
                    not slots.acquire(blocking=False):
                try:
                    request.sendall(b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\n"
                                    b"Content-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass
                self.shutdown_request(request)
                return
        self._held[request] = slots
        self.heads[request] = head
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.heads.pop(request, None)
            self._held.pop(request).release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._held.pop(request).release()

    def server_close(self) -> None:
        if self._door is not None:      # (Werkzeug closes its own first socket in __init__)
            self._door.stop()
        super().server_close()

    def log(self, type: str, message: str, *args) -> None:
        log.log(logging.ERROR if type == "error" else logging.DEBUG, message, *args)


def _authorization(head: bytes) -> str:
    """The Authorization header's value in a request's line and headers ("" when none)."""
    match = re.search(rb"\r?\nauthorization:[ \t]*([^\r\n]*)", head, re.IGNORECASE)
    return match.group(1).decode("latin-1").strip() if match else ""


class StderrHandler(logging.StreamHandler):
    """The companion's log: stderr only, never a file, and a log that cannot be written (a
    full disk behind a redirected stderr, a closed pipe) is dropped, never an error of its
    own: serving never depends on it."""

    def handleError(self, record: logging.LogRecord) -> None:
        pass


def log_to_stderr(stream=None) -> logging.Handler:
    """Send the `ballcourt` loggers' warnings and errors to stderr, one line each."""
    handler = StderrHandler(stream)
    handler.setFormatter(logging.Formatter("ballcourt: %(levelname)s %(message)s"))
    handler.setLevel(logging.WARNING)
    logger = logging.getLogger("ballcourt")
    logger.addHandler(handler)
    logger.propagate = False
    return handler


def serve(app, sock: socket.socket, log_requests: bool = False) -> None:
    """Serve `app` on the listening socket until interrupted."""
    from .sockets import start_reaper

    if log_requests:
        logging.getLogger("werkzeug").setLevel(logging.INFO)
    server = Server(sock, app, log_requests=log_requests)
    start_reaper(app.extensions["socketio"])
    try:
        server.serve_forever()
    finally:
        server.server_close()
