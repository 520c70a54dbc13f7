# Two commands a fresh Debian machine needs (see README):
#   make run    set up, then start the desktop app on the bundled demo scenario
#   make test   set up, then lint, type-check and run the test suite (make fuzz: the long fuzzing)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
FILE   ?=

.PHONY: setup run test lint typecheck pytest bench fuzz clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e ".[test]"
	touch $(STAMP)

setup: $(STAMP)

run: setup
	scripts/qt-deps.sh window
	$(BIN)/tabletop $(FILE)

lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: setup
	$(BIN)/mypy

pytest: setup
	scripts/qt-deps.sh offscreen
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 -q

test: lint typecheck pytest

bench: setup
	for b in benchmarks/bench_*.py; do QT_QPA_PLATFORM=offscreen $(BIN)/python $$b || exit 1; done

FUZZ_CASES ?= 3000
FUZZ_SEED  ?= 0
# The fuzzers' long blocks (marked fuzz, left out of `make test`): 3000 mutated files, the
# platoon demo's seeds 100-131, and 1000 squad demo games (seeds 0-999, all 8 game turns).
fuzz: setup
	FUZZ_CASES=$(FUZZ_CASES) FUZZ_SEED=$(FUZZ_SEED) QT_QPA_PLATFORM=offscreen \
		$(BIN)/python -m pytest tests/data/test_hostile_fuzz.py -q -s
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -n 2 -q -m fuzz tests/rules/platoon/test_fuzz.py
	TABLETOP_FUZZ_SQUAD_GAMES=1000 TABLETOP_FUZZ_SQUAD_TURNS=8 QT_QPA_PLATFORM=offscreen \
		$(BIN)/python -m pytest -n 2 -q -m fuzz tests/rules/squad/test_fuzz.py
	TABLETOP_BOT_GAMES=50 QT_QPA_PLATFORM=offscreen \
		$(BIN)/python -m pytest tests/bot/test_fairness.py -q -k engine_takes

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
