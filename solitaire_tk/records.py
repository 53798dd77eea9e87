"""Record classes (`@record`), as `dataclasses.dataclass` makes them, but cheap to define.

`dataclasses` (Python 3.11) compiles each method of each class on its own, and
loads `inspect` to do it: about 0.8 ms a class, and the app defines dozens
before its window can open (the start-up goal is 0.3 s on an old school PC).
`record` compiles the methods that run often (`__init__`, `__eq__`, `__hash__`)
in one go per class, so they are as quick as a dataclass's, and builds the
rest from shared functions: a fifth of the cost.  It compiles them when one
is first called, so a class the window does not use before it opens costs
almost nothing.  Type checkers see it as a
dataclass (`dataclass_transform`).

What it does, as `dataclass` does: fields are the class's annotations in order
(`ClassVar` ones left out, a base record's fields first) with their defaults
or `field(...)`; `__init__` takes them in that order, by position or by name;
`__repr__` and `__eq__` (same class only) unless the class writes its own;
`frozen=True` forbids setting fields after `__init__` and, with `eq`, gives a
`__hash__`; `slots=True` gives a class with `__slots__` (it pickles, frozen
too).  `fields`, `asdict` and `replace` work as their `dataclasses` namesakes.
Left out because nothing here uses them: `order`, `kw_only`, `InitVar`,
`__post_init__` arguments, `__match_args__`.
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar, dataclass_transform, overload

T = TypeVar("T")
_MISSING: Any = object()
_FIELDS = "__record_fields__"


class FrozenInstanceError(AttributeError):
    """A field of a frozen record was set or deleted."""


class Field:
    """One field of a record: its name and how it is filled and compared."""

    __slots__ = ("name", "default", "default_factory", "init", "repr", "compare")

    def __init__(self, default: Any = _MISSING, default_factory: Any = _MISSING,
                 init: bool = True, repr: bool = True, compare: bool = True) -> None:
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


@overload
def field(*, default: T, init: bool = ..., repr: bool = ..., compare: bool = ...) -> T: ...
@overload
def field(*, default_factory: Callable[[], T], init: bool = ..., repr: bool = ...,
          compare: bool = ...) -> T: ...
@overload
def field(*, init: bool = ..., repr: bool = ..., compare: bool = ...) -> Any: ...
def field(*, default: Any = _MISSING, default_factory: Any = _MISSING, init: bool = True,
          repr: bool = True, compare: bool = True) -> Any:
    """A field's default made fresh for each record, or a field left out of
    `__init__`, `__repr__` or `__eq__` (as `dataclasses.field`)."""
    return Field(default, default_factory, init, repr, compare)


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(*, frozen: bool = False, slots: bool = False, eq: bool = True
           ) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(field_specifiers=(field, Field))
def record(cls: Any = None, /, *, frozen: bool = False, slots: bool = False,
           eq: bool = True) -> Any:
    """Make `cls` a record class (see the module's words)."""
    def make(cls: Any) -> Any:
        return _make_record(cls, frozen, slots, eq)
    return make if cls is None else make(cls)


def fields(cls_or_record: Any) -> tuple[Field, ...]:
    """The fields of a record class or record, in order."""
    return tuple(getattr(cls_or_record, _FIELDS).values())


def asdict(item: Any) -> dict[str, Any]:
    """A record as a dict of its fields, records, lists and dicts in it copied too."""
    return {name: _copied(getattr(item, name)) for name in getattr(item, _FIELDS)}


def replace(item: T, **changes: Any) -> T:
    """A new record like `item` with `changes` made (fields outside `__init__` start afresh)."""
    values = {f.name: getattr(item, f.name) for f in fields(item) if f.init}
    values.update(changes)
    return type(item)(**values)


def _copied(value: Any) -> Any:
    if hasattr(type(value), _FIELDS):
        return asdict(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(each) for each in value)
    if isinstance(value, dict):
        return {key: _copied(each) for key, each in value.items()}
    return value


def _is_class_var(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _make_record(cls: Any, frozen: bool, slots: bool, eq: bool) -> Any:
    every: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        every.update(getattr(base, _FIELDS, {}))
    own = []
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_class_var(annotation):
            continue
        value = cls.__dict__.get(name, _MISSING)
        spec = value if isinstance(value, Field) else Field(default=value)
        spec.name = name
        every[name] = spec
        own.append(name)
    if slots:
        cls = _with_slots(cls, own)
    else:
        for name in own:   # a field() is no class attribute; a plain default stays one
            if isinstance(cls.__dict__.get(name), Field):
                delattr(cls, name)
    setattr(cls, _FIELDS, every)
    specs = tuple(every.values())
    _add(cls, "__repr__", _repr(tuple(f.name for f in specs if f.repr)))
    explicit_hash = "__hash__" in cls.__dict__ and not (
        cls.__dict__["__hash__"] is None and "__eq__" in cls.__dict__)
    made = [name for name in ("__init__", "__eq__") if name not in cls.__dict__
            and (eq or name == "__init__")]
    if eq and not explicit_hash:
        if frozen:
            made.append("__hash__")
        else:
            cls.__hash__ = None
    _compile_when_called(cls, specs, frozen, eq, made)
    if frozen:
        cls.__setattr__ = _refuse_set(cls, every)
        cls.__delattr__ = _refuse_delete(cls, every)
        if slots:   # pickle and copy set the fields without __setattr__
            _add_state(cls, tuple(every))
    return cls


def _compile_when_called(cls: Any, specs: tuple[Field, ...], frozen: bool, eq: bool,
                         names: list[str]) -> None:
    """Give `cls` stand-ins for the methods `names` that, at the first call of
    any of them, compile all of them, put them in their place and run."""
    def compile_now() -> dict[str, Any]:
        made = _compiled(specs, frozen, eq, frozen)
        for name in names:
            method = made[name]
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
        return made

    def stand_in(name: str) -> Callable[..., Any]:
        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            return compile_now()[name](self, *args, **kwargs)
        method.__name__ = name
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        return method

    for name in names:
        setattr(cls, name, stand_in(name))


def _add_state(cls: Any, names: tuple[str, ...]) -> None:
    def __getstate__(self: Any) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in names)

    def __setstate__(self: Any, state: tuple[Any, ...]) -> None:
        for name, value in zip(names, state):
            object.__setattr__(self, name, value)
    _add(cls, "__getstate__", __getstate__)
    _add(cls, "__setstate__", __setstate__)


def _with_slots(cls: Any, own: list[str]) -> Any:
    body = dict(cls.__dict__)
    body["__slots__"] = tuple(own)
    for name in (*own, "__dict__", "__weakref__"):
        body.pop(name, None)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    return made


def _add(cls: Any, name: str, method: Callable[..., Any]) -> None:
    """Add a made method unless the class writes its own."""
    if name not in cls.__dict__:
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)


