"""The companion's own page: is it up, where, who may call it, how to pair Foundry."""

from __future__ import annotations

import html

from flask import Blueprint, Response, current_app

from .. import __version__
from .db import get_db
from .matches import Matches

bp = Blueprint("site", __name__)

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Ballcourt companion</title>
<style>
body {{ font: 15px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; color: #222; }}
h1 {{ font-size: 1.5rem; }} code {{ background: #f2f2f2; padding: 0 .25rem; }}
table {{ border-collapse: collapse; }} td, th {{ padding: .2rem .6rem; text-align: left; }}
#check-result.ok {{ color: #176f2c; }} #check-result.bad {{ color: #a01818; }}
</style></head>
<body>
<h1>Ballcourt companion <small id="version">{version}</small></h1>
<p id="state">Running at <code>{url}</code>. Token: <b>{token_state}</b>
(print it with <code>ballcourt token</code>).</p>
<h2>Allowed origins</h2>
<ul id="origins">{origins}</ul>
<h2>Pairing the Foundry module</h2>
<ol>
<li>In Foundry, as the GM: <i>Game Settings → Configure Settings → Ballcourt</i>.</li>
<li>Companion URL: <code>{url}</code>; Token: the output of <code>ballcourt token</code>.</li>
<li>If your Foundry runs at another address, restart with
<code>ballcourt serve --allow-origin http://your-foundry:30000</code>.</li>
</ol>
<h2>Check a token</h2>
<form id="check"><input id="token" type="password" placeholder="token" autocomplete="off">
<button type="submit">Check</button> <span id="check-result"></span></form>
<h2>Matches</h2>
<table id="matches"><tr><th>id</th><th>game</th><th>name</th><th>status</th></tr>{matches}</table>
<p><a href="/api/v1/health">health</a></p>
<script>
document.getElementById("check").addEventListener("submit", async (ev) => {{
  ev.preventDefault();
  const out = document.getElementById("check-result");
  const started = performance.now();
  try {{
    const res = await fetch("/api/v1/echo", {{method: "POST",
      headers: {{"Content-Type": "application/json",
                "Authorization": "Bearer " + document.getElementById("token").value}},
      body: JSON.stringify({{ping: true}})}});
    const ms = (performance.now() - started).toFixed(1);
    out.className = res.ok ? "ok" : "bad";
    out.textContent = res.ok ? `Token OK (${{ms}} ms)` : `Refused: ${{res.status}}`;
  }} catch (err) {{ out.className = "bad"; out.textContent = "Unreachable: " + err; }}
}});
</script>
</body></html>"""


@bp.get("/")
def index() -> Response:
    cfg = current_app.config["BALLCOURT"]
    esc = html.escape
    rows = "".join(
        f"<tr><td>{esc(m['id'])}</td><td>{esc(m['game'])}</td><td>{esc(m['name'] or '')}</td>"
        f"<td>{esc(m['status'])}</td></tr>" for m in Matches(get_db()).list())
    page = PAGE.format(version=esc(__version__), url=esc(cfg.url),
                       token_state="set" if cfg.token else "missing",
                       origins="".join(f"<li><code>{esc(o)}</code></li>" for o in cfg.origins),
                       matches=rows)
    return Response(page, mimetype="text/html")
