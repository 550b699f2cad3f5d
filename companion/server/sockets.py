"""Socket.IO: token at connect, `call` for every route, rooms that hear a match's events."""

from __future__ import annotations

import collections
import hmac
import json
import logging
import math
import re
import socket
import threading
import time

from flask import current_app, request
from flask_socketio import ConnectionRefusedError, SocketIO, join_room, leave_room

from .errors import body as error_body
from .errors import summary
from .jsonsafe import Refused, SocketJson
from .routing import dispatch
from .viewers import connect_viewer, forget, guard_call, guard_join

MAX_SESSIONS = 128          # Engine.IO sessions at once; past that a handshake gets 503
MAX_CALLS_IN_FLIGHT = 8     # unanswered `call`s (and joins) per connection; the next gets 429
MAX_VIEWER_CALLS = 16       # ... and per viewer key, over all its connections
JUNK_LOG_EVERY = 60.0       # seconds between two log lines about dropped junk
EVENTS = ("call", "join", "leave")


class JunkLog:
    """Malformed packets are dropped without a traceback; the log gets one line a minute at
    most, saying how many were dropped and why the last one was."""

    def __init__(self, every: float = JUNK_LOG_EVERY):
        self.every, self.lock = every, threading.Lock()
        self.dropped, self.last_line = 0, -math.inf

    def drop(self, why: str) -> None:
        with self.lock:
            self.dropped += 1
            now = time.monotonic()
            if now - self.last_line < self.every:
                return
            count, self.dropped, self.last_line = self.dropped, 0, now
        logging.getLogger("ballcourt").warning(
            "dropped %d malformed Socket.IO packet%s (the last: %s)", count, "s" * (count > 1),
            why[:120])


# The seam: guard_session_costs wraps these private python-engineio and python-socketio methods
# (module, class, method: its parameters after self), as the versions in WRITTEN_AGAINST have
# them. pyproject.toml pins those versions; tests/server/test_socket_seam.py fails by name when an
# upgrade moves or reshapes one, before a table finds a session without its cap.
WRITTEN_AGAINST = {"python-engineio": "4.15.1", "python-socketio": "5.18.1"}
PATCHED = {
    ("engineio.server", "Server", "_handle_connect"):
        ("environ", "start_response", "transport", "jsonp_index"),
    ("engineio.server", "Server", "start_background_task"): ("target", "args", "kwargs"),
    ("engineio.socket", "Socket", "_send_ping"): (),
    ("socketio.server", "Server", "_handle_event_internal"):
        ("server", "sid", "eio_sid", "data", "namespace", "id"),
    ("socketio.server", "Server", "_handle_event"): ("eio_sid", "namespace", "id", "data"),
    ("socketio.server", "Server", "_handle_eio_message"): ("eio_sid", "data"),
    ("socketio.server", "Server", "_send_packet"): ("eio_sid", "pkt"),
}


def create_socketio(app, origins: list[str], max_body: int) -> SocketIO:
    """One Socket.IO server per app (threading mode, websockets via simple-websocket)."""
    sio = SocketIO(app, async_mode="threading", cors_allowed_origins=origins,
                   max_http_buffer_size=max_body, json=SocketJson)
    register_handlers(sio)
    guard_session_costs(app, sio.server)
    return sio


