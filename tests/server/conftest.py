"""Fixtures shared by the server tests."""

import threading

import pytest


@pytest.fixture
def small_server(app):
    """The real serving stack in-process, with small limits so a test sees them act."""
    from companion.server.serving import Server, bind
    from companion.server.sockets import start_reaper

    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app.config["BALLCOURT"].port = port
    app.wsgi_app.hosts = {f"127.0.0.1:{port}"}
    server = Server(sock, app, max_connections=4, reserved=1, header_timeout=0.5, body_timeout=1,
                    first_header_timeout=0.5)
    start_reaper(app.extensions["socketio"], grace=0.5, every=0.1)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}", port
    server.shutdown()
    server.server_close()
