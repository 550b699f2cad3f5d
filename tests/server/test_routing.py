"""The route table: every route answers as declared, even where Werkzeug would redirect."""

from __future__ import annotations

from tests.conftest import TOKEN


# -- every call gets an answer ------------------------------------------------------------
def test_a_call_to_a_route_werkzeug_would_redirect_is_answered(app):
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    for route in ("/api/v1//health", "/api/v1/matches/", "//api/v1/health"):
        ack = client.emit("call", {"method": "GET", "route": route}, callback=True)
        assert ack is not None and ack["status"] in (200, 404), route
