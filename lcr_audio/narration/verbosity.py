"""The narration's :class:`Verbosity`: defined in :mod:`lcr_audio.verbosity`, one type for the narrator, the
settings, the options menu and the V key."""

from lcr_audio.verbosity import Verbosity

__all__ = ["Verbosity"]