def _compiled(specs: tuple[Field, ...], set_through_object: bool, eq: bool, hashed: bool
              ) -> dict[str, Any]:
    """`__init__` (and `__eq__`, `__hash__`) for these fields, compiled together.

    Only field names (Python identifiers, checked by the class statement) go
    into the source; defaults and factories are passed in by name.
    """
    params, body = ["self"], []
    names: dict[str, Any] = {"__object": object, "__missing": _MISSING}
    for spec in specs:
        name = spec.name
        if spec.default_factory is not _MISSING:
            names[f"__make_{name}"] = spec.default_factory
            value = f"__make_{name}()"
            if spec.init:
                params.append(f"{name}=__missing")
                value = f"__make_{name}() if {name} is __missing else {name}"
        elif spec.init:
            if spec.default is not _MISSING:
                names[f"__default_{name}"] = spec.default
                params.append(f"{name}=__default_{name}")
            else:
                params.append(name)
            value = name
        else:
            names[f"__default_{name}"] = spec.default
            value = f"__default_{name}"
        body.append(f"  __object.__setattr__(self, {name!r}, {value})" if set_through_object
                    else f"  self.{name} = {value}")
    source = [f"def __init__({', '.join(params)}):", *(body or ["  pass"])]
    if eq:
        compared = [spec.name for spec in specs if spec.compare]
        mine = "".join(f"self.{name}," for name in compared)
        theirs = "".join(f"other.{name}," for name in compared)
        source += ["def __eq__(self, other):",
                   "  if other.__class__ is self.__class__:",
                   f"    return ({mine}) == ({theirs})",
                   "  return NotImplemented"]
        if hashed:
            source += ["def __hash__(self):", f"  return hash(({mine}))"]
    made: dict[str, Any] = {}
    exec("\n".join(source), names, made)   # noqa: S102 (field names only, see above)
    return made


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        inside = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({inside})"
    return __repr__


def _refuse_set(cls: Any, every: dict[str, Field]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in every:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)
    return __setattr__


def _refuse_delete(cls: Any, every: dict[str, Field]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in every:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)
    return __delattr__
