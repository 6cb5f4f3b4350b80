/* The service worker of the referees' table pages (scoring/offline.py; issue 22). Version __VERSION__.
 *
 * - The table page's files (content-hashed, immutable) are kept in the "mcr-static" cache and served from it.
 * - A table page the page itself asked to keep ({type: "keep", url}) is kept in "mcr-pages": fetched from the
 *   network first (its copy updated each time), and served from the copy when the network fails or stalls.
 * - Nothing else is touched: posts (hands, fouls) always go to the server, and the outbox (static/js/outbox.js)
 *   keeps what could not be sent.
 * Logging out deletes "mcr-pages" (outbox.js).
 */
"use strict";

var ASSETS = {{ assets|safe }};
var STATIC = {{ static_prefix|safe }};
var PAGE = new RegExp({{ page_path|safe }});
var PAGES = "mcr-pages";
var FILES = "mcr-static";
// A page that does not come within this time is served from its copy (and its copy updated when it comes).
var STALLED_MS = 6000;
var HASHED = /\.[0-9a-f]{12}\.[a-z0-9]+$/;

self.addEventListener("install", function (event) {
  // Files the page has just loaded come from the browser's own cache: no second download.
  event.waitUntil(caches.open(FILES).then(function (cache) { return cache.addAll(ASSETS); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(prune().then(function () { return self.clients.claim(); }));
});

// Files no longer listed go, unless a kept page still names them (it may be opened offline before it is updated).
function prune() {
  return Promise.all([caches.open(FILES), caches.open(PAGES)]).then(function (both) {
    var files = both[0], pages = both[1];
    return pages.keys().then(function (requests) {
      return Promise.all(requests.map(function (r) {
        return pages.match(r).then(function (res) { return res ? res.text() : ""; });
      }));
    }).then(function (texts) {
      var named = texts.join(" ");
      return files.keys().then(function (requests) {
        return Promise.all(requests.map(function (r) {
          var path = new URL(r.url).pathname;
          if (ASSETS.indexOf(path) >= 0 || named.indexOf(path) >= 0) return null;
          return files.delete(r);
        }));
      });
    });
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "keep" && PAGE.test(data.url)) {
    var url = new URL(data.url, self.location.origin).href;
    // From the browser's cache when the page has just been drawn from the network, else fetched now.
    event.waitUntil(fetch(url, { credentials: "same-origin", cache: "force-cache" }).then(function (response) {
      return keep(url, response);
    }).catch(function () {}));
  }
});

function keep(url, response) {
  if (!response || !response.ok || response.redirected || response.type !== "basic") return Promise.resolve();
  return put(PAGES, url, response);
}

// Into the cache once the whole body is here: a download the network cuts off never costs the copy kept before
// (the browser drops the old entry when a put begins), and the old copy is replaced in one step.
function put(name, key, response) {
  return response.blob().then(function (body) {
    var copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    return caches.open(name).then(function (cache) { return cache.put(key, copy); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(file(request, url));
  } else if (PAGE.test(url.pathname)) {
    var key = url.origin + url.pathname;
    event.respondWith(caches.open(PAGES).then(function (cache) {
      return cache.match(key).then(function (copy) {
        if (!copy) return fetch(request);
        // The page fetching itself after an entry (outbox.js) wants the server's answer, never the copy.
        return page(event, request, key, request.mode === "navigate" ? copy : null);
      });
    }));
  }
});

// A hashed file never changes: the kept copy is the file. Anything else (runserver) is fetched first.
function file(request, url) {
  return caches.open(FILES).then(function (cache) {
    function fromNetwork() {
      return fetch(request).then(function (response) {
        if (response.ok) put(FILES, request, response.clone()).catch(function () {});
        return response;
      });
    }
    if (!HASHED.test(url.pathname)) {
      return fromNetwork().catch(function () { return cache.match(request); });
    }
    return cache.match(request).then(function (copy) { return copy || fromNetwork(); });
  });
}

// A kept page: the network's answer (which updates the copy), or for a navigation the copy when there is no
// network or it stalls.
// A navigation that ends elsewhere (the login page, once the login has ended) is the browser's to follow.
function page(event, request, key, copy) {
  var fromNetwork = fetch(request).then(function (response) {
    if (response.ok && response.type === "basic" && !response.redirected) {
      event.waitUntil(put(PAGES, key, response.clone()).catch(function () {}));
    }
    return response;
  });
  if (!copy) return fromNetwork;
  var stalled = new Promise(function (resolve) {
    setTimeout(function () { resolve(null); }, STALLED_MS);
  });
  event.waitUntil(fromNetwork.catch(function () {}));
  return Promise.race([fromNetwork, stalled]).then(function (response) {
    return response || copy;
  }, function () {
    return copy;
  });
}
