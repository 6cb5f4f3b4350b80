/* The work queue keeps itself current: every 30 seconds while the page is in sight (and at once when it comes
   back into sight) it fetches itself and swaps in the new list. The tables' calls for a referee come first and
   sooner: their own small fragment every 4 seconds, so a call shows at once. Without this the page works the
   same, reloaded by hand; a failed fetch (offline, logged out) leaves what is shown. */
(function () {
  "use strict";
  var box = document.getElementById("work-queue");
  var calls = document.getElementById("referee-calls");
  if (!box || !window.fetch || !window.DOMParser) return;
  // Only when something changed, so a focused button is not replaced under the finger for nothing.
  function swap(target, fresh) {
    if (fresh && fresh.innerHTML !== target.innerHTML) target.innerHTML = fresh.innerHTML;
  }
  function get(url) {
    return fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok || response.redirected) return null;
        return response.text();
      });
  }
  function refresh() {
    if (document.hidden) return;
    get(window.location.href)
      .then(function (html) {
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        swap(box, doc.getElementById("work-queue"));
        if (calls) swap(calls, doc.getElementById("referee-calls"));
      })
      .catch(function () {});
  }
  function refreshCalls() {
    if (document.hidden || !calls) return;
    get(calls.dataset.url)
      .then(function (html) {
        if (!html) return;
        var fresh = document.createElement("div");
        fresh.innerHTML = html;
        swap(calls, fresh);
      })
      .catch(function () {});
  }
  window.setInterval(refresh, 30000);
  if (calls) window.setInterval(refreshCalls, 4000);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refresh();
  });
})();
