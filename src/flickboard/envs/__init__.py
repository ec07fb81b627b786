"""Agent environments: PettingZoo AEC and parallel, Gymnasium single-agent (docs/envs.md).

``flickboard.envs.crokinole_v0`` and ``flickboard.envs.shuffleboard_v0`` are PettingZoo
environment modules (``env``, ``raw_env``, ``parallel_env``); importing this package
registers ``flickboard/Crokinole-v0`` and ``flickboard/Shuffleboard-v0`` with Gymnasium
(one agent against built-in opponents; without importing it first,
``gymnasium.make("flickboard.envs:flickboard/Crokinole-v0")``). Baseline policies, the evaluation harness and a
worked learning example are in :mod:`flickboard.envs.policies` and
:mod:`flickboard.envs.learning`, the graded batched baselines in
:mod:`flickboard.envs.baselines`; self-play data in :mod:`flickboard.envs.selfplay`.
"""

from __future__ import annotations

from flickboard.envs import crokinole_v0, shuffleboard_v0
from flickboard.envs.registration import register_envs

register_envs()

__all__ = ["crokinole_v0", "register_envs", "shuffleboard_v0"]
