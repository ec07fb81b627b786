"""Club event files: CSC round robins, CSC leagues and fair-rules brackets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from flickboard.errors import InvalidInput
from flickboard.events.eventfile import ClubEventFile, EventFile, load_any, parse_any


def _league(fmt: str, sizes: tuple[int, int], **extra: Any) -> dict[str, Any]:
    return {
        "name": "Tuesday",
        "format": fmt,
        "entrants": [
            {
                "id": t,
                "name": t,
                "players": [{"id": f"{t}{i}", "name": f"{t} {i}"} for i in range(n)],
            }
            for t, n in zip("HV", sizes, strict=True)
        ],
        **extra,
    }


def test_club_formats_read_as_club_files_others_as_crokinole_events(tmp_path: Path) -> None:
    path = tmp_path / "fair.yaml"
    path.write_text(
        "name: F\nformat: elimination\nentrants: [{id: '1', name: A}, {id: '2', name: B}]\n"
    )
    fair = load_any(path)
    assert isinstance(fair, ClubEventFile) and fair.goal == 100 and fair.schedule() == []
    two = [{"id": "1", "name": "A"}, {"id": "2", "name": "B"}]
    croki = parse_any({"name": "C", "category": "adult singles", "entrants": two})
    assert isinstance(croki, EventFile)


def test_csc_targets_15_singles_17_doubles() -> None:
    teams = [{"id": t, "name": t} for t in "ABC"]
    singles = parse_any(
        {"name": "S", "format": "csc-round-robin", "discipline": "singles", "entrants": teams}
    )
    doubles = parse_any({"name": "D", "format": "csc-round-robin", "entrants": teams})
    assert isinstance(singles, ClubEventFile) and isinstance(doubles, ClubEventFile)
    assert (singles.goal, doubles.goal) == (15, 17)
    # Double round robin: every pair twice, home and away.
    pairs = [(f.home, f.visitors) for f in doubles.schedule()]
    assert len(pairs) == 6 and set(pairs) == {(a, b) for a in "ABC" for b in "ABC" if a != b}


def test_csc_league_roster_sizes_six_person_six_to_ten() -> None:
    assert isinstance(parse_any(_league("league-six", (6, 10))), ClubEventFile)
    with pytest.raises(InvalidInput, match="lists 5 players"):
        parse_any(_league("league-six", (5, 6)))
    with pytest.raises(InvalidInput, match="lists 11 players"):
        parse_any(_league("league-six", (6, 11)))


def test_csc_league_roster_sizes_four_person_four_to_seven() -> None:
    assert isinstance(parse_any(_league("league-four", (4, 7))), ClubEventFile)
    with pytest.raises(InvalidInput, match="at most 3 spares"):
        parse_any(_league("league-four", (8, 4)))


def test_csc_league_games_are_to_21() -> None:
    with pytest.raises(InvalidInput, match="to 21"):
        parse_any(_league("league-four", (4, 4), target=17))


def test_league_fixtures_checked_and_used() -> None:
    spec = parse_any(
        _league("league-four", (4, 4), fixtures=[{"round": 3, "home": "V", "visitors": "H"}])
    )
    assert isinstance(spec, ClubEventFile)
    assert [(f.round, f.home) for f in spec.schedule()] == [(3, "V")]
    with pytest.raises(InvalidInput, match="X is not an entrant"):
        parse_any(
            _league("league-four", (4, 4), fixtures=[{"round": 1, "home": "X", "visitors": "H"}])
        )


def test_player_on_two_rosters_refused() -> None:
    data = _league("league-four", (4, 4))
    data["entrants"][1]["players"][0]["id"] = "H0"
    with pytest.raises(InvalidInput, match="H0"):
        parse_any(data)


def test_league_team_plays_once_a_night() -> None:
    twice = [{"round": 1, "home": "H", "visitors": "V"}, {"round": 1, "home": "V", "visitors": "H"}]
    with pytest.raises(InvalidInput, match="plays twice that night"):
        parse_any(_league("league-four", (4, 4), fixtures=twice))


def test_csc_round_robin_needs_three_teams_for_the_playoffs() -> None:
    two = [{"id": t, "name": t} for t in "AB"]
    with pytest.raises(InvalidInput, match="top three"):
        parse_any({"name": "S", "format": "csc-round-robin", "entrants": two})


def _fair(left: int, entrants: list[dict[str, str]]) -> dict[str, Any]:
    return {"name": "F", "format": "elimination", "best_of_three_from": left, "entrants": entrants}


def test_fair_rules_best_of_three_only_for_quarterfinals_semifinals_and_finals() -> None:
    # "contestants may be asked to play 2 of 3 matches for quarterfinals, semifinals, and
    # finals": 8, 4 or 2 entrants left; a round of 16 stays one game a match.
    sixteen = [{"id": str(i), "name": f"P{i}"} for i in range(1, 17)]
    for left in (8, 4, 2):
        spec = parse_any(_fair(left, sixteen))
        assert isinstance(spec, ClubEventFile) and spec.best_of_three_from == left
    for left in (16, 1024, 5, 1):
        with pytest.raises(InvalidInput) as refused:
            parse_any(_fair(left, sixteen))
        assert f"best of three from {left} entrants left is refused" in str(refused.value)
        assert "2 of 3 matches for quarterfinals, semifinals, and finals" in str(refused.value)
