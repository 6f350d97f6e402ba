"""Small helpers for talking to the DOM from Pyodide (shared by the page's modules)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..core.store import is_nil as nil  # JS null/undefined (the one check: ui/core/store.py)

if TYPE_CHECKING:  # the browser's types (typings/js.pyi): no import of js here at run time
    from js import Element

__all__ = ["attr", "js_obj", "mark", "nil"]


def js_obj(obj: object) -> Any:
    """A Python dict/list as a plain JS object/array (for animate(), focus(), …)."""
    from js import Object
    from pyodide.ffi import to_js

    return to_js(obj, dict_converter=Object.fromEntries)


def attr(el: Element, name: str) -> str | None:
    """An element's attribute as a Python str, or None where it has none."""
    v = el.getAttribute(name)
    return None if nil(v) else str(v)


def mark(root: Element, marks: Iterable[tuple[str, str, str]]) -> None:
    """Mark each (CSS selector, class, attribute) of ``marks`` on the drawn table:
    the class for the look, the attribute for the tests and assistive tools."""
    for selector, cls, name in marks:
        el = root.querySelector(selector)
        if not nil(el):
            el.classList.add(cls)
            el.setAttribute(name, "true")
