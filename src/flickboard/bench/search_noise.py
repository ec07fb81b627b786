"""How noisy the search's reply correction is, against how much it tells shots apart.

On mid-round positions (:func:`~flickboard.bench.ai_inplay.midround_views`), the search's
best ``top`` screened shots get their reply correction
(:meth:`~flickboard.agents.search.SearchPlayer.correction`) on several independent sets
of ``outcomes`` draws. Per position: the *noise* is the spread, across the draw sets, of
each shot's correction less the position's mean correction (what decides between shots),
and the *spread* is how far the shots' mean corrections lie apart. A correction whose
noise is larger than its spread picks among the top shots mostly by luck.

``python -m flickboard.bench.search_noise --game crokinole --positions 12``
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from typing import Any

import numpy as np

from flickboard.agents.search import SearchBudget, SearchPlayer
from flickboard.agents.tactics import tactics_for
from flickboard.bench.ai_inplay import midround_views
from flickboard.errors import InvalidInput
from flickboard.play.noise import ExecutionNoise


def reply_noise(
    game: str, positions: int, seed: int, budget: SearchBudget, draw_sets: int = 4
) -> dict[str, Any]:
    """Mean noise and spread of the reply correction over ``positions`` mid-round views
    (see the module docstring), with the CPU seconds a correction took."""
    if draw_sets < 2:
        raise InvalidInput("the noise needs at least two draw sets")
    if positions < 1:
        raise InvalidInput("the noise needs at least one position")
    noise: list[float] = []
    spread: list[float] = []
    start = time.process_time()
    corrections = 0
    for view in midround_views(game, positions, seed):
        player = SearchPlayer("competitive", seed, budget)
        top = player.screened(view, budget.top)
        table = np.array(
            [
                [
                    player.correction(view, candidate, draws, exhaustive=False)
                    for candidate, _ in top
                ]
                for draws in (
                    ExecutionNoise.draws(np.random.default_rng(seed + 100 + k), budget.outcomes)
                    for k in range(draw_sets)
                )
            ]
        )
        corrections += table.size
        if table.shape[1] < 2:
            continue
        relative = table - table.mean(axis=1, keepdims=True)
        noise.append(float(relative.std(axis=0, ddof=1).mean()))
        spread.append(float(table.mean(axis=0).std(ddof=1)))
    return {
        "game": game,
        "positions": positions,
        "top": budget.top,
        "outcomes": budget.outcomes,
        "reply_check": budget.reply_check,
        "noise": float(np.mean(noise)),
        "spread": float(np.mean(spread)),
        "cpu_s_per_correction": (time.process_time() - start) / max(corrections, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crokinole")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=4242)
    parser.add_argument("--top", type=int, default=SearchBudget().top)
    parser.add_argument("--outcomes", type=int, default=SearchBudget().outcomes)
    parser.add_argument("--reply-check", type=int, default=SearchBudget().reply_check)
    args = parser.parse_args()
    try:
        tactics_for(args.game)
        budget = replace(
            SearchBudget(), top=args.top, outcomes=args.outcomes, reply_check=args.reply_check
        )
        result = reply_noise(args.game, args.positions, args.seed, budget)
    except InvalidInput as refused:
        parser.error(str(refused))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
