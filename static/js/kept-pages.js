/* On every page (base.html): tell the service worker which login the phone now has, so that it never serves a
 * kept private page to anyone else (core/login_mark.py; templates/scoring/service_worker.js), and say so on a
 * page that is the phone's kept copy rather than the server's answer. Plain ES2015; nothing happens without a
 * service worker. */
(function () {
  "use strict";

  var meta = document.querySelector('meta[name="login-mark"]');
  if (meta && "serviceWorker" in navigator) {
    navigator.serviceWorker.getRegistration("/t/").then(function (reg) {
      var worker = reg && (reg.active || reg.waiting || reg.installing);
      if (worker) worker.postMessage({ type: "login", mark: meta.content, expires: meta.getAttribute("data-expires") || "" });
    }).catch(function () {});
  }

  // The worker marks the copy it serves (<body data-kept-at>): say so, and when it was taken.
  var at = document.body && document.body.getAttribute("data-kept-at");
  var tpl = document.getElementById("kept-copy-text");
  var main = document.querySelector("main");
  if (!at || !tpl || !main) return;
  var when = new Date(at);
  var text = (tpl.content || tpl).textContent.trim();
  var time = isNaN(when) ? at : when.toLocaleString([], { dateStyle: "short", timeStyle: "short" });
  var note = document.createElement("p");
  note.className = "msg warning kept-copy";
  note.setAttribute("role", "status");
  note.textContent = text.replace("{time}", time);
  main.insertBefore(note, main.firstChild);
})();
