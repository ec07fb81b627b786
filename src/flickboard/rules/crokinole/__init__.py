"""Crokinole referees: WCC, NCA, Crokinole Depot (with its optional rules) and fair rules.

>>> from flickboard.rules import referee
>>> referee("depot", direct_hit=True).options.valid_shot.value
'direct'
"""

from typing import Any

from flickboard.rules.base import register
from flickboard.rules.crokinole.options import (
    CATEGORIES,
    SIDE_NAMES,
    Category,
    CrokinoleOptions,
    Scoring,
    StartRule,
    ValidShot,
    depot_options,
    fair_options,
    nca_options,
    parse_side,
    side_name,
    wcc_options,
)
from flickboard.rules.crokinole.referee import SHOOTING_LINE, CrokinoleReferee


@register("wcc")
def wcc(category: str = "adult") -> CrokinoleReferee:
    """World Crokinole Championship rules."""
    return CrokinoleReferee(wcc_options(category), {"category": category})


@register("nca")
def nca() -> CrokinoleReferee:
    """National Crokinole Association rules."""
    return CrokinoleReferee(nca_options())


@register("depot")
def depot(
    direct_hit: bool = False,
    outer_line_in_play: bool = False,
    free_order: bool = False,
    free_for_all: bool = False,
    scoring: str = "tournament",
    target: int = 100,
) -> CrokinoleReferee:
    """Crokinole Depot rules with each optional rule (section 7) switchable."""
    keywords: dict[str, Any] = {
        "direct_hit": direct_hit,
        "outer_line_in_play": outer_line_in_play,
        "free_order": free_order,
        "free_for_all": free_for_all,
        "scoring": scoring,
        "target": target,
    }
    return CrokinoleReferee(depot_options(**keywords), keywords)


@register("fair")
def fair() -> CrokinoleReferee:
    """Fair rules: 12 discs each in singles, difference scoring to 100."""
    return CrokinoleReferee(fair_options())


__all__ = [
    "CATEGORIES",
    "SHOOTING_LINE",
    "SIDE_NAMES",
    "Category",
    "CrokinoleOptions",
    "CrokinoleReferee",
    "Scoring",
    "StartRule",
    "ValidShot",
    "depot",
    "fair",
    "nca",
    "parse_side",
    "side_name",
    "wcc",
]
