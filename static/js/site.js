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

  // Boards: arrow keys step back and forth when the focus is inside a board.
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
    var board = event.target.closest && event.target.closest("[data-keynav]");
    if (!board || /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) { return; }
    var link = board.querySelector('.board-controls a[data-key="' + event.key + '"]');
    if (link) {
      event.preventDefault();
      // Content swapped in a moment ago may not be wired up by htmx yet: do it now.
      if (window.htmx) { window.htmx.process(link); }
      link.click();
    }
  });

  // After htmx swaps a board in, keep the keyboard focus on the same control.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var board = event.detail.target.querySelector("[data-keynav]") || event.detail.target;
    enableCopyButtons(board);
    var key = event.detail.requestConfig && event.detail.requestConfig.elt && event.detail.requestConfig.elt.getAttribute("data-key");
    var again = key && board.querySelector('.board-controls a[data-key="' + key + '"]');
    var first = board.querySelector(".board-controls a");
    (again || first || board).focus({ preventScroll: true });
  });

  // "Copy link" buttons exist only with JavaScript and a clipboard.
  function enableCopyButtons(root) {
    if (!navigator.clipboard) { return; }
    root.querySelectorAll("button.copy-link[data-copy-url]").forEach(function (button) {
      button.hidden = false;
      if (button.dataset.bound) { return; }
      button.dataset.bound = "1";
      button.addEventListener("click", function () {
        var url = new URL(button.getAttribute("data-copy-url"), window.location.href).href;
        navigator.clipboard.writeText(url).then(function () {
          button.setAttribute("data-copied", "1");
          button.textContent = button.getAttribute("data-done") || "✓";
        });
      });
    });
  }
  enableCopyButtons(document);
})();
