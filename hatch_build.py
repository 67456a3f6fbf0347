"""An opt-in wheel build hook: the simulators' hot modules compiled to C with mypyc.

Off by default: ``pip install .`` and editable installs stay pure Python and never load
this file. ``HATCH_BUILD_HOOK_ENABLE_CUSTOM=1 pip install .`` turns it on (hatch's switch
for a project's own hook); it then needs a C compiler and the Python headers, and pip
fetches the hook's ``dependencies`` into the build's own environment (see docs/speed.md):
mypy and setuptools, and what mypy needs to type-check the compiled modules and what they
import (pydantic, PyYAML's stubs). mypy finds packages both there and in the Python pip
runs under, so a build from a virtual environment that already has them says nothing of
a new one's; tests/compiled builds from an empty one.

The modules named by ``compile`` in ``pyproject.toml`` are type-checked with the
project's mypy settings and compiled in a scratch folder; their extension modules are
added to the wheel beside the sources, which stay as they are (Python imports an
extension module before a source file of the same name). Nothing is written into the
checkout.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CompileHotModules(BuildHookInterface):
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install runs the checkout's sources as they change
        modules = self.config.get("compile")
        if not isinstance(modules, list) or not modules:
            raise ValueError("the mypyc build hook needs `compile`: a list of module paths")
        scratch = Path(tempfile.mkdtemp(prefix="gmtool-mypyc-"))
        self._scratch = scratch
        built = _compile(Path(self.root), modules, scratch, str(self.config.get("opt-level", "3")))
        for path in built:
            build_data["force_include"][str(path)] = path.relative_to(scratch / "lib").as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # a wheel for this Python and this platform only

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


def _compile(root: Path, modules: list[str], scratch: Path, opt_level: str) -> list[Path]:
    """Compile ``modules`` (paths relative to ``root``) into ``scratch / "lib"``; return the
    extension modules built there: one per module, and the library they share."""
    # mypyc and setuptools are the build's own dependencies, present only when it is on.
    from mypyc.build import mypycify
    from setuptools import Distribution

    for module in modules:
        if not (root / module).is_file():
            raise FileNotFoundError(f"the mypyc build hook cannot find {module}")
    previous = Path.cwd()
    os.chdir(root)  # mypy reads the project's settings and names modules from here
    try:
        extensions = mypycify(
            ["--cache-dir", str(scratch / "mypy-cache"), *modules],
            opt_level=opt_level,
            target_dir=str(scratch / "c"),
            group_name="gmtool",
        )
        command = Distribution({"ext_modules": extensions}).get_command_obj("build_ext")
        command.build_lib = str(scratch / "lib")
        command.build_temp = str(scratch / "obj")
        command.ensure_finalized()
        command.run()
    finally:
        os.chdir(previous)
    return sorted(path for path in (scratch / "lib").rglob("*") if path.suffix in {".so", ".pyd"})
