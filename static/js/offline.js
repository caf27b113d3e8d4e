// A game kept offline (issue 27): registers the service worker (/sw.js), stores a game when the
// reader asks ("Keep this game offline" on a rulebook page), keeps it up to date when online, tells
// the reader when something needs the connection, and searches the kept games without one (on the
// offline page the worker shows for /<lang>/search/). Every page works without this file.
(function () {
  "use strict";
  var PREFIX = "rulesite-game:";
  var META = "/__offline__/meta";
  var PARALLEL = 4;
  var supported = "serviceWorker" in navigator && "caches" in window;

  if (supported) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
  }

  function format(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (_m, name) { return values[name]; });
  }
  function megabytes(bytes) {
    var lang = document.documentElement.lang || "en";
    return (bytes / 1048576).toLocaleString(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }) + " MB";
  }
  function status() { return document.getElementById("offline-status"); }
  function tell(text) {
    var box = status();
    if (!box || !text) return;
    box.textContent = text;
    box.hidden = false;
  }

  // --- What is kept ----------------------------------------------------------------------------
  // One cache per game, language and version: "rulesite-game:<slug>:<lang>:<version>". Its entry
  // /__offline__/meta says what it holds. The service worker answers from any of them.
  function keyOf(url, target) {
    var u = new URL(url, window.location.href);
    if (target) u.searchParams.append("__hx", target);
    return u.pathname + u.search;
  }
  function keptGames() {
    if (!supported) return Promise.resolve([]);
    return caches.keys().then(function (names) {
      names = names.filter(function (n) { return n.indexOf(PREFIX) === 0; });
      return Promise.all(names.map(function (name) {
        return caches.open(name).then(function (cache) { return cache.match(META); })
          .then(function (r) { return r ? r.json() : null; })
          .then(function (meta) { if (meta) meta.cache = name; return meta; });
      }));
    }).then(function (metas) { return metas.filter(Boolean); });
  }

  function store(manifestUrl, progress) {
    return fetch(manifestUrl, { cache: "no-cache" }).then(function (r) {
      if (!r.ok) throw new Error("manifest " + r.status);
      return r.json();
    }).then(function (m) {
      var name = PREFIX + m.game + ":" + m.lang + ":" + m.version;
      var queue = [], seen = {};
      function add(url, target) {
        var key = keyOf(url, target);
        if (seen[key]) return;
        seen[key] = true;
        queue.push({ url: url, target: target, key: key });
      }
      m.pages.forEach(function (u) { add(u); });
      m.fragments.forEach(function (f) { add(f[0], f[1]); });
      m.assets.forEach(function (u) { add(u); });
      add(m.index);
      var done = 0, bytes = 0, next = 0, failed = null;
      return caches.open(name).then(function (cache) {
        function one(item) {
          var headers = item.target ? { "HX-Request": "true", "HX-Target": item.target } : {};
          return fetch(item.url, { headers: headers, cache: "no-cache" }).then(function (r) {
            if (!r.ok) throw new Error(item.url + ": " + r.status);
            return r.clone().blob().then(function (blob) {
              bytes += blob.size;
              var type = r.headers.get("Content-Type") || "";
              var found = type.indexOf("text/html") === 0 ? blob.text() : Promise.resolve("");
              return found.then(function (html) {
                // The static files a page loads are kept with it (stylesheets, scripts, icons).
                (html.match(/(?:href|src)="(\/static\/[^"]+)"/g) || []).forEach(function (attr) {
                  add(attr.replace(/^(?:href|src)="/, "").replace(/"$/, ""));
                });
                return cache.put(item.key, r);
              });
            });
          });
        }
        function worker() {
          if (failed || next >= queue.length) return Promise.resolve();
          var item = queue[next++];
          return one(item).then(function () {
            done += 1;
            progress(done, queue.length, bytes);
          }, function (error) { failed = error; }).then(worker);
        }
        var workers = [];
        for (var i = 0; i < PARALLEL; i++) workers.push(worker());
        return Promise.all(workers).then(function () {
          if (failed) return caches.delete(name).then(function () { throw failed; });
          var meta = {
            game: m.game, lang: m.lang, version: m.version, manifest: manifestUrl, index: m.index,
            title: m.title || m.game, rulebook: m.pages[0], bytes: bytes, files: done, stored: Date.now()
          };
          return cache.put(META, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }))
            .then(function () { return removeKept(m.game, m.lang, name); })
            .then(function () { return meta; });
        });
      });
    });
  }

  function removeKept(game, lang, except) {
    var prefix = PREFIX + game + ":" + (lang ? lang + ":" : "");
    return caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n.indexOf(prefix) === 0 && n !== except; })
        .map(function (n) { return caches.delete(n); }));
    });
  }

  // A new content version (or release) is stored again when the reader is next online.
  function refreshKept(widgets) {
    if (!supported || !navigator.onLine) return;
    keptGames().then(function (metas) {
      metas.reduce(function (chain, meta) {
        return chain.then(function () {
          return fetch(meta.manifest, { cache: "no-cache" }).then(function (r) { return r.ok ? r.json() : null; })
            .then(function (m) {
              if (!m || m.version === meta.version) return null;
              var widget = widgets[meta.game];
              if (widget) widget.show("updating");
              return store(meta.manifest, widget ? widget.progress : function () {})
                .then(function () { if (widget) widget.refresh(); });
            }).catch(function () {});
        });
      }, Promise.resolve());
    });
  }

  // --- The "Keep this game offline" control on a rulebook page --------------------------------
  function Widget(box) {
    var self = this;
    var manifests = (box.getAttribute("data-manifests") || "").split(" ").filter(Boolean);
    var game = box.getAttribute("data-game");
    var keep = box.querySelector("[data-action=keep]");
    var remove = box.querySelector("[data-action=remove]");
    var bar = box.querySelector("progress");
    var line = box.querySelector(".offline-keep__status");
    var text = function (name) { return box.getAttribute("data-text-" + name) || ""; };
    self.progress = function (done, total, bytes) {
      bar.hidden = false;
      bar.max = total;
      bar.value = done;
      line.textContent = format(text("progress"), { done: done, total: total, size: megabytes(bytes) });
    };
    self.show = function (state, metas) {
      keep.hidden = state !== "none" && state !== "failed";
      keep.disabled = false;
      remove.hidden = state !== "kept";
      bar.hidden = state !== "storing" && state !== "updating";
      box.setAttribute("data-state", state);
      if (state === "kept") {
        var bytes = 0, files = 0, stored = 0;
        metas.forEach(function (m) { bytes += m.bytes; files += m.files; stored = Math.max(stored, m.stored); });
        var date = new Date(stored).toLocaleString(document.documentElement.lang || undefined, { dateStyle: "medium", timeStyle: "short" });
        line.textContent = format(text("kept"), { size: megabytes(bytes), files: files, date: date });
      } else if (state === "none") {
        line.textContent = "";
      } else if (state === "updating") {
        line.textContent = text("updating");
      } else if (state === "failed") {
        line.textContent = text("failed");
      }
    };
    self.refresh = function () {
      return keptGames().then(function (metas) {
        var mine = metas.filter(function (m) { return m.game === game && manifests.indexOf(m.manifest) >= 0; });
        var complete = manifests.every(function (u) { return mine.some(function (m) { return m.manifest === u; }); });
        self.show(complete ? "kept" : "none", mine);
      });
    };
    keep.addEventListener("click", function () {
      keep.disabled = true;
      self.show("storing");
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () {});
      var offset = { done: 0, total: 0, bytes: 0 };
      manifests.reduce(function (chain, url) {
        return chain.then(function () {
          var last = { done: 0, total: 0, bytes: 0 };
          return store(url, function (done, total, bytes) {
            last = { done: done, total: total, bytes: bytes };
            self.progress(offset.done + done, offset.total + total, offset.bytes + bytes);
          }).then(function () {
            offset = { done: offset.done + last.done, total: offset.total + last.total, bytes: offset.bytes + last.bytes };
          });
        });
      }, Promise.resolve()).then(self.refresh, function () { self.show("failed"); });
    });
    remove.addEventListener("click", function () {
      removeKept(game, "", "").then(self.refresh);
    });
    box.hidden = false;
    self.refresh();
  }

  var widgets = {};
  if (supported) {
    document.querySelectorAll(".offline-keep[data-game]").forEach(function (box) {
      widgets[box.getAttribute("data-game")] = new Widget(box);
    });
    window.addEventListener("load", function () { setTimeout(function () { refreshKept(widgets); }, 1500); });
  }

  // --- Without a connection ------------------------------------------------------------------
  // The page knows it was opened from this device's copies because the service worker marks such
  // an answer (data-served-from on <html>, X-Served-From on a fragment): navigator.onLine stays
  // true when the network is up but the site does not answer, and some browsers report true on a
  // page their worker served while offline. While the notice shows, the site is asked every few
  // seconds (and when the browser says it is online again); its first answer removes the notice.
  var PROBE_MS = 4000;
  var probing = null;
  function siteAnswered() {
    var box = status();
    if (box) box.hidden = true;
    if (probing) { clearInterval(probing); probing = null; }
  }
  function probe() {
    var box = status();
    var url = box && box.getAttribute("data-ping");
    if (!url) return;
    fetch(url, { cache: "no-store", headers: { Accept: "application/json" } }).then(function (r) {
      if (r.ok && !r.headers.get("X-Offline") && !r.headers.get("X-Served-From")) siteAnswered();
    }, function () {});
  }
  function watch() {
    if (!probing) probing = setInterval(probe, PROBE_MS);
  }
  function noConnection() {
    var box = status();
    if (box) tell(box.getAttribute("data-offline"));
    watch();
  }
  if (document.documentElement.hasAttribute("data-served-from") || !navigator.onLine) noConnection();
  window.addEventListener("offline", noConnection);
  window.addEventListener("online", probe);
  // A link htmx loads: kept on this device (the notice), or needing the server (a branch, the ask
  // form, a step not kept).
  function needsServer(event) {
    var xhr = event.detail && event.detail.xhr;
    var header = function (name) { return xhr && xhr.getResponseHeader ? xhr.getResponseHeader(name) : null; };
    if (event.type === "htmx:sendError" || header("X-Offline")) {
      var box = status();
      if (box) tell(box.getAttribute("data-needs-server"));
      watch();
    } else if (header("X-Served-From")) {
      noConnection();
    }
  }
  document.body.addEventListener("htmx:sendError", needsServer);
  document.body.addEventListener("htmx:responseError", needsServer);
  document.body.addEventListener("htmx:afterRequest", needsServer);

  // --- The offline page: what needs the server, and the search over the kept games ------------
  var page = document.querySelector("[data-offline-page]");
  if (!page) return;
  var path = window.location.pathname;
  var lang = document.documentElement.lang;
  var kind = /\/search\/$/.test(path) ? "search" : /\/sim\/$/.test(path) ? "sim" : /\/rooms\//.test(path) ? "rooms"
    : /\/faq\/(ask|thanks|question|answered)\//.test(path) ? "ask" : /\/offline\/$/.test(path) ? "offline" : "page";
  page.querySelectorAll("[data-kind]").forEach(function (el) {
    el.hidden = el.getAttribute("data-kind").split(" ").indexOf(kind) < 0;
  });
  var list = page.querySelector("[data-kept-list]");
  keptGames().then(function (metas) {
    var here = metas.filter(function (m) { return m.lang === lang; });
    page.querySelector("[data-none]").hidden = here.length > 0;
    here.forEach(function (m) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = m.rulebook;
      a.textContent = m.title;
      li.appendChild(a);
      list.appendChild(li);
    });
    if (kind !== "search") return;
    // MiniSearch is a deferred script at the end of the page: wait for it.
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", function () { search(here); });
    } else {
      search(here);
    }
  });

  function fold(text) {
    return (text || "").toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/ß/g, "ss");
  }
  function wordsOf(text) { return fold(text).match(/[a-z0-9]+/g) || []; }

  function search(metas) {
    var params = new URLSearchParams(window.location.search);
    var q = (params.get("q") || "").slice(0, 200);
    var input = page.querySelector("input[name=q]");
    if (input) input.value = q;
    var out = page.querySelector("[data-results]");
    var count = page.querySelector("[data-result-count]");
    if (!q || !window.MiniSearch) return;
    Promise.all(metas.map(function (m) {
      return caches.match(m.index, { ignoreVary: true }).then(function (r) { return r ? r.json() : null; })
        .then(function (index) { if (index) index.title = m.title; return index; });
    })).then(function (indexes) {
      var hits = [];
      indexes.filter(Boolean).forEach(function (index) {
        hits = hits.concat(searchIndex(index, q).map(function (h) { h.gameTitle = index.title; return h; }));
      });
      hits.sort(function (a, b) { return b.score - a.score; });
      hits = hits.slice(0, 50);
      count.textContent = format(count.getAttribute(hits.length === 1 ? "data-one" : "data-many"), { n: hits.length, q: q });
      hits.forEach(function (h) {
        var li = document.createElement("li");
        li.className = "offline-hit";
        var a = document.createElement("a");
        a.href = h.url;
        a.textContent = (h.number ? "§" + h.number + " " : "") + h.title;
        a.lang = h.language;
        var game = document.createElement("span");
        game.className = "offline-hit__game";
        game.textContent = h.gameTitle;
        var p = document.createElement("p");
        p.textContent = h.snippet;
        p.lang = h.language;
        li.appendChild(a);
        li.appendChild(document.createTextNode(" "));
        li.appendChild(game);
        li.appendChild(p);
        out.appendChild(li);
      });
    });
  }

  // The server's reading of a question, as far as the browser can: each word as the server's
  // tokens for it (when the game's texts have the word), the glossary's and players' synonyms,
  // stop words left out, and for a word the texts do not have, its near and longer forms.
  function searchIndex(index, q) {
    var stop = {};
    index.stopwords.forEach(function (w) { stop[w] = true; });
    var vocab = index.vocabulary, syn = index.synonyms;
    function tokens(word) { return vocab[word] || [word]; }
    var engine = new window.MiniSearch({
      fields: ["title", "say", "body", "notes", "context"],
      storeFields: ["url", "title", "number", "snippet", "language", "kind"],
      tokenize: function (text) { return wordsOf(text); },
      processTerm: function (word) { return stop[word] ? null : tokens(word); },
      searchOptions: { boost: index.fields, processTerm: function (t) { return t; }, tokenize: function (t) { return t.split(" "); } }
    });
    engine.addAll(index.documents);
    var queries = [];
    wordsOf(q).filter(function (w) { return !stop[w]; }).slice(0, 12).forEach(function (word) {
      var own = tokens(word);
      var known = !!vocab[word];
      var alternatives = [{ queries: own, combineWith: "OR", fuzzy: known ? false : 0.2, prefix: !known || word.length > 3 }];
      var groups = {};
      (syn.forms[word] || []).forEach(function (g) { groups[g] = true; });
      own.forEach(function (t) { (syn.by_token[t] || []).forEach(function (g) { groups[g] = true; }); });
      var synonyms = [];
      Object.keys(groups).forEach(function (g) {
        syn.targets[g].forEach(function (t) { if (own.indexOf(t) < 0 && synonyms.indexOf(t) < 0) synonyms.push(t); });
      });
      if (synonyms.length) {
        alternatives.push({ queries: synonyms, combineWith: "OR", boostTerm: function () { return syn.weight; } });
      }
      queries.push({ queries: alternatives, combineWith: "OR" });
    });
    if (!queries.length) return [];
    return engine.search({ queries: queries, combineWith: "OR" });
  }
})();
