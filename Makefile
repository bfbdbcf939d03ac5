# gpufleet: the two commands are `make demo` and `make test`; both set up .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench eval clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)  ## simulated fleet + seed cascade, end to end (no server, model or network)
	$(BIN)/gpufleet demo

test: $(STAMP)  ## unit + integration tests
	$(BIN)/python -m pytest -q

lint: $(STAMP)  ## ruff (lint + format check) and mypy --strict
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP)  ## NOC throughput, baseline memory, detection delay per fault class
	$(BIN)/python bench/noc_bench.py --json bench/results/noc.json
	$(BIN)/python bench/detection_delay.py --json bench/results/detection_delay.json

eval: $(STAMP)  ## replay every injector through the NOC and score it against ground truth
	$(BIN)/python bench/detection_delay.py --json evals/reports/latest/noc_detection.json

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
