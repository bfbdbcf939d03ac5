"""The ``slack:`` config section: strict keys, secrets from a file or an env var (never shown),
and one consistent Slack user → approver map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from gpufleet.graph.approvals.policy import Approver, Policy
from gpufleet.service.slack.bridge import approver_map
from gpufleet.service.slack.config import SlackConfig, SlackConfigError

BASE: dict[str, Any] = {
    "channel": "C0GPUFLEET",
    "bot_token_env": "BOT",
    "signing_secret_env": "SIG",
}


def test_secrets_come_from_files_or_env_and_never_show(tmp_path: Path) -> None:
    (tmp_path / "bot").write_text("xoxb-secret-value\n")
    cfg = SlackConfig.model_validate(
        {"channel": "C1", "bot_token_file": str(tmp_path / "bot"), "app_token_env": "APP"}
    )
    secrets = cfg.secrets({"APP": "xapp-other-secret"})
    assert secrets.bot_token.get_secret_value() == "xoxb-secret-value"
    assert secrets.app_token is not None and secrets.signing_secret is None
    shown = f"{cfg!r} {secrets!r} {secrets.bot_token} {cfg.model_dump()}"
    assert "xoxb-secret-value" not in shown and "xapp-other-secret" not in shown


@pytest.mark.parametrize(
    ("config", "env", "says"),
    [
        (BASE, {"SIG": "s"}, "slack.bot_token_env ($BOT): the secret is empty or unset"),
        (BASE, {"BOT": "  ", "SIG": "s"}, "slack.bot_token_env ($BOT): the secret is empty"),
        (
            {**BASE, "signing_secret_env": None, "signing_secret_file": "/nonexistent/sig"},
            {"BOT": "b"},
            "slack.signing_secret_file: cannot read /nonexistent/sig",
        ),
    ],
)
def test_missing_secrets_name_the_key(
    config: dict[str, Any], env: dict[str, str], says: str
) -> None:
    with pytest.raises(SlackConfigError, match="^" + re.escape(says)):
        SlackConfig.model_validate(config).secrets(env)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"chanel": "typo"}, "chanel"),
        ({"bot_token_file": "/x"}, "give one of bot_token_file and bot_token_env, not both"),
        ({"bot_token_env": None}, "bot_token_file or bot_token_env is required"),
        ({"signing_secret_env": None}, "signing_secret_file/_env (HTTP mode) or app_token"),
        ({"approvers": {"alice": "alice"}}, "not Slack user ids"),
        ({"api_base_url": "slack.com/api"}, "api_base_url must be an http"),
        ({"retry_initial_s": 0}, "retry_initial_s"),
        ({"min_severity": "loud"}, "min_severity"),
    ],
)
def test_bad_config_is_refused_naming_the_key(change: dict[str, Any], says: str) -> None:
    with pytest.raises(ValidationError, match=re.escape(says)):
        SlackConfig.model_validate({**BASE, **change})


def test_approver_map_joins_config_and_policy_and_refuses_disagreement() -> None:
    policy = Policy(
        approvers=(
            Approver(name="alice", roles=("sre-lead",), slack_user_id="U0ALICE"),
            Approver(name="bob", roles=("oncall",)),
        )
    )
    cfg = SlackConfig.model_validate({**BASE, "approvers": {"U0BOB": "bob"}})
    assert approver_map(cfg, policy) == {"U0ALICE": "alice", "U0BOB": "bob"}
    for approvers, says in [
        ({"U0ALICE": "bob"}, "U0ALICE is 'bob' here but 'alice' in the policy"),
        ({"U0CAROL": "carol"}, "U0CAROL maps to 'carol', who is not an approver in the policy"),
    ]:
        bad = SlackConfig.model_validate({**BASE, "approvers": approvers})
        with pytest.raises(SlackConfigError, match=says):
            approver_map(bad, policy)
    # a lab without a roster: any named person, as on the CLI
    assert approver_map(
        SlackConfig.model_validate({**BASE, "approvers": {"U0CAROL": "carol"}}), Policy()
    ) == {"U0CAROL": "carol"}
