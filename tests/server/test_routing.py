"""The route table: every route answers as declared, even where Werkzeug would redirect."""

from __future__ import annotations

from tests.conftest import TOKEN


# -- every call gets an answer ------------------------------------------------------------
def test_a_call_to_a_route_werkzeug_would_redirect_is_answered(app):
    client = app.extensions["socketio"].test_client(app, auth={"token": TOKEN})
    for route in ("/api/v1//health", "/api/v1/matches/", "//api/v1/health"):
        ack = client.emit("call", {"method": "GET", "route": route}, callback=True)
        assert ack is not None and ack["status"] in (200, 404), route


def test_each_blueprint_lives_in_api_or_pages_and_is_named_for_its_file(app):
    """One folder per kind of entry point: the JSON API in server/api/, HTML pages and files
    in server/pages/; a blueprint's name is its file's."""
    assert app.blueprints
    for name, bp in app.blueprints.items():
        package, _, module = bp.import_name.rpartition(".")
        assert module == name
        assert package in ("companion.server.api", "companion.server.pages")
