"""``python -m flickboard``: the command line (as the ``flickboard`` command)."""

from flickboard.cli.app import main

main()
