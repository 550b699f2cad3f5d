"""The companion's own page: is it up, where, how to install and pair the Foundry module.

Before the token is given the page shows nothing about this table (no match ids or names,
no origins): any page in the GM's browser may load it. Its script (static/status.js) checks
the token against `GET /api/v1/status` and only then lists the origins and the matches with
their scores and links (state, events, and the match's board: its first viewer key, or a new
one labelled "status page")."""

from __future__ import annotations

import html

from flask import Blueprint, Response, current_app, request

from ... import __version__
from ...defaults import DEFAULT_URL  # what `module install` writes without --companion-url
from ...module_files import MANIFEST_ROUTE
from ..config import default_data_dir

bp = Blueprint("status", __name__)


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ballcourt companion</title>
<link rel="stylesheet" href="/static/status.css">
<script src="/static/status.js" defer></script></head>
<body>
<h1>Ballcourt companion <small id="version">{version}</small></h1>
<p id="state">Running at <code>{url}</code>. Token: <b>{token_state}</b>
(print it with <code>{token_command}</code>{token_note}).</p>
<h2>Install the Foundry module</h2>
<p>In Foundry's setup screen: <i>Add-on Modules → Install Module</i>, paste this into
<b>Manifest URL</b> and press <i>Install</i>. It is always the version of this companion.</p>
<p><input id="manifest-url" type="text" readonly value="{manifest}">
<button id="copy-manifest" type="button">Copy</button> <span id="copy-result"></span></p>
<p>Or, on this computer: <code id="install-command">{install}</code> (add
<code>--foundry-data DIR</code> when Foundry keeps its data elsewhere).</p>
<h2>Pair it</h2>
<ol>
<li>In Foundry, as the GM: <i>Game Settings → Configure Settings → Ballcourt</i>.</li>
<li>Companion URL: <code>{url}</code>; Token: the output of <code>{token_command}</code>.</li>
<li>Foundry's own address (<code>http://localhost:30000</code>,
<code>http://127.0.0.1:30000</code>) is always allowed. If your Foundry runs at another
address, add it: <code>ballcourt serve --allow-origin http://your-foundry:30000</code>
(or <code>BALLCOURT_ALLOWED_ORIGINS</code>); these add to the defaults.</li>
</ol>
<h2>Your token</h2>
<p>Paste the output of <code>{token_command}</code> to see the allowed origins and the
matches on this companion.</p>
<form id="check"><input id="token" type="password" placeholder="token" autocomplete="off">
<button type="submit">Show</button> <span id="check-result" role="status"></span></form>
<section id="private" hidden>
<h2>Allowed origins</h2>
<ul id="origins"></ul>
<h2>Matches</h2>
<p id="no-matches" hidden>No match yet.</p>
<table id="matches" hidden><thead><tr><th>match</th><th>game</th><th>score</th>
<th>round</th><th>status</th><th>links</th></tr></thead><tbody></tbody></table>
<pre id="match-detail" hidden></pre>
</section>
<p><a href="/api/v1/health">health</a> · <a href="{manifest}">module.json</a> ·
<a href="/foundry/ballcourt.zip">ballcourt.zip</a></p>
</body></html>"""


@bp.get("/")
def index() -> Response:
    cfg = current_app.config["BALLCOURT"]
    esc = html.escape
    # the installed manifest points at --companion-url (default 7770): name this companion's
    install = "ballcourt module install" + (
        "" if cfg.url == DEFAULT_URL else f" --companion-url {cfg.url}")
    # a companion started with its own --data-dir has that folder's token, not the default's
    own_dir = cfg.data_dir.resolve() != default_data_dir().resolve()
    page = PAGE.format(version=esc(__version__), url=esc(cfg.url), install=esc(install),
                       token_state="set" if cfg.token else "missing",
                       token_command="ballcourt token" + (" --data-dir DIR" if own_dir else ""),
                       token_note=", DIR the --data-dir this companion was started with"
                       if own_dir else "",
                       manifest=esc(request.host_url.rstrip("/") + MANIFEST_ROUTE))
    return Response(page, mimetype="text/html")
