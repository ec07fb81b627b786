"""The examples in docs/python.md, docs/envs.md and the README run as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("page", ["docs/python.md", "docs/envs.md", "README.md"])
def test_the_python_examples_run_as_written(page: str) -> None:
    result = doctest.testfile(
        str(ROOT / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 0 and result.failed == 0
