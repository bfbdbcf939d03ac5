"""The typed tool registry (DESIGN.md decision 6): one place every agent and front end calls.

A :class:`Tool` is a function taking a pydantic argument model and returning a
:class:`ToolResult` (status, data, the exact query or command, error text). It declares its
risk: ``read``, ``mutate`` or ``destructive``; the names and risks are the knowledge base's
vocabulary (:data:`knowledge.schema.TOOLS`), so a runbook step and the tool it names always
agree. The tool's docstring is the description a model sees; implementation notes live in
comments.

The registry itself never decides whether a state-changing call may run: approval is a wrapper
around it (:mod:`graph.approvals.gate`). Calls through :meth:`ToolRegistry.call` validate arguments
and turn every exception into an ``error`` result, so a broken backend is reported, never
raised into the agent loop.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

Risk = Literal["read", "mutate", "destructive"]
ToolStatus = Literal["ok", "error", "dry_run", "pending_approval", "denied", "not_configured"]


class ToolResult(BaseModel):
    """What every tool returns. ``query`` is the exact PromQL, command line or request made
    (or that would be made, in dry-run), so an operator can repeat it by hand."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    status: ToolStatus
    data: Any = None
    query: str = ""
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.status in ("ok", "dry_run")

    @classmethod
    def success(cls, data: Any, query: str = "") -> ToolResult:
        return cls(status="ok", data=data, query=query)

    @classmethod
    def failure(cls, error: str, query: str = "", data: Any = None) -> ToolResult:
        return cls(status="error", error=error, query=query, data=data)


class ToolArgs(BaseModel):
    """Base of every tool's arguments: unknown arguments are an error, not ignored."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class NoArgs(ToolArgs):
    pass


ToolFn = Callable[[Any], ToolResult]


@dataclass(frozen=True)
class Tool:
    name: str
    risk: Risk
    args_model: type[ToolArgs]
    fn: ToolFn
    description: str
    # Set when this deployment cannot run the tool: how to configure it (the config key). The
    # agent then skips the step, or stops the plan when the runbook marks the step required,
    # and never asks a person to approve a call that could not happen.
    unconfigured: str | None = None

    def schema(self) -> dict[str, Any]:
        """JSON schema of the arguments, as function-calling APIs want it."""
        return {
            "name": self.name,
            "description": self.description,
            "parameters": self.args_model.model_json_schema(),
        }


class UnknownToolError(KeyError):
    pass


class AnyArgs(ToolArgs):
    """Arguments of a tool that is not configured: kept as given (they are shown, never used)."""

    model_config = ConfigDict(extra="allow", frozen=True)


def not_configured_result(name: str, how: str) -> ToolResult:
    """What a step whose tool is not configured here records: skipped, and how to configure it."""
    return ToolResult(
        status="not_configured",
        error=f"skipped: {name} is not configured (how to configure it: {how})",
    )


def unconfigured_tool(
    name: str, risk: Risk, how: str, args_model: type[ToolArgs] = AnyArgs
) -> Tool:
    """A stand-in for a tool this deployment cannot run: every call answers ``not_configured``
    with ``how`` (the configuration key that would make it run). Registered instead of leaving
    the name unknown, so a runbook step naming it is a visible skip, not an "unknown tool"."""

    def fn(args: Any) -> ToolResult:
        return not_configured_result(name, how)

    return Tool(name, risk, args_model, fn, f"{name} (not configured here: {how})", how)


def tool(name: str, risk: Risk) -> Callable[[ToolFn], Tool]:
    """Decorator: turn ``fn(args: SomeArgs) -> ToolResult`` into a :class:`Tool`.

    The argument model comes from the annotation of the function's only parameter; the
    description is the function's docstring (what the model reads)."""

    def wrap(fn: ToolFn) -> Tool:
        params = list(inspect.signature(fn, eval_str=True).parameters.values())
        if len(params) != 1 or not (
            isinstance(params[0].annotation, type) and issubclass(params[0].annotation, ToolArgs)
        ):
            raise TypeError(f"tool {name}: takes exactly one ToolArgs-typed parameter")
        doc = inspect.getdoc(fn)
        if not doc:
            raise TypeError(f"tool {name}: the docstring is the model-facing description")
        return Tool(name, risk, params[0].annotation, fn, doc)

    return wrap


Method = TypeVar("Method", bound=Callable[..., ToolResult])
_TOOL_SPEC = "__gpufleet_tool__"


def toolset_tool(name: str, risk: Risk) -> Callable[[Method], Method]:
    """Mark a method of a toolset class as the tool ``name``.

    A toolset is a small class holding a group of tools' dependencies (runners, configuration,
    dry-run) whose marked methods are the tools; :func:`bind_toolset` turns an instance into
    :class:`Tool` objects. The method is checked like a :func:`tool` function when bound: one
    ``ToolArgs``-typed parameter besides ``self``, and a docstring (the model-facing text)."""

    def mark(fn: Method) -> Method:
        setattr(fn, _TOOL_SPEC, (name, risk))
        return fn

    return mark


def bind_toolset(toolset: object) -> list[Tool]:
    """The :func:`toolset_tool` methods of ``toolset`` as tools, in the order the class defines
    them (methods inherited from a base class are not collected)."""
    out: list[Tool] = []
    for attr, value in vars(type(toolset)).items():
        spec: tuple[str, Risk] | None = getattr(value, _TOOL_SPEC, None)
        if spec is not None:
            out.append(tool(*spec)(getattr(toolset, attr)))
    return out


class ToolCall(BaseModel):
    """A request to run one tool: what a runbook step or a model asks for."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    tool: str
    args: dict[str, Any] = Field(default_factory=dict)


class ToolRegistry:
    """Name → tool. Registering a name twice is an error (two backends for one tool would make
    the audit log ambiguous); :meth:`replace` exists for tests and for swapping a backend."""

    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        for t in tools:
            self.register(t)

    def register(self, t: Tool) -> Tool:
        if t.name in self._tools:
            raise ValueError(f"tool {t.name} is already registered")
        self._tools[t.name] = t
        return t

    def replace(self, t: Tool) -> None:
        self._tools[t.name] = t

    def get(self, name: str) -> Tool:
        try:
            return self._tools[name]
        except KeyError:
            raise UnknownToolError(name) from None

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def names(self, risk: Risk | None = None) -> list[str]:
        return sorted(n for n, t in self._tools.items() if risk is None or t.risk == risk)

    def risk_of(self, name: str) -> Risk:
        return self.get(name).risk

    def validate(self, name: str, args: Mapping[str, Any]) -> ToolArgs:
        """Parse arguments for ``name``; raises :class:`UnknownToolError` or ``ValidationError``."""
        return self.get(name).args_model.model_validate(dict(args))

    def call(self, name: str, args: Mapping[str, Any]) -> ToolResult:
        """Run a tool *without* any approval check. Agents never hold a bare registry for
        state-changing tools: they go through :class:`graph.approvals.gate.ApprovalGate`."""
        try:
            t = self.get(name)
        except UnknownToolError:
            return ToolResult.failure(f"unknown tool {name!r}; known: {', '.join(self.names())}")
        try:
            parsed = t.args_model.model_validate(dict(args))
        except ValidationError as e:
            problems = "; ".join(
                f"{'.'.join(map(str, err['loc'])) or 'args'}: {err['msg']}" for err in e.errors()
            )
            return ToolResult.failure(f"{name}: invalid arguments: {problems}")
        try:
            result = t.fn(parsed)
        except Exception as e:  # a backend failure is a result, not a crash of the agent loop
            return ToolResult.failure(f"{name}: {type(e).__name__}: {e}")
        return result