def guard_session_costs(app, server) -> None:
    """What an Engine.IO session may cost, whoever opens it (through the private methods in
    PATCHED, of the versions in WRITTEN_AGAINST):

    - no thread of its own: python-engineio starts a thread per session that sleeps 25 s and
      pings; here one shared thread (`Pinger`) pings every session instead, and only once its
      Socket.IO connect was authenticated (the reaper drops the others);
    - at most MAX_SESSIONS sessions: past that a handshake gets 503;
    - at most MAX_CALLS_IN_FLIGHT events in flight per connection and MAX_VIEWER_CALLS per
      viewer key: past that a `call` is answered 429 at once, without a thread;
    - no binary packet: it is answered as a refused `call` (python-socketio would otherwise
      wait for its attachments, and take the next text packet for one)."""
    from engineio.socket import Socket as EioSocket
    from socketio import packet

    eio = server.eio
    junk = app.extensions["ballcourt_junk"] = JunkLog()
    eio._async = {**eio._async, "websocket": quiet_websocket(eio._async["websocket"], junk)}
    pinger = app.extensions["ballcourt_pinger"] = Pinger(server)
    spawn = eio.start_background_task

    def start_background_task(target, *args, **kwargs):
        if getattr(target, "__func__", None) is EioSocket._send_ping:
            return pinger.schedule(target.__self__)
        return spawn(target, *args, **kwargs)

    eio.start_background_task = start_background_task

    handle_connect = eio._handle_connect

    def capped_connect(environ, start_response, transport, jsonp_index=None):
        if len(eio.sockets) >= MAX_SESSIONS:
            body = json.dumps(error_body("too_many_sessions", "too many Socket.IO sessions at"
                                         " once: try again in a few seconds")).encode()
            return {"status": "503 SERVICE UNAVAILABLE",
                    "headers": [("Content-Type", "application/json"), ("Retry-After", "5")],
                    "response": body}
        return handle_connect(environ, start_response, transport, jsonp_index)

    eio._handle_connect = capped_connect

    lock = threading.Lock()
    in_flight: collections.Counter = collections.Counter()
    run_event = server._handle_event_internal

    def handle_event(eio_sid, namespace, id, data):
        namespace = namespace or "/"
        sid = server.manager.sid_from_eio_sid(eio_sid, namespace)
        if not server.manager.is_connected(sid, namespace):
            return
        if not (isinstance(data, list) and 1 <= len(data) <= 2 and data[0] in EVENTS):
            refusal = data[1] if isinstance(data, list) and data[1:] else data
            if id is None:
                junk.drop(f"an event without a known name: {str(data)[:60]}")
            else:            # a call with an ack id always gets its answer
                server._send_packet(eio_sid, server.packet_class(
                    packet.ACK, namespace=namespace, id=id,
                    data=[refused(refusal) if isinstance(refusal, Refused) else {
                        "status": 400, "body": error_body(
                            "bad_call", f"the events are {', '.join(EVENTS)}: each a JSON array"
                                        f" [name] or [name, argument]")}]))
            return
        viewer = app.extensions.get("ballcourt_viewers", {}).get(sid)
        per_connection, per_viewer = MAX_CALLS_IN_FLIGHT, MAX_VIEWER_CALLS
        keys = [("sid", sid)] + ([("viewer", viewer)] if viewer is not None else [])
        with lock:
            busy = in_flight[keys[0]] >= per_connection or (
                len(keys) > 1 and in_flight[keys[1]] >= per_viewer)
            if not busy:
                for key in keys:
                    in_flight[key] += 1
        if busy:
            if id is not None:
                server._send_packet(eio_sid, server.packet_class(
                    packet.ACK, namespace=namespace, id=id, data=[{
                        "status": 429, "body": error_body(
                            "too_many_calls", f"more than {per_connection} calls in flight on"
                            f" this connection (or {per_viewer} on this viewer key): wait for"
                            f" their answers")}]))
            return

        def run():
            try:
                run_event(server, sid, eio_sid, data, namespace, id)
            finally:
                with lock:
                    for key in keys:
                        in_flight[key] -= 1
                        if in_flight[key] <= 0:
                            del in_flight[key]

        if server.async_handlers:
            spawn(run)
        else:                                   # Flask-SocketIO's test client
            run()

    server._handle_event = handle_event

    handle_message = server._handle_eio_message

    def on_message(eio_sid, data):
        if isinstance(data, bytes | bytearray):
            return                            # an attachment nobody announced: dropped
        if isinstance(data, str) and data[:1] == str(packet.BINARY_EVENT):
            head = re.match(r"5[0-9]+-(/[^,]*,)?([0-9]*)", data)
            rest = data[head.end():] if head else ""
            name = re.match(r'\s*\[\s*"([A-Za-z_]{1,32})"', rest)
            if head and name and head.group(2):
                namespace = head.group(1)[:-1] if head.group(1) else None
                handle_event(eio_sid, namespace, int(head.group(2)),
                             [name.group(1), Refused("binary attachments are not JSON")])
            return
        if isinstance(data, str) and data[:1] == str(packet.BINARY_ACK):
            return
        try:
            handle_message(eio_sid, data)
        except ValueError as exc:     # a packet python-socketio cannot decode
            junk.drop(str(exc))

    server._handle_eio_message = on_message
    eio.on("message", on_message)


