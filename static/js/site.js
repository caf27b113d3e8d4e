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
  // "Print" buttons (the printable ruling) exist only with JavaScript.
  document.querySelectorAll("button[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  });

  // Boards: the board is one Tab stop (roving tabindex): the arrow keys move between its places (to
  // the nearest one that way): the links, and every space or piece that may be asked about ("why
  // not?", data-why); elsewhere in a board's area ← and → step back and forth.
  var BOARD_LINK = "svg.board-svg a.board-action";
  var ASKABLE = "[data-why][data-target]";
  function boardLinks(svg) {
    return Array.prototype.slice.call(svg.querySelectorAll("a.board-action, " + ASKABLE)).filter(function (e) {
      return e.tagName.toLowerCase() === "a" || !e.closest("a");
    });
  }
  function onBoard(el) {
    if (!el || !el.closest) return null;
    var link = el.closest(BOARD_LINK);
    if (link) return link;
    var asked = el.closest("svg.board-svg " + ASKABLE);
    return asked && !asked.closest("a") ? asked : null;
  }
  function rovingStart(svg) {
    return svg.querySelector("a.board-action.tap-next") || svg.querySelector("a.board-action.tap-chosen") ||
      svg.querySelector("a.board-action") || boardLinks(svg)[0];
  }
  function setRoving(svg, current) {
    boardLinks(svg).forEach(function (a) { a.setAttribute("tabindex", a === current ? "0" : "-1"); });
  }
  function initBoards(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("svg.board-svg").forEach(function (svg) {
      var start = rovingStart(svg);
      if (start) setRoving(svg, start);
    });
  }
  function centre(el) {
    var b = el.getBoundingClientRect();
    return { x: b.left + b.width / 2, y: b.top + b.height / 2 };
  }
  function nearest(from, links, key) {
    var c = centre(from), best = null, bestScore = Infinity;
    links.forEach(function (a) {
      if (a === from) return;
      var d = centre(a), dx = d.x - c.x, dy = d.y - c.y, along, across;
      if (key === "ArrowRight") { along = dx; across = dy; }
      else if (key === "ArrowLeft") { along = -dx; across = dy; }
      else if (key === "ArrowDown") { along = dy; across = dx; }
      else { along = -dy; across = dx; }
      if (along <= 1) return;
      var score = along + 2 * Math.abs(across);
      if (score < bestScore) { bestScore = score; best = a; }
    });
    return best;
  }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target;
    var place = onBoard(target);
    // Enter (or Space) on a space that is not offered asks why not, as a tap on it does.
    if (place && place.tagName.toLowerCase() !== "a" && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      place.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    var arrows = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];
    if (arrows.indexOf(event.key) < 0) { return; }
    if (place) {
      var svg = place.closest("svg");
      var next = nearest(place, boardLinks(svg), event.key);
      event.preventDefault();
      if (next) {
        setRoving(svg, next);
        next.focus();
      }
      return;
    }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") { return; }
    var board = target.closest && target.closest("[data-keynav]");
    if (!board || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) { return; }
    var link = board.querySelector('.board-controls a[data-key="' + event.key + '"]');
    if (link) {
      event.preventDefault();
      // Content swapped in a moment ago may not be wired up by htmx yet: do it now.
      if (window.htmx) { window.htmx.process(link); }
      link.click();
    }
  });
  document.addEventListener("focusin", function (event) {
    var place = onBoard(event.target);
    if (place) setRoving(place.closest("svg"), place);
  });

  initBoards(document);
  // A board's area swapped in place keeps the page where it was: the browser's scroll anchoring
  // would follow the old content as the new one is inserted before it, throwing the page down by
  // its whole height (the editor's palette was 2,000-4,000 px away from the board afterwards).
  var pageScroll = null;
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    pageScroll = target && target.matches && target.matches("#sim, #editor, [id^='demo-']") ? window.scrollY : null;
  });
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (pageScroll !== null && Math.abs(window.scrollY - pageScroll) > 1) { window.scrollTo(0, pageScroll); }
    pageScroll = null;
    // A move played from beside the board (a choice, OK, a whole turn at once): its answer is what
    // happened beside the board; bring the board back into view when the player had scrolled away.
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!elt || !elt.closest || !elt.closest(".sim__next, .sim__moves") || elt.closest(".editor")) return;
    var sim = document.getElementById("sim"), now = sim && sim.querySelector(".sim__now");
    var board = sim && sim.querySelector(".sim__board");
    if (!now || !board) return;
    var b = now.getBoundingClientRect();
    if (board.getBoundingClientRect().top < 0 || b.bottom > window.innerHeight) {
      window.scrollTo({ top: Math.max(0, sim.getBoundingClientRect().top + window.scrollY - 8), behavior: "instant" });
    }
  });

  // Why can't this be tapped? A tap on a square or piece that is not offered asks the page, which
  // answers with the rule (citing its clause) next to the board. On a board played by tapping only
  // links catch taps (a tap on a piece that is no target reaches the link under it), so a tap that
  // reaches no link is matched here against the shapes that may be asked about (data-why: drawn at
  // least a thumb's size): the topmost one under the finger; Enter on a focused one asks about it.
  // Rooms ask the same over their socket.
  function hitsShape(shape, x, y) {
    var b = shape.getBoundingClientRect();
    if (x < b.left || x > b.right || y < b.top || y > b.bottom) return false;
    if (shape.tagName.toLowerCase() === "g" || !shape.isPointInFill || !shape.getScreenCTM) return true;
    var m = shape.getScreenCTM();
    if (!m || !window.DOMPoint) return true;
    try { return shape.isPointInFill(new DOMPoint(x, y).matrixTransform(m.inverse())); } catch (e) { return true; }
  }
  function boardAsked(event) {
    if (!event.target.closest || event.target.closest("a")) return null;
    var frame = event.target.closest(".board-frame");
    var svg = frame && frame.querySelector("svg.board-svg[data-ask]");
    if (!svg) return null;
    if (event.detail === 0) {  // the keyboard (Enter on a focused space): the space focused
      var focused = event.target.closest(ASKABLE);
      return focused ? { svg: svg, target: focused.getAttribute("data-target") } : null;
    }
    var x = event.clientX, y = event.clientY;
    var shapes = Array.prototype.filter.call(svg.querySelectorAll("[data-why][data-target]"), function (s) {
      return !s.closest("a") && hitsShape(s, x, y);
    });
    if (!shapes.length) return null;
    // Choosing where a picked piece goes, a tap asks about the place under the finger (the field),
    // not a piece standing on it; otherwise about the topmost thing there.
    var picking = svg.querySelector(".tap-chosen");
    var asked = picking ? shapes[0] : shapes[shapes.length - 1];
    return { svg: svg, target: asked.getAttribute("data-target") };
  }
  window.boardAsked = boardAsked;
  document.addEventListener("click", function (event) {
    var asked = boardAsked(event);
    if (!asked || !window.htmx) return;
    var target = asked.svg.getAttribute("data-ask-target");
    if (!target) return;  // the rooms ask over their socket (rooms.js)
    event.preventDefault();
    window.htmx.ajax("GET", asked.svg.getAttribute("data-ask") + encodeURIComponent(asked.target),
      { target: target, swap: "outerHTML" });
  });

  // After htmx swaps a board in: the same step control keeps the focus (stepping with the keys);
  // after a tap, OK or a move the focus goes to the next thing to play (the board's next target,
  // a choice beside it, OK), else to what happened, never back to the step controls. htmx would
  // make the new links work only once the swap settles: they are made to work first, so an Enter
  // on the focused link at once is a step, not a load of the whole page. Other swaps (the
  // search's suggestions, a form loaded in place) leave the focus where the reader is typing.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    var area = target.isConnected ? target : document.getElementById(target.id) || document.body;
    var board = area.querySelector("[data-keynav]") || area;
    var parts = "svg.board-svg, .board-controls, .sim__now";
    if (!(board.matches && board.matches(parts)) && !board.querySelector(parts)) return;  // not a board
    initBoards(board);
    if (window.htmx) { window.htmx.process(board); }
    var elt = event.detail.requestConfig && event.detail.requestConfig.elt;
    var key = elt && elt.getAttribute && elt.getAttribute("data-key");
    var focus = key && board.querySelector('.board-controls a[data-key="' + key + '"]');
    if (!focus && elt && elt.closest && elt.closest(".board-controls")) {
      focus = board.querySelector(".board-controls a");
    }
    if (!focus) {
      var svg = board.querySelector("svg.board-svg");
      focus = (svg && svg.querySelector("a.board-action.tap-next")) || board.querySelector(".tap-bar .tap-choice, .tap-bar .tap-ok") ||
        (svg && svg.querySelector("a.board-action[tabindex='0']")) || board.querySelector(".auto-move a, .game-over a");
    }
    if (!focus) {
      focus = board.querySelector(".sim__now") || board;
      if (focus.setAttribute && !focus.hasAttribute("tabindex")) focus.setAttribute("tabindex", "-1");
    }
    if (focus.focus) { focus.focus({ preventScroll: true }); }
  });

  // The editor's fields apply as soon as one changes (htmx, hx-trigger="change"): no "Apply" tap.
  // The focus stays on the field that changed when the editor comes back.
  function hideAutosubmitButtons(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("form[data-autosubmit] [data-autosubmit-button]").forEach(function (b) {
      if (window.htmx) b.hidden = true;
    });
  }
  hideAutosubmitButtons(document);
  document.addEventListener("htmx:load", function (event) { hideAutosubmitButtons(event.target); });
  var changedField = null;
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var active = document.activeElement;
    changedField = active && active.form && active.form.hasAttribute("data-autosubmit") ?
      { name: active.name, value: active.type === "radio" ? active.value : null } : null;
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    if (!changedField) return;
    var selector = '[name="' + changedField.name + '"]' + (changedField.value !== null ? '[value="' + changedField.value + '"]' : "");
    var again = document.querySelector("form[data-autosubmit] " + selector);
    changedField = null;
    if (again) again.focus({ preventScroll: true });
  });

  // A step played on the simulator page is announced (screen readers): its verdict, else the
  // action just taken and the first thing it caused. The region stays while the board is swapped.
  document.body.addEventListener("htmx:afterSettle", function (event) {
    var said = document.getElementById("sim-said"), sim = document.getElementById("sim");
    if (!said || !sim || !event.detail.target || event.detail.target.id !== "sim") return;
    var verdict = sim.querySelector(".sim__now .verdict, .sim__now .tap-why, .sim__now .sim-caption");
    var now = sim.querySelector(".sim__now .happened--now .happened__step");
    var text = verdict ? verdict.textContent : now ? now.textContent : "";
    said.textContent = text.replace(/\s+/g, " ").trim();
  });

  // Suggestions as a question is typed (the header's and the home page's search box, the ask
  // form's question, the search page's own box: each has data-typeahead and an hx-trigger of
  // "typeahead", htmx makes the request). The first request goes as soon as two letters are typed,
  // then one on every change, but never two at a time for one box and at most one every
  // TYPEAHEAD_GAP ms: at a steady typing speed that is every other keystroke or more often, and the
  // text last typed is always sent. No waiting for a pause.
  var TYPEAHEAD_GAP = 200;
  function typeahead(box) {
    var busy = false, last = 0, timer = null, sent = null;
    function wanted() {
      var text = box.value;
      return text !== sent && (text.trim().length >= 2 || (text.trim() === "" && sent !== null));
    }
    function fire() {
      timer = null;
      if (busy || !wanted()) return;
      var wait = last + TYPEAHEAD_GAP - Date.now();
      if (wait > 0) { timer = setTimeout(fire, wait); return; }
      busy = true;
      last = Date.now();
      sent = box.value;
      window.htmx.trigger(box, "typeahead");
    }
    box.addEventListener("input", function () { if (!timer) fire(); });
    document.addEventListener("htmx:afterRequest", function (event) {
      var elt = event.detail && event.detail.elt;
      if (!busy || !elt || !(elt === box || (elt.contains && elt.contains(box)))) return;
      busy = false;
      if (!timer) fire();
    });
  }
  function initTypeahead(root) {
    if (!window.htmx || !root || !root.querySelectorAll) return;
    var boxes = Array.prototype.slice.call(root.querySelectorAll("[data-typeahead]"));
    if (root.matches && root.matches("[data-typeahead]")) boxes.push(root);
    boxes.forEach(function (box) {
      if (box.hasAttribute("data-typeahead-on")) return;
      box.setAttribute("data-typeahead-on", "");
      typeahead(box);
    });
  }
  initTypeahead(document);
  document.addEventListener("htmx:load", function (event) { initTypeahead(event.detail && event.detail.elt); });

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

  // The new-game form shows only as many "who plays" rows as the chosen setup has seats (without
  // JavaScript every row shows, and rows beyond the seats are ignored).
  document.querySelectorAll("form[data-seats-from]").forEach(function (form) {
    var input = document.getElementById(form.getAttribute("data-seats-from"));
    var counts = JSON.parse(form.getAttribute("data-seat-counts") || "{}");
    if (!input) return;
    function sync() {
      var n = counts[input.value];
      form.querySelectorAll(".seat-row").forEach(function (row) {
        var hide = n !== undefined && +row.getAttribute("data-seat-number") > n;
        row.hidden = hide;
        row.querySelectorAll("select").forEach(function (s) { s.disabled = hide; });
      });
    }
    input.addEventListener("input", sync);
    input.addEventListener("change", sync);
    sync();
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
