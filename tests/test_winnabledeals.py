"""Winnable deals only (issue 11, part 4): the lists of deals the solver proved
can be won, real files in a tmp folder, the real solver, and the finder in a
real process (spawn)."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Iterator

import pytest

from solitaire_tk import new_game
from solitaire_tk.session import new_game_for
from solitaire_tk.solver import solve
from solitaire_tk.userdata import DataStore, Settings
from solitaire_tk.winnabledeals import (CAN_BE_WON, KEEP, NONE_READY, WinnableDeals,
                                        find_winnable)


def proved(game_id: str, variant: str, count: int, options: dict[str, bool] | None = None,
           ) -> list[int]:
    """Deals the solver proves winnable, found here in the test's own process (a
    short time a deal: a deal not decided at once is passed over sooner)."""
    found: list[int] = []
    find_winnable(game_id, variant, options or {}, count, found.append, seconds=0.3)
    assert len(found) == count
    return found


@pytest.fixture
def deals(tmp_path: Path) -> Iterator[WinnableDeals]:
    lists = WinnableDeals(tmp_path)
    yield lists
    lists.close()


def list_file(tmp_path: Path, name: str) -> Path:
    return tmp_path / "winnable" / name


@pytest.mark.parametrize("game_id, variant", [("thirteen", "standard"), ("dammit", "standard")])
def test_the_picker_only_returns_deals_the_solver_proves_winnable(
        deals: WinnableDeals, game_id: str, variant: str) -> None:
    # Few deals of these can be won (Thirteen: about 4 in 100, Dammit!: half), so a
    # picker that dealt any number at random would soon hand out one that is lost.
    for seed in proved(game_id, variant, 2):
        deals.add(game_id, variant, None, seed)
    settings = Settings()            # a new player: winnable deals only is on
    taken = [deals.take(settings, game_id, variant) for _ in range(2)]
    for seed in taken:
        assert seed is not None
        game = new_game(game_id, variant, seed=seed)
        verdict = solve(game, seconds=10.0)
        assert verdict.status == "winnable"
        assert deals.words(game) == CAN_BE_WON
    assert len(set(taken)) == 2
    assert deals.deals(game_id, variant) == []     # each taken deal left the list
    assert deals.take(settings, game_id, variant) is None   # empty: a random deal, as today
    assert deals.words(new_game(game_id, variant, seed=5)) == NONE_READY


def test_thirteens_easy_mode_has_a_list_of_its_own(deals: WinnableDeals) -> None:
    easy = {"easy_mode": True}
    seed = proved("thirteen", "standard", 1, easy)[0]
    deals.add("thirteen", "standard", easy, seed)
    assert deals.take(Settings(), "thirteen", "standard") is None   # not proved without it
    assert deals.take(Settings(), "thirteen", "standard", easy) == seed
    assert solve(new_game("thirteen", seed=seed, options=easy), 10.0).status == "winnable"


@pytest.mark.parametrize("damage", [
    b"\x00\xff not json at all", b'{"format": "solitaire-tk-winnable-deals", "version": 1, ',
    b"[1, 2, 3]", json.dumps({"format": "something else", "deals": [7]}).encode(),
    json.dumps({"format": "solitaire-tk-winnable-deals", "version": 1,
                "list": "double-standard.json", "deals": [7, "8", -3]}).encode(),
    json.dumps({"format": "solitaire-tk-winnable-deals", "version": 1,
                "list": "cruel-standard.json", "deals": [7]}).encode(),   # another game's
    b" " * (200 * 1024)])
def test_a_damaged_list_is_started_again_with_no_error(deals: WinnableDeals, tmp_path: Path,
                                                      damage: bytes) -> None:
    path = list_file(tmp_path, "double-standard.json")
    path.parent.mkdir()
    path.write_bytes(damage)
    assert deals.deals("double", "standard") == []
    assert deals.take(Settings(), "double", "standard") is None   # a random deal, no error
    seed = proved("double", "standard", 1)[0]
    deals.add("double", "standard", None, seed)                    # made again, whole
    data = json.loads(path.read_text())
    assert data["deals"] == [seed]
    assert WinnableDeals(tmp_path).deals("double", "standard") == [seed]


def test_a_folder_where_the_list_should_be_keeps_the_list_in_memory(
        deals: WinnableDeals, tmp_path: Path) -> None:
    list_file(tmp_path, "double-standard.json").mkdir(parents=True)
    seed = proved("double", "standard", 1)[0]
    deals.add("double", "standard", None, seed)     # cannot be written: no error
    assert deals.take(Settings(), "double", "standard") == seed
    assert deals.take(Settings(), "double", "standard") is None


def test_with_the_option_off_new_game_deals_at_random_as_today(tmp_path: Path) -> None:
    store = DataStore(tmp_path / "data")
    lists = WinnableDeals(store.folder)
    waiting = proved("klondike", "draw3", 2)
    for seed in waiting:
        lists.add("klondike", "draw3", None, seed)
    store.update_settings(winnable_deals=["klondike/draw1"])   # on for draw one only
    game = new_game_for(store, "klondike", "draw3", deals=lists)
    assert game.seed not in waiting
    assert lists.deals("klondike", "draw3") == waiting          # nothing was taken
    assert lists.words(game) == ""                               # and nothing is claimed
    store.update_settings(winnable_deals=["klondike/draw3"])
    assert new_game_for(store, "klondike", "draw3", deals=lists).seed == waiting[0]
    # A deal number asked for is dealt as it is, list or not.
    assert new_game_for(store, "klondike", "draw3", seed=77, deals=lists).seed == 77
    assert lists.deals("klondike", "draw3") == waiting[1:]


def test_new_players_have_the_option_on_and_earlier_players_keep_their_deals(
        tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    earlier = {"id": "sam", "name": "Sam", "settings": {"card_back": "red"}}   # an older app's
    (folder / "settings.json").write_text(json.dumps(
        {"format": "solitaire-tk-settings", "version": 1, "current_player": "sam",
         "players": [earlier]}))
    store = DataStore(folder)
    assert store.current_player == "Sam" and store.settings.card_back == "red"
    assert store.settings.winnable_deals == []
    store.add_player("Ada")
    store.switch_player("Ada")
    assert "klondike/draw3" in store.settings.winnable_deals
    assert "thirteen/standard" in store.settings.winnable_deals
    again = DataStore(folder)                                   # and it is kept so
    again.switch_player("Sam")
    assert again.settings.winnable_deals == []
    with pytest.raises(ValueError):
        again.update_settings(winnable_deals=["klondike/draw7"])


def test_the_finder_fills_the_list_in_a_process_of_its_own(deals: WinnableDeals,
                                                          tmp_path: Path) -> None:
    game = new_game("klondike", "draw1", seed=3)
    assert deals.refill(Settings(), game)
    assert deals.busy()
    end = time.monotonic() + 120
    while deals.poll() and time.monotonic() < end:
        time.sleep(0.1)
    assert not deals.busy()
    found = deals.deals("klondike", "draw1")
    assert len(found) == KEEP
    for seed in found:
        assert solve(new_game("klondike", "draw1", seed=seed), 10.0).status == "winnable"
    assert json.loads(list_file(tmp_path, "klondike-draw1.json").read_text())["deals"] == found
    assert not deals.refill(Settings(), game)     # full: the finder is not asked again
    worker = deals._finder.process
    deals.close()
    assert not worker.is_alive()


def test_the_finder_is_not_asked_when_the_option_is_off(deals: WinnableDeals) -> None:
    assert not deals.refill(Settings(winnable_deals=[]), new_game("cruel", seed=1))
    assert not deals.busy() and deals._finder.process is None


FINDER_IN_A_WINDOW = """
import sys, time
from solitaire_tk import new_game
from solitaire_tk.userdata import Settings
from solitaire_tk.winnabledeals import WinnableDeals
if __name__ == "__main__":
    deals = WinnableDeals(sys.argv[1])
    deals.refill(Settings(), new_game("klondike", "draw1-single", seed=1))
    print(deals._finder.process.pid, flush=True)
    time.sleep(600)
"""


def running(pid: int) -> bool:
    """Whether process `pid` is still there (a zombie waiting to be reaped is not)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_the_finder_ends_by_itself_when_its_window_is_killed(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    script = tmp_path / "window.py"
    script.write_text(FINDER_IN_A_WINDOW)
    window = subprocess.Popen([sys.executable, str(script), str(tmp_path)],
                              stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])})
    assert window.stdout is not None
    finder = int(window.stdout.readline())
    assert running(finder)
    os.kill(window.pid, signal.SIGKILL)     # no close(), no "stop" for the finder
    window.wait()
    end = time.monotonic() + 20             # not its whole batch (up to 30 s)
    while running(finder) and time.monotonic() < end:
        time.sleep(0.2)
    assert not running(finder)
