/* The rules site's service worker (served as /sw.js by sitewide.offline_views.service_worker).
   Every page still comes from the network while there is one. Without a connection it answers
   from the copies kept on this device ("Keep this game offline", static/js/offline.js: one cache
   per game and language, "rulesite-game:<slug>:<lang>:<version>"), and a page that is not kept
   (a new position, a room, asking a question) gets the offline page in the reader's language,
   which says so, instead of the browser's error. Own code rather than Workbox: the part Workbox
   offers (a network-first route with a cache fallback) is the twenty lines of respond() below,
   and what this site needs beyond it (a game stored on request with progress, mini-board
   fragments keyed by their htmx target, the offline page per language) Workbox does not do. */
"use strict";
const CONFIG = {{ config|safe }};
{% verbatim %}
const CORE = "rulesite-core:" + CONFIG.version;
const GAME_PREFIX = "rulesite-game:";
const NETWORK_TIMEOUT_MS = 8000;  // a connection this slow counts as none when a copy is kept
const SITE_DOWN = [502, 503, 504];  // a proxy in front answers, the site behind it does not

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CORE);
    const urls = Object.values(CONFIG.offline).concat(CONFIG.assets);
    // One failing file (a deploy in progress) must not stop the worker from installing.
    await Promise.all(urls.map((url) => cache.add(new Request(url, { cache: "reload" })).catch(() => null)));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("rulesite-core:") && name !== CORE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The address a copy is kept under: a mini-board fragment (htmx, HX-Target "demo-…") under its
// address plus "__hx=<target>"; a page under its address (a rulebook or clause address keeps the
// open demo in ?demo=&step=, which the server ignores).
function keyOf(request) {
  const url = new URL(request.url);
  const target = request.headers.get("HX-Target");
  if (request.headers.get("HX-Request") && !request.headers.get("HX-History-Restore-Request") && target) {
    url.searchParams.append("__hx", target);
    return url.pathname + url.search;
  }
  if (!/\/sim\/$/.test(url.pathname)) {
    url.searchParams.delete("demo");
    if (!url.searchParams.has("demo")) url.searchParams.delete("step");
  }
  return url.pathname + url.search;
}

function languageOf(url) {
  const found = /^\/(\w\w)\//.exec(url.pathname);
  return found && CONFIG.offline[found[1]] ? found[1] : CONFIG.default_language;
}

async function kept(request) {
  return caches.match(keyOf(request), { ignoreVary: true, ignoreMethod: true });
}

function timeout(ms) {
  return new Promise((resolve) => setTimeout(() => resolve(null), ms));
}

// An answer from this device rather than the site says so, so that the page can tell the reader
// (navigator.onLine stays true when the network is up but the site does not answer: a captive
// portal, a train's Wi-Fi, some browsers on a page served while offline): a header on every such
// answer (htmx reads it on fragments) and, on a page, data-served-from="device" on its <html>.
async function fromDevice(response, request) {
  const headers = new Headers(response.headers);
  headers.set("X-Served-From", "device");
  let body = response.body;
  if (request.mode === "navigate" && (headers.get("Content-Type") || "").startsWith("text/html")) {
    body = (await response.text()).replace(/<html\b/i, '<html data-served-from="device"');
    headers.delete("Content-Length");
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
}

async function offlineAnswer(request, url) {
  if (request.mode === "navigate") {
    const page = await caches.match(CONFIG.offline[languageOf(url)], { ignoreVary: true });
    if (page) return fromDevice(page, request);
  }
  if (url.pathname.endsWith("/search/suggest/")) {
    return new Response("", { headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
  // htmx shows nothing for it; offline.js tells the reader that this needs a connection.
  return new Response("offline", { status: 503, headers: { "Content-Type": "text/plain", "X-Offline": "1" } });
}

async function respond(request) {
  const url = new URL(request.url);
  const network = fetch(request);
  network.catch(() => null);  // handled below
  const copy = await kept(request);
  if (!copy) {
    try { return await network; } catch (error) { return offlineAnswer(request, url); }
  }
  // A copy is kept: the network's answer if it comes in time and is the site's (a proxy's "bad
  // gateway" or "unavailable" is no answer of the site), else the copy.
  const answer = await Promise.race([network.catch(() => null), timeout(NETWORK_TIMEOUT_MS)]);
  if (answer && !SITE_DOWN.includes(answer.status)) return answer;
  return fromDevice(copy, request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // A form sent without a connection (asking a question): the offline page says so.
    if (request.mode === "navigate" && !url.pathname.startsWith("/admin/")) {
      event.respondWith(fetch(request).catch(() => offlineAnswer(request, url)));
    }
    return;
  }
  if (url.pathname.startsWith("/admin/") || url.pathname.startsWith("/api/") || url.pathname.startsWith("/ws/")) return;
  if (url.pathname === "/sw.js") return;
  event.respondWith(respond(request));
});
{% endverbatim %}
