"""The Slack app (slack_bolt): a button click becomes a person's recorded decision.

Flow of a click on Approve / Reject (the button's value is the approval id):

1. slack_bolt verifies the request: HMAC signature over the exact body with the signing secret,
   timestamp within 5 minutes either way (HTTP mode; Socket Mode requests come over the app's
   own authenticated WebSocket). A failure is a 401 and nothing runs. On top of that a
   signature is accepted once (``SlackState.first_use_of_signature``): a replayed request is a
   401 too. The signature is remembered until its *signed timestamp* has left the library's
   window (:func:`library_window_s`, asked of the installed slack_sdk), not for a time after
   it arrived: a request signed minutes ahead stays acceptable to the library that long.
2. The Slack user is mapped to an approver: ``slack.approvers`` in the config or the policy's
   ``approvers[].slack_user_id``. Anyone else gets an ephemeral "you are not a listed
   approver" and nothing changes.
3. :func:`~graph.approvals.decide.check_decision` asks the one rule now, so a person who may
   not decide (or an approval already decided) hears why at once, ephemerally.
4. A modal asks for the reason (required: it goes to the audit log, like ``--reason`` on the
   CLI). Why a modal rather than a default "approved in Slack by X": a reason written by the
   person is what the audit log is for; a generated one records nothing a reviewer can use,
   and a second deliberate step before draining a node costs one click.
   The modal's view id is bound, in the shared state, to what was clicked (approval,
   decision, the clicking user); the modal itself carries no metadata.
5. On submit, the view's binding says what is decided, and only the user who clicked may
   submit it; a view no click opened (or already submitted) decides nothing. Then
   :func:`~graph.approvals.decide.record_decision` records it (the one rule, asked
   again: the world may have moved while the modal was open). A refusal keeps the modal open
   with the reason under the input. Success updates the message (who, when) and adds a
   thread reply. Resuming the paused graph is the SRE service's poller's job, not this one's.

``now`` comes from ``clock`` (the edge's wall clock).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from typing import Any, Final

import aiohttp
from slack_bolt.async_app import AsyncApp
from slack_bolt.request.async_request import AsyncBoltRequest
from slack_bolt.response import BoltResponse
from slack_sdk.errors import SlackApiError
from slack_sdk.signature import Clock, SignatureVerifier
from slack_sdk.web.async_client import AsyncWebClient

from gpufleet.graph.approvals.decide import (
    DecisionKind,
    DecisionRefusedError,
    check_decision,
    record_decision,
)
from gpufleet.graph.approvals.policy import Policy
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalStore
from gpufleet.service.slack.config import SlackConfig, SlackConfigError, SlackSecrets
from gpufleet.service.slack.mention import Ask, MentionReplies
from gpufleet.service.slack.notifier import SlackNotifier
from gpufleet.service.slack.render import (
    APPROVE_ACTION,
    DECISION_VIEW,
    REASON_BLOCK,
    REASON_INPUT,
    REJECT_ACTION,
    decision_modal,
)
from gpufleet.service.slack.state import ModalBinding, SlackState
from gpufleet.service.slack.text import SHORT, untrusted

logger = logging.getLogger(__name__)

# past the library's window: the replay guard's clock and the library's may differ a little
REPLAY_MARGIN_S: Final = 60.0
MODAL_KEEP_S: Final = 24 * 3600.0  # a modal left open longer is answered "click again"
MIN_REASON_CHARS: Final = 3
DECISIONS: Final = ("approved", "rejected")
NOT_YOUR_MODAL: Final = (
    "This form was not opened by your click (or was already submitted): click Approve or "
    "Reject on the message again. Nothing was changed."
)
NOT_AN_APPROVER: Final = (
    "You are not a listed approver: your Slack user is not mapped to a gpufleet approver "
    "(`slack.approvers` in the service config, or `slack_user_id` in the policy). "
    "Nothing was changed."
)


class _FixedClock(Clock):
    def __init__(self, at: float) -> None:
        self.at = at

    def now(self) -> float:
        return self.at


def library_window_s(limit_s: int = 86400) -> int:
    """How long after its signed timestamp slack_sdk's verifier still accepts a request, asked
    of the installed library (a fixed clock, a binary search) rather than assumed: the replay
    guard must outlive it, and a library upgrade that widens it must not open a gap."""
    at = 1_700_000_000
    verifier = SignatureVerifier("window-probe", clock=_FixedClock(float(at)))

    def accepted(age: int) -> bool:
        ts = str(at - age)
        sig = verifier.generate_signature(timestamp=ts, body="")
        return verifier.is_valid(body="", timestamp=ts, signature=sig)

    lo, hi = 0, limit_s  # accepted(lo); the answer is at most hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if accepted(mid) else (lo, mid - 1)
    return lo


def approver_map(config: SlackConfig, policy: Policy) -> dict[str, str]:
    """Slack user id → approver name, from the config and the policy; they must agree, and
    when the policy lists approvers every mapped name must be one of them."""
    users = {a.slack_user_id: a.name for a in policy.approvers if a.slack_user_id}
    problems = []
    for user, name in config.approvers.items():
        if user in users and users[user].lower() != name.lower():
            problems.append(f"{user} is {name!r} here but {users[user]!r} in the policy")
        elif policy.approvers and policy.approver(name) is None:
            problems.append(f"{user} maps to {name!r}, who is not an approver in the policy")
        else:
            users[user] = name
    if problems:
        raise SlackConfigError("slack.approvers: " + "; ".join(problems))
    return users


class SlackBridge:
    """The slack_bolt ``AsyncApp`` and what a click does (see the module docstring).

    Build one per service; pass it to :func:`service.slack.http.slack_router` (HTTP mode) and
    :class:`service.slack.socket.SocketModeRunner` (Socket Mode)."""

    def __init__(
        self,
        *,
        config: SlackConfig,
        secrets: SlackSecrets,
        approvals: ApprovalStore,
        policy: Policy,
        state: SlackState,
        notifier: SlackNotifier,
        clock: Callable[[], float] = time.time,
        ask: Ask | None = None,
    ) -> None:
        self.config = config
        self.secrets = secrets
        self.approvals = approvals
        self.policy = policy
        self.state = state
        self.notifier = notifier
        self.clock = clock
        self.users = approver_map(config, policy)
        self.window_s = library_window_s()
        self.client = AsyncWebClient(
            token=secrets.bot_token.get_secret_value(), base_url=config.api_base_url
        )
        signing = secrets.signing_secret.get_secret_value() if secrets.signing_secret else ""
        # Bolt names its logger after the app and sets that logger's level: "gpufleet" would
        # take over the level of every gpufleet.* logger in the process
        self.app = AsyncApp(client=self.client, signing_secret=signing, name="gpufleet-slack")
        self.app.middleware(self._refuse_replays)
        self.app.action(APPROVE_ACTION)(self._on_approve)
        self.app.action(REJECT_ACTION)(self._on_reject)
        self.app.view(DECISION_VIEW)(self._on_submit)
        # questions in an incident's thread (service.slack.mention), when an assistant is given
        self.mentions = (
            MentionReplies(
                state, ask, wake=notifier.wake, ephemeral=self._ephemeral, web_url=config.web_url
            )
            if ask is not None
            else None
        )
        if self.mentions is not None:
            self.app.event("app_mention")(self._on_mention)

    def approver_for(self, slack_user_id: str) -> str | None:
        return self.users.get(slack_user_id)

    async def _refuse_replays(
        self, req: AsyncBoltRequest, resp: BoltResponse, next: Callable[[], Any]
    ) -> BoltResponse:
        # Runs after slack_bolt's signature check, so only genuine signatures are remembered.
        if req.mode == "socket_mode":
            return await next()  # type: ignore[no-any-return]
        signature = req.headers.get("x-slack-signature", [""])[0]
        stamp = req.headers.get("x-slack-request-timestamp", [""])[0]
        now = self.clock()
        if not stamp.isdigit():  # the verifier accepted it, so this does not happen
            return BoltResponse(status=401, body={"error": "invalid request"})
        # acceptable to the library until its timestamp is a window old, however far ahead
        keep_until = max(int(stamp) + self.window_s, now) + REPLAY_MARGIN_S
        if not self.state.first_use_of_signature(signature, now, keep_until):
            logger.warning("slack: refused a replayed request")
            return BoltResponse(status=401, body={"error": "replayed request"})
        return await next()  # type: ignore[no-any-return]

    async def _on_mention(self, body: dict[str, Any]) -> None:
        assert self.mentions is not None  # registered only with one
        done = await self.mentions.handle(body)
        logger.debug("slack: mention %s", done)

    async def _on_approve(self, ack: Any, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        await self._clicked(body, action, "approved")

    async def _on_reject(self, ack: Any, body: dict[str, Any], action: dict[str, Any]) -> None:
        await ack()
        await self._clicked(body, action, "rejected")

    async def _clicked(
        self, body: Mapping[str, Any], action: Mapping[str, Any], decision: DecisionKind
    ) -> None:
        user = str(body.get("user", {}).get("id", ""))
        channel = str(body.get("channel", {}).get("id", "") or self.config.channel)
        approval_id = str(action.get("value", ""))
        name = self.approver_for(user)
        if name is None:
            logger.warning(
                "slack: click by unmapped user %s", user, extra={"approval_id": approval_id}
            )
            await self._ephemeral(channel, user, NOT_AN_APPROVER)
            return
        try:
            record, _ = check_decision(self.approvals, self.policy, approval_id, decision, by=name)
        except DecisionRefusedError as e:
            await self._ephemeral(channel, user, f"Not recorded: {untrusted(str(e))}")
            return
        if record.decision is not None:  # the same decision again: nothing to do
            d = record.decision
            await self._ephemeral(
                channel, user, f"Already {d.decision} by {untrusted(d.by, SHORT)}; nothing changed."
            )
            return
        view = decision_modal(approval_id, decision, _summary(record))
        try:
            opened = await self.client.views_open(
                trigger_id=str(body.get("trigger_id", "")), view=view
            )
        except (SlackApiError, aiohttp.ClientError, TimeoutError) as e:
            # the trigger is valid for 3 s only: nothing to retry; the person clicks again
            logger.warning(
                "slack: could not open the reason modal: %s", e, extra={"approval_id": approval_id}
            )
            return
        view_id = str((opened.get("view") or {}).get("id", ""))
        if view_id:
            binding = ModalBinding(approval_id, decision, channel, user)
            self.state.bind_modal(view_id, binding, self.clock(), MODAL_KEEP_S)

    async def _on_submit(self, ack: Any, body: dict[str, Any], view: dict[str, Any]) -> None:
        user = str(body.get("user", {}).get("id", ""))
        name = self.approver_for(user)
        view_id = str(view.get("id", ""))
        bound = self.state.modal(view_id) if view_id else None
        if name is None:
            await ack(response_action="errors", errors={REASON_BLOCK: NOT_AN_APPROVER})
            return
        if bound is None or bound.user_id != user or bound.decision not in DECISIONS:
            logger.warning("slack: refused a submission no click of %s opened", user)
            await ack(response_action="errors", errors={REASON_BLOCK: NOT_YOUR_MODAL})
            return
        reason = _reason(view)
        if len(reason) < MIN_REASON_CHARS:
            await ack(response_action="errors", errors={REASON_BLOCK: "A reason is required."})
            return
        decision: DecisionKind = "approved" if bound.decision == "approved" else "rejected"
        try:
            recorded = record_decision(
                self.approvals,
                self.policy,
                bound.approval_id,
                decision,
                by=name,
                reason=reason,
                now=self.clock(),
            )
        except DecisionRefusedError as e:
            await ack(response_action="errors", errors={REASON_BLOCK: untrusted(str(e))})
            await self._ephemeral(bound.channel, user, f"Not recorded: {untrusted(str(e))}")
            return
        self.state.unbind_modal(view_id)
        await ack()
        logger.info(
            "slack: %s %s",
            name,
            decision,
            extra={"incident_id": recorded.record.incident_id, "approval_id": bound.approval_id},
        )
        self.notifier.record_decided(recorded.record)

    async def _ephemeral(self, channel: str, user: str, text: str) -> None:
        try:
            await self.client.chat_postEphemeral(channel=channel, user=user, text=text)
        except (SlackApiError, aiohttp.ClientError, TimeoutError) as e:
            logger.warning("slack: could not tell %s: %s (%s)", user, text, e)


def _summary(record: ApprovalRecord) -> str:
    args = ", ".join(f"{k}={v}" for k, v in sorted(record.args.items()))
    return (
        f"*{untrusted(record.request.step_name or record.tool, SHORT)}* — "
        f"`{untrusted(record.tool, SHORT)}` {untrusted(args, 160)} ({record.risk})\n"
        f"incident `{untrusted(record.incident_id, SHORT)}`"
    )


def _reason(view: Mapping[str, Any]) -> str:
    """The reason typed into a submitted modal ("" when the input is missing)."""
    try:
        values = view["state"]["values"][REASON_BLOCK][REASON_INPUT]
        return str(values.get("value") or "").strip()
    except (KeyError, TypeError, AttributeError):
        return ""
