"""``python -m gpufleet``: the same entry point as the ``gpufleet`` command."""

from gpufleet.cli.main import main

raise SystemExit(main())
