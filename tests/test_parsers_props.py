"""Every parser of outside input returns a result or raises its ONE documented error.

Property tests (hypothesis) per parser: arbitrary bytes, text and JSON-like values never raise
anything else; valid generated inputs round-trip. Regression tests for the fuzz findings: a
5,000-digit number, 1,000-deep nesting, 1 MB inputs (parse or fail in < 2 s), aliases that
expand exponentially or recursively, NaN/Inf, non-UTF-8, BOM, CRLF, empty files, and a
webhook batch with one bad alert (the good ones are kept, the bad one reported by index).
"""

from __future__ import annotations

import contextlib
import json
import math
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from gpufleet.agents.noc.alert_intake import MAX_LABELS, AlertIntake, PayloadError, parse_payload
from gpufleet.agents.noc.alert_memory import InMemoryIntakeMemory
from gpufleet.agents.noc.alert_memory_sql import SqlIntakeMemory
from gpufleet.agents.noc.config import ConfigError, NocConfig, Thresholds, load_config
from gpufleet.agents.sre.config import SreConfigError, load_sre_config
from gpufleet.agents.sre.fleet import ChangeLogFile, FleetError
from gpufleet.agents.sre.rerank import answer_schema
from gpufleet.evals.format import IncidentFormatError, dump_spec, load_spec
from gpufleet.evals.sched_events import MAX_BAD_LINES, read_events
from gpufleet.graph.approvals.policy import PolicyError, load_policy, parse_policy
from gpufleet.graph.models.chat import extract_json, parse_answer
from gpufleet.graph.models.config import ModelConfigError, load_model_config
from gpufleet.telemetry.recording import RecordingError, RunReader, RunWriter
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.untrusted import UntrustedInputError, json_depth, load_yaml, loads_json

ROOT = Path(__file__).resolve().parent.parent
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
PROPS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
MB = 1024 * 1024
TOPO = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])

# ---------------------------------------------------------------------------- strategies
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=40),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=40,
)


def _depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    return 0


def _nonfinite(value: Any) -> bool:
    if isinstance(value, float):
        return not math.isfinite(value)
    if isinstance(value, list):
        return any(_nonfinite(v) for v in value)
    if isinstance(value, dict):
        return any(_nonfinite(v) for v in value.values())
    return False


def _nested(depth: int) -> Any:
    value: Any = 1
    for i in range(depth):
        value = [value] if i % 2 else {"k": value}
    return value


# ---------------------------------------------------------------------------- YAML file parsers
YamlParser = tuple[str, Callable[[Path], Any], type[Exception], Path]
YAML_PARSERS: list[YamlParser] = [
    (
        "noc",
        load_config,
        ConfigError,
        ROOT / "src" / "gpufleet" / "agents" / "noc" / "noc.example.yaml",
    ),
    ("sre", load_sre_config, SreConfigError, ROOT / "sre.example.yaml"),
    ("policy", load_policy, PolicyError, ROOT / "policy.example.yaml"),
    ("models", load_model_config, ModelConfigError, ROOT / "models.example.yaml"),
    ("incident", lambda p: load_spec(p.parent), IncidentFormatError, DBE / "incident.yaml"),
]
IDS = [p[0] for p in YAML_PARSERS]


def _file_name(name: str) -> str:
    return "incident.yaml" if name == "incident" else f"{name}.yaml"


