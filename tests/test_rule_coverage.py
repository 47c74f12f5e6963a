"""Every rule of RULES.md is proven by at least one test that names its id."""

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent


def rule_ids() -> list[str]:
    lines = (HERE / "rule_ids.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_every_rule_id_is_named_by_a_test():
    ids = rule_ids()
    assert len(ids) == 44
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name
    )
    named = set(re.findall(r"R-[A-Z]+-\d+", text))
    assert [i for i in ids if i not in named] == []
