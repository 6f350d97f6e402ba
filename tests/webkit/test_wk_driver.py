"""tests/webkit/wk.py's own retry of WebKitWebDriver's transient find error,
with a stand-in driver (no browser): asked again on that error only, and the
page's document checked once it answers."""

from __future__ import annotations

import pytest
import wk
from selenium.common.exceptions import WebDriverException


class Driver:
    def __init__(self, errors):
        self.errors, self.calls = list(errors), 0

    def find_elements(self, by, value):
        self.calls += 1
        if self.errors:
            raise WebDriverException(self.errors.pop(0))
        return ["el"]


def test_the_transient_error_is_asked_again_and_the_document_checked(monkeypatch):
    monkeypatch.setattr(wk.time, "sleep", lambda s: None)
    checked = []
    d = Driver(["Could not parse element info"] * 2)
    assert wk.find_all(d, "#x", lambda: checked.append(1)) == ["el"]
    assert d.calls == 3 and checked == [1]
    d = Driver([])
    assert wk.find_all(d, "#x", lambda: checked.append(2)) == ["el"] and checked == [1]


def test_other_errors_and_a_lasting_one_fail(monkeypatch):
    monkeypatch.setattr(wk.time, "sleep", lambda s: None)
    with pytest.raises(WebDriverException, match="no such window"):
        wk.find_all(Driver(["no such window"]), "#x")
    d = Driver(["Could not parse element info"] * 9)
    with pytest.raises(WebDriverException, match="parse element"):
        wk.find_all(d, "#x")
    assert d.calls == 5


def test_a_page_that_navigated_by_itself_is_a_failure(monkeypatch):
    page = wk.Page(Driver([]))
    page.document = 1000.0
    monkeypatch.setattr(page, "_document", lambda: 2000.0)
    monkeypatch.setattr(page, "evaluate", lambda expr: "{}")
    with pytest.raises(AssertionError, match="navigated by itself"):
        page.same_document()
    monkeypatch.setattr(page, "_document", lambda: 1000.0)
    page.same_document()
