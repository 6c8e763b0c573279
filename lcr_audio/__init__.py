"""lcr_audio: Left Right Center, the dice game, played by ear (DESIGN.md)."""

__version__ = "0.1.0"
