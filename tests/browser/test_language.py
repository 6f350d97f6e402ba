"""The page's language in the browser (issue 48): a first visit from a browser set
to English is in English (``navigator.languages`` read by ui/page/main.py), the
welcome offers the other language on the first screen, and a choice, once made,
wins over the browser on the next visit."""

from __future__ import annotations

from table_driver import shot, wait_booted, wait_ready


def test_an_english_browser_gets_english_and_a_choice_wins(browser, guard, site_url, artifacts):
    ctx = browser.new_context(viewport={"width": 360, "height": 640}, has_touch=True, locale="en-US")
    guard.watch_context(ctx)
    page = ctx.new_page()
    guard.watch(page)
    try:
        page.goto(site_url)                       # a first visit, nothing saved, no link
        page.wait_for_selector(".learn-welcome", timeout=60_000)
        wait_ready(page, 60_000)
        assert page.evaluate("document.documentElement.lang") == "en"
        assert "New to Phỏm?" in page.inner_text(".learn-welcome")
        assert page.get_by_role("button", name="Draw").count() or page.locator(".stock").count()
        # the other language is on the first screen, whole, at 360x640, named in itself
        switch = page.locator('.learn-welcome [data-act="lang"]')
        assert switch.get_attribute("aria-label") == "Tiếng Việt" and switch.get_attribute("lang") == "vi"
        box = switch.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 640 and box["x"] + box["width"] <= 360
        assert box["height"] >= 40 and box["width"] >= 40, box
        shot(page, str(artifacts / "language-welcome-en-360.png"))
        switch.tap()
        page.wait_for_function("document.documentElement.lang === 'vi'")
        assert "Mới chơi Phỏm?" in page.inner_text(".learn-welcome")
        assert page.get_by_role("button", name="English").count() == 1
        page.reload()                             # the browser still says English: the choice wins
        wait_booted(page, 60_000)
        assert page.evaluate("document.documentElement.lang") == "vi"
    finally:
        ctx.close()
    guard.check()
