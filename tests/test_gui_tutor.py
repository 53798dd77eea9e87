"""The tutor panel under Xvfb: help pages, Show moves, hints and replay,
checked against the engine and the headless tutor."""

from __future__ import annotations

import json
from pathlib import Path

from solitaire_tk import GAME_IDS, Move, Replay, new_game
from solitaire_tk.tutor.guide import move_map
from solitaire_tk.tutor.hints import rank_hints
from solitaire_tk.ui.statusbar import ELLIPSIS
from solitaire_tk.ui.table import CASING, CASING_COLOUR

from .gui import Driver
from .helpers import arrange

GOLDEN = Path(__file__).parent / "golden"


def drawn_piles(d: Driver) -> dict[str, list[str]]:
    """What the canvas shows: the cards drawn per pile, as the table recorded them."""
    return {pid: [repr(c) for c in cards] for pid, cards in d.table._drawn.items()}


def piles_of(game) -> dict[str, list[str]]:
    return {pid: [repr(c) for c in cards] for pid, cards in game.piles.items()}


def inside(point: tuple[float, float], rect) -> bool:
    return rect.x - 1 <= point[0] <= rect.x + rect.w + 1 and rect.y - 1 <= point[1] <= rect.y + rect.h + 1


def test_help_renders_each_game_s_lesson(driver_for) -> None:
    d = driver_for(new_game("cruel", seed=1))
    for game_id in GAME_IDS:
        d.app.new_game(game_id)
        d.pump()
        text = d.app.panel.help.text
        content = text.get("1.0", "end")
        assert "**" not in content and "\n## " not in content and "{#" not in content
        assert text.tag_ranges("h2") and text.tag_ranges("bold") and text.tag_ranges("item")
        assert d.app.panel.help.lesson.game_id == game_id
    d.key("F1")
    assert d.app.panel.help.shown_section() == "goal"
    assert d.app.panel.book.index("current") == 0


def test_the_replay_tab_shows_its_controls_when_clicked(driver_for) -> None:
    d = driver_for(new_game("cruel", seed=1))
    book = d.app.panel.book
    assert d.app.panel._replay is None, "made when first wanted, not at start-up"
    x = next(x for x in range(book.winfo_width()) if book.identify(x, 10) == "label"
             and book.index(f"@{x},10") == 1)
    book.event_generate("<ButtonPress-1>", x=x, y=10)
    book.event_generate("<ButtonRelease-1>", x=x, y=10)
    d.pump(100)
    assert book.index("current") == 1
    view = d.app.panel.replay
    assert view.winfo_ismapped() and view.buttons["play"].winfo_ismapped()
    assert "Open a saved game" in view.intro.cget("text")


