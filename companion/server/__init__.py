"""The companion server: `create_app()` wires the blueprints, guards, database and Socket.IO."""

from __future__ import annotations

import logging
from contextlib import closing

from flask import Flask, jsonify
from flask.json.provider import DefaultJSONProvider
from werkzeug.exceptions import HTTPException

from .config import Config, TokenError
from .db import close_db, connect, init_db
from .errors import ApiError, disk_full_answer, too_large
from .errors import body as error_body
from .heavy import HeavyGate
from .sockets import create_socketio
from .tuning import TuneSlot

MAX_BODY = 1024 * 1024
log = logging.getLogger("ballcourt")


class StandardJSON(DefaultJSONProvider):
    """Answers are standard JSON: a NaN or Infinity is an error here, never sent out."""

    def dumps(self, obj, **kwargs) -> str:
        kwargs.setdefault("allow_nan", False)
        return super().dumps(obj, **kwargs)


def adopt_unversioned(path) -> None:
    """The matches an older companion stored without rules versions get theirs, once
    (Matches.adopt_unversioned); a match no version reproduces is named in the log."""
    from .matches import Matches

    with closing(connect(path)) as conn:
        for match_id, version in Matches(conn).adopt_unversioned():
            if version is None:
                log.warning("match %s: no rules version replays its log to the state it"
                            " stored; it stays readable (GET /api/v1/matches/%s/verify)",
                            match_id, match_id)
            else:
                log.info("match %s: stored before rules versions, played under version %d",
                         match_id, version)


def create_app(config: Config | None = None) -> Flask:
    from . import security
    from .api import goatball, health, matches, replay, report, viewers, yaotzin
    from .openapi import build_spec
    from .pages import board, board_report, foundry, status

    cfg = config or Config()
    if not cfg.token:
        raise TokenError(f"no token: set BALLCOURT_TOKEN, or let `ballcourt serve` make one in"
                         f" {cfg.data_dir / 'token'}")
    app = Flask(__name__)
    app.json = StandardJSON(app)
    app.config["BALLCOURT"] = cfg
    app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.json.sort_keys = False
    init_db(cfg.db_path)
    adopt_unversioned(cfg.db_path)
    app.teardown_appcontext(close_db)

    security.install(app)
    for bp in (health.bp, yaotzin.bp, goatball.bp, matches.bp, status.bp, foundry.bp, viewers.bp,
               board.bp, report.bp, replay.bp, board_report.bp):
        app.register_blueprint(bp)
    spec = build_spec()
    app.add_url_rule("/api/v1/openapi.json", "openapi", lambda: jsonify(spec))

    app.extensions["ballcourt_tune"] = TuneSlot()
    app.extensions["ballcourt_heavy"] = HeavyGate()

    @app.errorhandler(ApiError)
    def api_error(exc: ApiError):
        response = jsonify(error_body(exc.code, exc.message, exc.fields))
        response.headers.update(exc.headers)
        return response, exc.status

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        code = {404: "not_found", 405: "method_not_allowed", 413: "too_large"}.get(
            exc.code, "http_error")
        message = too_large(MAX_BODY).message if exc.code == 413 else exc.description or exc.name
        return jsonify(error_body(code, message)), exc.code

    @app.errorhandler(Exception)
    def bug(exc: Exception):
        full = disk_full_answer(exc, cfg.data_dir)
        if full is not None:
            log.error("%s", full[1]["error"]["message"])
            return jsonify(full[1]), full[0]
        log.exception("unhandled error")
        return jsonify(error_body("internal", "the companion hit a bug; see its log")), 500

    create_socketio(app, cfg.origins, MAX_BODY)
    app.wsgi_app = security.Guard(app.wsgi_app, cfg.hosts, cfg.origins)
    return app
