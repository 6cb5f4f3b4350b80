"""Recording through the table page's outbox (static/js/outbox.js, issue 22): no reload, so a test waits for the
server's answer and for the parts of the page the server draws again after it."""


def recorded(page, button="Record hand 1", press=None):
    """Tap the record button (or press a key in the form) and wait for the server's answer and the page's redraw."""
    drawn = int(page.locator("[data-outbox]").get_attribute("data-drawn") or 0)
    if press:
        page.keyboard.press(press)
    else:
        page.get_by_role("button", name=button).click()
    page.wait_for_function("(n) => +(document.querySelector('[data-outbox]').dataset.drawn || 0) > n", arg=drawn)


def saved_message(page, kind="hand"):
    """The server's words for the last entry it took, as the outbox shows them."""
    return page.locator(f"ol.outbox[data-kind={kind}] .outbox-item[data-state=saved] .outbox-what").inner_text()
