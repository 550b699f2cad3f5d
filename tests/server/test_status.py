"""The status route and page: the token gates the matches, the origins are listed."""

from __future__ import annotations

from companion.server.config import DEFAULT_ORIGINS


def test_status_route_needs_the_token_and_lists_origins(app, api):
    bare = app.test_client().get("/api/v1/status", base_url="http://127.0.0.1:7770")
    assert bare.status_code == 401 and "ballcourt token" in bare.json["error"]["message"]
    r = api.get("/api/v1/status")
    assert r.status_code == 200
    assert set(DEFAULT_ORIGINS) <= set(r.json["origins"])
    assert r.json["module_manifest"] == "http://127.0.0.1:7770/foundry/module.json"


def test_the_status_page_shows_no_match_before_the_token(app, api):
    made = api.post("/api/v1/matches", {"game": "yaotzin", "name": "Secret final",
                                        "teams": [{"id": "sun"}, {"id": "moon"}]}).json
    api.post(f"/api/v1/matches/{made['id']}/events", {"type": "goal", "team": "moon"})
    page = app.test_client().get("/", base_url="http://127.0.0.1:7770").get_data(as_text=True)
    assert made["id"] not in page and "Secret final" not in page
    assert "<li><code>" not in page                       # no origin list before the token
    assert "is always allowed" in page and "these add to the defaults" in page
    listed = api.get("/api/v1/matches").json["matches"][0]
    assert listed["score"] == {"sun": 0, "moon": 1} and listed["round"] == 1


def test_the_install_command_names_this_companion_on_another_port(tmp_path):
    """On port 7771 the page said `ballcourt module install`, whose manifest then pointed at
    7770: Foundry's updates went to no companion, without a word."""
    from companion.server import create_app
    from companion.server.config import Config
    from tests.conftest import TOKEN

    def install_line(port):
        app = create_app(Config(data_dir=tmp_path / str(port), token=TOKEN, port=port))
        page = app.test_client().get("/", base_url=f"http://127.0.0.1:{port}").get_data(
            as_text=True)
        return page.split('<code id="install-command">')[1].split("</code>")[0]

    assert install_line(7771) == \
        "ballcourt module install --companion-url http://127.0.0.1:7771"
    assert install_line(7770) == "ballcourt module install"


def test_the_token_command_names_the_data_dir_when_the_companion_has_its_own(tmp_path,
                                                                            monkeypatch):
    """Started with --data-dir, the companion's token is that folder's: the page said
    `ballcourt token`, which prints the default folder's, another token (a 401 in Foundry).
    It names the option, not the folder (the page shows nothing of this machine untokened)."""
    from companion.server import create_app
    from companion.server.config import Config
    from tests.conftest import TOKEN

    def page(data_dir):
        app = create_app(Config(data_dir=data_dir, token=TOKEN))
        return app.test_client().get("/", base_url="http://127.0.0.1:7770").get_data(
            as_text=True)

    own = page(tmp_path / "own")
    assert own.count("<code>ballcourt token --data-dir DIR</code>") == 3
    assert "the --data-dir this companion was started with" in own
    assert str(tmp_path) not in own
    monkeypatch.setenv("BALLCOURT_DATA_DIR", str(tmp_path / "default"))
    default = page(tmp_path / "default")
    assert default.count("<code>ballcourt token</code>") == 3 and "--data-dir" not in default
