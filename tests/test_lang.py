"""Every card key the companion emits is in the module's en and ru files, placeholders alike."""

import json
from pathlib import Path

from companion.present.text import TEXT, placeholders

LANG = Path(__file__).parents[1] / "foundry_module" / "lang"


def flatten(node, prefix=""):
    out = {}
    for key, value in node.items():
        path = f"{prefix}.{key}" if prefix else key
        out.update(flatten(value, path) if isinstance(value, dict) else {path: value})
    return out


EN = flatten(json.loads((LANG / "en.json").read_text()))
RU = flatten(json.loads((LANG / "ru.json").read_text()))


def test_companion_texts_are_the_english_lang_entries():
    for key, text in TEXT.items():
        assert EN.get(key) == text, key


def test_russian_has_every_key_with_the_same_placeholders():
    assert set(RU) == set(EN)
    for key in EN:
        assert placeholders(RU[key]) == placeholders(EN[key]), key
        assert RU[key].strip(), key
