"""Gymnasium finds flickboard's ids in a fresh interpreter (docs/envs.md, "Registration").

Gymnasium 1.x no longer loads the ``gymnasium.envs`` entry points, so
``gymnasium.make("flickboard/Crokinole-v0")`` would not know the id unless
:mod:`flickboard.envs` was imported first. The package install ships this module as
``flickboard_gymnasium_hook.py`` in site-packages with a one-line
``flickboard-gymnasium.pth`` that imports it (setup.py): at interpreter start it puts a
:class:`GymnasiumHook` at the front of ``sys.meta_path`` (about 0.1 ms: one small
compiled module). The hook answers nothing
(it only looks at the name of each import) until ``gymnasium`` itself is imported; then
it lets the normal finders load Gymnasium, registers the ids below with string entry
points right after Gymnasium's own module has run, and leaves ``sys.meta_path``.
Nothing of flickboard is imported until ``gymnasium.make`` asks for an environment.

This module imports nothing of flickboard (it runs at every interpreter start);
:func:`flickboard.envs.registration.register_envs` registers the same ids through
:func:`register`.
"""

import sys

TYPE_CHECKING = False  # typing and __future__ are not imported at interpreter start
if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType
    from typing import Any

ENV_IDS = {"crokinole": "flickboard/Crokinole-v0", "shuffleboard": "flickboard/Shuffleboard-v0"}
"""The Gymnasium id of each game's environment."""

ENTRY_POINT = "flickboard.envs.single:FlickboardEnv"
"""The single environment every id makes (``gymnasium.make``)."""

VECTOR_ENTRY_POINT = "flickboard.envs.vector:FlickboardVectorEnv"
"""The batched environment (``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``)."""

PTH_NAME = "flickboard-gymnasium.pth"
"""The file name of the startup hook in site-packages."""

MODULE = "flickboard_gymnasium_hook"
"""The name this module is installed under in site-packages (the ``.pth`` imports it)."""

PTH_TEXT = f"import {MODULE}; {MODULE}.install()\n"
"""The ``.pth`` file's one line."""


def register(gymnasium: "Any") -> None:
    """Register every id not registered yet with ``gymnasium`` (the module), by name only."""
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point=ENTRY_POINT,
                vector_entry_point=VECTOR_ENTRY_POINT,
                kwargs={"game": game},
            )


class GymnasiumHook:
    """A ``sys.meta_path`` finder that registers the ids once Gymnasium is imported."""

    def find_spec(
        self, name: str, path: "Any" = None, target: "ModuleType | None" = None
    ) -> "ModuleSpec | None":
        """None for every module; for ``gymnasium``, its own spec with a loader that
        registers the ids after running it (the hook then leaves ``sys.meta_path``)."""
        if name != "gymnasium":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        from importlib.util import find_spec

        spec = find_spec(name)
        loader = None if spec is None else spec.loader
        run = getattr(loader, "exec_module", None)
        if loader is None or run is None:
            return spec

        def exec_module(module: "ModuleType") -> None:
            del loader.exec_module  # the loader's own method again
            run(module)
            try:
                register(module)
            except Exception as error:  # never break Gymnasium's import
                import warnings

                warnings.warn(
                    f"flickboard ids not registered with Gymnasium: {error}", stacklevel=2
                )

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    """Put the hook at the front of ``sys.meta_path`` (once; nothing if Gymnasium is
    already imported: then register at once)."""
    gymnasium = sys.modules.get("gymnasium")
    if gymnasium is not None:
        register(gymnasium)
    elif not any(type(f).__name__ == "GymnasiumHook" for f in sys.meta_path):
        sys.meta_path.insert(0, GymnasiumHook())
