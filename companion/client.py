"""A small Python client for the companion, on requests: what the CLI and scripts use."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

import requests

from .defaults import DEFAULT_URL, environment


def match_path(match_id: str, *rest: str) -> str:
    """A match's route, its id (and a viewer key) each sent as one path segment: a typed
    `ID?` or `../ID` never reaches another match or route."""
    return "/".join(["/matches", *(quote(part, safe="") for part in (match_id, *rest))])


class CompanionError(Exception):
    """The companion answered with an error: its status, code, message and bad fields."""

    def __init__(self, status: int, body: Any):
        err = body.get("error", {}) if isinstance(body, dict) else {}
        super().__init__(f"{status} {err.get('code', '')}: {err.get('message', body)}")
        self.status, self.body = status, body
        self.fields: dict[str, list[str]] = err.get("fields") or {}


class CompanionUnreachable(ConnectionError):
    """Nothing answers at the companion's URL, or it took in the request and did not answer
    within `waited` seconds (it runs, but is busy: said so, never "start it")."""

    def __init__(self, url: str, timed_out: bool = False, waited: float | None = None):
        if waited is not None:
            message = (f"the companion at {url} took the request but did not answer within"
                       f" {waited:g} s: it is running, but busy (heavy work, or a loaded"
                       " machine); try again in a moment")
        else:
            what = (f"the companion at {url} did not answer in time" if timed_out
                    else f"no companion answers at {url}")
            message = (f"{what}: start it with `ballcourt serve`, or point --url (or"
                       " BALLCOURT_URL) at the one you run")
        super().__init__(message)
        self.url = url


def default_token() -> str | None:
    """BALLCOURT_TOKEN (by its one rule, defaults.checked_token), else the data dir's token."""
    env = environment()
    if env.token is not None:
        return env.token
    path = env.data_dir / "token"
    return path.read_text().strip() if path.exists() else None


class Client:
    def __init__(self, url: str | None = None, token: str | None = None, timeout: float = 10):
        self.url = (url or environment().url or DEFAULT_URL).rstrip("/")
        self.token = token or default_token()
        self.timeout = timeout
        self.session = requests.Session()
        if self.token:
            self.session.headers["Authorization"] = f"Bearer {self.token}"

    def request(self, method: str, route: str, body: Any = None, text: bool = False) -> Any:
        """The answer's JSON; with `text`, a good answer's body as text (Markdown)."""
        try:
            response = self.session.request(method, f"{self.url}/api/v1{route}", json=body,
                                            timeout=self.timeout)
        except requests.ConnectTimeout:
            raise CompanionUnreachable(self.url, timed_out=True) from None
        except requests.ReadTimeout:
            raise CompanionUnreachable(self.url, waited=self.timeout) from None
        except requests.ConnectionError:
            raise CompanionUnreachable(self.url) from None
        if text and response.status_code < 400:
            return response.text
        try:
            data = response.json() if response.content else None
        except ValueError:
            raise CompanionError(response.status_code, {"error": {
                "code": "not_a_companion",
                "message": f"{self.url} answered, but not as a Ballcourt companion"
                           f" ({response.headers.get('Content-Type', 'no content type')})"}},
            ) from None
        if response.status_code >= 400:
            raise CompanionError(response.status_code, data)
        return data

    def get(self, route: str) -> Any:
        return self.request("GET", route)

    def post(self, route: str, body: Any = None) -> Any:
        return self.request("POST", route, body if body is not None else {})

    # the rules
    def kick(self, body: dict) -> dict:
        return self.post("/yaotzin/kick", body)

    def preview(self, body: dict) -> dict:
        return self.post("/yaotzin/kick/preview", body)

    def intercept(self, body: dict) -> dict:
        return self.post("/yaotzin/intercept", body)

    def tick(self, body: dict) -> dict:
        return self.post("/yaotzin/tick", body)

    def hoop(self, body: dict) -> dict:
        return self.post("/yaotzin/hoop", body)

    def goatball_pass(self, body: dict) -> dict:
        return self.post("/goatball/pass", body)

    def quick(self, body: dict) -> dict:
        return self.post("/goatball/quick", body)

    # matches
    def new_match(self, body: dict) -> dict:
        return self.post("/matches", body)

    def match(self, match_id: str) -> dict:
        return self.get(match_path(match_id))

    def events(self, match_id: str) -> list[dict]:
        """The whole log, page by page."""
        out, after = [], 0
        while True:
            page = self.get(f"{match_path(match_id, 'events')}?after={after}")
            out.extend(page["events"])
            if not page.get("next"):
                return out
            after = page["next"]

    def apply(self, match_id: str, event: dict) -> dict:
        return self.post(match_path(match_id, "events"), event)

    def delete_match(self, match_id: str) -> None:
        self.request("DELETE", match_path(match_id))

    def undo(self, match_id: str) -> dict:
        return self.post(match_path(match_id, "undo"))

    def report(self, match_id: str, fmt: str = "json", lang: str | None = None) -> Any:
        """The match's box score: a dict (json) or Markdown text (md), in `lang` (en, ru)."""
        query = urlencode({"format": fmt, **({"lang": lang} if lang else {})})
        return self.request("GET", f"{match_path(match_id, 'report')}?{query}",
                            text=fmt != "json")
