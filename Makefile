# Two commands for a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: run test test-fast lint bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py tutor/generate/_kernel.c tutor/engine/techniques/fish/_walk.c \
          tutor/engine/techniques/chains/_search.c tutor/engine/techniques/forcing/_propagate.c \
          tutor/engine/techniques/als/_chains.c tutor/engine/techniques/wings/_wings.c \
          tutor/engine/techniques/sue_de_coq/_crossing.c \
          tutor/engine/techniques/fish/_finned.c tutor/engine/u128.h \
          tutor/engine/_exact.c tutor/engine/exact_search.h tutor/engine/techniques/subsets/_sides.c
	$(BIN)/pip install --quiet -e .
	touch $@

$(TSTAMP): $(STAMP)
	$(BIN)/pip install --quiet -e ".[test]"
	touch $@

run: $(STAMP)
	$(BIN)/sudoku-tutor $(ARGS)

# the whole suite, spread over every core (pytest-xdist; a worker that runs out
# of tests takes some of another's, so none idles at the end)
test: $(TSTAMP)
	$(BIN)/python -m pytest -q -n auto --dist worksteal $(PYTEST_ARGS)

# the edit-test loop (CONTRIBUTING.md): the engine, judge, quizzes, teaching,
# command line, generator and store without the slow marks, and a smoke of
# the app and the classroom (marks: pyproject.toml)
test-fast: $(TSTAMP)
	$(BIN)/python -m pytest -q -n auto --dist worksteal -m "$(FAST)" $(PYTEST_ARGS)
FAST := (not slow and not postgres and not browser and not app and not classroom) or smoke

# what CI runs before the tests: ruff on all code, mypy on the engine and the store
lint: $(TSTAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
