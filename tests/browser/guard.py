"""The one guard of the browser and shipping tests: what must never happen on
the page. A test fails on any console error, any uncaught page error, and any
request that leaves the page's origin (such a request is also blocked where
the guard routes a context)."""

from __future__ import annotations

from typing import Any

LOCAL_SCHEMES = ("data:", "blob:", "about:")


class Guard:
    """Collects problems from pages and contexts; ``check()`` fails on any."""

    def __init__(self, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []

    def watch(self, page: Any) -> None:
        """Console errors and page errors of ``page``."""
        page.on("console", self._console)
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))

    def watch_requests(self, target: Any) -> None:
        """Requests of a page or a context that leave the origin."""
        target.on("request", self._request)

    def watch_context(self, context: Any) -> None:
        """A context's off-origin requests, recorded and aborted (not for a test
        of the service worker: a routed context bypasses it)."""
        self.watch_requests(context)

        def route(r: Any) -> None:
            if self.allowed(r.request.url):
                r.continue_()
            else:
                r.abort()

        context.route("**/*", route)

    def allowed(self, url: str) -> bool:
        return url.startswith(self.origin) or url.startswith(LOCAL_SCHEMES)

    def _console(self, msg: Any) -> None:
        if msg.type == "error":
            self.problems.append(f"console error: {msg.text}")

    def _request(self, req: Any) -> None:
        if not self.allowed(req.url):
            self.problems.append(f"off-origin request: {req.url}")

    def check(self) -> None:
        assert not self.problems, "\n".join(self.problems)
