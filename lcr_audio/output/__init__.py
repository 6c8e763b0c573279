"""What the player hears: speech backends and sound cues. Imports the base modules only
(docs/architecture.md)."""
