"""``flickboard bench ai --realism``: the real rounds' figures, the checks on every
decision, and docs/ai.md's generated section."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.conftest import script

from flickboard.agents.heuristic import HeuristicPlayer
from flickboard.bench.ai_realism import (
    REAL_DATA,
    RealismWatch,
    Tally,
    judged,
    real_figures,
    refreshed,
)
from flickboard.errors import InvalidInput
from flickboard.evaluation.harness import PairStats, pair_game

ROOT = Path(__file__).resolve().parents[2]
DOCS = script("bench/ai_realism.py")
"""The development script that writes docs/ai.md's section."""


def test_the_real_rounds_give_the_figures_their_readme_states() -> None:
    real = real_figures()
    assert real["games"] == 3884
    twenties = real["twenties_per_player_game"]
    assert round(twenties["all"]["mean"], 2) == 6.67
    # The README's 8.44 for playoffs counts its games a little differently: the 31
    # playoff games with four rounds of 20s recorded give 8.34 (docs/ai.md).
    assert (round(twenties["playoffs"]["mean"], 2), twenties["playoffs"]["games"]) == (8.34, 31)
    assert real["hammer_share"]["of"] == 8149
    assert round(real["hammer_share"]["rate"], 3) == 0.556
    # README: 57.4 % [55.3, 59.4] between near-equals; counted here 57.2 % of 2,230.
    near = real["hammer_share_near_equals"]
    assert (round(near["rate"], 3), near["of"]) == (0.572, 2230)
    assert round(real["tied_rounds"]["rate"], 3) == 0.063
    assert sum(real["twenties_per_round"]) == pytest.approx(1.0)


def test_a_file_that_is_not_real_rounds_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "rounds.csv"
    bad.write_text("a,b\n1,2\n", encoding="utf-8")
    with pytest.raises(InvalidInput, match="not a file of real rounds"):
        real_figures(bad)
    with pytest.raises(InvalidInput, match="no real rounds at"):
        real_figures(tmp_path / "missing.csv")


def test_the_real_rounds_ship_inside_the_package_and_read_gzipped_or_not(tmp_path: Path) -> None:
    import gzip

    import flickboard

    assert Path(str(REAL_DATA)).is_relative_to(Path(flickboard.__file__).parent)
    plain = tmp_path / "rounds.csv"
    plain.write_bytes(gzip.decompress(REAL_DATA.read_bytes()))
    assert real_figures(plain) == real_figures()


def test_a_watched_game_counts_every_round_and_checks_every_decision() -> None:
    tally = Tally()
    stats = PairStats()
    pair_game(
        "crokinole",
        HeuristicPlayer("recreational", 1),
        HeuristicPlayer("recreational", 2),
        True,
        stats,
        RealismWatch(tally),
    )
    rounds = tally.hammer_won + tally.hammer_lost + tally.tied
    assert rounds >= 4
    assert tally.decisions == 16 * rounds
    assert rounds <= tally.open_shots < tally.decisions  # every round opens on an empty board
    assert sum(tally.round_twenties) == 2 * rounds
    assert sum(k * n for k, n in enumerate(tally.round_twenties)) == stats.twenties[0]
    assert tally.contradictions == 0, tally.examples
    assert 0 <= tally.meant_invalid <= tally.decisions


def test_a_target_is_met_only_within_its_tolerance_over_sixty_games() -> None:
    def row(twenties: list[float]) -> dict[str, object]:
        tally = Tally(games=len(twenties), twenties=twenties)
        [out] = [
            j for j in judged({"competitive": tally.summary()}) if j["measure"] != "hammer_share"
        ]
        return out

    assert row([7.5] * 60)["met"] is True
    assert row([7.8] * 60)["met"] is False
    few = row([7.5] * 59)
    assert few["met"] is None and few["within_tolerance"] is True


def test_the_docs_real_games_section_is_generated_from_the_benchs_json() -> None:
    result = json.loads((ROOT / "bench" / "results" / "ai-realism.json").read_text())
    page = (ROOT / "docs" / "ai.md").read_text(encoding="utf-8")
    begin, end = DOCS.BEGIN, DOCS.END
    section = begin + page.split(begin, 1)[1].split(end, 1)[0] + end
    assert section == DOCS.realism_markdown(refreshed(result)), "run: python bench/ai_realism.py"


def test_table_shuffleboard_decisions_are_checked_at_every_tier_and_shown() -> None:
    from flickboard.bench.ai_realism import add_words, realism_report

    base = refreshed(json.loads((ROOT / "bench" / "results" / "ai-realism.json").read_text()))
    base = {k: v for k, v in base.items() if k != "words"}
    base["settings"] = {**base["settings"], "tiers": ["novice", "champion"]}
    seen: list[int] = []
    result = add_words(base, 1, on_progress=lambda r: seen.append(len(r["words"]["tiers"])))
    words = result["words"]
    assert seen == [1, 2] and words["game"] == "shuffleboard" and words["games_per_tier"] == 1
    for tier in ("novice", "champion"):
        s = words["tiers"][tier]
        assert s["games"] == 1 and s["decisions"] >= 8
        assert s["contradictions"]["rate"] == 0.0, s["contradiction_examples"]
    # the docs table and the report list table shuffleboard's tiers; a refresh keeps them
    assert refreshed(result)["words"] == words
    assert "| table shuffleboard: champion | 1 |" in DOCS.realism_markdown(result)
    assert "--realism-words-games 1" in DOCS.realism_markdown(result)
    assert "shuffleboard champion" in realism_report(result)
