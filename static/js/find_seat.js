/* Find my seat as you type. The form works without this (it filters on the server); with it, tables or
   rows that do not match the name or number typed are hidden at once. Rows carry data-search:
   "<number> <name without accents, lower case>", then a Chinese name's pinyin (core/names.py, search_text). */
(function () {
  "use strict";
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim().replace(/\s+/g, " ");
  }
  function matches(search, query) {
    if (/^\d+$/.test(query)) return search.split(" ")[0] === String(parseInt(query, 10));
    return search.slice(search.indexOf(" ") + 1).indexOf(query) !== -1;
  }
  document.querySelectorAll("form[data-seat-finder]").forEach(function (form) {
    var input = form.querySelector("input[type=search]");
    var container = document.querySelector(form.getAttribute("data-seat-finder"));
    var itemSelector = form.getAttribute("data-seat-item");
    if (!input || !container) return;
    var result = document.getElementById("found");
    function apply() {
      var query = fold(input.value);
      if (result) result.hidden = query !== fold(input.defaultValue);
      container.querySelectorAll("[data-search]").forEach(function (el) {
        var row = el.closest("tr") || el;
        var hit = query !== "" && matches(el.getAttribute("data-search"), query);
        row.classList.toggle("you", hit);
        if (!itemSelector) row.hidden = query !== "" && !hit;
      });
      if (itemSelector) {
        container.querySelectorAll(itemSelector).forEach(function (item) {
          var hit = item.querySelector(".you") !== null;
          item.hidden = query !== "" && !hit;
          item.classList.toggle("found", hit);
        });
      }
    }
    input.addEventListener("input", apply);
  });
})();
