"""The screenshot of docs/opponent.md: the squad demo mid-game against the computer
opponent, which plays the Red Army while the Wehrmacht's moves are the player's:

    xvfb-run -a -s "-screen 0 1400x900x24" .venv/bin/python scripts/screenshots_opponent.py

(``docs/images`` is the default folder; give another as the first argument.) A throwaway
settings file and seeded dice; the player's side is played here by the greedy level too,
so that the picture shows a game some turns in, with the opponent's last action and why
it chose it in the log and the status bar."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest

from tabletop import bot, paths
from tabletop.rules import RandomDice
from tabletop.ui.app import application, create_window

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots_quickstart import save

WIDTH, HEIGHT = 1360, 860


def main(out: Path) -> None:
    app = application()
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/hot_seat", False)
    demo = paths.DEMO_SCENARIO.parent / "demo-squad.yaml"
    win = create_window(demo, settings)
    assert win is not None
    win.resize(WIDTH, HEIGHT)
    win.move(0, 0)
    win.show()
    doc = win.document
    doc.dice = RandomDice(5)
    state, los = doc.state, doc.los
    # the player's first turn, played for the picture by the greedy level
    while bot.my_move(state, los, "german") and len(state.log) < 80:
        decision = bot.decide(state, los, "german", "greedy", seed=2)
        assert decision is not None
        win.play.controller.perform(decision.request)
        app.processEvents()
    win.opponent.configure(frozenset({"soviet"}), "greedy", pace=0.0)
    for _ in range(1200):  # the opponent's player turn, up to its first fire
        QTest.qWait(100)
        if any(e.by == bot.BY and e.action == "fire" for e in state.log):
            win.opponent.pause()  # the picture shows that fire, its dice and why
            break
        if not win.opponent.thinking and not bot.my_move(state, los, "soviet"):
            break
    win.opponent.wait()
    win.log_dock.raise_()  # the log, with the opponent's reasons, in front of the hex dock
    QTest.qWait(300)
    mine = [e for e in state.log if e.by == bot.BY]
    print(f"{len(mine)} actions of the opponent; last: {mine[-1].why if mine else None}")
    save(win.grab(), out / "opponent-mid-game.png")
    win.opponent.configure(frozenset())
    win.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/images"))
