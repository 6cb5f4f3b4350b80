/* After an action, its result where the eye is (issue 21): on a phone a page is several screens long, and an
 * error or a message far below (or above, when the page opens at a panel's #anchor) reads as "nothing happened".
 *
 * The server loads this only on a page that answers an action (a post, or a page after one, with messages), and
 * marks it <body data-result>. Then:
 *  - a form's error (div.errors, role="alert", a field marked .has-error): scrolled to, and focused so a screen
 *    reader reads it;
 *  - else the messages (success or error): moved into the panel the address's #anchor opens, at its top, so the
 *    panel and its result are seen together; without an anchor they are at the top of the page already.
 * Everything typed stays in the forms: nothing here touches them. */
(function () {
  "use strict";

  function shown(el) {
    return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }

  function inView(el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight - 40;
  }

  function reveal(el) {
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    if (!inView(el)) el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
  }

  function firstError() {
    var found = document.querySelectorAll(
      "main div.errors, main [role=alert], main .has-error, main .msg.error"
    );
    for (var i = 0; i < found.length; i++) {
      if (shown(found[i])) return found[i];
    }
    return null;
  }

  function show() {
    if (!document.body.hasAttribute("data-result")) return;
    var error = firstError();
    if (error) {
      reveal(error);
      return;
    }
    var list = document.querySelector("main .messages");
    if (!list || !shown(list)) return;
    // The server sends a redirect with a message to #result, the messages themselves, so that they are in view
    // without script (config/result_anchor.py); the panel it was for is tagged on them.
    var panel = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
    if (panel === "result") {
      var tagged = list.querySelector("[data-panel]");
      panel = tagged ? tagged.getAttribute("data-panel") : "";
    }
    var anchor = panel ? document.getElementById(panel) : null;
    if (anchor && !anchor.contains(list)) {
      anchor.insertBefore(list, anchor.firstElementChild ? anchor.firstElementChild.nextSibling : null);
      anchor.scrollIntoView({ block: "start" });
    }
    if (!inView(list)) list.scrollIntoView({ block: "start" });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