def _run_yaml(parser: YamlParser, folder: Path, data: bytes) -> Any:
    name, load, error, _ = parser
    path = folder / _file_name(name)
    path.write_bytes(data)
    try:
        return load(path)
    except error as e:
        assert str(e), "the error names what is wrong"
        return e


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
def test_yaml_examples_load(parser: YamlParser, tmp_path: Path) -> None:
    result = _run_yaml(parser, tmp_path, parser[3].read_bytes())
    assert not isinstance(result, Exception), result


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
@PROPS
@given(data=st.binary(max_size=2000))
def test_yaml_parsers_arbitrary_bytes(parser: YamlParser, tmp_path: Path, data: bytes) -> None:
    _run_yaml(parser, tmp_path, data)


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
@PROPS
@given(value=json_values)
def test_yaml_parsers_arbitrary_documents(parser: YamlParser, tmp_path: Path, value: Any) -> None:
    _run_yaml(parser, tmp_path, yaml.safe_dump(value).encode())


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
@PROPS
@given(data=st.data())
def test_yaml_parsers_mutated_examples(parser: YamlParser, tmp_path: Path, data: Any) -> None:
    """The example with one value replaced by anything: the documented error or a result."""
    seed = yaml.safe_load(parser[3].read_text())

    def replace(value: Any) -> Any:
        if isinstance(value, dict) and value and data.draw(st.booleans()):
            key = data.draw(st.sampled_from(sorted(value, key=str)))
            return {**value, key: replace(value[key])}
        if isinstance(value, list) and value and data.draw(st.booleans()):
            i = data.draw(st.integers(0, len(value) - 1))
            return [*value[:i], replace(value[i]), *value[i + 1 :]]
        return data.draw(json_values)

    _run_yaml(parser, tmp_path, yaml.safe_dump(replace(seed)).encode())


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
@pytest.mark.parametrize(
    ("label", "text"),
    [
        ("5000-digit number", "a: " + "9" * 5000 + "\n"),
        ("1000-deep flow", "a: " + "[" * 1000 + "]" * 1000 + "\n"),
        (
            "1000-deep block",
            "".join("  " * i + f"k{i}:\n" for i in range(1000)) + "  " * 1000 + "v",
        ),
        ("100-deep", "a: " + "[" * 100 + "]" * 100 + "\n"),
        ("recursive alias", "a: &a [*a]\n"),
        ("recursive merge", "a: &a {<<: *a}\n"),
        (
            "billion laughs",
            "a: &a [x,x,x,x,x,x,x,x,x]\n"
            + "".join(
                f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join(["*" + chr(97 + i)] * 9) + "]\n"
                for i in range(8)
            ),
        ),
        ("impossible date", "a: 2025-13-45\n"),
        ("NaN", "a: .nan\n"),
        ("control character", "a: \x01\n"),
        ("two documents", "a: 1\n---\nb: 2\n"),
        ("python tag", "a: !!python/object/apply:os.system [echo]\n"),
    ],
)
def test_yaml_hostile_documents_give_the_documented_error(
    parser: YamlParser, label: str, text: str, tmp_path: Path
) -> None:
    started = time.process_time()
    result = _run_yaml(parser, tmp_path, text.encode())
    assert time.process_time() - started < 2.0
    if label in ("NaN", "impossible date") and not isinstance(result, Exception):
        return  # a key this parser does not have is reported as unknown; nothing more to see
    assert isinstance(result, parser[2]), (label, result)
    if label in ("5000-digit number", "100-deep", "1000-deep flow", "impossible date"):
        assert ":1" in str(result), "the message names the line"


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
@pytest.mark.parametrize(
    "kind", ["scalar", "keys", "flow list", "brackets", "comment", "over the cap"]
)
def test_yaml_one_megabyte_parses_or_fails_fast(
    parser: YamlParser, kind: str, tmp_path: Path
) -> None:
    size = MB - 64 if kind != "over the cap" else 2 * MB
    body = {
        "scalar": "a: " + "x" * size,
        "keys": "".join(f"k{i}: {i}\n" for i in range(size // 10))[:size],
        "flow list": "a: [" + "1," * (size // 2) + "1]",
        "brackets": "[" * size,
        "comment": "# " + "c" * size + "\n",
        "over the cap": "a: " + "x" * size,
    }[kind]
    started = time.process_time()
    _run_yaml(parser, tmp_path, body.encode())
    assert time.process_time() - started < 2.0


@pytest.mark.parametrize("parser", YAML_PARSERS, ids=IDS)
def test_yaml_bom_crlf_non_utf8_and_empty(parser: YamlParser, tmp_path: Path) -> None:
    example = parser[3].read_bytes()
    crlf = b"\xef\xbb\xbf" + example.replace(b"\n", b"\r\n")
    assert not isinstance(_run_yaml(parser, tmp_path, crlf), Exception)
    bad = _run_yaml(parser, tmp_path, example[:40] + b"\xff\xfe" + example[40:])
    assert isinstance(bad, parser[2]) and "UTF-8" in str(bad) and ":1:" in str(bad)
    _run_yaml(parser, tmp_path, b"")  # defaults, or "missing"/"must be a mapping"


def test_config_nan_and_infinity_refused(tmp_path: Path) -> None:
    for value in (".nan", ".inf", "-.inf", "1e999"):
        p = tmp_path / "noc.yaml"
        p.write_text(f"thresholds:\n  gpu_temp_warning_c: {value}\n")
        with pytest.raises(ConfigError, match="gpu_temp_warning_c"):
            load_config(p)
        p.write_text(f"timeout_s: {value}\n")
        with pytest.raises(ModelConfigError, match="timeout_s"):
            load_model_config(p)


@PROPS
@given(
    values=st.dictionaries(
        st.sampled_from(sorted(Thresholds.model_fields)),
        st.floats(min_value=-1e12, max_value=1e12, allow_nan=False),
        max_size=8,
    )
)
def test_noc_config_round_trips(values: dict[str, float], tmp_path: Path) -> None:
    values = {
        k: (int(v) if Thresholds.model_fields[k].annotation is int else v)
        for k, v in values.items()
    }
    cfg = NocConfig(thresholds=Thresholds(**values))
    p = tmp_path / "noc.yaml"
    p.write_text(yaml.safe_dump({"noc": cfg.model_dump(mode="json")}))
    assert load_config(p) == cfg


@PROPS
@given(onset_s=st.integers(0, 2400), delay=st.floats(0, 1e6, allow_nan=False))
def test_incident_spec_round_trips(onset_s: int, delay: float, tmp_path: Path) -> None:
    spec = load_spec(DBE)
    fault = spec.truth.faults[0].model_copy(
        update={"onset": spec.time_range.start + onset_s, "max_delay_s": delay}
    )
    spec = spec.model_copy(update={"truth": spec.truth.model_copy(update={"faults": [fault]})})
    dump_spec(spec, tmp_path)
    assert load_spec(tmp_path) == spec


def test_policy_text_parser_names_the_line() -> None:
    with pytest.raises(PolicyError, match=r"<policy>:3(:\d+)?: not valid YAML"):
        parse_policy("approvers: []\nroles: {}\nx: " + "[" * 200)
    with pytest.raises(PolicyError, match=r"<policy>:1(:\d+)?: .*number too long"):
        parse_policy("approval_ttl_s: " + "9" * 5000)


# ---------------------------------------------------------------------------- Alertmanager
def _alert(name: str = "GpuTempHigh", **extra: Any) -> dict[str, Any]:
    return {
        "status": "firing",
        "labels": {"alertname": name, "instance": "node-01:9400", "gpu": "3"},
        "annotations": {"summary": "hot"},
        "startsAt": "2025-06-14T02:00:00Z",
        "endsAt": "0001-01-01T00:00:00Z",
        **extra,
    }


def _payload(*alerts: Any, **extra: Any) -> dict[str, Any]:
    return {
        "version": "4",
        "groupKey": "{}:{}",
        "status": "firing",
        "receiver": "gpufleet",
        "alerts": list(alerts),
        **extra,
    }


def _handle(body: bytes | str | dict[str, Any]) -> Any:
    try:
        return AlertIntake(TOPO, list).handle(body)
    except PayloadError as e:
        assert str(e)
        return e


@PROPS
@given(data=st.binary(max_size=3000))
def test_payload_arbitrary_bytes(data: bytes) -> None:
    _handle(data)


@PROPS
@given(value=json_values)
def test_payload_arbitrary_json(value: Any) -> None:
    _handle(json.dumps(value))


@PROPS
@given(
    alert_extra=st.dictionaries(
        st.sampled_from(["status", "labels", "annotations", "startsAt", "endsAt", "fingerprint"]),
        json_values,
        max_size=3,
    ),
    envelope_extra=st.dictionaries(
        st.sampled_from(["groupKey", "truncatedAlerts", "receiver", "commonLabels", "x"]),
        json_values,
        max_size=2,
    ),
)
def test_payload_mutated_fields(
    alert_extra: dict[str, Any], envelope_extra: dict[str, Any]
) -> None:
    _handle(json.dumps(_payload(_alert(**alert_extra), **envelope_extra), default=str))


@PROPS
@given(
    labels=st.dictionaries(
        st.text(min_size=1, max_size=30), st.text(max_size=60), min_size=1, max_size=20
    ),
    annotations=st.dictionaries(st.text(max_size=30), st.text(max_size=200), max_size=8),
    minute=st.integers(0, 10**6),
)
def test_valid_payloads_round_trip(
    labels: dict[str, str], annotations: dict[str, str], minute: int
) -> None:
    starts = 1_700_000_000 + 60 * minute
    alert = {
        "status": "firing",
        "labels": labels,
        "annotations": annotations,
        "startsAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(starts)),
    }
    payload = parse_payload(json.dumps(_payload(alert)).encode())
    assert payload.alerts[0].labels == labels and payload.alerts[0].annotations == annotations
    assert payload.alerts[0].starts == starts and not payload.rejected_alerts
    AlertIntake(TOPO, list).handle(payload)


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ('{"version": "4", "truncatedAlerts": ' + "9" * 5000 + "}", "5000 digits"),
        (json.dumps(_payload(_alert())).replace('"gpu": "3"', '"gpu": ' + "9" * 5000), "digits"),
        ("[" * 1000 + "]" * 1000, "nested 1000 deep"),
        ('{"a":' * 1000 + "1" + "}" * 1000, "nested 1000 deep"),
        (json.dumps(_payload(_alert())).replace('"gpu": "3"', '"gpu": NaN'), "NaN"),
        (json.dumps(_payload(_alert())).replace('"gpu": "3"', '"gpu": 1e999'), "overflows"),
        (b"\xef\xbb\xbf" + b'{"version": "4"', "not valid JSON"),
        (b'{"version": "\xff"}', "not UTF-8"),
        ("", "not valid JSON"),
    ],
)
def test_payload_findings_are_payload_errors(body: str | bytes, says: str) -> None:
    started = time.process_time()
    with pytest.raises(PayloadError, match=says):
        parse_payload(body)
    assert time.process_time() - started < 2.0


def test_payload_bom_and_crlf_are_fine() -> None:
    body = json.dumps(_payload(_alert()), indent=1).replace("\n", "\r\n")
    assert len(parse_payload(b"\xef\xbb\xbf" + body.encode()).alerts) == 1


@pytest.mark.parametrize(
    "body",
    [
        b" " * (MB - 10) + b"{}",
        b"[" * MB,
        json.dumps(_payload(*[_alert(f"A{i}") for i in range(4000)])).encode()[:MB],
        json.dumps(_payload(_alert(annotations={"d": "x" * (MB - 1000)}))).encode(),
        json.dumps(_payload(*[_alert(f"A{i}") for i in range(3500)])).encode(),
        b'"' + b"\\" * MB,
        b"9" * MB,
        b"x" * (8 * MB),
    ],
)
def test_payload_one_megabyte_parses_or_fails_fast(body: bytes) -> None:
    started = time.process_time()
    try:
        payload = parse_payload(body)
    except PayloadError:
        payload = None
    assert time.process_time() - started < 2.0
    if payload is not None:  # and the intake copes with all of it (not part of the 2 s)
        AlertIntake(TOPO, list).handle(payload)


def test_label_and_annotation_sizes_and_counts_are_capped() -> None:
    many = {f"l{i}": "v" for i in range(MAX_LABELS + 1)}
    for bad in (
        _alert(labels=many),
        _alert(labels={"alertname": "x" * 20_000}),
        _alert(annotations={"k" * 2000: "v"}),
        _alert(annotations=many),
        _alert(fingerprint="f" * 20_000),
        _alert(startsAt="0001-01-01T00:00:00+23:59"),
        _alert(startsAt="9999-12-31T23:59:59-23:59"),
    ):
        with pytest.raises(PayloadError, match=r"alerts\.0\."):
            parse_payload(json.dumps(_payload(bad)))
    with pytest.raises(PayloadError, match="commonLabels"):
        parse_payload(json.dumps(_payload(_alert(), commonLabels=many)))


def test_one_bad_alert_keeps_the_batch_and_is_reported_by_index() -> None:
    body = json.dumps(
        _payload(_alert("A"), _alert("B", startsAt="yesterday"), _alert("C"), {"status": 1})
    )
    payload = parse_payload(body)
    assert [a.alertname for a in payload.alerts] == ["A", "C"]
    assert [r.index for r in payload.rejected_alerts] == [1, 3]
    assert "alerts.1.startsAt" in payload.rejected_alerts[0].error
    intake = AlertIntake(TOPO, list)
    intake.handle(body)
    assert intake.stats.alerts == 2 and intake.stats.rejected_alerts == 2


def test_all_alerts_bad_is_a_payload_error_naming_each() -> None:
    with pytest.raises(PayloadError, match=r"alerts\.0\.status.*alerts\.1\.startsAt"):
        parse_payload(json.dumps(_payload(_alert(status="x"), _alert(startsAt="no"))))


# ---------------------------------------------------------------------------- model replies
SCHEMA = answer_schema(["card-a", "card-b"], ["ev-1", "ev-2"])


@PROPS
@given(text=st.text(max_size=3000))
def test_model_reply_never_raises(text: str) -> None:
    value, error = parse_answer(text, SCHEMA)
    assert (value is None) != (error is None)
    with contextlib.suppress(ValueError):
        extract_json(text)


@PROPS
@given(
    value=st.dictionaries(st.text(max_size=10), json_values, max_size=5), style=st.integers(0, 2)
)
def test_model_reply_json_is_found(value: dict[str, Any], style: int) -> None:
    assume(_depth(value) <= 60 and not _nonfinite(value))
    text = json.dumps(value)
    reply = [text, f"Answer:\n```json\n{text}\n```\n", f"I think {text} is it."][style]
    if style == 2 and not value:
        return
    assert extract_json(reply) == value


@pytest.mark.parametrize(
    "reply",
    [
        "[" * 1000,
        "{" * 1000,
        '{"a":' * 1000 + "1" + "}" * 1000,
        "prose " + '{"a":[' * 1000,
        "```" + " " * 200_000,
        "```json" + "\n" * 100_000 + "x",
        "{" + '"a":1,' * 40_000,
        '{"ranking": [' + "9" * 5000 + "]}",
        "x" * MB,
        "{ " * 100_000,
    ],
)
def test_model_reply_findings_fail_fast_with_a_message(reply: str) -> None:
    started = time.process_time()
    value, error = parse_answer(reply, SCHEMA)
    assert value is None and error
    assert time.process_time() - started < 2.0


# ---------------------------------------------------------------------------- JSON-lines readers
def _lines_of(data: bytes, tmp_path: Path) -> Any:
    p = tmp_path / "events.jsonl"
    p.write_bytes(data)
    with p.open(encoding="utf-8", errors="replace") as fh:
        return read_events(fh, str(p))


@PROPS
@given(data=st.binary(max_size=3000))
def test_events_jsonl_never_raises(data: bytes, tmp_path: Path) -> None:
    _lines_of(data, tmp_path)


@PROPS
@given(values=st.lists(json_values, max_size=6))
def test_events_jsonl_arbitrary_records(values: list[Any], tmp_path: Path) -> None:
    seed = (DBE / "events.jsonl").read_bytes()
    extra = "\n".join(json.dumps(v) for v in values).encode()
    _lines_of(seed + b"\n" + extra, tmp_path)


@pytest.mark.parametrize(
    "line",
    [
        '{"kind": "job_start", "time": ' + "9" * 5000 + "}",
        "[" * 1000,
        '{"kind": "job_end", "time": 1e999, "job_id": "1"}',
        '{"kind": "node_state", "time": NaN}',
        '{"kind": "job_start", "time": 1, "job_id": "x", "gpus": "' + "g" * 200_000 + '"}',
    ],
)
def test_events_jsonl_findings_are_bad_lines(line: str, tmp_path: Path) -> None:
    started = time.process_time()
    out = _lines_of(line.encode() + b"\n" + (DBE / "events.jsonl").read_bytes(), tmp_path)
    assert any(e.startswith(f"{tmp_path / 'events.jsonl'}:1:") for e in out.errors), out.errors
    assert time.process_time() - started < 2.0


def test_events_jsonl_of_mostly_garbage_is_given_up_on_and_says_where(tmp_path: Path) -> None:
    # A megabyte of unreadable lines costs ~8 µs each to reject: past MAX_BAD_LINES the file is
    # not events JSONL and the rest is not read (a 1 MB file: 4 s -> 0.07 s CPU).
    garbage = b"{\n" * (MAX_BAD_LINES + 5)
    out = _lines_of(garbage + (DBE / "events.jsonl").read_bytes(), tmp_path)
    assert out.lines == MAX_BAD_LINES and not out.log_events
    src = tmp_path / "events.jsonl"
    assert out.errors[-2:] == [
        f"{src}: … and {MAX_BAD_LINES - 1000} more bad lines",
        f"{src}:{MAX_BAD_LINES + 1}: over {MAX_BAD_LINES} bad lines; the rest not read",
    ]
    under = _lines_of(b"{\n" * 50 + (DBE / "events.jsonl").read_bytes(), tmp_path)
    assert len(under.errors) == 50 and under.log_events  # a few bad lines: the rest is read


def _changes(data: bytes, tmp_path: Path) -> list[dict[str, Any]]:
    p = tmp_path / "changes.jsonl"
    p.write_bytes(data)
    return ChangeLogFile(p).recent([], -math.inf, math.inf)


@PROPS
@given(data=st.binary(max_size=3000))
def test_change_log_never_raises(data: bytes, tmp_path: Path) -> None:
    _changes(data, tmp_path)


@PROPS
@given(values=st.lists(json_values, max_size=6))
def test_change_log_arbitrary_records(values: list[Any], tmp_path: Path) -> None:
    _changes("\n".join(json.dumps(v) for v in values).encode(), tmp_path)


def test_change_log_findings(tmp_path: Path) -> None:
    good = b'{"time": "2025-06-13T22:00:00Z", "node": "node-01", "kind": "driver"}\n'
    bad = [
        b'{"time": ' + b"9" * 5000 + b', "node": "n", "kind": "k"}',
        b'{"time": ' + b"9" * 400 + b', "node": "n", "kind": "k"}',
        b"[" * 1000,
        b'{"time": 1e999, "node": "n", "kind": "k"}',
        b"x" * MB,
        b"\xff\xfe",
    ]
    started = time.process_time()
    out = _changes(b"\n".join(bad) + b"\n" + good, tmp_path)
    assert time.process_time() - started < 2.0
    assert out[0]["node"] == "node-01" and out[-1]["bad_lines"] == len(bad)
    with pytest.raises(FleetError):
        ChangeLogFile(tmp_path / "missing").recent([], 0, 1)


def test_change_log_of_mostly_garbage_is_given_up_on_and_says_where(tmp_path: Path) -> None:
    good = b'{"time": "2025-06-13T22:00:00Z", "node": "node-01", "kind": "driver"}\n'
    limit = ChangeLogFile.MAX_BAD_LINES
    out = _changes(good + b"a\n" * (limit + 5) + good, tmp_path)
    assert [c.get("node") for c in out[:-1]] == ["node-01"]  # the one before the garbage
    assert out[-1]["bad_lines"] == limit
    assert out[-1]["problem"].endswith(f":{limit + 2}: over {limit} bad lines; the rest not read")


# ---------------------------------------------------------------------------- run directories
@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gpufleet.sim.simulator import FleetSimulator

    topo = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=2)])
    path = tmp_path_factory.mktemp("run") / "run"
    sim = FleetSimulator(topo, seed=1, interval_s=15.0)
    writer = RunWriter(path, topo, interval_s=sim.interval_s, start=sim.start, seed=1)
    for tick in sim.run(15 * 20):
        writer.write(tick)
    writer.close()
    return path


