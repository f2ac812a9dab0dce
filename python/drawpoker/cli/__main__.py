"""``python -m drawpoker.cli`` runs the ``drawpoker`` command (:func:`drawpoker.cli.main`)."""

import sys

from drawpoker.cli import main

if __name__ == "__main__":
    sys.exit(main())
