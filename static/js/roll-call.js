// The desk's search filters the roll call as it is typed (the form still works without script).
(function () {
  var input = document.querySelector("[data-roll-filter]");
  if (!input) return;
  function fold(text) {
    return (text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim().replace(/\s+/g, " ");
  }
  function filter() {
    var q = fold(input.value);
    document.querySelectorAll(".roll-row").forEach(function (row) {
      var show = !q || (/^\d+$/.test(q) ? row.dataset.number === q : fold(row.dataset.name).indexOf(q) !== -1);
      row.hidden = !show;
    });
  }
  input.addEventListener("input", filter);
})();
