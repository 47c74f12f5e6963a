"""Every rule of docs/RULES.md (the rules in the project's own words) is proven by at least
one test that names its id."""

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
RULES = HERE.parent / "docs" / "RULES.md"


def rule_ids() -> list[str]:
    """The ids the rules define: each rule starts a list item with its id in bold."""
    return re.findall(r"^- \*\*(R-[A-Z]+-\d+)\*\*", RULES.read_text(encoding="utf-8"), re.M)


def test_the_rules_define_44_distinct_ids():
    ids = rule_ids()
    assert len(ids) == 44 and len(set(ids)) == 44


def test_every_rule_id_is_named_by_a_test():
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in HERE.rglob("test_*.py") if p.name != Path(__file__).name
    )
    named = set(re.findall(r"R-[A-Z]+-\d+", text))
    assert [i for i in rule_ids() if i not in named] == []


def test_tests_name_only_ids_the_rules_define():
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.rglob("test_*.py"))
    assert set(re.findall(r"R-[A-Z]+-\d+", text)) - set(rule_ids()) == set()
