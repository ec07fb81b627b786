"""The package install also ships Gymnasium's startup hook (docs/envs.md, "Registration").

``flickboard-gymnasium.pth`` and the module it imports (a copy of
``src/flickboard/envs/gymnasium_hook.py`` named ``flickboard_gymnasium_hook``) land in
site-packages beside the package: copied into the build root for a wheel
(``build_py``), written into the editable wheel for ``pip install -e`` (its strategy
puts only the package's own files in).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

HOOK = Path(__file__).parent / "src" / "flickboard" / "envs" / "gymnasium_hook.py"


def _hook() -> dict[str, str]:
    """The files for site-packages, by name: the ``.pth`` line and the hook module."""
    source = HOOK.read_text(encoding="utf-8")
    space: dict[str, Any] = {"__name__": "flickboard_gymnasium_hook"}
    exec(source, space)  # our own module: its file names and the .pth line
    return {space["PTH_NAME"]: space["PTH_TEXT"], space["MODULE"] + ".py": source}


class BuildPy(build_py):
    """build_py that also writes the ``.pth`` file into the build root."""

    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            for name, text in _hook().items():
                Path(self.build_lib, name).write_text(text, encoding="utf-8")

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            outputs += [str(Path(self.build_lib, name)) for name in _hook()]
        return outputs


commands: dict[str, Any] = {"build_py": BuildPy}

try:
    from setuptools.command.editable_wheel import editable_wheel
except ImportError:  # pragma: no cover (setuptools < 64: no PEP 660 editable installs)
    pass
else:

    class _WithHook:
        """An editable strategy that also writes the ``.pth`` file into the wheel."""

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def __enter__(self) -> _WithHook:
            self.inner.__enter__()
            return self

        def __exit__(self, *exc: object) -> Any:
            return self.inner.__exit__(*exc)

        def __call__(self, wheel: Any, files: Any, mapping: Any) -> None:
            self.inner(wheel, files, mapping)
            for name, text in _hook().items():
                wheel.writestr(name, text.encode("utf-8"))

    class EditableWheel(editable_wheel):  # type: ignore[misc]
        """editable_wheel whose wheel carries the ``.pth`` file too."""

        def _select_strategy(self, *args: Any, **kwargs: Any) -> Any:
            return _WithHook(super()._select_strategy(*args, **kwargs))

    commands["editable_wheel"] = EditableWheel

setup(cmdclass=commands)
