"""Rounds, frames, games and matches: turn order, disc counts and scoring."""
