"""Crokinole as PettingZoo environments (docs/envs.md).

``env(**options)`` is the AEC environment with PettingZoo's order checks,
``raw_env(**options)`` the bare one, ``parallel_env(**options)`` the parallel form;
the options are those of :class:`flickboard.envs.aec.FlickboardAEC` (players, teams,
rules, options, noise, start, reward, max_cycles, render_mode...).
"""

from __future__ import annotations

from flickboard.envs.modules import environment_functions

GAME = "crokinole"

raw_env, env, parallel_env = environment_functions(GAME)
