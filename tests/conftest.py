"""Shared fixtures.  GUI tests run a real, shown Tk window on a virtual X
screen: if no DISPLAY is set, one Xvfb is started for the whole run."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from tests.xvfb import start_xvfb


NO_SCREEN = ("GUI tests need a screen: install Xvfb (sudo apt-get install xvfb) "
             "or run them where DISPLAY is set")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Every GUI test skipped for want of a screen is told at one place, so the
    summary says it in one line rather than once per test."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if (report.skipped and isinstance(report.longrepr, tuple)
            and report.longrepr[2].endswith(NO_SCREEN)):
        report.longrepr = (__file__, 1, report.longrepr[2])


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A usable X display (the one set, or a fresh Xvfb)."""
    process = None
    if not os.environ.get("DISPLAY"):
        process = start_xvfb()
        if process is None:
            pytest.skip(NO_SCREEN)
    yield os.environ["DISPLAY"]
    if process is not None:
        process.terminate()
        process.wait(timeout=5)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    return folder


@pytest.fixture
def driver_for(display: str, data_dir: Path) -> Iterator[Callable[..., Any]]:
    """Open the real app window on a game; every window is closed afterwards."""
    from .gui import Driver
    made: list[Driver] = []

    def make(game: Any, geometry: str = "1200x760+0+0", **settings: Any) -> Driver:
        driver = Driver(game, data_dir, geometry, **settings)
        made.append(driver)
        return driver

    yield make
    for driver in made:
        driver.close()