def quiet_websocket(base: type, junk: JunkLog) -> type:
    """Engine.IO's WebSocket wrapper, but an empty message is dropped as junk (Engine.IO
    decoded it into a traceback and the end of the connection)."""

    class QuietWebSocket(base):   # type: ignore[valid-type,misc]
        def wait(self):
            while True:
                message = super().wait()
                if message != "" and message != b"":
                    return message
                junk.drop("an empty WebSocket message")

    return QuietWebSocket


class Pinger:
    """One thread that pings every authenticated Engine.IO session when its turn comes, in
    place of python-engineio's sleeping thread per session."""

    def __init__(self, server, tick: float = 0.5):
        self.server, self.tick = server, tick
        self.lock = threading.Lock()
        self.due: dict[object, float] = {}
        self.thread: threading.Thread | None = None

    def schedule(self, eio_socket) -> None:
        with self.lock:
            self.due[eio_socket] = time.monotonic() + self.server.eio.ping_interval
            if self.thread is None:
                self.thread = threading.Thread(target=self.run, name="ballcourt-pinger",
                                               daemon=True)
                self.thread.start()

    def run(self) -> None:
        from engineio import packet as eio_packet
        while True:
            time.sleep(self.tick)
            now = time.monotonic()
            with self.lock:
                ready = [s for s, at in self.due.items() if at <= now]
                for s in ready:
                    del self.due[s]
            for s in ready:
                if s.closing or s.closed or not self.server.manager.sid_from_eio_sid(s.sid, "/"):
                    continue            # gone, or never authenticated: no ping, the reaper acts
                try:
                    s.last_ping = time.time()
                    s.send(eio_packet.Packet(eio_packet.PING))
                except Exception:       # a socket that closed under us
                    logging.getLogger("ballcourt").debug("ping", exc_info=True)


AUTH_GRACE = 5.0     # seconds an Engine.IO session may live without a connected, authed socket


def start_reaper(sio: SocketIO, grace: float = AUTH_GRACE, every: float = 1.0) -> None:
    """Drop Engine.IO sessions that have not authenticated within `grace` seconds (a refused
    token, or no Socket.IO connect at all), so they cost no threads until the ping timeout."""
    server = sio.server
    first_seen: dict[str, float] = {}
    closing: dict[str, socket.socket] = {}

    def reap() -> None:
        while True:
            time.sleep(every)
            try:
                sweep()
            except Exception:          # never let one bad sweep stop the reaping
                logging.getLogger("ballcourt").exception("socket reaper")

    def sweep() -> None:
        for eio_sid in list(closing):       # dropped a sweep ago: now end the TCP connection
            try:
                closing.pop(eio_sid).shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        now = time.monotonic()
        sids = list(server.eio.sockets)
        for eio_sid in sids:
            since = first_seen.setdefault(eio_sid, now)
            if now - since >= grace and not server.manager.sid_from_eio_sid(eio_sid, "/"):
                environ = server.environ.get(eio_sid) or {}
                drop(server.eio, eio_sid)
                if environ.get("HTTP_UPGRADE", "").lower() == "websocket" and \
                        environ.get("werkzeug.socket") is not None:
                    # a client that never reads would hold its threads until TCP gives up
                    closing[eio_sid] = environ["werkzeug.socket"]
        for gone in set(first_seen) - set(sids):
            del first_seen[gone]

    threading.Thread(target=reap, name="ballcourt-socket-reaper", daemon=True).start()


