"""``python -m lcr_audio`` runs the ``lcr-audio`` command."""

from .cli import main

raise SystemExit(main())
