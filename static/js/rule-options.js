// The tournament settings page: show only the options of the chosen rule set. Without script every rule
// set's options show, each labelled with its rule set, and only the chosen one's are used.
(function () {
  "use strict";
  var rules = document.getElementById("id_rules");
  if (!rules) return;
  var choices = document.querySelectorAll("select[data-rules]");
  function show() {
    for (var i = 0; i < choices.length; i++) {
      var field = choices[i].closest(".field") || choices[i].parentNode;
      field.hidden = choices[i].getAttribute("data-rules") !== rules.value;
    }
  }
  rules.addEventListener("change", show);
  show();
})();
