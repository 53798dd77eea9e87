"""`records.record` behaves as `dataclasses.dataclass` does for what the app uses."""

from __future__ import annotations

import copy
import pickle
import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest

from solitaire_tk.cards import Card
from solitaire_tk.moves import Move
from solitaire_tk.records import FrozenInstanceError, asdict, field, fields, record, replace
from solitaire_tk.solver import Verdict

ROOT = Path(__file__).resolve().parent.parent


@record
class Box:
    width: int
    height: int = 2
    labels: list[str] = field(default_factory=list)
    kind: ClassVar[str] = "box"


@record(frozen=True, slots=True)
class Point:
    x: int
    y: int = 0
    note: str = field(default="", compare=False, repr=False)


@record(frozen=True)
class Named:
    name: str

    def __repr__(self) -> str:
        return f"<{self.name}>"


def test_fields_in_order_with_defaults_and_fresh_factories() -> None:
    one, two = Box(3), Box(4, labels=["a"])
    assert (one.width, one.height, one.labels) == (3, 2, [])
    one.labels.append("x")
    assert Box(5).labels == [], "each record gets its own list"
    assert two.labels == ["a"]
    assert [f.name for f in fields(Box)] == ["width", "height", "labels"]
    assert Box.kind == "box" and "kind" not in asdict(one)


def test_wrong_arguments_are_refused_as_a_dataclass_refuses_them() -> None:
    with pytest.raises(TypeError):
        Box()   # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Box(1, 2, [], 4)   # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Box(1, width=2)   # type: ignore[misc]
    with pytest.raises(TypeError):
        Box(1, depth=2)   # type: ignore[call-arg]


def test_equality_hash_and_repr() -> None:
    assert Box(1) == Box(1) and Box(1) != Box(2)
    assert Box(1) != Point(1)
    with pytest.raises(TypeError):
        hash(Box(1))   # not frozen: no hash, as with dataclasses
    assert Point(1, 2, "a") == Point(1, 2, "b"), "a field left out of comparing"
    assert hash(Point(1, 2, "a")) == hash(Point(1, 2, "b"))
    assert len({Point(1), Point(1), Point(2)}) == 2
    assert repr(Point(1, 2, "hidden")) == "Point(x=1, y=2)"
    assert repr(Box(1)) == "Box(width=1, height=2, labels=[])"
    assert repr(Named("a")) == "<a>", "a class's own method is kept"


def test_frozen_records_cannot_change() -> None:
    point = Point(1)
    with pytest.raises(FrozenInstanceError):
        point.x = 3   # type: ignore[misc]
    with pytest.raises(AttributeError):
        del point.y   # type: ignore[misc]
    assert not hasattr(point, "__dict__"), "slots: no dict per record"
    with pytest.raises(AttributeError):
        Named("a").other = 1   # type: ignore[attr-defined]


def test_records_pickle_and_copy_frozen_and_slotted_too() -> None:
    verdict = Verdict("winnable", (Move("move", src="t1", dst="f1"),), 5)
    assert pickle.loads(pickle.dumps(verdict)) == verdict   # what solverprocess sends
    card = Card(5, "H").turned(False)
    again = pickle.loads(pickle.dumps(card))
    assert again == card and again.turned(True) == Card(5, "H")
    assert copy.deepcopy(Point(1, 2)) == Point(1, 2)
    assert pickle.loads(pickle.dumps(Box(1, labels=["a"]))) == Box(1, labels=["a"])


def test_replace_and_asdict() -> None:
    assert replace(Point(1, 2, "n"), y=5) == Point(1, 5)
    assert replace(Move("move", src="t1", dst="t2", index=3), index=None).index is None
    nested = Box(1, labels=["a"])
    copied = asdict(nested)
    assert copied == {"width": 1, "height": 2, "labels": ["a"]}
    copied["labels"].append("b")
    assert nested.labels == ["a"], "asdict copies what it holds"


def test_cards_keep_their_other_side_out_of_comparing() -> None:
    up = Card(7, "S")
    down = up.turned(False)
    assert up.turned(False) is down and down.turned(True) is up
    assert Card(7, "S") == up and hash(Card(7, "S")) == hash(up)
    assert repr(down) == "[7S]"


def test_the_app_defines_its_records_without_loading_dataclasses() -> None:
    code = ("import sys, solitaire_tk.ui.app, solitaire_tk.ui.launch\n"
            "print('dataclasses' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, env={"PYTHONPATH": str(ROOT)})
    assert result.stdout.strip() == "False", result.stderr


def test_methods_are_compiled_at_their_first_call_whichever_comes_first() -> None:
    import copy

    @record(frozen=True)
    class Pair:
        left: int
        right: int = 2

    assert "left" not in Pair.__dict__["__init__"].__code__.co_varnames, "not compiled yet"
    twin = copy.copy(Pair.__new__(Pair))        # no __init__ ran: equality comes first
    object.__setattr__(twin, "left", 1)
    object.__setattr__(twin, "right", 2)
    assert hash(twin) == hash(Pair(1)) and twin == Pair(1) and twin != Pair(1, 3)
    assert Pair.__dict__["__init__"].__code__.co_varnames[:3] == ("self", "left", "right")
    assert Pair.__init__.__qualname__.endswith("Pair.__init__")
