"""The ``flickboard`` command line (typer + rich)."""
