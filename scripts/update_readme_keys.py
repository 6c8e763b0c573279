"""Rewrite the key table in README.md from lcr_audio/tui/keys.py (tests/test_readme.py checks they agree).

Run from the repo: python3 scripts/update_readme_keys.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lcr_audio.tui.keys import markdown_table  # noqa: E402

START, END = "<!-- keys: generated", "<!-- end keys -->"


def main() -> None:
    """Replace the text between the README's key-table markers with the generated table."""
    readme = ROOT / "README.md"
    text = readme.read_text(encoding="utf-8")
    head, rest = text.split(START, 1)
    marker_line, rest = rest.split("-->", 1)
    _old, tail = rest.split(END, 1)
    readme.write_text(f"{head}{START}{marker_line}-->\n{markdown_table()}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    main()
