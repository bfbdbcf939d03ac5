"""Model backends: configuration, the bundled local model, and structured chat clients."""

from gpufleet.graph.models.bundled import BundledModelError, LocalModelServer, ensure_gguf
from gpufleet.graph.models.chat import (
    ClosableModel,
    ModelAnswer,
    OllamaModel,
    OpenAICompatModel,
    StructuredModel,
    extract_json,
    open_model,
    parse_answer,
)
from gpufleet.graph.models.config import ModelConfig, ModelConfigError, load_model_config

__all__ = [
    "BundledModelError",
    "ClosableModel",
    "LocalModelServer",
    "ModelAnswer",
    "ModelConfig",
    "ModelConfigError",
    "OllamaModel",
    "OpenAICompatModel",
    "StructuredModel",
    "ensure_gguf",
    "extract_json",
    "load_model_config",
    "open_model",
    "parse_answer",
]
