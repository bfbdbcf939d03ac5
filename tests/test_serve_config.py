"""``gpufleet serve``'s config: strict validation naming the key, secrets read (never shown),
the example file valid, and the CLI's exit status 2 with one line for each mistake."""

from __future__ import annotations

import io
import socket
from pathlib import Path

import pytest

from gpufleet.cli.main import main
from gpufleet.graph.approvals.policy import Approver, Policy
from gpufleet.service.config import ServeConfigError, load_serve_config

ROOT = Path(__file__).resolve().parent.parent


def _cfg(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "serve.yaml"
    path.write_text(text)
    return path


def test_defaults_are_the_demo_fleet_with_local_state() -> None:
    loaded = load_serve_config(None)
    cfg = loaded.config
    assert cfg.telemetry.source == "sim" and cfg.telemetry.speed == 1.0
    assert cfg.state_dir == Path(".gpufleet/serve") and cfg.sre_config is None
    assert (cfg.listen.host, cfg.listen.port) == ("127.0.0.1", 8080)
    assert len(loaded.tokens) == 0 and loaded.slack is None and cfg.mcp.enabled is False


def test_the_example_validates_and_its_secrets_resolve(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (
        "GPUFLEET_TOKEN_ALICE",
        "GPUFLEET_TOKEN_BOB",
        "GPUFLEET_TOKEN_ALERTMANAGER",
        "SLACK_BOT_TOKEN",
        "SLACK_SIGNING_SECRET",
    ):
        monkeypatch.setenv(name, f"secret-of-{name}")
    loaded = load_serve_config(ROOT / "serve.example.yaml")
    assert loaded.tokens.identities == ("alertmanager", "alice", "bob")
    assert loaded.tokens.identity("secret-of-GPUFLEET_TOKEN_BOB") == "bob"
    assert loaded.tokens.identity("secret-of-GPUFLEET_TOKEN_BO") is None
    assert loaded.slack is not None and loaded.config.slack is not None
    assert loaded.slack.signing_secret.get_secret_value() == "secret-of-SLACK_SIGNING_SECRET"
    assert loaded.config.telemetry.source.startswith("prometheus:http")
    assert loaded.config.policy == ROOT / "policy.yaml"  # relative to the file
    shown = repr(loaded) + str(loaded)
    assert "secret-of" not in shown  # tokens and Slack secrets never in a repr or a log line


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("listen: {host: 127.0.0.1, prot: 80}\n", "listen.prot: Extra inputs are not permitted"),
        ("listen: {port: eighty}\n", "listen.port"),
        ("listen: {port: 70000}\n", "listen.port"),
        ("telemetry: {source: 'ftp:x'}\n", "telemetry.source"),
        ("telemetry: {speed: 0}\n", "telemetry.speed"),
        ("api_tokens: [{identity: alice}]\n", "api_tokens.0"),
        ("api_tokens: [{identity: a, token_file: a, token_env: B}]\n", "api_tokens.0"),
        ("api_tokens: [{identity: alice, token_file: nowhere.token}]\n", "api_tokens.0.token_file"),
        (
            "api_tokens: [{identity: alice, token_env: GPUFLEET_TEST_UNSET}]\n",
            "api_tokens.0.token_env ($GPUFLEET_TEST_UNSET)",
        ),
        (
            "slack: {channel: '#x', bot_token_env: A}\n",
            "give signing_secret_file/_env (HTTP mode) or app_token_file",
        ),
        (
            "slack: {channel: '#x', bot_token_env: A, signing_secret_env: B, colour: red}\n",
            "slack.colour",
        ),
        ("mcp: {enabled: maybe}\n", "mcp.enabled"),
        ("api_tokens: [{identity: a, token_env: A, roles: [admin]}]\n", "api_tokens.0.roles.0"),
        (
            "api_tokens: [{identity: am, token_env: A, roles: [service, approver]}]\n",
            "a service identity holds no other role",
        ),
        ("request_roles: [service]\n", "request_roles.0"),
        ("- a list\n", "expected a mapping"),
        ("listen: [unclosed\n", "not valid YAML"),
    ],
)
def test_each_mistake_names_its_key(tmp_path: Path, text: str, names: str) -> None:
    with pytest.raises(ServeConfigError) as err:
        load_serve_config(_cfg(tmp_path, text))
    assert names in str(err.value) and str(tmp_path) in str(err.value)


