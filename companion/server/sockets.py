"""Socket.IO: token at connect, `call` for every route, rooms that hear a match's events."""

from __future__ import annotations

import hmac

from flask import current_app, request
from flask_socketio import ConnectionRefusedError, SocketIO, join_room, leave_room

from .errors import body as error_body
from .routing import dispatch
from .viewers import connect_viewer, forget, guard_call, guard_join


def create_socketio(app, origins: list[str], max_body: int) -> SocketIO:
    """One Socket.IO server per app (threading mode, websockets via simple-websocket)."""
    sio = SocketIO(app, async_mode="threading", cors_allowed_origins=origins,
                   max_http_buffer_size=max_body)
    register_handlers(sio)
    return sio


def room(match_id: str) -> str:
    return f"match:{match_id}"


def push_match_event(match_id: str, state: dict, what: dict) -> None:
    payload = {"match": match_id, "seq": state["seq"], **what, "state": state}
    current_app.extensions["socketio"].emit("match_event", payload, to=room(match_id))


def token_ok(given: object) -> bool:
    want = current_app.config["BALLCOURT"].token
    return isinstance(given, str) and hmac.compare_digest(given.encode(), want.encode())


def register_handlers(sio: SocketIO) -> None:
    @sio.on("connect")
    def connect(auth=None):
        token = auth.get("token") if isinstance(auth, dict) else None
        if token_ok(token):
            return
        viewer = auth.get("viewer") if isinstance(auth, dict) else None
        if viewer is None or not connect_viewer(viewer):
            raise ConnectionRefusedError("unauthorized: a wrong or missing token or viewer key")

    @sio.on("disconnect")
    def disconnect(*_args):
        forget(request.sid)

    @sio.on("call")
    def call(data=None):
        if not isinstance(data, dict):
            return {"status": 400, "body": error_body("bad_call", "call takes an object")}
        refused = guard_call(data.get("method"), data.get("route"))
        if refused is not None:
            return refused
        status, body = dispatch(data.get("method"), data.get("route"), data.get("body"))
        return {"status": status, "body": body}

    @sio.on("join")
    def join(data=None):
        match_id = data.get("match") if isinstance(data, dict) else None
        refused = guard_join(match_id)
        if refused is not None:
            return refused
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
