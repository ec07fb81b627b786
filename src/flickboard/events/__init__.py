"""Tournaments and leagues: categories, draws, scorecards, standings with tie-break
chains, shoot-outs, playoffs and leagues. Pure functions over results; never physics."""
