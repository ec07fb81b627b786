"""The optional parts of flickboard and the extra that installs each (pyproject.toml).

``pip install flickboard`` brings the engine, the referee, play, the AI and the command
line; the desk and the browser table, the agent environments, Ray and the benchmarks'
baselines come with extras (docs/layers.md). A command that needs one says which.
"""

from __future__ import annotations

EXTRA_OF: dict[str, str] = {
    **dict.fromkeys(
        (
            "fastapi",
            "starlette",
            "uvicorn",
            "jinja2",
            "itsdangerous",
            "multipart",
            "python_multipart",
            "sse_starlette",
            "sqlalchemy",
            "alembic",
            "psycopg",
            "argon2",
            "fpdf",
            "fontTools",
            "segno",
            "openskill",
        ),
        "web",
    ),
    **dict.fromkeys(("gymnasium", "pettingzoo"), "envs"),
    **dict.fromkeys(("ray", "pyarrow"), "ray"),
    **dict.fromkeys(("pymunk", "httpx"), "bench"),
    "sklearn": "fit",
}
"""Top-level module -> the extra that installs it."""


def missing_extra(error: ImportError, what: str = "this") -> str | None:
    """One line saying which extra ``what`` needs when ``error`` is a module an extra
    brings that is not installed; None for any other import error."""
    name = (error.name or "").split(".")[0]
    extra = EXTRA_OF.get(name)
    if extra is None:
        return None
    return (
        f"{what} needs flickboard's {extra!r} extra ({name} is not installed): "
        f"pip install 'flickboard[{extra}]'"
    )
