"""No code outside the rules branches on a ruleset's name: it asks the ruleset object
(``tabletop.rules.engine.ruleset_for``; below the rules, ``tabletop.model.setup``).

The check is issue 23's: ``grep -rnE 'ruleset (==|!=) "(squad|platoon)"' tabletop`` finds
nothing outside ``tabletop/rules`` (the rulesets' own packages and their table)."""

from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"
BRANCH = re.compile(r'ruleset (==|!=) "(squad|platoon)"')


def test_no_branch_on_a_rulesets_name_outside_the_rules() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{n}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if PACKAGE / "rules" not in path.parents
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if BRANCH.search(line)
    ]
    assert not found, "ask the ruleset object instead:\n" + "\n".join(found)
