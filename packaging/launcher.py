"""The bundle's entry point (PyInstaller runs a script, not ``python -m``): the ``lcr-audio`` command."""

from lcr_audio.launch import main

raise SystemExit(main())
