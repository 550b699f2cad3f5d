"""Socket.IO: token at connect, `call` for every route, rooms that hear a match's events."""

from __future__ import annotations

import hmac
import logging
import math
import socket
import threading
import time

from flask import current_app, request
from flask_socketio import ConnectionRefusedError, SocketIO, join_room, leave_room

from .errors import body as error_body
from .jsonsafe import Refused, SocketJson
from .routing import dispatch
from .viewers import connect_viewer, forget, guard_call, guard_join


def create_socketio(app, origins: list[str], max_body: int) -> SocketIO:
    """One Socket.IO server per app (threading mode, websockets via simple-websocket)."""
    sio = SocketIO(app, async_mode="threading", cors_allowed_origins=origins,
                   max_http_buffer_size=max_body, json=SocketJson)
    register_handlers(sio)
    return sio


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
                try:
                    server.eio.disconnect(eio_sid)
                except Exception:       # already gone
                    pass
                if environ.get("HTTP_UPGRADE", "").lower() == "websocket" and \
                        environ.get("werkzeug.socket") is not None:
                    # a client that never reads would hold its threads until TCP gives up
                    closing[eio_sid] = environ["werkzeug.socket"]
        for gone in set(first_seen) - set(sids):
            del first_seen[gone]

    threading.Thread(target=reap, name="ballcourt-socket-reaper", daemon=True).start()


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
    return {"status": 400, "body": error_body("bad_json", f"not standard JSON: {data.reason}")}


def register_handlers(sio: SocketIO) -> None:
    @sio.on("connect")
    def connect(auth=None):
        backoff = current_app.extensions["ballcourt_backoff"]
        client = request.remote_addr or "?"
        wait = backoff.wait(client)
        if wait > 0:
            raise ConnectionRefusedError(f"too many wrong tokens: try again in {math.ceil(wait)} s")
        token = auth.get("token") if isinstance(auth, dict) else None
        if token_ok(token):
            backoff.succeeded(client)
            return
        viewer = auth.get("viewer") if isinstance(auth, dict) else None
        if viewer is None or not connect_viewer(viewer):
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
        match_id = data.get("match") if isinstance(data, dict) else None
        if isinstance(match_id, str):
            leave_room(room(match_id), sid=request.sid)
        return {"status": 200, "body": {}}