def drop(eio, eio_sid: str) -> None:
    """End an Engine.IO session without waiting: `eio.disconnect` waits until the client has
    read the goodbye, and a polling client that never polls again would hold the reaper."""
    sock = eio.sockets.get(eio_sid)
    if sock is None:
        return
    try:
        sock.close(wait=False, abort=True, reason=eio.reason.SERVER_DISCONNECT)
    except Exception:       # already closing
        pass
    eio.sockets.pop(eio_sid, None)


def room(match_id: str) -> str:
    return f"match:{match_id}"


def push_match_event(match_id: str, state: dict, what: dict) -> None:
    payload = {"match": match_id, "seq": state["seq"], **what, "state": state}
    current_app.extensions["socketio"].emit("match_event", payload, to=room(match_id))


def token_ok(given: object) -> bool:
    want = current_app.config["BALLCOURT"].token
    if not isinstance(given, str) or not want:
        return False
    try:
        return hmac.compare_digest(given.encode(), want.encode())
    except UnicodeEncodeError:      # a lone surrogate is no token
        return False


def refused(data: Refused) -> dict:
    if data.status == 422:
        return {"status": 422, "body": error_body("validation", summary(data.fields),
                                                  data.fields)}
    return {"status": 400, "body": error_body("bad_json", f"not standard JSON: {data.reason}")}


def register_handlers(sio: SocketIO) -> None:
    @sio.on("connect")
    def connect(auth=None):
        backoff = current_app.extensions["ballcourt_backoff"]
        client = request.remote_addr or "?"
        auth = auth if isinstance(auth, dict) else {}
        token, viewer = auth.get("token"), auth.get("viewer")
        if token_ok(token):                 # the right token always gets in
            backoff.succeeded(client)
            return
        if token is None and viewer is not None and connect_viewer(viewer):
            return                          # so does a valid viewer key
        if token is not None or viewer is not None:     # no credentials is never counted
            wait = backoff.wait(client)
            if wait > 0:
                raise ConnectionRefusedError(f"too many wrong tokens: try again in"
                                             f" {math.ceil(wait)} s")
            backoff.failed(client)
        raise ConnectionRefusedError("unauthorized: a wrong or missing token or viewer key")

    @sio.on("disconnect")
    def disconnect(*_args):
        forget(request.sid)

    @sio.on("call")
    def call(data=None):
        if isinstance(data, Refused):
            return refused(data)
        if not isinstance(data, dict):
            return {"status": 400, "body": error_body("bad_call", "call takes an object")}
        denied = guard_call(data.get("method"), data.get("route"))
        if denied is not None:
            return denied
        status, body = dispatch(data.get("method"), data.get("route"), data.get("body"))
        return {"status": status, "body": body}

    @sio.on("join")
    def join(data=None):
        if isinstance(data, Refused):
            return refused(data)
        match_id = data.get("match") if isinstance(data, dict) else None
        denied = guard_join(match_id)
        if denied is not None:
            return denied
        status, body = dispatch("GET", f"/api/v1/matches/{match_id}", None)
        if status == 200:
            join_room(room(match_id), sid=request.sid)
        return {"status": status, "body": body}

    @sio.on("leave")
    def leave(data=None):
        if isinstance(data, Refused):
            return refused(data)
        match_id = data.get("match") if isinstance(data, dict) else None
        if isinstance(match_id, str):
            leave_room(room(match_id), sid=request.sid)
        return {"status": 200, "body": {}}
