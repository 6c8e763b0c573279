"""``python -m lcr_audio`` runs the ``lcr-audio`` command."""

from lcr_audio.launch import main

raise SystemExit(main())
