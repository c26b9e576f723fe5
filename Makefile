# Two commands for a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: run test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml setup.py tutor/generate/_kernel.c
	$(BIN)/pip install --quiet -e .
	touch $@

$(TSTAMP): $(STAMP)
	$(BIN)/pip install --quiet -e ".[test]"
	touch $@

run: $(STAMP)
	$(BIN)/sudoku-tutor $(ARGS)

test: $(TSTAMP)
	$(BIN)/python -m pytest -q $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m benchmarks

clean:
	rm -rf $(VENV) build *.egg-info
