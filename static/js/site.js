/* Small helpers of every page (plain ES2018, no dependencies; the pages work without them).
 *  - A table kept wide in its own scroll box (.scroll) that is wider than the screen says so: a line above it,
 *    "Wider than the screen: swipe it sideways", and the box takes the keyboard's focus (arrow keys scroll it)
 *    as a named region. Checked again when the window changes size or a folded part opens.
 */
(function () {
  "use strict";

  function label(box) {
    var caption = box.querySelector("caption");
    if (caption) return caption.textContent.trim();
    for (var el = box.previousElementSibling; el; el = el.previousElementSibling) {
      if (/^H[1-6]$/.test(el.tagName)) return el.textContent.trim();
    }
    var heading = box.closest("section, details");
    var h = heading && heading.querySelector("h1, h2, h3, summary");
    return h ? h.textContent.trim() : document.title;
  }

  function mark(box, text) {
    var wide = box.scrollWidth > box.clientWidth + 1;
    var note = box.previousElementSibling;
    if (!(note && note.classList.contains("scroll-note"))) note = null;
    if (wide && !note) {
      note = document.createElement("p");
      note.className = "scroll-note";
      note.textContent = text;
      box.parentNode.insertBefore(note, box);
    }
    if (note) note.hidden = !wide;
    if (wide) {
      box.setAttribute("data-scrolls", "");
      if (!box.hasAttribute("tabindex")) box.tabIndex = 0;
      if (!box.getAttribute("role")) box.setAttribute("role", "region");
      if (!box.getAttribute("aria-label")) box.setAttribute("aria-label", label(box));
    } else {
      box.removeAttribute("data-scrolls");
    }
  }

  function markAll() {
    var text = document.body.getAttribute("data-scroll-note");
    if (!text) return;
    document.querySelectorAll(".scroll, .table-container").forEach(function (box) { mark(box, text); });
  }

  var timer = null;
  function later() {
    clearTimeout(timer);
    timer = setTimeout(markAll, 100);
  }

  function init() {
    markAll();
    window.addEventListener("resize", later);
    document.addEventListener("toggle", later, true);
    document.addEventListener("sheet:updated", later);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
