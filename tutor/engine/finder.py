"""Old name of tutor.engine.registry (kept while callers move over)."""
from .registry import (  # noqa: F401
    FAMILIES, REGISTRY, Technique, UnknownTechnique, _load, find_all, ladder, next_step, resolve, technique,
    technique_name,
)
