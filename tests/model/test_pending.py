"""The paused move's type (``tabletop.model.Pending``): its saved form, read back."""

from __future__ import annotations

from tabletop.model import MOVE_PAUSED, OPPORTUNITY_FIRE, PENDING_KINDS, Pending


def test_the_saved_form_keeps_its_keys_and_their_order() -> None:
    pending = Pending(
        OPPORTUNITY_FIRE, "t1", "0102", firers=("e1", "e2"), path_left=("0103",),
        action="moving-fire", mp_left=4, hexes=1, maneuver=True, shots=1,
        request={"units": ["t1"], "to": ["0102", "0103"]},
    )  # fmt: skip
    d = pending.to_dict()
    assert list(d) == ["kind", "action", "unit", "hex", "firers", "path_left", "mp_left",
                       "hexes", "maneuver", "shots", "request"]  # fmt: skip
    assert d["firers"] == ["e1", "e2"] and d["path_left"] == ["0103"]
    assert Pending.from_dict(d) == pending
    d["request"]["to"].append("9999")  # the saved form is a copy: the pending is untouched
    assert pending.request["to"] == ["0102", "0103"]


def test_a_key_left_out_takes_its_default() -> None:
    read = Pending.from_dict({"kind": MOVE_PAUSED, "unit": "t1", "hex": "0102"})
    assert read == Pending(MOVE_PAUSED, "t1", "0102")
    assert read.move_paused and not read.opportunity_fire and read.action == "move"
    assert PENDING_KINDS == ("opportunity_fire", "move_paused")
