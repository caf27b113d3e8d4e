// Small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  // The table of contents arrives closed, so nothing moves when this runs on a phone (where it
  // sits above the text); on wide screens it is a sidebar of its own width, and opens here.
  var phone = window.matchMedia("(max-width: 59.99rem)");
  document.querySelectorAll("details[data-open-on-wide-screens]").forEach(function (details) {
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

  // After htmx swaps a board in, keep the keyboard focus on the same control (or the same tap target).
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    var board = target.isConnected ? target : document.getElementById(target.id) || document.body;
    board = board.querySelector("[data-keynav]") || board;
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    var key = elt && elt.getAttribute && elt.getAttribute("data-key");
    var again = key && board.querySelector('.board-controls a[data-key="' + key + '"]');
    if (!again && elt && elt.classList && (elt.classList.contains("board-action") || elt.classList.contains("tap-choice") || elt.classList.contains("palette-item"))) {
      // Tapping on: focus the first thing that may be tapped next, else OK.
      again = board.querySelector("a.tap-next, .tap-choice, .tap-ok, a.edit-target");
    }
    var focus = again || board.querySelector(".board-controls a") || board;
    if (focus.focus) { focus.focus({ preventScroll: true }); }
  });

  // The search box's suggestions close with Escape and when the reader taps elsewhere.
  function closeSuggestions() {
    var list = document.getElementById("site-suggestions");
    if (list) { list.innerHTML = ""; }
  }
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && event.target.closest && event.target.closest(".site-search")) { closeSuggestions(); }
  });
  document.addEventListener("click", function (event) {
    if (!event.target.closest || !event.target.closest(".site-search")) { closeSuggestions(); }
  });

  // "Copy" buttons exist only with JavaScript. Without the clipboard API (or when it refuses), the
  // text is shown selected in a field so the reader can copy it by hand.
  function copyText(button) {
    var from = button.getAttribute("data-copy-from");
    if (from) {
      var node = document.getElementById(from);
      return node ? node.textContent : "";
    }
    return new URL(button.getAttribute("data-copy-url"), window.location.href).href;
  }
  function showManual(button, text) {
    var box = button.parentNode.querySelector("input.copy-manual");
    if (!box) {
      box = document.createElement("input");
      box.type = "text";
      box.readOnly = true;
      box.className = "copy-manual";
      box.setAttribute("aria-label", button.getAttribute("data-manual") || "Copy");
      button.parentNode.appendChild(box);
    }
    box.value = text;
    box.focus();
    box.select();
  }
  function enableCopyButtons(root) {
    root.querySelectorAll("button.copy-link").forEach(function (button) {
      button.hidden = false;
      if (button.dataset.bound) { return; }
      button.dataset.bound = "1";
      button.addEventListener("click", function () {
        var text = copyText(button);
        if (!navigator.clipboard || !window.isSecureContext) { showManual(button, text); return; }
        navigator.clipboard.writeText(text).then(function () {
          button.setAttribute("data-copied", "1");
          button.textContent = button.getAttribute("data-done") || "✓";
        }, function () { showManual(button, text); });
      });
    });
  }
  enableCopyButtons(document);
  // New content (an htmx swap, a history restore) gets its buttons too.
  document.addEventListener("htmx:load", function (event) { enableCopyButtons(event.target); });
  window.addEventListener("pageshow", function () { enableCopyButtons(document); });
  // An inline demo's step lives in the page's address (?demo=<scenario>&step=<n>#demo-…), so the
  // language switch, a reload or a shared link opens the same demo on the same step.
  function demoOf(node) {
    return node && node.closest ? node.closest(".demo[id^='demo-']") : null;
  }
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var demo = demoOf(event.detail.target.isConnected ? event.detail.target : document.getElementById(event.detail.target.id));
    var open = demo && demo.querySelector(".miniboard__links a[href]");
    if (!open) return;
    var at = new URL(open.getAttribute("href"), window.location.href).searchParams;
    if (!at.get("scenario") || at.get("step") === null) return;
    var here = new URL(window.location.href);
    here.searchParams.set("demo", at.get("scenario"));
    here.searchParams.set("step", at.get("step"));
    here.hash = demo.id;
    window.history.replaceState(window.history.state, "", here.pathname + here.search + here.hash);
  });
  function reopenDemo() {
    var params = new URLSearchParams(window.location.search);
    var scenario = params.get("demo"), step = params.get("step");
    if (!scenario || !/^[0-9]{1,6}$/.test(step || "") || !window.htmx) return;
    var links = document.querySelectorAll(".demo a.demo__open[hx-get]");
    for (var i = 0; i < links.length; i++) {
      var url = new URL(links[i].getAttribute("hx-get"), window.location.href);
      if (url.searchParams.get("scenario") !== scenario) continue;
      var demo = demoOf(links[i]);
      if (window.location.hash && window.location.hash !== "#" + demo.id) continue;
      url.searchParams.set("step", step);
      window.htmx.ajax("GET", url.pathname + url.search, { target: "#" + demo.id });
      return;
    }
  }
  document.addEventListener("DOMContentLoaded", reopenDemo);

  // The language switch keeps the reader where they are now: the same clause (#anchor) and, after
  // htmx steps that changed the address, the same step. The server-made link is the fallback.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".language-switch a[hreflang]");
    if (!link) return;
    var here = window.location.pathname.match(/^\/(nl|de|en)(\/.*)$/);
    if (!here) return;
    link.href = "/" + link.getAttribute("hreflang") + here[2] + window.location.search + window.location.hash;
  }, true);
})();
