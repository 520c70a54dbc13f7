"""A ruleset's proposal for one action: the candidate requests worth trying, or why none.

The plain value ``Ruleset.probes`` answers with (``tabletop.rules.engine``) and
``tabletop.rules.query`` decides; below both, so that neither imports the other for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.rules.actions import ActionRequest

__all__ = ["Probe"]


@dataclass(frozen=True, slots=True)
class Probe:
    """What a ruleset proposes to try for one action: its candidate requests, or the
    reasons the action is out of the question (then no candidate is tried). An empty
    probe (no candidates, no reasons) tries the bare request (``--unit ID`` alone)."""

    action: str
    candidates: tuple[ActionRequest, ...] = ()
    reasons: tuple[str, ...] = ()
