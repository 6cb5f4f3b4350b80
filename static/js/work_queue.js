/* The work queue keeps itself current: every 30 seconds while the page is in sight (and at once when it comes
   back into sight) it fetches itself and swaps in the new list. Without this the page works the same, reloaded
   by hand; a failed fetch (offline, logged out) leaves what is shown. */
(function () {
  "use strict";
  var box = document.getElementById("work-queue");
  if (!box || !window.fetch || !window.DOMParser) return;
  function refresh() {
    if (document.hidden) return;
    fetch(window.location.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok || response.redirected) return null;
        return response.text();
      })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("work-queue");
        // Only when something changed, so a focused link is not replaced under the finger for nothing.
        if (fresh && fresh.innerHTML !== box.innerHTML) box.innerHTML = fresh.innerHTML;
      })
      .catch(function () {});
  }
  window.setInterval(refresh, 30000);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refresh();
  });
})();
