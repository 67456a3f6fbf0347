"""The opt-in compiled build (hatch_build.py, docs/speed.md): the wheel built with the switch
on holds the modules named in pyproject.toml as extension modules, and its simulators give
the very reports the pure sources give. The default wheel stays pure Python.

The compiled wheel is built as a user's first install builds it: by pip running under a
Python with nothing installed, so the build has only what its own environment brings (mypy
also searches the packages of the Python pip runs under, which here would hide a missing one).

Building needs a C compiler, the Python headers and the package index (pip fetches mypy,
setuptools and what the type check needs for the build); .ci/run installs the first two, so
in CI (CI=true) their absence fails instead of skipping. The wheel's build takes the better
part of a minute, so those tests are marked ``slow`` and run with ``pytest -m slow`` (README,
Tests); the suite's short version compiles one module with the hook's own compile step.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from tests.missing import missing

REPO = Path(__file__).resolve().parents[2]
SWITCH = "HATCH_BUILD_HOOK_ENABLE_CUSTOM"
REPORTS = Path(__file__).with_name("play_reports.py")


def _pyproject() -> dict[str, Any]:
    with open(REPO / "pyproject.toml", "rb") as file:
        return tomllib.load(file)


def _hook() -> dict[str, Any]:
    """The build hook's settings in pyproject.toml."""
    wheel = _pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]
    hook: dict[str, Any] = wheel["hooks"]["custom"]
    return hook


def compiled_modules() -> list[str]:
    """The modules pyproject.toml asks the build hook to compile, as dotted names."""
    paths: list[str] = _hook()["compile"]
    return [path.removesuffix(".py").replace("/", ".") for path in paths]


def _require_a_compiler() -> None:
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    headers = Path(sysconfig.get_paths()["include"], "Python.h")
    absent = [
        what
        for what, present in (
            (f"a C compiler ({compiler})", shutil.which(compiler)),
            (f"the Python headers ({headers})", headers.is_file()),
        )
        if not present
    ]
    if absent:
        missing(" and ".join(absent), "gcc, python3-dev")


def _fresh_python(folder: Path) -> Path:
    """The Python of a new virtual environment with nothing in it, not even pip."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _wheel(folder: Path, *, compiled: bool, python: Path | None = None) -> Path:
    """The wheel pip builds from the checkout, running under ``python`` (this one's pip,
    through ``--python``) when given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HATCH_BUILD")}
    if compiled:
        env[SWITCH] = "1"
    under = ["--python", str(python)] if python is not None else []
    done = subprocess.run(
        [sys.executable, "-m", "pip", *under, "wheel", "-q", "--no-deps", "-w", str(folder)]
        # hatchling is a test dependency: the pure build needs nothing fetched
        + ([] if compiled else ["--no-build-isolation"])
        + [str(REPO)],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = folder.glob("gmtool-*.whl")
    return wheel


def test_the_hook_compiles_a_module_that_draws_what_its_source_draws(tmp_path: Path) -> None:
    """The short version of the wheel's checks: the build hook's compile step, run here on
    the dice generator alone, gives an extension module that a child Python imports in place
    of the source and that draws the very numbers the source draws."""
    _require_a_compiler()
    sys.path.insert(0, str(REPO))
    try:
        from hatch_build import _compile
    finally:
        sys.path.remove(str(REPO))
    built = _compile(REPO, ["gmtool/dice/rng.py"], tmp_path / "scratch", "0")
    site = tmp_path / "site"
    shutil.copytree(REPO / "gmtool", site / "gmtool", ignore=shutil.ignore_patterns("__pycache__"))
    for path in built:
        target = site / path.relative_to(tmp_path / "scratch" / "lib")
        shutil.copy2(path, target)
    draw = (
        "import json, gmtool.dice.rng as m; r = m.Rng.from_seed(2026); "
        "print(json.dumps([m.__file__, [r.below(n) for n in (2, 6, 20, 100, 1 << 64) * 40]]))"
    )
    found = {}
    for name, path in (("compiled", site), ("pure", REPO)):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GMTOOL", "PYTHON"))}
        env["PYTHONPATH"] = str(path)
        done = subprocess.run(
            [sys.executable, "-c", draw], env=env, cwd=tmp_path, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr[-3000:]
        found[name] = json.loads(done.stdout)
    assert found["compiled"][0].endswith(tuple(EXTENSION_SUFFIXES)), found["compiled"][0]
    assert found["pure"][0].endswith("rng.py")
    assert found["compiled"][1] == found["pure"][1]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The compiled wheel, and a folder it is installed in (non-editable, no dependencies:
    those of the test environment serve)."""
    _require_a_compiler()
    scratch = tmp_path_factory.mktemp("compiled")
    wheel = _wheel(scratch / "dist", compiled=True, python=_fresh_python(scratch / "venv"))
    site = scratch / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), wheel],
        check=True,
        capture_output=True,
    )
    return wheel, site


def _play(path: Path, home: Path) -> dict[str, dict[str, object]]:
    """The reports and module files of gmtool found first at ``path``, in a child Python
    started outside the checkout."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GMTOOL", "PYTHON"))}
    env.update(PYTHONPATH=str(path), GMTOOL_HOME=str(home))
    done = subprocess.run(
        [sys.executable, str(REPORTS), *compiled_modules()],
        env=env,
        cwd=home,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    doc: dict[str, dict[str, object]] = json.loads(done.stdout)
    return doc


@pytest.mark.slow
def test_the_compiled_wheel_is_for_this_platform_only(compiled: tuple[Path, Path]) -> None:
    wheel, _ = compiled
    assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    for module in compiled_modules():
        source = module.replace(".", "/") + ".py"
        assert source in names  # the sources stay beside their extension modules
        stem = source.removesuffix(".py")
        assert any(name.startswith(stem + ".") and name.endswith(".so") for name in names)


@pytest.mark.slow
def test_the_compiled_simulators_report_what_the_pure_ones_do(
    compiled: tuple[Path, Path], tmp_path: Path
) -> None:
    _, site = compiled
    (tmp_path / "pure").mkdir()
    (tmp_path / "compiled").mkdir()
    pure = _play(REPO, tmp_path / "pure")
    fast = _play(site, tmp_path / "compiled")
    for module, file in fast["files"].items():
        assert isinstance(file, str)
        assert file.startswith(str(site)), (module, file)
        assert file.endswith(tuple(EXTENSION_SUFFIXES)), (module, file)
    for module, file in pure["files"].items():
        assert file == str(REPO / (module.replace(".", "/") + ".py"))
    assert len(pure["reports"]) == 14
    assert json.dumps(fast["reports"], sort_keys=True) == json.dumps(
        pure["reports"], sort_keys=True
    )


def test_the_build_type_checks_against_the_pydantic_gmtool_runs_with() -> None:
    """The build's environment brings its own pydantic for mypy to check the compiled
    modules against; its bounds are gmtool's own, so the two cannot drift apart."""
    runtime = [dep for dep in _pyproject()["project"]["dependencies"] if dep.startswith("pydantic")]
    assert runtime
    assert set(runtime) <= set(_hook()["dependencies"])


def test_the_default_wheel_is_pure_python(tmp_path: Path) -> None:
    """Without the switch the build hook is not even loaded: a wheel for any platform."""
    wheel = _wheel(tmp_path, compiled=False)
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        assert not [name for name in archive.namelist() if name.endswith((".so", ".pyd"))]
