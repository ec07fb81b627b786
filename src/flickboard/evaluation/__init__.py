"""Evaluation below the adapters: paired games with Wilson intervals and the job runner.

Shared by ``flickboard bench ai``, the agent environments and self-play; it sits on play
and agents, so ``envs`` and ``bench`` both import it and neither imports the other for it.
"""
