/* The table page's small helpers (plain ES2018, no dependencies). Everything works without them:
 * the radio buttons, the points and the flowers fields post as they are. With them:
 *  - an on-screen keypad types the points, and a - / + stepper sets the flowers;
 *  - the winner's own button is disabled among "discarded by" (a player cannot discard to themselves);
 *  - on a phone the full score-sheet grid starts folded, below the compact list of hands;
 *  - the cursor starts in the entry form (the field in error, else "who won");
 *  - the tile picker's files (data-tile-picker-files) are loaded when the tiles box is first opened, or at
 *    once when it is open (tiles given), so a hand entered by its points never waits for them;
 *  - the foul form shows only the inputs the chosen foul takes (minutes for a late arrival, seconds for time,
 *    the points for a rule violation, ...); the server ignores the others. Without script every input shows.
 * Each change is announced to the form with an "input" or "change" event, so the tile picker's live
 * score and its "points typed differ" check follow the keypad and the stepper too. Listeners sit on the
 * document, so parts of the page drawn again by outbox.js (the fouls) keep working.
 */
(function () {
  "use strict";

  var PHONE = "(max-width: 47.99rem)";

  function fire(input, type) {
    input.dispatchEvent(new Event(type, { bubbles: true }));
  }

  function keypad(pad) {
    var input = document.getElementById(pad.getAttribute("data-keypad"));
    if (!input) return;
    pad.hidden = false;
    // On a touch screen the keypad replaces the system keyboard, which would cover the buttons.
    if (window.matchMedia("(pointer: coarse)").matches) input.setAttribute("inputmode", "none");
    pad.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-key]");
      if (!b) return;
      var key = b.getAttribute("data-key"), value = input.value.replace(/\D/g, "");
      if (key === "back") value = value.slice(0, -1);
      else if (key === "clear") value = "";
      else if (value.length < 5) value = (value === "0" ? "" : value) + key;
      input.value = value;
      fire(input, "input");
      fire(input, "change");
    });
  }

  function stepper(box) {
    var input = document.getElementById(box.getAttribute("data-stepper"));
    if (!input) return;
    var min = +box.getAttribute("data-min"), max = +box.getAttribute("data-max");
    box.querySelectorAll("button[data-step]").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        var n = parseInt(input.value, 10);
        n = Math.max(min, Math.min(max, (isNaN(n) ? 0 : n) + +b.getAttribute("data-step")));
        input.value = String(n);
        fire(input, "input");
        fire(input, "change");
      });
    });
  }

  function outcomeButtons(form) {
    function update() {
      var winner = form.querySelector("input[name=winner]:checked");
      var value = winner ? winner.value : "";
      form.classList.toggle("no-winner", value === "draw" || value === "not_played");
      form.querySelectorAll("input[name=discarder][data-player]").forEach(function (r) {
        r.disabled = r.value === value;
        if (r.disabled && r.checked) r.checked = false;
      });
    }
    form.addEventListener("change", function (e) {
      if (e.target.name !== "winner") return;
      update();
      handInView(form);
    });
    update();
  }

  // On a phone, once the winner is tapped, the rest of the hand and its Record button are brought on screen:
  // the form's top (the hand announced, with its dealer) goes to the screen's top, unless Record is in view.
  function handInView(form) {
    if (!window.matchMedia(PHONE).matches) return;
    var record = form.querySelector(".submit-hand");
    if (!record || record.getBoundingClientRect().bottom <= window.innerHeight) return;
    form.scrollIntoView({ block: "start" });
  }

  // The cursor goes where the referee works next: the first field said to be wrong, else the checked (or
  // first) "who won" button. Not on a page opened at a hand of the grid (#hand-N): that one reads.
  function focusEntry() {
    var form = document.querySelector("#entry form.hand-form");
    // #result: the messages of an action, in the entry panel (config/result_anchor.py).
    if (!form || (location.hash && location.hash !== "#entry" && location.hash !== "#result")) return;
    // Someone already chose where to be (a tap, Tab) before the page finished loading: leave them there.
    if (document.activeElement && document.activeElement !== document.body) return;
    var target = form.querySelector(".has-error input:not([type=hidden]):not(:disabled)") ||
      form.querySelector("input[name=winner]:checked") || form.querySelector("input[name=winner]");
    if (target) target.focus({ preventScroll: !location.hash && !form.querySelector(".errors") });
  }

  function tilePicker(form) {
    var files = (form.getAttribute("data-tile-picker-files") || "").split(" ").filter(Boolean);
    var box = form.querySelector("details.tiles-box");
    if (!files.length || !box) return;
    function load() {
      if (document.querySelector("script[data-tile-picker-file]")) return;
      files.forEach(function (url) {
        var node = /\.css$/.test(url) ? document.createElement("link") : document.createElement("script");
        if (node.tagName === "LINK") { node.rel = "stylesheet"; node.href = url; } else node.src = url;
        node.setAttribute("data-tile-picker-file", "");
        document.head.appendChild(node);
      });
    }
    if (box.open) load();
    else box.addEventListener("toggle", function () {
      if (!box.open) return;
      load();
      // The picker opens where the eye is: on a phone its top goes to the screen's top.
      if (window.matchMedia(PHONE).matches) box.scrollIntoView({ block: "start" });
    });
  }

  function foulInputs(form) {
    var data = document.getElementById("foul-inputs");
    var foul = form.querySelector('[name="foul"]'), to = form.querySelector('[name="to"]');
    if (!data || !foul || !to) return;
    var takes = JSON.parse(data.textContent)[foul.value] || [];
    form.querySelectorAll("[data-input]").forEach(function (box) {
      var name = box.getAttribute("data-input");
      var shown = takes.indexOf(name) !== -1;
      // An "Other" penalty names a recipient only when it goes to one player.
      if (name === "recipient" && takes.indexOf("to") !== -1) shown = to.value === "player";
      box.hidden = !shown;
    });
  }

  function fouls() {
    document.querySelectorAll("form.foul-form").forEach(foulInputs);
  }

  function init() {
    fouls();
    document.addEventListener("change", function (e) {
      var form = e.target.closest && e.target.closest("form.foul-form");
      if (form && (e.target.name === "foul" || e.target.name === "to")) foulInputs(form);
    });
    // outbox.js draws the fouls again after a foul is saved, and resets the form after one is queued.
    document.addEventListener("sheet:updated", fouls);
    document.addEventListener("reset", function (e) {
      if (e.target.matches && e.target.matches("form.foul-form")) setTimeout(function () { foulInputs(e.target); }, 0);
    });
    document.querySelectorAll("[data-keypad]").forEach(keypad);
    document.querySelectorAll("[data-stepper]").forEach(stepper);
    document.querySelectorAll("form.hand-form").forEach(outcomeButtons);
    document.querySelectorAll("form[data-tile-picker-files]").forEach(tilePicker);
    // After the browser's own jump to #entry, which would otherwise leave the focus on the page itself.
    if (document.readyState === "complete") focusEntry();
    else window.addEventListener("load", function () { setTimeout(focusEntry, 0); });
    var grid = document.getElementById("sheet-grid");
    // Folded only when a hand list stands in for it, and not when a link points into the grid.
    if (grid && document.querySelector(".hand-list-box") && window.matchMedia(PHONE).matches &&
        !(location.hash && location.hash.indexOf("#hand-") === 0)) {
      grid.open = false;
    }
    // A printed sheet is the full grid, folded or not on the screen.
    if (grid) window.addEventListener("beforeprint", function () { grid.open = true; });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