@pytest.fixture
def run_copy(run_dir: Path, tmp_path: Path) -> Iterator[Path]:
    dst = tmp_path / "run"
    shutil.copytree(run_dir, dst)
    yield dst


def _read_run(path: Path) -> Any:
    try:
        reader = RunReader(path)
        reader.truth()
        return sum(1 for _ in reader.ticks())
    except RecordingError as e:
        assert str(e)
        return e


def test_run_reads_back(run_copy: Path) -> None:
    assert _read_run(run_copy) == 20


@pytest.mark.parametrize("name", ["meta.json", "topology.json", "events.jsonl", "truth.json"])
@PROPS
@given(data=st.binary(max_size=1500))
def test_run_files_arbitrary_bytes(name: str, run_copy: Path, data: bytes) -> None:
    original = (run_copy / name).read_bytes()
    (run_copy / name).write_bytes(data)
    try:
        _read_run(run_copy)
    finally:
        (run_copy / name).write_bytes(original)


@PROPS
@given(
    key=st.sampled_from(["format", "interval_s", "start", "gpu_fields", "chunks", "n_ticks"]),
    value=json_values,
)
def test_run_meta_arbitrary_values(run_copy: Path, key: str, value: Any) -> None:
    meta_path = run_copy / "meta.json"
    original = meta_path.read_text()
    meta = json.loads(original)
    meta[key] = value
    meta_path.write_text(json.dumps(meta))
    try:
        _read_run(run_copy)
    finally:
        meta_path.write_text(original)


