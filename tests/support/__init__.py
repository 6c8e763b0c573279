"""Helpers shared by the tests: engine positions and rolls (:mod:`support.engine`), one key driver for the
screens (:mod:`support.keys`) and an application wired for tests (:mod:`support.app`)."""
