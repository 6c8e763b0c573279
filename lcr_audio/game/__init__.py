"""The game being played: the session (dice, actions, listeners), the computer players, saves and the
autosave, seating a table. Imports the engine and the base modules only (docs/architecture.md)."""