def test_run_findings(run_copy: Path) -> None:
    meta_path = run_copy / "meta.json"
    meta = json.loads(meta_path.read_text())
    for bad in (
        "[" * 1000,
        '{"format": ' + "9" * 5000 + "}",
        json.dumps({**meta, "chunks": ["../../etc/passwd"]}),
        json.dumps({**meta, "interval_s": "x"}),
    ):
        meta_path.write_text(bad)
        with pytest.raises(RecordingError):
            RunReader(run_copy)
    meta_path.write_text(json.dumps(meta))
    chunk = run_copy / meta["chunks"][0]
    chunk.write_bytes(b"PK\x03\x04 not a zip")
    assert isinstance(_read_run(run_copy), RecordingError)


# ---------------------------------------------------------------------------- the helpers
@PROPS
@given(value=json_values)
def test_json_depth_is_exact_and_loads_round_trips(value: Any) -> None:
    text = json.dumps(value)
    assert json_depth(text) == _depth(value)
    if _nonfinite(value):
        with pytest.raises(UntrustedInputError):
            loads_json(text, "x")
    else:
        assert loads_json(text, "x") == value


@PROPS
@given(value=json_values)
def test_load_yaml_agrees_with_safe_load(value: Any) -> None:
    text = yaml.safe_dump(value)
    expected = yaml.safe_load(text)
    if any(isinstance(x, float) and math.isnan(x) for x in [expected]):
        return
    try:
        got, _ = load_yaml(text, "x")
    except UntrustedInputError:
        return
    assert got == expected or json.dumps(got, default=str) == json.dumps(expected, default=str)


