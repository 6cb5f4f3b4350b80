// The foul form shows only the inputs the chosen foul takes (minutes for a late arrival, seconds for time,
// the points for a rule violation, ...); the server ignores the others. Without script every input shows.
(function () {
  "use strict";
  var data = document.getElementById("foul-inputs");
  var form = document.querySelector("form.foul-form");
  if (!data || !form) return;
  var inputs = JSON.parse(data.textContent);
  var foul = form.querySelector('[name="foul"]');
  var to = form.querySelector('[name="to"]');

  function update() {
    var takes = inputs[foul.value] || [];
    form.querySelectorAll("[data-input]").forEach(function (box) {
      var name = box.getAttribute("data-input");
      var shown = takes.indexOf(name) !== -1;
      // An "Other" penalty names a recipient only when it goes to one player.
      if (name === "recipient" && takes.indexOf("to") !== -1) shown = to.value === "player";
      box.hidden = !shown;
    });
  }
  foul.addEventListener("change", update);
  to.addEventListener("change", update);
  update();
})();
