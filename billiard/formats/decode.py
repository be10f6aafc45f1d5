"""Decoding that validates: JSON text or already-parsed JSON values -> a typed format,
or one :class:`BilliardError` line naming the file, the field and the rule broken, e.g.
``shot.json: strike.speed: must be <= 15 m/s``.

Every file and message goes through :func:`decode` (bytes) or :func:`convert` (a value
already parsed, such as the dict that ``billiard.simulate`` takes); msgspec checks the
types and the constraints declared on the definitions, and :func:`one_line` words its
errors the same way for all of them. A field's unit comes from its ``Meta(extra={"unit":
...})``, so the message says "m/s" where the definition does.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any, TypeVar

import msgspec
from msgspec import inspect as mi

from billiard.errors import BilliardError

T = TypeVar("T")
_NOTHING: Any = object()  # no parsed document at hand

_KIND_NAMES = {
    "float": "a number",
    "int": "an integer",
    "str": "a string",
    "bool": "true or false",
    "array": "a list",
    "object": "an object",
    "null": "null",
}
_BOUND = re.compile(r"^Expected `(\w+)` (<=|>=|<|>) (\S+)$")
_LENGTH = re.compile(r"^Expected `(\w+)` of length (<=|>=)? ?(\d+)(?:, got (\d+))?$")
_KIND = re.compile(r"^Expected `([^`]+)`, got `(\w+)`$")
_MISSING = re.compile(r"^Object missing required field `([^`]*)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `([^`]*)`$")
_ENUM = re.compile(r"^Invalid enum value (.*)$")
_INVALID = re.compile(r"^Invalid value (.*)$")
_PATTERN = re.compile(r"^Expected `str` matching regex .*$")
_OWN = re.compile(r"^([A-Za-z_]\w*(?:\[\d+\])*(?:\.[A-Za-z_]\w*(?:\[\d+\])*)*): (.+)$", re.S)
_AT = re.compile(r"^(.*?)(?: - at `\$(.*)`)?$", re.S)


def decode(data: bytes | str, kind: type[T], name: str = "", at: str = "") -> T:
    """``data`` (JSON text) as a ``kind``, validated; one BilliardError line otherwise,
    starting with ``name`` (a file's path) when given. ``at``: the field path of ``data``
    inside a larger document (``"strike"``), so the message names the field in full."""
    try:
        return msgspec.json.decode(data, type=kind)
    except msgspec.ValidationError as exc:
        raise one_line(exc, kind, name, at, _untyped(data)) from None
    except msgspec.DecodeError as exc:
        raise _not_json(data, kind, name, at, str(exc)) from None


def convert(value: Any, kind: type[T], name: str = "", at: str = "") -> T:
    """``value`` (parsed JSON: dicts, lists, numbers, strings) as a ``kind``, validated;
    one BilliardError line otherwise (``name`` and ``at`` as for :func:`decode`).
    Integers stand for numbers; nothing else is coerced."""
    try:
        return msgspec.convert(value, kind)
    except msgspec.ValidationError as exc:
        raise one_line(exc, kind, name, at, value) from None


def to_builtins(value: Any) -> Any:
    """A typed value as plain JSON values (dicts, lists, numbers, strings), fields in the
    definition's order."""
    return msgspec.to_builtins(value)


def one_line(
    exc: msgspec.ValidationError, kind: Any, name: str = "", at: str = "", document: Any = _NOTHING
) -> BilliardError:
    """msgspec's validation error as ``name: field.path: rule`` (``name: rule`` at the top;
    no ``name:`` when ``name`` is empty; ``at`` goes before the field path). ``document``:
    the parsed input, to show the value that broke a range (``got 1e+300``, ``got nan``)."""
    m = _AT.match(str(exc))
    text, raw_path = (m.group(1), m.group(2) or "") if m else (str(exc), "")
    raw_path = _resolve(document, raw_path, text)
    path = raw_path.lstrip(".")
    info = _field(kind, raw_path)
    unit = f" {info[1]}" if info[1] else ""
    rule = text
    if b := _BOUND.match(text):
        rule = f"must be {b.group(2)} {_number(b.group(3))}{unit}"
        got = _value_at(document, raw_path)
        if isinstance(got, (int, float)) and not isinstance(got, bool):
            rule = (
                f"must be a finite number, got {got}"
                if got != got or got in (math.inf, -math.inf)
                else f"{rule}, got {got:g}"
            )
    elif n := _LENGTH.match(text):
        what = "characters" if n.group(1) == "str" else "items"
        size = {"<=": "at most ", ">=": "at least ", None: ""}[n.group(2)]
        count = int(n.group(3))
        if n.group(1) == "str" and n.group(2) == ">=" and count == 1:
            rule = "must not be empty"
        elif n.group(2):
            rule = f"must have {size}{count} {what[:-1] if count == 1 else what}"
        else:
            rule = f"must be a list of {count} {what[:-1] if count == 1 else what}"
        if n.group(4):
            rule += f", got {n.group(4)}"
    elif k := _KIND.match(text):
        options = [w.strip() for w in k.group(1).split("|")]
        options = [w for w in options if w != "null"] or options  # an optional field: say what it holds
        names = [_KIND_NAMES.get(w, w) for w in options]
        wanted = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
        got = "a boolean" if k.group(2) == "bool" else _KIND_NAMES.get(k.group(2), k.group(2))
        rule = f"must be {wanted}, got {got}"
    elif f := _MISSING.match(text):
        path, rule = _join(path, f.group(1)), "is required"
    elif f := _UNKNOWN.match(text):
        parent = _field(kind, raw_path)[0]
        tag_field = (
            next(
                (
                    t.tag_field
                    for t in getattr(_unwrap(parent)[0], "types", ())
                    if isinstance(t, mi.StructType) and t.tag_field
                ),
                None,
            )
            if parent is not None
            else None
        )
        known = _field_names(parent, _value_at(document, f"{raw_path}.{tag_field}") if tag_field else None)
        path = _join(path, f.group(1))
        rule = "is not a known field" + (f" (known: {', '.join(known)})" if known else "")
    elif e := _ENUM.match(text):
        choices = _choices(info[0])
        listed = repr(choices[0]) if len(choices) == 1 else "one of " + ", ".join(map(repr, choices))
        rule = f"must be {listed}, got {e.group(1)}" if choices else f"is not an allowed value: {e.group(1)}"
    elif v := _INVALID.match(text):  # a tagged union's tag: "kind"
        parent = _field(kind, raw_path.rpartition(".")[0])[0]
        tags = [t.tag for t in getattr(parent, "types", ()) if isinstance(t, mi.StructType) and t.tag]
        rule = (
            f"must be one of {', '.join(map(str, tags))}, got {v.group(1)}" if tags else f"is not allowed: {v.group(1)}"
        )
    elif _PATTERN.match(text):
        rule = "must be printable text"
    elif text == "Number out of range":
        rule = "is not a finite number"
    elif own := _OWN.match(text):  # a definition's own check names its field: "replay: must be ..."
        path, rule = _join(path, own.group(1)), own.group(2)
    path = ".".join(p for p in (at, path) if p).replace(".[", "[")
    return BilliardError(_prefix(name, f"{path}: {rule}" if path else rule))


def _prefix(name: str, text: str) -> str:
    return f"{name}: {text}" if name else text


def _not_json(data: bytes | str, kind: Any, name: str, at: str, reason: str) -> BilliardError:
    """Why ``data`` is not JSON, with the line and column Python's parser gives; text that
    Python reads (NaN, Infinity) is checked as values instead, so the field is named."""
    try:
        value = json.loads(data.decode("utf-8") if isinstance(data, bytes) else data)
    except UnicodeDecodeError:
        return BilliardError(f"{name or 'the input'} is not a text file (not UTF-8)")
    except json.JSONDecodeError as exc:
        return BilliardError(
            f"{name or 'the input'} is not valid JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno} "
            f"column {exc.colno}"
        )
    except (ValueError, RecursionError):
        return BilliardError(f"{name or 'the input'} is not valid JSON ({_decode_reason(reason)})")
    try:
        convert(value, kind, name, at)
    except BilliardError as exc:
        return exc
    return BilliardError(f"{name or 'the input'} is not valid JSON (NaN and Infinity are not JSON numbers)")


def _join(path: str, field: str) -> str:
    return f"{path}.{field}" if path else field


def _number(text: str) -> str:
    try:
        return f"{float(text):g}"
    except ValueError:
        return text


def _decode_reason(text: str) -> str:
    if "truncated" in text:
        return "the text stops early"
    text = text.removeprefix("JSON is malformed: ")
    return re.sub(r" \(byte (\d+)\)$", r" at byte \1", text)


def _untyped(data: bytes | str) -> Any:
    """``data`` parsed without a type (only on the error path), or nothing if it will not parse."""
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError:
        return _NOTHING


def _value_at(document: Any, raw_path: str) -> Any:
    """The value at ``raw_path`` (``.a[0].b``) in a parsed document, or _NOTHING."""
    node = document
    for key, index in _STEP.findall(raw_path):
        try:
            node = node[int(index)] if index else node[key]
        except (KeyError, IndexError, TypeError):
            return _NOTHING
    return node


_PY_KINDS = {dict: "object", list: "array", str: "str", int: "int", float: "float", bool: "bool", type(None): "null"}


def _resolve(document: Any, raw_path: str, text: str) -> str:
    """msgspec writes a dict key on the path as ``[...]``; find the key in the parsed
    document whose value breaks the rule, so the message names it (``balls.cue.pos``)."""
    if "[...]" not in raw_path or document is _NOTHING:
        return raw_path
    head, _, tail = raw_path.partition("[...]")
    node = _value_at(document, head)
    if not isinstance(node, dict):
        return raw_path
    for key, value in node.items():
        rest = _resolve(value, tail, text)
        if "[...]" not in rest and _suspect(_value_at(value, rest), text):
            return f"{head}.{key}{rest}"
    return raw_path


def _suspect(value: Any, text: str) -> bool:
    """Could ``value`` be the one that broke the rule ``text`` (msgspec's wording)?"""
    if value is _NOTHING:
        return False
    if f := _MISSING.match(text):
        return isinstance(value, dict) and f.group(1) not in value
    if f := _UNKNOWN.match(text):
        return isinstance(value, dict) and f.group(1) in value
    if k := _KIND.match(text):
        return _PY_KINDS.get(type(value)) == k.group(2)
    if b := _BOUND.match(text):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return False
        bound = float(b.group(3))
        ok = {"<=": value <= bound, ">=": value >= bound, "<": value < bound, ">": value > bound}[b.group(2)]
        return not ok
    if n := _LENGTH.match(text):
        if not isinstance(value, (list, str)):
            return False
        count = int(n.group(3))
        return not {"<=": len(value) <= count, ">=": len(value) >= count, None: len(value) == count}[n.group(2)]
    return True


_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def _field(kind: Any, raw_path: str) -> tuple[Any, str]:
    """The inspected type at ``raw_path`` (``.a[0].b``) in ``kind``, and its unit ("" if none)."""
    try:
        node: Any = mi.type_info(kind)
    except (TypeError, ValueError):
        return None, ""
    unit = ""
    steps = _STEP.findall(raw_path)
    for i in range(len(steps) + 1):
        node, unit = _unwrap(node)
        if i == len(steps):
            break
        key, index = steps[i]
        node = _child(node, key, index)
        if node is None:
            return None, ""
    return node, unit


def _unwrap(node: Any) -> tuple[Any, str]:
    """Strip Metadata (keeping its unit) and an optional's None from an inspected type."""
    unit = ""
    while True:
        if isinstance(node, mi.Metadata):
            unit = unit or (node.extra or {}).get("unit", "")
            node = node.type
        elif isinstance(node, mi.UnionType):
            rest = [t for t in node.types if not isinstance(t, mi.NoneType)]
            if len(rest) != 1:
                return node, unit
            node = rest[0]
        else:
            return node, unit


def _child(node: Any, key: str, index: str) -> Any:
    if isinstance(node, mi.UnionType):  # a union: the field or item of whichever member has it
        found = (_child(_unwrap(t)[0], key, index) for t in node.types)
        return next((f for f in found if f is not None), None)
    if key and isinstance(node, (mi.StructType, mi.DataclassType, mi.TypedDictType)):
        return next((f.type for f in node.fields if f.encode_name == key), None)
    if key and isinstance(node, mi.DictType):
        return node.value_type
    if index and isinstance(node, (mi.ListType, mi.VarTupleType, mi.SetType, mi.FrozenSetType)):
        return node.item_type
    if index and isinstance(node, mi.TupleType):
        i = int(index)
        return node.item_types[i] if i < len(node.item_types) else None
    return None


def _field_names(node: Any, tag: Any = None) -> list[str]:
    node, _ = _unwrap(node) if node is not None else (None, "")
    if isinstance(node, mi.UnionType):  # a tagged union: the member the document's tag names
        node = next((t for t in node.types if isinstance(t, mi.StructType) and t.tag == tag), None)
    if isinstance(node, (mi.StructType, mi.DataclassType, mi.TypedDictType)):
        tag = [node.tag_field] if isinstance(node, mi.StructType) and node.tag_field else []
        return tag + [f.encode_name for f in node.fields]
    return []


def _choices(node: Any) -> tuple[Any, ...]:
    if isinstance(node, mi.UnionType):  # a name or a list of names: the names
        return tuple(v for t in node.types for v in _choices(_unwrap(t)[0]))
    if isinstance(node, mi.LiteralType):
        return tuple(node.values)
    if isinstance(node, mi.EnumType):
        return tuple(m.value for m in node.cls)
    return ()
