"""The autosave's kept text of a game (:class:`tabletop.data.gametext.GameText`): after
random actions, undos and redos, told only what the game document says changed, it is the
very text ``game_text`` writes, and it loads back to the live game; an autosave killed with
SIGKILL while writing never loses or corrupts the previous one."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from tabletop import paths
from tabletop.bot.levels import legal_requests
from tabletop.commands import PlayAction
from tabletop.data import game_text, load_game, load_scenario, machine
from tabletop.data.gametext import GameText
from tabletop.documents import GameDocument, UnitsChanged
from tabletop.geometry import LosEngine
from tabletop.rules import ActionRequest, RandomDice
from tests.helpers.killed import said_then_killed

ROOT = Path(__file__).resolve().parents[2]


def kept(doc: GameDocument) -> GameText:
    """A game's kept text, told what each change changed (as the window's autosave is)."""
    text = GameText(doc.state)

    def on_event(event: object) -> None:
        if isinstance(event, UnitsChanged):
            text.forget(event.ids)

    doc.subscribe(on_event)
    return text


def any_request(doc: GameDocument, los: LosEngine, rng: random.Random) -> ActionRequest:
    """A legal request of whichever side may act now (a paused move goes on)."""
    pending = doc.state.pending
    if pending is not None and pending.kind == "move_paused":
        return ActionRequest("move", units=(pending.unit,), cont=True)
    requests = [r for side in doc.scenario.sides for r in legal_requests(doc.state, los, side)]
    moves = [r for r in requests if r.action not in ("end-impulse", "end-turn")]
    return rng.choice(moves if moves and rng.random() < 0.8 else requests)


@pytest.mark.parametrize("items", [machine.ITEMS, 4])  # 4: the units' spliced mapping too
def test_the_kept_text_is_the_saved_text_after_random_actions_and_undos(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, items: int
) -> None:
    monkeypatch.setattr(machine, "ITEMS", items)
    scenario = load_scenario(paths.DEMO_SCENARIO)
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map, scenario.options)
    text = kept(doc)
    rng = random.Random(26)
    path = tmp_path / "recovery" / "autosave.yaml"
    path.parent.mkdir()
    made = 0
    for step in range(30):
        if step % 5 == 4 and doc.history.can_undo:
            doc.undo()
            if rng.random() < 0.5:
                doc.redo()
        else:
            doc.push(PlayAction(doc.state, any_request(doc, los, rng), los, RandomDice(step)))
        job = text.job(path)
        assert job() == game_text(doc.state, path)[0], f"after step {step}"
        made += 1
        if step % 10 == 9:
            path.write_text(job(), encoding="utf-8")
            assert load_game(path).same_as(doc.state)
    assert made == 30 and len(doc.state.log) > 5


def test_only_what_changed_is_made_again(tmp_path: Path) -> None:
    scenario = load_scenario(paths.DEMO_SCENARIO)
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map, scenario.options)
    text = kept(doc)
    changed: set[str] = set()
    doc.subscribe(lambda e: changed.update(e.ids) if isinstance(e, UnitsChanged) else None)
    path = tmp_path / "autosave.yaml"
    assert text.cold(path)
    for _ in text.steps(path):
        pass
    assert not text.cold(path) and text.missing() == []
    doc.push(PlayAction(doc.state, ActionRequest("draw"), los, RandomDice(1)))
    side = doc.state.active_side
    assert side is not None
    mover = next(r for r in legal_requests(doc.state, los, side) if r.action == "move")
    doc.push(PlayAction(doc.state, mover, los, RandomDice(2)))
    assert changed and set(mover.units) <= changed
    assert set(text.missing()) == changed  # the rest is kept
    assert text.job(path)() == game_text(doc.state, path)[0]
    assert text.cold(tmp_path / "elsewhere.yaml")  # its references are made from there


WRITER = """
import sys
from pathlib import Path
from tabletop import paths
from tabletop.data import load_scenario
from tabletop.data.atomic import atomic_write
from tabletop.data.gametext import GameText
from tabletop.rules import ActionRequest, RandomDice, engine
from tabletop.geometry import LosEngine

path = Path(sys.argv[1])
scenario = load_scenario(paths.DEMO_SCENARIO)
state = scenario.new_game()
los = LosEngine(scenario.map, scenario.options)
text = GameText(state)
dice = RandomDice(3)
n = 0
while True:
    request = ActionRequest("draw") if state.cup else ActionRequest("end-turn")
    if state.phase == "impulse":
        request = ActionRequest("end-impulse")
    engine.perform(state, request, dice, los)
    text.forget()  # (told nothing: every part made again, the slowest write)
    atomic_write(path, text.job(path)(), own_file=True)
    n += 1
    if n == 1:
        print("first", flush=True)
"""


def test_a_kill_during_an_autosave_never_loses_the_previous_one(tmp_path: Path) -> None:
    path = tmp_path / "autosave.yaml"
    rng = random.Random(9)
    for _ in range(4):
        pause = rng.uniform(0.0, 0.4)  # somewhere in a write, or between two
        line, err = said_then_killed(WRITER, str(path), then=lambda p=pause: time.sleep(p))
        assert line == "first\n", err
        game = load_game(path)  # complete and consistent: it loads, and checks
        assert game.turn >= 1 and game.log


def test_a_snapshot_after_an_action_reads_the_texts_of_the_units_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot on the GUI thread looked up every unit's kept text, in the table's
    order, after every action (11,441 on the big game: about 3 ms); the texts stay in that
    order from one snapshot to the next and only the changed units' are put in place."""
    monkeypatch.setattr(machine, "ITEMS", 4)  # the units' spliced mapping, as on a big game
    scenario = load_scenario(paths.DEMO_SCENARIO)
    doc = GameDocument.from_scenario(scenario)
    los = LosEngine(scenario.map, scenario.options)
    text = kept(doc)
    path = tmp_path / "autosave.yaml"
    for _ in text.steps(path):
        pass
    text.job(path)
    changed: set[str] = set()
    doc.subscribe(lambda e: changed.update(e.ids) if isinstance(e, UnitsChanged) else None)

    class Counting(dict[str, str]):
        read = 0

        def __getitem__(self, key: str) -> str:
            Counting.read += 1
            return super().__getitem__(key)

    rng = random.Random(29)
    for step in range(6):
        changed.clear()
        doc.push(PlayAction(doc.state, any_request(doc, los, rng), los, RandomDice(step)))
        text._units = Counting(text._units)
        Counting.read = 0
        job = text.job(path)
        assert Counting.read <= len(changed) < len(doc.state.units) // 2, step
        assert job() == game_text(doc.state, path)[0]
