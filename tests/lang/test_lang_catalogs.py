"""The catalogs are what the code and the sources say: every string the code marks is in every
language's catalog, translated, with the same placeholders and the right number of plural
forms, no fuzzy entry, headers Weblate reads, and each compiled `.mo` holding exactly its `.po`.
"""

from __future__ import annotations

import gettext
import io
import re
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from catalogs import SPEAKING_BOTS

from game.lang import CATALOGUED, LANGUAGES, SOURCE
from game.lang.catalogs import catalog_resource
from game.lang.placeholders import fields, fits

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "game" / "lang" / "locale"
TRANSLATED = tuple(code for code in CATALOGUED if code != SOURCE)


def _key(message) -> tuple:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return (message.context, msgid)


def _read(path: Path, code: str | None = None):
    with path.open("rb") as f:
        return read_po(f, locale=code, domain="scram")


_KEYWORDS = "|".join(re.escape(k) for k in DEFAULT_KEYWORDS)
_KEYWORD_CALL = re.compile(rf"\b(?:{_KEYWORDS})\s*\(")


def _extracted() -> dict[tuple, tuple]:
    """(context, msgid) -> the message's ids, as Babel extracts them from the code today (with
    babel.cfg's method and options, as build/catalogs.py does). A file that calls none of the
    keywords cannot hold a message, so only the others are tokenized (the test stays quick)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    assert method_map == [("**.py", "python")]
    out = {}
    for path in [*sorted((ROOT / "game").rglob("*.py")), *(ROOT / p for p in SPEAKING_BOTS)]:
        source = path.read_bytes()
        if not _KEYWORD_CALL.search(source.decode("utf-8")):
            continue
        for _line, message, _comments, context in extract(
            "python", io.BytesIO(source), options=options_map.get("**.py", {})
        ):
            ids = tuple(message) if isinstance(message, tuple) else (message,)
            out[(context, ids[0])] = ids
    return out


@pytest.fixture(scope="module")
def extracted() -> dict[tuple, tuple]:
    return _extracted()


@pytest.fixture(scope="module", params=TRANSLATED)
def po(request):
    code = request.param
    return code, _read(LOCALE / code / "LC_MESSAGES" / "scram.po", code)


def _messages(catalog):
    return [m for m in catalog if m.id]


def test_the_code_marks_strings_and_the_template_holds_them_all(extracted):
    assert len(extracted) >= 7
    template = {_key(m) for m in _messages(_read(LOCALE / "scram.pot"))}
    assert set(extracted) - template == set(), "run: python build/catalogs.py extract"


def test_every_language_of_the_table_has_a_catalog_and_no_other_does():
    on_disk = {p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/scram.po")}
    assert on_disk == set(TRANSLATED)


def test_every_string_of_the_code_is_in_every_catalog(po, extracted):
    code, catalog = po
    keys = {_key(m) for m in _messages(catalog)}
    missing = set(extracted) - keys
    stale = keys - set(extracted)
    assert not missing, f"{code}: not in the catalog (python build/catalogs.py update): {sorted(missing)}"
    assert not stale, f"{code}: no longer in the code (python build/catalogs.py update): {sorted(stale)}"


def test_every_string_is_translated_and_none_is_fuzzy(po):
    code, catalog = po
    assert not catalog.fuzzy, f"{code}: the header is marked fuzzy"
    for message in _messages(catalog):
        assert not message.fuzzy, f"{code}: fuzzy: {message.id!r}"
        strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
        assert all(s.strip() for s in strings), f"{code}: untranslated: {message.id!r}"


def test_placeholders_match_between_msgid_and_msgstr(po):
    code, catalog = po
    for message in _messages(catalog):
        if message.pluralizable:
            singular, plural = message.id
            assert fields(singular) <= fields(plural) | {"n"}
            for form in message.string:
                assert fits(plural, form, plural=True), f"{code}: {message.id!r} -> {form!r}"
        else:
            assert fits(message.id, message.string), f"{code}: {message.id!r} -> {message.string!r}"


def test_every_plural_message_has_as_many_forms_as_its_language(po):
    code, catalog = po
    assert catalog.num_plurals == LANGUAGES[code].nplurals
    plurals = [m for m in _messages(catalog) if m.pluralizable]
    assert plurals, "the catalogs carry at least one plural message"
    for message in plurals:
        assert len(message.string) == LANGUAGES[code].nplurals, f"{code}: {message.id!r}"


# Which form each language gives a count (gettext's classic rules; Polish has three forms).
PLURAL_FORM_OF = {
    "de": {0: 1, 1: 0, 2: 1, 5: 1},
    "es": {0: 1, 1: 0, 2: 1, 5: 1},
    "it": {0: 1, 1: 0, 2: 1, 5: 1},
    "fr": {0: 0, 1: 0, 2: 1, 5: 1},
    "pt_BR": {0: 0, 1: 0, 2: 1, 5: 1},
    "pl": {0: 2, 1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 14: 2, 21: 2, 22: 1, 24: 1, 25: 2, 102: 1, 112: 2},
}


@pytest.mark.parametrize("code", TRANSLATED)
def test_each_header_carries_the_languages_plural_rule_and_weblates_fields(code):
    path = LOCALE / code / "LC_MESSAGES" / "scram.po"
    catalog = _read(path, code)
    headers = dict(catalog.mime_headers)
    assert headers["Language"] == code
    assert headers["Content-Type"] == "text/plain; charset=utf-8"
    for name in (
        "Project-Id-Version",
        "Language-Team",
        "Last-Translator",
        "PO-Revision-Date",
        "MIME-Version",
    ):
        assert headers.get(name), name
    assert headers["Plural-Forms"].replace(" ", "") == LANGUAGES[code].plural_forms.replace(" ", "")
    rule = gettext.c2py(LANGUAGES[code].plural_forms.split("plural=", 1)[1].rstrip(";"))
    assert {n: rule(n) for n in PLURAL_FORM_OF[code]} == PLURAL_FORM_OF[code]
    assert {rule(n) for n in range(1000)} == set(range(LANGUAGES[code].nplurals))


def _mo_catalog(code: str) -> dict:
    translations = gettext.GNUTranslations(catalog_resource(code).open("rb"))
    return {k: v for k, v in translations._catalog.items() if k != ""}


def _po_catalog(code: str) -> dict:
    """What compiling `code`'s .po must give, keyed as gettext keys a compiled catalog."""
    out = {}
    for message in _messages(_read(LOCALE / code / "LC_MESSAGES" / "scram.po", code)):
        ids = message.id if message.pluralizable else (message.id,)
        msgid = ids[0] if message.context is None else f"{message.context}\x04{ids[0]}"
        if message.pluralizable:
            out.update({(msgid, i): form for i, form in enumerate(message.string)})
        else:
            out[msgid] = message.string
    return out


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalog_is_what_its_source_says(code):
    assert _mo_catalog(code) == _po_catalog(code), "run: python build/catalogs.py compile"
    header = gettext.GNUTranslations(catalog_resource(code).open("rb")).info()
    assert header["plural-forms"].replace(" ", "") == LANGUAGES[code].plural_forms.replace(" ", "")


def test_the_compiled_catalogs_ship_in_the_wheel_and_the_executable():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = project["tool"]["setuptools"]["package-data"]["game.lang"]
    shipped = {p for pattern in globs for p in (ROOT / "game" / "lang").glob(pattern)}
    assert shipped == set(LOCALE.glob("*/LC_MESSAGES/scram.mo"))
    assert {p.parent.parent.name for p in shipped} == set(TRANSLATED)
    import exe_contents  # (build/ is on the tests' path: pyproject's pytest `pythonpath`)

    packed = {name for name in exe_contents.PACKAGE_DATA if name.endswith(".mo")}
    assert packed == {p.relative_to(ROOT).as_posix() for p in shipped}
