"""Build step: compile the translation catalogs (locales/*/LC_MESSAGES/*.po) into .mo files in the package.

Everything else about the package is in pyproject.toml. A checkout also works without this step: the game
compiles a .po in memory when no .mo is there (lcr_audio/i18n.py).
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class build_py_with_catalogs(build_py):
    """build_py, then every .po under the package's locales compiled to a .mo beside it."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        built = Path(self.build_lib) / "lcr_audio" / "locales"
        for po in sorted(Path("locales").glob("*/LC_MESSAGES/*.po")):
            target = built / po.relative_to("locales").with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parts[1])
            with target.open("wb") as out:
                write_mo(out, catalog)


setup(cmdclass={"build_py": build_py_with_catalogs})
