"""The docs stand alone: no path outside the repository, every route and variable documented."""

import io
import re
import tokenize
from pathlib import Path

import pytest

from companion.server import create_app  # noqa: F401  (registers every API route)
from companion.server.config import Config
from companion.server.routing import ROUTES

ROOT = Path(__file__).parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
OUTSIDE = re.compile(r"shared/|seeds/|RULINGS\.md|API-CONTRACT|\.\./\.\.|/work/")


def test_no_doc_points_outside_the_repository():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        assert not OUTSIDE.search(text), (doc.name, OUTSIDE.search(text).group())
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if target.startswith(("http://", "https://")):
                continue
            resolved = (doc.parent / target).resolve()
            assert resolved.is_relative_to(ROOT) and resolved.exists(), (doc.name, target)


CODE = ("companion", "scripts", "bench", "tests", "foundry_module/scripts", "foundry_module/test")
JS_COMMENT = re.compile(r"/\*[\s\S]*?\*/|(?<![:\"'`])//[^\n]*")
CITED_OUTSIDE = re.compile(r"\.\./shared|shared/[A-Z]|/work/|RULINGS\.md|API-CONTRACT|"
                           r"FOUNDRY-NOTES|FOUNDRY-SEMANTICS\.md")


def comments(path):
    """A file's comments: Python's comments and docstrings, JavaScript's // and /* */."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".mjs":
        return JS_COMMENT.findall(text)
    return [tok.string for tok in tokenize.generate_tokens(io.StringIO(text).readline)
            if tok.type == tokenize.COMMENT
            or (tok.type == tokenize.STRING and tok.string.lstrip("rbfu").startswith('"""'))]


def test_no_code_comment_cites_a_document_outside_the_repository():
    """A newcomer has the repository only: comments cite docs/ (foundry-semantics.md, api.md),
    the rulebooks and the rulings by name, never a file he does not have."""
    cited = []
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*")):
            skip = "node_modules" in path.parts or path == Path(__file__)
            if skip or path.suffix not in (".py", ".mjs"):
                continue
            cited += [(str(path.relative_to(ROOT)), found.group()) for comment in comments(path)
                      if (found := CITED_OUTSIDE.search(comment))]
    assert not cited


ISSUE_NUMBER = re.compile(r"\bissues? #?\d+", re.IGNORECASE)


def test_no_comment_or_doc_names_an_issue_by_number():
    """A comment says what the code guards against, not which issue asked for it: a newcomer
    has no tracker to look the number up in."""
    named = [(doc.name, found.group()) for doc in DOCS
             if (found := ISSUE_NUMBER.search(doc.read_text(encoding="utf-8")))]
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".mjs") and "node_modules" not in path.parts:
                named += [(str(path.relative_to(ROOT)), found.group())
                          for comment in comments(path) if (found := ISSUE_NUMBER.search(comment))]
    assert not named


def test_every_route_is_in_the_api_doc(tmp_path):
    app = create_app(Config(data_dir=tmp_path, token="t"))
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    headings = {m.group(1) + " " + m.group(2)
                for m in re.finditer(r"^#+ `(GET|POST|DELETE) ([^`]+)`", api, re.M)}
    rules = {(m, r.rule) for r in app.url_map.iter_rules() for m in r.methods
             if m in ("GET", "POST", "DELETE") and not r.rule.startswith("/static")}
    assert {(route.method, route.rule) for route in ROUTES.values()} <= rules
    for method, rule in sorted(rules):
        path = re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", rule)
        assert f"{method} {path}" in headings, f"docs/api.md has no heading for {method} {path}"


def test_every_environment_variable_is_documented():
    used = set()
    for folder in ("companion", "scripts", "foundry_module/scripts", "bench"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".mjs", "") and "node_modules" not in \
                    path.parts:
                used |= set(re.findall(r"BALLCOURT_[A-Z_]+", path.read_text(errors="ignore")))
    assert {"BALLCOURT_TOKEN", "BALLCOURT_DATA_DIR", "BALLCOURT_URL"} <= used
    documented = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    for name in sorted(used):
        assert f"`{name}`" in documented, name


SHELL_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
BARE_QUERY_URL = re.compile(r"(?<![\"'\w])https?://[^\s\"']*[?&][^\s\"']*")


def test_every_url_with_a_query_in_a_shell_example_is_quoted():
    """Unquoted, a shell runs `curl .../events?after=0&limit=100` in the background with the
    query cut at `&` (and zsh refuses the `?` as a glob): pasted as written, it is wrong."""
    bare = [(doc.name, url) for doc in DOCS
            for block in SHELL_BLOCK.findall(doc.read_text(encoding="utf-8"))
            for url in BARE_QUERY_URL.findall(block)]
    assert not bare


def cli_options():
    """Each `ballcourt` command (its words) and its options, from the parser itself."""
    import argparse

    from companion.cli_parser import build_parser

    def walk(parser, words):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    yield from walk(sub, f"{words} {name}")
            else:
                yield words, action
    return [(words, option, action.default)
            for words, action in walk(build_parser(), "ballcourt")
            for option in action.option_strings if option not in ("-h", "--help")]


def test_configuration_lists_every_option_with_its_default():
    """docs/configuration.md names every option `--help` has, and a default it shows in a
    command's row (`[--matches 1000]`) is the parser's (it was 3000 there)."""
    documented = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    options = cli_options()
    assert not [(words, option) for words, option, _ in options
                if not re.search(re.escape(option) + r"(?![\w-])", documented)]
    defaults = {(words, option): default for words, option, default in options}
    wrong = []
    for row in re.findall(r"^\| `(ballcourt [^`]*)`", documented, re.M):
        words = row.split(" [")[0].split()
        command = " ".join(w for w in words if w.islower() and not w.startswith("-"))
        while command.count(" ") and not any(w == command for w, _ in defaults):
            command = command.rsplit(" ", 1)[0]
        for option, shown in re.findall(r"\[(--[\w-]+) ([\d.,]+)[\] ]", row):
            default = defaults[command, option]
            if default is not None and str(default) != shown and float(default) != float(shown):
                wrong.append((command, option, shown, default))
    assert not wrong


@pytest.mark.parametrize("args", [
    ["--chart", "kick"], ["--chart", "kick", "--feats", "exotic_weapon_pelota"],
    ["--chart", "aim"],
    ["--chart", "hoop", "--dex", "16", "--bab", "6", "--feats", "exotic_weapon_pelota",
     "--max-ft", "60"]])
def test_the_simulator_docs_exact_charts_are_what_the_command_prints(args, capsys):
    """The exact Yaotzin charts in docs/simulator.md are the command's own tables, row for row
    (the best-aim chart there was from older rules: 73.1% from 70 ft where it prints 75.6%)."""
    from companion.cli import main

    assert main(["simulate", "yaotzin", *args]) == 0
    tables = re.findall(r"(?:^\|.*\n?)+", capsys.readouterr().out, re.M)
    doc = (ROOT / "docs" / "simulator.md").read_text(encoding="utf-8")
    assert tables and all(table.rstrip("\n") + "\n" in doc for table in tables)