def test_depth_limit_is_64_exactly() -> None:
    assert loads_json(json.dumps(_nested(64)), "x") == _nested(64)
    with pytest.raises(UntrustedInputError, match="nested 65 deep"):
        loads_json(json.dumps(_nested(65)), "x")
    assert load_yaml(json.dumps(_nested(64)), "x")[0] == _nested(64)
    with pytest.raises(UntrustedInputError, match="deeper than 64"):
        load_yaml(json.dumps(_nested(65)), "x")


# ---------------------------------------------------------------------------- linear time
class _ScanningMemory(InMemoryIntakeMemory):
    """The intake's memory as it was: every alert scans all external incidents."""

    def candidates(self, family: Any, keys: Any) -> Any:
        return reversed(list(self._external.values()))


_LABEL_CHOICES = st.fixed_dictionaries(
    {
        "alertname": st.sampled_from(
            ["GpuTempHigh", "XidError", "NVLinkDown", "NodeDown", "Other"]
        ),
        "severity": st.sampled_from(["critical", "warning", "info"]),
    },
    optional={
        "instance": st.sampled_from(["node-01:9400", "node-02:9400", "elsewhere:1"]),
        "gpu": st.sampled_from(["0", "3", "7"]),
        "rack": st.sampled_from(["r00", "r99"]),
        "job": st.sampled_from(["a", "b"]),
    },
)


