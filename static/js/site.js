// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // The table of contents starts open (useful without JS); on phones collapse it.
  var phone = window.matchMedia("(max-width: 59.99rem)");
  document.querySelectorAll("details[data-collapse-on-phone]").forEach(function (details) {
    function sync() { details.open = !phone.matches; }
    sync();
    phone.addEventListener("change", sync);
    // Choosing an entry on a phone closes the contents again.
    details.addEventListener("click", function (event) {
      if (phone.matches && event.target.closest("a")) { details.open = false; }
    });
  });
  // Print the whole rulebook with its contents open.
  window.addEventListener("beforeprint", function () {
    document.querySelectorAll("details").forEach(function (d) { d.open = true; });
  });
})();
