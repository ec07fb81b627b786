"""Crokinole referees: WCC, NCA, Crokinole Depot (with its optional rules) and fair rules.

>>> from flickboard.rules import referee
>>> referee("depot", direct_hit=True).options.valid_shot.value
'direct'
"""

import inspect
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
def depot(**keywords: Any) -> CrokinoleReferee:
    """Crokinole Depot rules with each optional rule (section 7) switchable; the
    keywords are those of :func:`depot_options`, all kept (defaults filled in)."""
    bound = inspect.signature(depot_options).bind(**keywords)
    bound.apply_defaults()
    return CrokinoleReferee(depot_options(**bound.arguments), bound.arguments)


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
