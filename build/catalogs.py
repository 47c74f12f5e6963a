"""The translators' commands: extract the game's strings, start or update each language's
catalog, compile the catalogs the game ships (docs/TRANSLATING.md tells the whole way).

    python build/catalogs.py extract        # the code's strings -> game/lang/locale/scram.pot
    python build/catalogs.py init LL        # a new language's scram.po (add it to LANGUAGES first)
    python build/catalogs.py update         # every scram.po gains the new strings of scram.pot
    python build/catalogs.py compile        # every scram.po -> scram.mo (what the game loads)
    python build/catalogs.py all            # extract, update, compile

It runs Babel's own `pybabel` with the options this project uses (babel.cfg, the domain
`scram`, translator comments `# TRANSLATORS:`, file-only locations so a moved line does not
touch every catalog), and sets each new catalog's Plural-Forms from game/lang/languages.py,
the one table of the languages (Babel's defaults follow CLDR, which gives French, Spanish,
Italian and Portuguese a third form for millions; the game keeps gettext's two).
Babel is in the `test` extra; the game itself needs only the compiled `.mo` files.
"""

from __future__ import annotations

import argparse
import os
import tomllib
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from game.lang.languages import CATALOGUED, LANGUAGES, SOURCE

ROOT = Path(__file__).resolve().parent.parent

LOCALE = ROOT / "game" / "lang" / "locale"
TEMPLATE = LOCALE / "scram.pot"
DOMAIN = "scram"
WIDTH = "100"


def pybabel(*args: str) -> None:
    # from the top of the checkout, so the catalogs name files as game/..., never this machine's path
    os.chdir(ROOT)
    CommandLineInterface().run(["pybabel", "-q", *args])


SPEAKING_BOTS = ("ai/hint.py",)
"""The one module of the bots that speaks to the player: the table's hint (its sentence is
said in the player's language, with the table's words)."""


def extract() -> None:
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    pybabel(
        "extract", "-F", str(ROOT / "babel.cfg"), "-o", str(TEMPLATE), "-c", "TRANSLATORS:",
        "--project", "Scram!", "--version", version, "--copyright-holder", "The Scram! authors",
        "--add-location", "file", "--sort-by-file", "-w", WIDTH, "game", *SPEAKING_BOTS,
    )  # fmt: skip


def fix_header(code: str) -> None:
    """The Plural-Forms and Language of `code`'s catalog, as LANGUAGES has them."""
    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    lang = LANGUAGES[code]
    catalog._num_plurals = lang.nplurals  # Babel reads these from the header, and writes them back
    catalog._plural_expr = lang.plural_forms.split("plural=", 1)[1].rstrip(";")
    catalog.language_team = lang.english
    catalog.msgid_bugs_address = ""
    if catalog.last_translator.startswith("FULL NAME"):
        catalog.last_translator = "The Scram! authors"
    catalog.header_comment = "\n".join(
        line for line in catalog.header_comment.splitlines() if not line.startswith("# FIRST AUTHOR")
    )
    with path.open("wb") as f:
        write_po(f, catalog, width=int(WIDTH), include_previous=True)


def init(code: str) -> None:
    if code not in LANGUAGES or code == SOURCE:
        raise SystemExit(
            f"add {code!r} to LANGUAGES in game/lang/languages.py first (code, name, Plural-Forms)"
        )
    pybabel("init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "-w", WIDTH)
    fix_header(code)


def update() -> None:
    for code in CATALOGUED:
        if code == SOURCE:
            continue
        pybabel(
            "update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "-w", WIDTH,
            "--previous", "--init-missing",
        )  # fmt: skip
        fix_header(code)


def compile_all() -> None:
    for code in CATALOGUED:
        if code != SOURCE:
            pybabel("compile", "-d", str(LOCALE), "-D", DOMAIN, "-l", code, "--statistics")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "init", "update", "compile", "all"))
    parser.add_argument("language", nargs="?", help="for init: the new language's code (e.g. nl, pt_PT)")
    args = parser.parse_args()
    if args.command == "init":
        if not args.language:
            parser.error("init needs the language's code")
        init(args.language)
    if args.command in ("extract", "all"):
        extract()
    if args.command in ("update", "all"):
        update()
    if args.command in ("compile", "all"):
        compile_all()


if __name__ == "__main__":
    main()