@PROPS
@given(
    batches=st.lists(
        st.lists(
            st.tuples(_LABEL_CHOICES, st.sampled_from(["firing", "resolved"]), st.integers(0, 5)),
            min_size=1,
            max_size=8,
        ),
        min_size=1,
        max_size=5,
    )
)
def test_indexed_external_lookup_matches_the_full_scan(batches: list[Any]) -> None:
    fast, slow = AlertIntake(TOPO, list), AlertIntake(TOPO, list, _ScanningMemory())
    # the SQL memory (the one replicas share) decides exactly as the in-memory one
    memory = SqlIntakeMemory(":memory:")
    sql = AlertIntake(TOPO, list, memory)
    for batch in batches:
        alerts = [
            {
                "status": status,
                "labels": labels,
                "startsAt": f"2025-06-14T02:0{minute}:00Z",
                "endsAt": f"2025-06-14T03:0{minute}:00Z" if status == "resolved" else None,
            }
            for labels, status, minute in batch
        ]
        body = json.dumps(_payload(*alerts))
        events = fast.handle(body)
        assert events == slow.handle(body)
        assert events == sql.handle(body)
    assert fast.external_incidents() == slow.external_incidents() == sql.external_incidents()
    memory.close()


def test_ten_thousand_distinct_alerts_are_handled_in_linear_time() -> None:
    alerts = [
        {
            "status": "firing",
            "labels": {"alertname": f"A{i}", "job": str(i)},
            "startsAt": "2025-06-14T02:00:00Z",
        }
        for i in range(10_000)
    ]
    payload = parse_payload(json.dumps(_payload(*alerts)))
    started = time.process_time()
    events = AlertIntake(TOPO, list).handle(payload)
    # one notification's alerts are grouped into a few bounded incidents (fair intake)
    assert 1 <= len(events) <= 16
    assert time.process_time() - started < 30.0  # was ~120 s: each alert scanned every incident


def test_events_jsonl_snapshots_stay_bounded() -> None:
    from gpufleet.evals.sched_events import MAX_SNAPSHOT_ENTRIES

    lines = [
        json.dumps(
            {
                "time": i,
                "kind": "job_start",
                "job_id": str(i),
                "gpus": [f"n{i}/g{k}" for k in range(8)],
            }
        )
        for i in range(5000)
    ]
    started = time.process_time()
    out = read_events(lines)
    assert time.process_time() - started < 5.0
    assert sum(len(w) for _, w in out.workloads) <= MAX_SNAPSHOT_ENTRIES
    assert "workload snapshots exceed" in out.errors[-1]
