/* The table page's outbox (issue 22; docs/offline.md): hands and fouls are recorded without a reload, and none is
 * lost when the hall's network drops. Plain ES2018; without it (or IndexedDB) the forms post as they always did.
 * - An entry is written to IndexedDB ("mcr-outbox") with an idempotency key made here, the form moves on at once,
 *   and the entry shows above it: "saving…", "saved" (the server's words), or refused in place (Correct/Discard).
 * - Entries go one at a time, in order, each with the version it was based on (expected_version, expected_fouls);
 *   a refused entry holds back the later ones of its sheet. No network, a lost answer, a login that has ended:
 *   they wait and go again with the same key (the server stores each once), under the account that made them.
 * - After the server has one, the page fetches itself and redraws its hands, grid, fouls and signatures from the
 *   server's HTML (the client computes no result); the service worker (/sw.js) keeps that copy for offline use.
 * Its words come from the page: <template id="outbox-text">, and the hands' from <script id="hands-info">.
 */
(function () {
  "use strict";

  var root = document.querySelector("[data-outbox]");
  if (!root || !window.indexedDB || !window.fetch || !window.URLSearchParams) return;
  var cfg = root.dataset;
  var handForm = root.querySelector("form.hand-form");
  var about = JSON.parse((document.getElementById("hands-info") || { textContent: "{}" }).textContent);
  var info = about.hands || {};
  var TEXT = readText();
  var PAGES = "mcr-pages";
  var RETRY_MS = [1000, 2000, 3000, 5000, 8000];

  var state = {
    ready: false, // IndexedDB opened: submits are taken over
    entries: [], // what is queued, in order (from IndexedDB)
    saved: {}, // kind -> the last entry the server took, shown as "saved"
    sending: null, // seq of the entry on its way
    again: false,
    busy: false,
    offline: navigator.onLine === false,
    trouble: false, // the server answered with an error of its own (5xx)
    login: false, // the server says the login has ended
    tries: 0,
    retry: null,
    editing: {}, // kind -> the refused entry being corrected in the form
    filling: false, // a draft is being put back: its own events do not count as typing
    serverNext: +cfg.next || 0,
    foulsBase: 0
  };

  // ---------------------------------------------------------------- text

  function readText() {
    var text = {};
    var tpl = document.getElementById("outbox-text");
    var box = tpl && (tpl.content || tpl);
    if (box) {
      box.querySelectorAll("[data-k]").forEach(function (span) {
        text[span.getAttribute("data-k")] = span.textContent.trim();
      });
    }
    return text;
  }

  function fmt(template, values) {
    return (template || "").replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "class") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }

  // ---------------------------------------------------------------- the queue in IndexedDB

  var opened = null;

  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var req = indexedDB.open("mcr-outbox", 1);
        req.onupgradeneeded = function () {
          req.result.createObjectStore("entries", { keyPath: "seq", autoIncrement: true });
        };
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      });
    }
    return opened;
  }

  function store(mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction("entries", mode), out;
        var req = work(t.objectStore("entries"));
        if (req) req.onsuccess = function () { out = req.result; };
        t.oncomplete = function () { resolve(out); };
        t.onerror = t.onabort = function () { reject(t.error); };
      });
    });
  }

  function load() {
    return store("readonly", function (s) { return s.getAll(); }).then(function (list) {
      state.entries = list.sort(function (a, b) { return a.seq - b.seq; });
      return state.entries;
    });
  }

  function put(entry) {
    return store("readwrite", function (s) { return s.put(entry); }).then(function (seq) {
      entry.seq = seq;
      return entry;
    });
  }

  function remove(entry) {
    return store("readwrite", function (s) { return s.delete(entry.seq); });
  }

  // Other tabs of this site on the phone redraw when the queue changes.
  var channel = window.BroadcastChannel ? new BroadcastChannel("mcr-outbox") : null;
  function told() { if (channel) channel.postMessage("changed"); }

  // ---------------------------------------------------------------- reading and filling the forms

  function uuid() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function fieldsOf(form) {
    var out = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken" && typeof value === "string") out.push([name, value]);
    });
    return out;
  }

  function setField(fields, name, value) {
    var found = false;
    fields.forEach(function (p) { if (p[0] === name) { p[1] = String(value); found = true; } });
    if (!found) fields.push([name, String(value)]);
  }

  function fieldValue(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return "";
  }

  function fire(input, type) { input.dispatchEvent(new Event(type, { bubbles: true })); }

  // Clears what was typed, keeps the hidden fields the server gave (the CSRF token and the like).
  function clearForm(form) {
    Array.prototype.forEach.call(form.elements, function (input) {
      if (input.type === "hidden" || input.type === "submit" || input.type === "button" || !input.name) return;
      if (input.type === "radio" || input.type === "checkbox") input.checked = false;
      else if (input.tagName === "SELECT") input.selectedIndex = 0;
      else input.value = "";
    });
    form.querySelectorAll(".errors, .tiles-info").forEach(function (e) {
      if (!e.closest(".tp")) e.remove();
    });
    form.querySelectorAll(".has-error").forEach(function (e) { e.classList.remove("has-error"); });
  }

  function fill(form, fields) {
    clearForm(form);
    fields.forEach(function (p) {
      var name = p[0], value = p[1];
      var inputs = Array.prototype.filter.call(form.elements, function (i) { return i.name === name; });
      inputs.forEach(function (input) {
        if (input.type === "radio" || input.type === "checkbox") { if (input.value === value) input.checked = true; }
        else input.value = value;
      });
    });
    ["winner", "discarder", "foul", "to", "concealed", "flowers"].forEach(function (name) {
      var input = form.querySelector('[name="' + name + '"]');
      if (input) fire(input, input.type === "text" ? "input" : "change");
    });
  }

  // The errors of a refused entry where the plain form shows them: on the fields they name, the others above.
  function showErrors(form, error) {
    var errors = (error && error.errors) || {}, above = [];
    Object.keys(errors).forEach(function (name) {
      var input = name === "__all__" ? null : form.querySelector('[name="' + name + '"]:not([type=hidden])');
      var wrap = input && (input.closest("fieldset.choice") || input.closest(".field"));
      if (!wrap) { above = above.concat(errors[name]); return; }
      wrap.classList.add("has-error");
      errors[name].forEach(function (m) { wrap.appendChild(el("p", { class: "errors outbox-errors", text: m })); });
    });
    if (!Object.keys(errors).length && error && error.message) above.push(error.message);
    if (!above.length) return;
    var box = el("div", { class: "errors outbox-errors", role: "alert" });
    above.forEach(function (m) { box.appendChild(el("p", { text: m })); });
    var anchor = form.querySelector(".hand-announce");
    if (anchor) anchor.after(box); else form.prepend(box);
  }

  function messagesOf(error) {
    var out = [];
    var errors = (error && error.errors) || {};
    Object.keys(errors).forEach(function (k) { errors[k].forEach(function (m) { if (out.indexOf(m) < 0) out.push(m); }); });
    if (!out.length && error && error.message) out.push(error.message);
    return out;
  }

  function labelText(form, input) {
    if (!input) return "";
    var label = form.querySelector('label[for="' + input.id + '"]');
    var who = label && label.querySelector(".who");
    return ((who || label || input).textContent || "").trim();
  }

  function optionText(select) {
    return select && select.value ? select.options[select.selectedIndex].textContent.trim() : "";
  }

  // What the referee typed, in words, for the outbox line (never a computed result).
  function handSummary(form) {
    var w = form.querySelector("input[name=winner]:checked");
    var d = form.querySelector("input[name=discarder]:checked");
    if (!w) return "";
    if (w.value === "draw" || w.value === "not_played") return labelText(form, w);
    var points = form.elements.points ? form.elements.points.value.trim() : "";
    var how = d && d.value === "self" ? TEXT.selfDrawn : d ? fmt(TEXT.from, { d: labelText(form, d) }) : "";
    return [labelText(form, w), points, how].filter(Boolean).join(" · ");
  }

  function foulSummary(form) {
    var player = optionText(form.elements.player), foul = optionText(form.elements.foul);
    var hand = form.elements.hand_number && form.elements.hand_number.value;
    return [player, foul, hand ? fmt(TEXT.hand, { n: hand }) : ""].filter(Boolean).join(" · ");
  }

  // Presence only, with the server's own words: a tap on "Record" with no winner is not sent as a hand.
  // Everything else is the server's to judge.
  function missingChoice(form) {
    var w = form.querySelector("input[name=winner]:checked");
    if (!w) return { field: "winner", message: TEXT.tapWinner };
    var d = form.querySelector("input[name=discarder]:checked");
    if (w.value !== "draw" && w.value !== "not_played" && !d) return { field: "discarder", message: TEXT.tapHow };
    return null;
  }

  // ---------------------------------------------------------------- the hand on offer

  function formNumber() { return handForm ? +handForm.elements.number.value : 0; }

  // What is typed in the hand form and not yet recorded, kept in this tab (sessionStorage) so that a reload, or
  // Back and Forward to a page the browser draws again, puts it back instead of offering an empty form (issue 21).
  var DRAFT = "mcr-draft:" + cfg.sheet;

  function keepDraft() {
    if (!handForm || handForm.dataset.touched === undefined || state.filling) return;
    try {
      sessionStorage.setItem(DRAFT, JSON.stringify({ user: cfg.user, number: formNumber(), fields: fieldsOf(handForm) }));
    } catch (e) { /* no storage (private browsing): the form is only as safe as the page */ }
  }

  function dropDraft() {
    try { sessionStorage.removeItem(DRAFT); } catch (e) { /* as above */ }
  }

  function readDraft() {
    try {
      var draft = JSON.parse(sessionStorage.getItem(DRAFT) || "null");
      return draft && draft.user === cfg.user && draft.fields ? draft : null;
    } catch (e) { return null; }
  }

  // The draft goes back into the form only for the hand the form offers: a hand recorded or queued meanwhile
  // (on this phone or another device) has moved the form on, and its draft is stale.
  function restoreDraft(draft) {
    if (!draft || !handForm || handForm.hidden || draft.number !== formNumber()) return false;
    state.filling = true;
    fill(handForm, draft.fields);
    state.filling = false;
    handForm.elements.number.value = draft.number;
    announce(draft.number);
    handForm.dataset.touched = "1";
    keepDraft(); // offer() forgot it: still the draft until recorded
    return true;
  }

  function pristine(form) { return form && !form.dataset.touched && !form.querySelector(".errors"); }

  function queued(kind) {
    return state.entries.filter(function (e) { return e.sheet === cfg.sheet && e.kind === kind; });
  }

  // The next hand to offer: after the server's last and after every hand waiting on this phone.
  function nextNumber() {
    var last = +cfg.last, n = state.serverNext || last + 1;
    queued("hand").forEach(function (e) { if (e.number + 1 > n) n = e.number + 1; });
    return n;
  }

  function offer(n) {
    if (!handForm) return;
    var done = root.querySelector(".entry-done");
    var hand = info[n];
    if (!hand) {
      handForm.hidden = true;
      if (done) done.hidden = false;
      return;
    }
    handForm.hidden = false;
    if (done) done.hidden = true;
    clearForm(handForm);
    handForm.elements.number.value = n;
    handForm.elements.expected_version.value = "0";
    announce(n);
    // A foul most likely belongs to the hand in play: the foul form follows, unless its hand was changed.
    var foulHand = document.querySelector("form.foul-form [name=hand_number]");
    if (foulHand && foulHand.value === foulHand.defaultValue) foulHand.value = foulHand.defaultValue = String(n);
    var picker = handForm.querySelector("details.tiles-box");
    ["winner", "concealed", "flowers"].forEach(function (name) {
      var input = handForm.querySelector('[name="' + name + '"]');
      if (input) fire(input, input.type === "radio" ? "change" : "input");
    });
    var note = handForm.querySelector("details.note-box");
    if (note) note.open = false;
    if (picker && !picker.querySelector(".tp")) picker.open = false;
    delete handForm.dataset.touched;
    dropDraft();
    var first = handForm.querySelector("input[name=winner]");
    if (first && document.activeElement && handForm.contains(document.activeElement)) first.focus({ preventScroll: true });
  }

  // The announcement, the seat winds on the players' buttons and the button's words, as the server drew
  // them for hand n (hands-info).
  function announce(n) {
    var hand = info[n];
    if (!hand || !handForm) return;
    var box = handForm.querySelector(".hand-announce");
    if (box) {
      box.querySelector(".hand-no").textContent = hand.no;
      box.querySelector(".round").textContent = hand.round;
      box.querySelector(".dealer").textContent = hand.dealer;
    }
    (about.players || []).forEach(function (pk, i) {
      var wind = hand.seats[i], words = about.winds[wind];
      ["winner", "discarder"].forEach(function (field) {
        var label = handForm.querySelector('label[for="id_' + field + "_" + pk + '"]');
        if (!label) return;
        if (label.hasAttribute("data-wind")) label.setAttribute("data-wind", wind);
        var abbr = label.querySelector(".seat-wind abbr");
        if (abbr) { abbr.title = words[0]; abbr.textContent = words[1]; }
      });
    });
    var submit = handForm.querySelector("button.submit-hand");
    if (submit) submit.textContent = hand.submit;
  }

  // ---------------------------------------------------------------- taking an entry

  function enqueue(kind, form) {
    var fields = fieldsOf(form);
    var key = uuid();
    setField(fields, "idempotency_key", key);
    var entry = {
      kind: kind,
      key: key,
      sheet: cfg.sheet,
      url: form.action,
      user: cfg.user,
      fields: fields,
      created: Date.now(),
      state: "queued"
    };
    if (kind === "hand") {
      entry.number = +fieldValue(fields, "number");
      entry.summary = handSummary(form);
    } else {
      entry.summary = foulSummary(form);
      entry.base = state.foulsBase;
      entry.savedAhead = 0;
    }
    var editing = state.editing[kind];
    if (editing) {
      entry.seq = editing.seq; // in the refused entry's place, so the order stays
      state.entries = state.entries.filter(function (e) { return e.seq !== editing.seq; });
    }
    delete state.editing[kind];
    // The form moves on now, while the entry is written to the phone's storage.
    state.entries.push(entry);
    state.saved[kind] = null;
    if (kind === "hand") {
      offer(nextNumber());
      // Back to the top of the entry, where the next hand is announced (as the plain form's #entry does).
      if (root.getBoundingClientRect().top < 0) root.scrollIntoView();
    } else {
      form.reset();
      clearErrors(form);
    }
    render();
    put(entry).then(load).then(function () {
      render();
      told();
      flush();
    }, function () {
      // The phone's storage refused it (full, or private browsing): send it now, and post plain forms from here on.
      state.ready = false;
      direct(entry);
    });
  }

  // An entry the phone could not keep: sent at once; on any trouble it goes back into its form, as typed.
  function direct(entry) {
    send(entry).then(function (answer) {
      state.entries = state.entries.filter(function (e) { return e !== entry; });
      if (answer.kind === "saved") {
        state.saved[entry.kind] = { entry: entry, data: answer.data };
        render();
        refresh();
        return;
      }
      entry.error = answer.kind === "refused" ? answer.data : { message: TEXT.waiting };
      var form = formFor(entry.kind);
      if (!form) return;
      fill(form, entry.fields);
      if (entry.kind === "hand") announce(entry.number);
      showErrors(form, entry.error);
      render();
    });
  }

  function clearErrors(form) {
    form.querySelectorAll(".outbox-errors").forEach(function (e) { e.remove(); });
    form.querySelectorAll(".has-error").forEach(function (e) { e.classList.remove("has-error"); });
  }

  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!state.ready || e.defaultPrevented) return;
    if (form === handForm) {
      e.preventDefault();
      var missing = missingChoice(form);
      if (missing) {
        clearErrors(form);
        var input = form.querySelector('[name="' + missing.field + '"]');
        var wrap = input && input.closest("fieldset.choice");
        if (wrap) {
          wrap.classList.add("has-error");
          wrap.querySelectorAll(".outbox-errors").forEach(function (x) { x.remove(); });
          wrap.appendChild(el("p", { class: "errors outbox-errors", role: "alert", text: missing.message }));
        }
        (input || form).focus();
        return;
      }
      enqueue("hand", form);
    } else if (form.matches("form.foul-form")) {
      e.preventDefault();
      enqueue("foul", form);
    } else if (cfg.logout && form.getAttribute("action") === cfg.logout) {
      // Logging out forgets this phone's copies of the pages (the entries stay, for this user's next login).
      e.preventDefault();
      var go = function () { form.submit(); };
      (window.caches ? caches.delete(PAGES) : Promise.resolve()).then(go, go);
    }
  }, true);

  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (e) {
      if (!handForm || !handForm.contains(e.target)) return;
      if (e.isTrusted) handForm.dataset.touched = "1";
      keepDraft(); // the keypad's and the picker's events are not trusted, but are typing all the same
    });
  });
  if (handForm) handForm.addEventListener("click", function (e) { if (e.isTrusted) handForm.dataset.touched = "1"; });

  // ---------------------------------------------------------------- sending

  function csrfToken() {
    var name = (cfg.csrfCookie || "csrftoken") + "=";
    var found = document.cookie.split(";").map(function (c) { return c.trim(); })
      .filter(function (c) { return c.indexOf(name) === 0; })[0];
    if (found) return decodeURIComponent(found.slice(name.length));
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  function send(entry) {
    var body = new URLSearchParams();
    var fields = entry.fields.slice();
    if (entry.kind === "foul") setField(fields, "expected_fouls", (entry.base || 0) + (entry.savedAhead || 0));
    fields.forEach(function (p) { body.append(p[0], p[1]); });
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller && setTimeout(function () { controller.abort(); }, 30000);
    return fetch(entry.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      redirect: "manual",
      signal: controller ? controller.signal : undefined,
      headers: { Accept: "application/json", "X-CSRFToken": csrfToken() }
    }).then(function (r) {
      clearTimeout(timer);
      if (r.type === "opaqueredirect" || r.status === 401) return { kind: "login" };
      var json = (r.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      return (json ? r.json().catch(function () { return null; }) : Promise.resolve(null)).then(function (data) {
        if (r.ok && data && data.ok) return { kind: "saved", data: data };
        // A 403 that is not ours is Django's CSRF check: the login, and its token, changed.
        if (r.status === 403 && !(data && data.code)) return { kind: "login" };
        if (r.status >= 400 && r.status < 500 && data) return { kind: "refused", data: data };
        return { kind: "trouble" };
      });
    }, function () {
      clearTimeout(timer);
      return { kind: "offline" };
    });
  }

  function flush() {
    if (!state.ready) return;
    if (state.busy) { state.again = true; return; }
    state.busy = true;
    clearTimeout(state.retry);
    var run = function () { return sendAll(); };
    var done = navigator.locks ? navigator.locks.request("mcr-outbox", run) : run();
    done.catch(function () {}).then(function () {
      state.busy = false;
      if (state.again) { state.again = false; flush(); }
    });
  }

  function sendAll() {
    var changed = false, stop = false, blocked = {};
    return load().then(function (entries) {
      var chain = Promise.resolve();
      entries.forEach(function (entry) {
        chain = chain.then(function () {
          if (stop || entry.user !== cfg.user || blocked[entry.sheet]) return null;
          if (entry.state === "refused") { blocked[entry.sheet] = true; return null; }
          state.sending = entry.seq;
          render();
          return send(entry).then(function (answer) {
            state.sending = null;
            if (answer.kind === "saved") {
              state.saved[entry.kind] = { entry: entry, data: answer.data };
              if (entry.sheet === cfg.sheet) changed = true;
              return remove(entry).then(function () { return entry.kind === "foul" ? foulSaved(entry) : null; });
            }
            if (answer.kind === "refused") {
              entry.state = "refused";
              entry.error = answer.data;
              blocked[entry.sheet] = true;
              if (entry.sheet === cfg.sheet) changed = true;
              return put(entry).then(function () { if (entry.sheet === cfg.sheet) correctIfIdle(entry); });
            }
            stop = true;
            state.login = answer.kind === "login";
            state.offline = answer.kind === "offline";
            state.trouble = answer.kind === "trouble";
            return null;
          });
        });
      });
      return chain;
    }).then(function () {
      if (!stop) { state.offline = false; state.trouble = false; state.login = false; state.tries = 0; }
      return load();
    }).then(function () {
      render();
      told();
      if (changed) refresh();
      var waiting = state.entries.some(function (e) { return e.user === cfg.user && e.state !== "refused"; });
      if (stop && waiting && !state.login) {
        var wait = RETRY_MS[Math.min(state.tries++, RETRY_MS.length - 1)];
        state.retry = setTimeout(flush, wait);
      }
    });
  }

  // A foul the server took counts in the base of the fouls queued after it on the same sheet.
  function foulSaved(entry) {
    if (entry.sheet === cfg.sheet) state.foulsBase += 1;
    var later = state.entries.filter(function (e) {
      return e.kind === "foul" && e.sheet === entry.sheet && e.seq > entry.seq;
    });
    return Promise.all(later.map(function (e) { e.savedAhead = (e.savedAhead || 0) + 1; return put(e); }));
  }

  // ---------------------------------------------------------------- refused entries

  function formFor(kind) {
    return kind === "hand" ? handForm : document.querySelector("form.foul-form");
  }

  // Put a refused entry back into its form, with the server's words, to correct and send again.
  function correct(entry) {
    var form = formFor(entry.kind);
    if (!form) return;
    state.editing[entry.kind] = entry;
    var fields = entry.fields.slice();
    var error = entry.error || {};
    if (entry.kind === "hand") {
      // Another entry of this hand was stored meanwhile: sending again, after a look, replaces it.
      if (error.code === "stale_version" && error.version != null) setField(fields, "expected_version", error.version);
      handForm.hidden = false;
      var done = root.querySelector(".entry-done");
      if (done) done.hidden = true;
      fill(form, fields);
      announce(entry.number);
    } else {
      fill(form, fields);
      if (form.elements.expected_fouls) form.elements.expected_fouls.value = state.foulsBase;
    }
    showErrors(form, error);
    form.dataset.touched = "";
    render();
    // The refusal in the server's words (above the form) in view first, then the field to correct (issue 21).
    var item = document.querySelector('ol.outbox[data-kind="' + entry.kind + '"] .outbox-item[data-state=refused]');
    if (item) item.scrollIntoView({ block: "start" });
    var target = form.querySelector(".has-error input:not([type=hidden]), .has-error select") || form.querySelector(".outbox-errors");
    if (target) {
      if (!target.matches("input, select")) target.tabIndex = -1;
      var box = target.getBoundingClientRect();
      target.focus({ preventScroll: box.top >= 0 && box.bottom <= window.innerHeight });
    }
  }

  function correctIfIdle(entry) {
    var form = formFor(entry.kind);
    if (form && !state.editing[entry.kind] && pristine(form)) correct(entry);
  }

  function discard(entry) {
    delete state.editing[entry.kind];
    remove(entry).then(load).then(function () {
      var form = formFor(entry.kind);
      if (form) clearErrors(form);
      if (entry.kind === "hand") offer(nextNumber());
      else if (form) form.reset();
      render();
      told();
      flush();
    });
  }

  // ---------------------------------------------------------------- drawing the outbox

  function stateText(entry, blockedBy) {
    if (entry.user !== cfg.user) return ["other", fmt(TEXT.otherUser, { user: entry.user })];
    if (entry.state === "refused") return ["refused", TEXT.refused];
    if (blockedBy) return ["held", TEXT.held];
    if (state.sending === entry.seq && !state.offline) return ["saving", TEXT.saving];
    if (state.login) return ["login", TEXT.login];
    if (state.trouble) return ["trouble", TEXT.trouble];
    if (state.offline) return ["waiting", TEXT.waiting];
    return ["saving", TEXT.saving];
  }

  function itemTitle(entry) {
    return entry.kind === "hand" ? fmt(TEXT.hand, { n: entry.number }) : TEXT.foul;
  }

  function render() {
    var blocked = false;
    var mine = state.entries.filter(function (e) { return e.sheet === cfg.sheet; });
    document.querySelectorAll("ol.outbox[data-kind]").forEach(function (list) {
      list.textContent = "";
    });
    var lists = {};
    document.querySelectorAll("ol.outbox[data-kind]").forEach(function (list) { lists[list.dataset.kind] = list; });
    mine.forEach(function (entry) {
      var list = lists[entry.kind];
      var st = stateText(entry, blocked);
      if (entry.state === "refused") blocked = true;
      if (!list) return;
      var item = el("li", { class: "outbox-item", "data-state": st[0], "data-seq": String(entry.seq) }, [
        el("span", { class: "outbox-what" }, [el("strong", { text: itemTitle(entry) }), entry.summary ? " " + entry.summary : ""]),
        el("span", { class: "outbox-state", text: st[1] })
      ]);
      if (entry.state === "refused" && entry.user === cfg.user) {
        var errors = el("div", { class: "errors" });
        messagesOf(entry.error).forEach(function (m) { errors.appendChild(el("p", { text: m })); });
        item.appendChild(errors);
        var editing = state.editing[entry.kind] && state.editing[entry.kind].seq === entry.seq;
        var actions = el("div", { class: "outbox-actions" }, [
          editing ? el("span", { class: "small", text: TEXT.inForm }) :
            el("button", { type: "button", class: "secondary", "data-act": "correct", text: TEXT.correct }),
          el("button", { type: "button", class: "secondary", "data-act": "discard", text: TEXT.discard })
        ]);
        if (entry.seq === undefined) actions.hidden = true; // not on the phone yet
        item.appendChild(actions);
      }
      list.appendChild(item);
    });
    Object.keys(state.saved).forEach(function (kind) {
      var s = state.saved[kind], list = lists[kind];
      if (!s || !list || s.entry.sheet !== cfg.sheet) return;
      // In the server's own words ("Hand 3 recorded.", "Recorded for Ana: …").
      list.appendChild(el("li", { class: "outbox-item", "data-state": "saved" }, [
        el("span", { class: "outbox-what", text: s.data.message || itemTitle(s.entry) }),
        el("span", { class: "outbox-state", text: TEXT.saved })
      ]));
    });
    Object.keys(lists).forEach(function (kind) { lists[kind].hidden = !lists[kind].children.length; });
    banner();
  }

  function banner() {
    var box = root.querySelector(".outbox-banner");
    if (!box) return;
    box.textContent = "";
    if (state.login) {
      box.append(TEXT.loginBanner + " ");
      box.appendChild(el("a", { href: cfg.login, text: TEXT.logIn }));
    } else if (state.offline) {
      box.append(TEXT.offline);
    }
    box.hidden = !box.textContent;
    root.classList.toggle("is-offline", !!state.offline);
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest(".outbox-item button[data-act]");
    if (!button) return;
    var seq = +button.closest(".outbox-item").dataset.seq;
    var entry = state.entries.filter(function (x) { return x.seq === seq; })[0];
    if (!entry) return;
    if (button.dataset.act === "correct") correct(entry);
    else discard(entry);
  });

  // ---------------------------------------------------------------- the page drawn again by the server

  function refresh() {
    return fetch(cfg.sheet, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok && !r.redirected ? r.text() : null; })
      .then(function (html) {
        if (html) swap(new DOMParser().parseFromString(html, "text/html"));
      }, function () {});
  }

  function replace(selector, doc, keep) {
    var now = document.querySelector(selector), fresh = doc.querySelector(selector);
    if (!now || !fresh) return;
    if (keep) keep(now, fresh);
    now.replaceWith(document.adoptNode(fresh));
  }

  function swap(doc) {
    replace("h1 .status", doc);
    replace(".hand-list-box", doc);
    replace("#sheet-grid", doc, function (now, fresh) { fresh.open = now.open; });
    replace("#signing", doc);
    var foulForm = document.querySelector("form.foul-form");
    if (foulForm && (foulForm.dataset.touched || foulForm.contains(document.activeElement) || state.editing.foul)) {
      // The referee is typing a foul: only the list of fouls is drawn again.
      var list = document.querySelector("#fouls .foul-list, #fouls > p"), fresh = doc.querySelector("#fouls .foul-list, #fouls > p");
      if (list && fresh) list.replaceWith(document.adoptNode(fresh));
    } else {
      replace("#fouls", doc);
    }
    // Each player's total so far, on their button in the hand form (which is not drawn again).
    doc.querySelectorAll("[data-run-total]").forEach(function (t) {
      var mine = document.querySelector('[data-run-total="' + t.getAttribute("data-run-total") + '"]');
      if (mine) mine.innerHTML = t.innerHTML;
    });
    var fresh = doc.querySelector("[data-outbox]");
    if (fresh) state.serverNext = +fresh.dataset.next || 0;
    var base = doc.querySelector("form.foul-form [name=expected_fouls]");
    if (base) state.foulsBase = +base.value || 0;
    if (pristine(handForm) && !state.editing.hand && nextNumber() !== formNumber()) offer(nextNumber());
    render();
    root.dataset.drawn = String((+root.dataset.drawn || 0) + 1); // how many times the server redrew it
    document.dispatchEvent(new CustomEvent("sheet:updated"));
  }

  // ---------------------------------------------------------------- the service worker and its copies

  function serviceWorker() {
    if (!("serviceWorker" in navigator) || !cfg.sw) return;
    navigator.serviceWorker.register(cfg.sw, { scope: cfg.swScope || "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      // Keep this page on the phone; the worker updates its copy each time the page comes from the network.
      if (reg.active && navigator.onLine !== false) reg.active.postMessage({ type: "keep", url: cfg.sheet });
    }).catch(function () {});
  }

  // ---------------------------------------------------------------- start

  function start() {
    var foulBase = document.querySelector("form.foul-form [name=expected_fouls]");
    state.foulsBase = foulBase ? +foulBase.value || 0 : 0;
    db().then(function () {
      state.ready = true;
      return load();
    }).then(function () {
      var draft = readDraft();
      // Hands waiting on this phone are behind the form: offer the one after them.
      if (pristine(handForm) && nextNumber() !== formNumber()) offer(nextNumber());
      var refused = queued("hand").concat(queued("foul")).filter(function (e) { return e.state === "refused"; });
      // A refused hand comes back into the form first; otherwise what was being typed before the page was left.
      if (pristine(handForm) && !refused.some(function (e) { return e.kind === "hand"; })) restoreDraft(draft);
      render();
      refused.forEach(correctIfIdle);
      flush();
    }).catch(function () { state.ready = false; });
    serviceWorker();
    // Back or Forward to this page kept whole by the browser: the queue may have moved on meanwhile in another tab.
    window.addEventListener("pageshow", function (e) {
      if (!e.persisted || !state.ready) return;
      load().then(function () { render(); flush(); });
    });
    window.addEventListener("online", function () { state.offline = false; state.tries = 0; render(); flush(); });
    window.addEventListener("offline", function () { state.offline = true; render(); });
    document.addEventListener("visibilitychange", function () {
      if (document.hidden) return;
      state.login = false;
      flush();
    });
    if (channel) channel.onmessage = function () { load().then(render); };
    setInterval(function () {
      if (state.entries.some(function (e) { return e.user === cfg.user && e.state !== "refused"; })) flush();
    }, 10000);
  }

  start();
})();
