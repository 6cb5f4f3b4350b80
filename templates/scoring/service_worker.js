/* The service worker of the referees' table pages (scoring/offline.py; issue 22). Version __VERSION__.
 *
 * - The table page's files (content-hashed, immutable) are kept in the "mcr-static" cache and served from it.
 * - A table page the page itself asked to keep ({type: "keep", url}) is kept in "mcr-pages": fetched from the
 *   network first (its copy updated each time), and served from the copy when the network fails or stalls.
 * - Nothing else is touched: posts (hands, fouls) always go to the server, and the outbox (static/js/outbox.js)
 *   keeps what could not be sent.
 * - A kept page is private: it is kept with the mark of the login it was drawn for (X-Login-Mark, core/login_mark.py)
 *   and served only while that login is the phone's current one and has not ended (X-Login-Expires). Every page
 *   tells the worker the current login (static/js/kept-pages.js), and so does every page the worker fetches: a
 *   logout anywhere, a login that ended, another person's login, and the copies of the others are deleted. A
 *   login once replaced is never taken back (an old page shown again cannot bring its login's copies back).
 * - A copy served says so: <body data-kept-at="...">, which kept-pages.js turns into a note with the time.
 * - A copy not refreshed from the network within KEPT_MS is not served, and deleted: a login ended on the server
 *   while the phone is offline cannot be known here, so this bounds how long its pages stay on the phone.
 */
"use strict";

var ASSETS = {{ assets|safe }};
var STATIC = {{ static_prefix|safe }};
var PAGE = new RegExp({{ page_path|safe }});
var PAGES = "mcr-pages";
var FILES = "mcr-static";
var LOGIN = "mcr-login"; // the phone's current login: {mark, expires, ended: [marks replaced]}
var LOGIN_KEY = "/__mcr-login__";
var ENDED = 20;
// A copy not refreshed from the network for this long is not served, and is deleted (OFFLINE_PAGE_KEPT_HOURS):
// a login ended on the server while the phone was offline would otherwise keep it until the login's own end.
var KEPT_MS = {{ kept_ms|safe }};
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

// -- the current login ----------------------------------------------------------------------------------------

function readLogin() {
  return caches.open(LOGIN).then(function (cache) {
    return cache.match(LOGIN_KEY);
  }).then(function (res) {
    return res ? res.json() : null;
  }).then(function (state) {
    return state || { mark: "", expires: "", ended: [] };
  }, function () {
    return { mark: "", expires: "", ended: [] };
  });
}

var loginChange = Promise.resolve();

// The server (a page's meta, or a response's headers) says which login the phone has now.
function setLogin(mark, expires) {
  loginChange = loginChange.then(function () {
    return readLogin().then(function (state) {
      mark = mark || "";
      if (mark && state.ended.indexOf(mark) >= 0) return null; // an old page shown again: not its login back
      if (mark !== state.mark) {
        if (state.mark) state.ended = [state.mark].concat(state.ended).slice(0, ENDED);
        state.mark = mark;
      }
      state.expires = mark ? expires || "" : "";
      var body = new Response(JSON.stringify(state), { headers: { "Content-Type": "application/json" } });
      return caches.open(LOGIN).then(function (cache) {
        return cache.put(LOGIN_KEY, body);
      }).then(function () {
        return forgetOthers(state);
      });
    });
  }).catch(function () {});
  return loginChange;
}

function current(state) {
  return !!state.mark && (!state.expires || Date.parse(state.expires) > Date.now());
}

function recent(copy) {
  var at = Date.parse(copy.headers.get("X-Kept-At") || "");
  return !isNaN(at) && at + KEPT_MS > Date.now();
}

function isFor(copy, state) {
  return !!copy && current(state) && copy.headers.get("X-Login-Mark") === state.mark && recent(copy);
}

function forgetOthers(state) {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.map(function (r) {
        return cache.match(r).then(function (copy) {
          if (!isFor(copy, state)) return cache.delete(r);
          return null;
        });
      }));
    });
  });
}

function observe(response) {
  var mark = response && response.headers.get("X-Login-Mark");
  if (mark !== null && mark !== undefined) return setLogin(mark, response.headers.get("X-Login-Expires"));
  return Promise.resolve();
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "login") {
    event.waitUntil(setLogin(data.mark, data.expires));
  } else if (data.type === "keep" && PAGE.test(data.url)) {
    var url = new URL(data.url, self.location.origin).href;
    // From the browser's cache when the page has just been drawn from the network, else fetched now.
    event.waitUntil(fetch(url, { credentials: "same-origin", cache: "force-cache" }).then(function (response) {
      return keep(url, response);
    }).catch(function () {}));
  }
});

// Only a page drawn for the phone's current login is kept (one from the browser's cache may be another's).
function keep(url, response) {
  if (!response || !response.ok || response.redirected || response.type !== "basic") return Promise.resolve();
  return observe(response).then(readLogin).then(function (state) {
    var mark = response.headers.get("X-Login-Mark");
    if (!mark || mark !== state.mark) return null;
    return put(PAGES, url, response);
  });
}

// Into the cache once the whole body is here: a download the network cuts off never costs the copy kept before
// (the browser drops the old entry when a put begins), and the old copy is replaced in one step.
function put(name, key, response) {
  return response.blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set("X-Kept-At", new Date().toISOString());
    var copy = new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
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
      return Promise.all([cache.match(key), loginChange.then(readLogin)]).then(function (found) {
        var copy = found[0];
        if (copy && !isFor(copy, found[1])) {
          cache.delete(key);
          copy = null; // another login's page, one whose login has ended, or too old: never shown
        }
        if (!copy) return page(event, request, key, null, false);
        // The page fetching itself after an entry (outbox.js) wants the server's answer, never the copy.
        return page(event, request, key, request.mode === "navigate" ? copy : null, true);
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
// Either way the answer says who is logged in now; a page kept before is updated if it is that login's.
function page(event, request, key, copy, update) {
  var fromNetwork = fetch(request).then(function (response) {
    var fresh = update && response.ok && response.type === "basic" && !response.redirected ? response.clone() : null;
    var updated = fresh ? keep(key, fresh) : observe(response);
    event.waitUntil(updated.catch(function () {}));
    return response;
  });
  if (!copy) return fromNetwork;
  copy = marked(copy);
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

// The copy, with <body data-kept-at> saying when it was taken (kept-pages.js shows it).
function marked(copy) {
  var at = copy.headers.get("X-Kept-At") || "";
  return copy.text().then(function (text) {
    var body = text.replace("<body", '<body data-kept-at="' + at.replace(/[^0-9TZ:.+-]/g, "") + '"');
    return new Response(body, { status: copy.status, statusText: copy.statusText, headers: copy.headers });
  });
}