def test_show_moves_outlines_exactly_the_engine_s_movable_cards(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    assert d.app.show_moves.get()
    expected = move_map(d.game).cards
    assert set(d.app.marks.movable) == expected == {("tableau1", 0), ("tableau7", 6)}
    assert len(d.table.find_withtag("mark:movable")) == len(expected)
    # Held: the places it may go light up.
    d.click(*d.card_point("tableau1"))  # click plays 6S onto 7D, the only place
    assert d.game.log[-1]["dst"] == "tableau2"
    assert set(d.app.marks.movable) == move_map(d.game).cards
    d.app.show_moves.set(False)
    d.pump()
    assert d.table.find_withtag("mark:movable") == ()


def test_held_card_lights_its_targets_and_stock_only_is_outlined(driver_for) -> None:
    game = arrange(new_game("thirteen", seed=5), {"pile1": "9C", "pile2": "4H", "pile3": "4S",
                                                 "pile4": "2D"})
    d = driver_for(game)
    d.click(*d.card_point("pile1"))
    assert d.app.controls.held == ("pile1", 0)
    lit = d.table.find_withtag("mark:targets")
    assert len(lit) == 2
    stuck = arrange(new_game("klondike", seed=1), {pid: "" for pid in game_pile_ids("klondike")})
    arrange(stuck, {"stock": "[AS] [3S]", "tableau1": "9H"})
    d.app.start(stuck)
    d.pump()
    assert d.app.marks.movable == [("stock", 1)]


def outline_widths(d: Driver, kind: str) -> list[tuple[float, float]]:
    """(line, casing) widths of each outline of a mark, after checking each line
    has its dark casing under it, so it shows on the felt and on a white card."""
    table = d.table
    lines, casings = table.find_withtag(f"mark:{kind}"), table.find_withtag(f"casing:{kind}")
    assert len(lines) == len(casings) > 0
    for line, casing in zip(lines, casings):
        assert table.coords(line) == table.coords(casing)
        assert table.itemcget(casing, "outline") == CASING_COLOUR
        assert table.find_above(casing) == (line,)   # the line on top of its casing
    return [(float(table.itemcget(line, "width")), float(table.itemcget(casing, "width")))
            for line, casing in zip(lines, casings)]


def test_show_moves_outlines_are_cased_and_grow_with_the_cards(driver_for) -> None:
    """A projector at the back of a classroom: a 3-pixel line on 150-pixel cards
    was lost, and the light line on a white card could not be seen at all."""
    small = driver_for(new_game("klondike", seed=42), geometry="900x640+0+0")
    assert small.table.layout.card_w < 100
    assert set(outline_widths(small, "movable")) == {(3, 3 + 2 * CASING)}
    assert "Cards that can move have an outline" in small.app.panel.message.cget("text")
    big = driver_for(new_game("klondike", seed=42), geometry="1900x1000+0+0")
    assert big.table.layout.card_w >= 150
    (line, casing), = set(outline_widths(big, "movable"))
    assert line >= 5 and casing == line + 2 * CASING


def test_a_held_card_lights_only_where_it_may_go_until_put_back(driver_for) -> None:
    """The outlines of the cards that can move and of the places a held card may
    go are both greens (the same yellow to a red-green colour-blind pupil): while
    a card is held, only the places it may go are outlined."""
    game = arrange(new_game("thirteen", seed=5), {"pile1": "9C", "pile2": "4H", "pile3": "4S",
                                                 "pile4": "2D"})
    d = driver_for(game)
    table = d.table

    def shown(tag: str) -> set[str]:
        return {table.itemcget(item, "state") or "normal" for item in table.find_withtag(tag)}

    assert shown("mark:movable") == shown("casing:movable") == {"normal"}
    d.click(*d.card_point("pile1"))
    assert d.app.controls.held == ("pile1", 0) and len(table.find_withtag("mark:targets")) == 2
    assert shown("mark:movable") == shown("casing:movable") == {"hidden"}
    d.key("Escape")
    assert d.app.controls.held is None and not table.find_withtag("mark:targets")
    assert shown("mark:movable") == shown("casing:movable") == {"normal"}


def game_pile_ids(game_id: str) -> tuple[str, ...]:
    return new_game(game_id, seed=1).pile_ids


def test_hint_arrow_points_from_and_to_the_tutor_s_move(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    ranked = rank_hints(d.game)
    d.key("h")
    line = d.table.find_withtag("mark:hint")
    assert line, "an arrow is drawn"
    x1, y1, x2, y2 = d.table.coords(line[-1])
    move = ranked[0].move
    pile, index = d.game.touches(move)[0]
    assert inside((x1, y1), d.table.card_rect(pile, index))
    assert inside((x2, y2), d.table.target_rect(move.dst))
    assert ranked[0].why in d.status() and "hint 1 of" in d.status()
    d.key("h")
    assert ranked[1].why in d.status() and "hint 2 of" in d.status()
    assert d.app.used_hints


def test_hint_when_the_game_is_over_says_why(driver_for) -> None:
    game = arrange(new_game("dammit", seed=4), {
        "stock": "[2C] KH", **{f"box{n}": "" for n in range(1, 17)},
        "box1": "KC", "box4": "KD", "box13": "KS", "box16": "5H"})
    d = driver_for(game)
    d.key("h")
    assert "King of hearts" in d.status() and "corner" in d.status()
    assert d.table.find_withtag("mark:hint") == ()


def test_replay_steps_forward_and_back_to_the_engine_s_positions(driver_for, tmp_path) -> None:
    path = GOLDEN / "thirteen-standard.json"
    replay = Replay(path)
    d = driver_for(new_game("klondike", seed=3))
    d.app.open_file(str(path))
    assert d.app.replaying and d.app.panel.book.index("current") == 1
    assert drawn_piles(d) == piles_of(replay.game_at(0))
    for n in range(1, 8):
        d.key("Right")
        assert drawn_piles(d) == piles_of(replay.game_at(n)), n
        assert d.app.replay.session.step == n
    for n in (6, 5):
        d.key("Left")
        assert drawn_piles(d) == piles_of(replay.game_at(n))
    d.key("End")
    assert drawn_piles(d) == piles_of(replay.game_at(len(replay)))
    d.key("Home")
    assert drawn_piles(d) == piles_of(replay.game_at(0))
    view = d.app.panel.replay
    view.buttons["forward"].invoke()
    view.buttons["forward"].invoke()
    d.pump()
    assert drawn_piles(d) == piles_of(replay.game_at(2))
    view.steps.selection_clear(0, "end")
    view.steps.selection_set(10)
    view.steps.event_generate("<<ListboxSelect>>")
    d.pump()
    assert drawn_piles(d) == piles_of(replay.game_at(10))
    shown = str(view.steps.get(10))   # cut at a word with "..." where the row is too narrow
    assert f"10. {replay.steps[9]}".startswith(shown.rstrip(ELLIPSIS)) and len(shown) > 20
    # The move about to be made is marked on the table.
    assert d.table.find_withtag("mark:next")
    # The live game was not touched, and the table will not take moves.
    assert d.game.game_id == "klondike" and d.game.log == []
    before = drawn_piles(d)
    rect = d.table.target_rect("pile1")
    d.click(int(rect.x + 5), int(rect.y + 5))
    assert drawn_piles(d) == before and "replay" in d.status().lower()


def test_replay_plays_by_itself_and_play_from_here_continues(driver_for) -> None:
    path = GOLDEN / "klondike-draw1.json"
    replay = Replay(path)
    d = driver_for(new_game("cruel", seed=3))
    d.app.open_file(str(path))
    view = d.app.panel.replay
    view.speed.set("Very fast")
    view.buttons["play"].invoke()
    d.pump(700)
    view.toggle_play()
    step = d.app.replay.session.step
    assert step >= 2 and drawn_piles(d) == piles_of(replay.game_at(step))
    view.take_over.invoke()
    d.pump()
    assert not d.app.replaying
    assert d.game.game_id == "klondike" and len(d.game.log) == step
    assert d.game.position() == replay.game_at(step).position()
    move = d.game.legal_moves()[0]
    assert d.app.try_move(move) and len(d.game.log) == step + 1
    assert json.loads(path.read_text(encoding="utf-8"))["log"] == \
        json.loads(path.read_text(encoding="utf-8"))["log"], "the saved file is unchanged"


def test_a_damaged_saved_game_opens_nothing_and_says_where(driver_for, tmp_path,
                                                           monkeypatch) -> None:
    errors: list[str] = []
    monkeypatch.setattr("tkinter.messagebox.showerror",
                        lambda title, text, parent=None: errors.append(text))
    record = json.loads((GOLDEN / "cruel-standard.json").read_text(encoding="utf-8"))
    record["log"][6] = {"action": "move", "src": "foundation1", "dst": "pile2"}
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    d = driver_for(new_game("cruel", seed=3))
    d.app.open_file(str(bad))
    assert not d.app.replaying
    assert errors and "Entry 7" in errors[0] and "never leave a suit stack" in errors[0]


def test_replay_of_the_current_game_and_close(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    d.click(*d.card_point("tableau7"))
    d.click(*d.card_point("stock"))
    live = piles_of(d.game)
    d.key("e", state=0x4)  # Ctrl+E
    assert d.app.replaying and len(d.app.replay.session) == 2
    assert drawn_piles(d) == piles_of(new_game("klondike", seed=42))
    d.app.panel.replay.buttons["last"].invoke()
    d.pump()
    assert drawn_piles(d) == live
    d.app.replay.close()
    d.pump()
    assert not d.app.replaying and drawn_piles(d) == live
    assert d.app.try_move(Move("flip"))


def test_hint_says_when_every_move_only_goes_round_in_a_circle(driver_for) -> None:
    game = new_game("klondike", seed=1)
    arrange(game, {pid: "" for pid in game.pile_ids})
    arrange(game, {"tableau1": "[2D] 9S", "tableau2": "[3D] 9C", "tableau3": "8H",
                   "foundation1": "AH"})
    d = driver_for(game)
    assert d.app.try_move(Move("move", "tableau3", "tableau1"))
    assert d.app.try_move(Move("move", "tableau1", "tableau2"))
    # A move is still legal, but it only goes back: the game is over (SPEC 2).
    assert d.game.is_over() and d.game.moves_left_when_over()
    d.key("h")
    assert "you can still move cards, but no card can ever reach a home stack" in d.status()
    assert d.table.find_withtag("mark:hint") == ()


def test_replay_buttons_explain_themselves(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    d.app.panel.show_replay()
    d.pump()
    tip = d.app.panel.replay.tips[2]
    tip.widget.event_generate("<Enter>")
    d.pump(700)
    assert tip.shown and "Space" in tip.text
    tip.widget.event_generate("<Leave>")
    d.pump()
    assert not tip.shown
