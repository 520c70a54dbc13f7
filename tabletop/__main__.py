"""``python -m tabletop`` runs the same entry point as the ``tabletop`` command."""

from __future__ import annotations

import sys

from tabletop.cli import main

sys.exit(main())