def test_token_files_are_read_relative_to_the_config(tmp_path: Path) -> None:
    (tmp_path / "alice.token").write_text("  tok-1  \n")
    (tmp_path / "empty.token").write_text("\n")
    ok = _cfg(tmp_path, "api_tokens: [{identity: alice, token_file: alice.token}]\n")
    assert load_serve_config(ok).tokens.identity("tok-1") == "alice"
    empty = _cfg(tmp_path, "api_tokens: [{identity: alice, token_file: empty.token}]\n")
    with pytest.raises(ServeConfigError, match=r"api_tokens\.0\.token_file .* empty"):
        load_serve_config(empty)
    twice = _cfg(
        tmp_path,
        "api_tokens: [{identity: a, token_file: alice.token}, {identity: b, token_file: "
        "alice.token}]\n",
    )
    with pytest.raises(ServeConfigError, match=r"api_tokens\.1: the same token"):
        load_serve_config(twice)


def test_cli_refuses_a_bad_config_with_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _cfg(tmp_path, "listen: {port: 8080}\nsttae_dir: x\n")
    assert main(["serve", "--config", str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "sttae_dir" in err and err.startswith("gpufleet serve:")
    assert main(["serve", "--config", str(tmp_path / "missing.yaml")], out=io.StringIO()) == 2
    assert "cannot read" in capsys.readouterr().err


def test_cli_says_when_the_port_is_taken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _cfg(tmp_path, f"state_dir: {tmp_path / 'state'}\n")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code = main(["serve", "--config", str(path), "--port", str(port)], out=io.StringIO())
    assert code == 2
    assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err


@pytest.mark.parametrize("url", ["victoria:8428", "ftp://vm:8428", "http://vm:port", "http://"])
def test_a_metrics_store_url_that_is_no_api_root_stops_serve_naming_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str
) -> None:
    """The store the SRE agent and the chat read history from: a bad URL is refused at start
    (exit 2, one line), not found out as "no data" in every answer."""
    (tmp_path / "sre.yaml").write_text(f"metrics_store: {{url: '{url}'}}\n")
    path = _cfg(tmp_path, f"sre_config: sre.yaml\nstate_dir: {tmp_path / 'state'}\n")
    assert main(["serve", "--config", str(path)], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gpufleet serve: ")
    assert "metrics_store.url" in err and repr(url) in err and "http://victoria-metrics:8428" in err


def test_token_roles_say_who_may_file_requests(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("TOK_A", "TOK_C", "TOK_N", "TOK_AM"):
        monkeypatch.setenv(var, f"secret-{var}")
    text = (
        "api_tokens:\n"
        "  - {identity: alice, token_env: TOK_A, roles: [approver]}\n"
        "  - {identity: carol, token_env: TOK_C, roles: [operator]}\n"
        "  - {identity: nobody, token_env: TOK_N}\n"
        "  - {identity: am, token_env: TOK_AM, roles: [service]}\n"
    )
    roles = load_serve_config(_cfg(tmp_path, text)).tokens.roles
    policy = Policy()
    assert [roles.request_refusal(w, policy) is None for w in ("alice", "carol")] == [True, True]
    assert "nobody may not file" in (roles.request_refusal("nobody", policy) or "")
    assert "roles: service" in (roles.request_refusal("am", policy) or "")
    assert roles.services == ("am",)
    listed = Policy(approvers=[Approver(name="nobody", roles=("oncall",))])
    assert roles.request_refusal("nobody", listed) is None  # a policy approver may ask
    only_approvers = load_serve_config(_cfg(tmp_path, text + "request_roles: [approver]\n"))
    assert only_approvers.tokens.roles.request_refusal("carol", policy) is not None
