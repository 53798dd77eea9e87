"""The move record (SPEC section 2) and the error raised for an illegal move."""

from __future__ import annotations

from typing import Any, Mapping

from .records import record

ACTIONS = ("move", "flip", "recycle", "redeal", "deal", "remove", "reserve", "pickup", "place")

JsonDict = dict[str, Any]


class IllegalMove(Exception):
    """A move the rules do not allow; `reason` is a sentence for a pupil."""

    def __init__(self, reason: str, move: Move | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class MoveFormatError(ValueError):
    """A move record that is not even shaped like a move."""


@record(frozen=True, slots=True)
class Move:
    """One player action; only the fields that apply to its action are set."""

    action: str
    src: str | None = None
    dst: str | None = None
    count: int = 1
    index: int | None = None
    piles: tuple[str, ...] | None = None

    def to_json(self) -> JsonDict:
        out: JsonDict = {"action": self.action}
        if self.src is not None:
            out["src"] = self.src
        if self.dst is not None:
            out["dst"] = self.dst
        if self.count != 1:
            out["count"] = self.count
        if self.index is not None:
            out["index"] = self.index
        if self.piles is not None:
            out["piles"] = list(self.piles)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Move:
        """Build a move from its JSON object, checking every field's type.

        Keys a move does not have (such as a log entry's `t`) are ignored.
        """
        if not isinstance(data, Mapping):
            raise MoveFormatError("A move must be a JSON object.")
        action = data.get("action")
        if action not in ACTIONS:
            raise MoveFormatError(f"'{action}' is not a kind of move.")
        src = _optional_str(data, "src")
        dst = _optional_str(data, "dst")
        count = data.get("count", 1)
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise MoveFormatError("'count' must be a whole number of at least 1.")
        index = data.get("index")
        if index is not None and (isinstance(index, bool) or not isinstance(index, int) or index < 0):
            raise MoveFormatError("'index' must be a whole number of at least 0.")
        piles = data.get("piles")
        if piles is not None:
            if not isinstance(piles, (list, tuple)) or not all(isinstance(p, str) for p in piles):
                raise MoveFormatError("'piles' must be a list of pile names.")
            piles = tuple(piles)
        return cls(str(action), src, dst, count, index, piles)


def as_move(move: Move | Mapping[str, Any]) -> Move:
    return move if isinstance(move, Move) else Move.from_json(move)


def _optional_str(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise MoveFormatError(f"'{key}' must be a pile name.")
    return value
