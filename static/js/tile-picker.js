/* Tile picker: tap tile pictures to fill a hand form's tile text fields, and see the hand scored live.
 *
 * Progressive enhancement of a form marked data-tile-picker. The form keeps its own text fields
 * (concealed, melds, win_tile, optional flowers count or bonus checkboxes marked data-bonus-tile="f1".."f8")
 * and posts them unchanged; the picker only writes
 * them, in the notation the server already reads, so the server needs nothing new to accept a hand.
 * Without JavaScript the text fields work as before.
 *
 * Form attributes:
 *   data-tile-picker            turns the picker on
 *   data-tile-sprite            URL of the tile sprite, one <symbol id="t-CODE"> a tile (default
 *                               /static/tiles/sprite.svg): one request draws every tile
 *   data-live-score-url         endpoint that scores the form's fields as JSON (none: no live scoring)
 *   data-live-score-method      GET or POST (default: the form's own method)
 * Interface text comes from <template id="tile-picker-text"> holding <span data-k="key">text</span>,
 * filled by the Django template with {% translate %}; FALLBACK below is used only for missing keys.
 * A picker whose place (data-tile-picker-mount) is inside a closed <details> is built when that opens:
 * a referee who types only the points never draws the palette nor fetches the sprite.
 */
(function () {
  "use strict";

  var SUITS = ["m", "p", "s"];
  var HONOURS = ["E", "S", "W", "N", "C", "F", "P"];
  var ORDER = [];
  SUITS.forEach(function (s) { for (var n = 1; n <= 9; n++) ORDER.push(n + s); });
  ORDER = ORDER.concat(HONOURS);
  var RANK = {};
  ORDER.forEach(function (t, i) { RANK[t] = i; });
  // The engine's meld kinds and the other spellings it accepts (rules/core/hand.py).
  var KINDS = {
    chi: "chow", chow: "chow", pung: "pung", pong: "pung", peng: "pung", kong: "kong", gang: "kong",
    melded_kong: "kong", concealed_kong: "concealed_kong", "concealed-kong": "concealed_kong",
    ckong: "concealed_kong", angang: "concealed_kong"
  };
  var MELD_SIZE = { chow: 3, pung: 3, kong: 4, concealed_kong: 4 };
  var HAND = 14;
  var DEBOUNCE_MS = 50;

  var FALLBACK = {
    modes: "Add to", concealed: "Concealed", chow: "Chow", pung: "Pung", kong: "Kong",
    concealed_kong: "Concealed kong", win: "Winning tile",
    hintConcealed: "Tap tiles to add them to the concealed hand.", hintChow: "Tap the lowest tile of the chow.",
    hintPung: "Tap the tile of the pung.", hintKong: "Tap the tile of the kong.",
    hintWin: "Tap the winning tile.",
    groups: "Tiles", characters: "Characters", dots: "Dots", bamboo: "Bamboo", honours: "Honours",
    flowers: "Flowers",
    suit_m: "{n} characters", suit_p: "{n} dots", suit_s: "{n} bamboo",
    tileE: "East wind", tileS: "South wind", tileW: "West wind", tileN: "North wind",
    tileC: "Red dragon", tileF: "Green dragon", tileP: "White dragon",
    flower: "Flower {n}", season: "Season {n}",
    hand: "Hand", remove: "Remove {tile}", removeMeld: "Remove {meld}",
    noWin: "Choose the winning tile", count: "{n} of 14 tiles", needWin: "Now tap the winning tile.",
    full: "The hand is complete: tap a tile in the hand to remove it.",
    tooMany: "Too many tiles: the concealed tiles leave out the winning tile.",
    unreadable: "The typed tiles cannot be read; correct them or tap the tiles again.",
    clear: "Clear tiles", type: "Type tiles",
    fan: "Fan", points: "Points", total: "Total",
    unavailable: "Live scoring is not available just now; the hand is scored when the form is sent.",
    differs: "{typed} points were typed, but the tiles score {total} (difference {diff})."
  };

  function fmt(template, values) {
    return template.replace(/\{(\w+)\}/g, function (m, k) { return k in values ? values[k] : m; });
  }

  function readText() {
    var text = Object.assign({}, FALLBACK);
    var tpl = document.getElementById("tile-picker-text");
    var root = tpl && (tpl.content || tpl);
    if (root) {
      root.querySelectorAll("[data-k]").forEach(function (span) {
        var value = span.textContent.trim();
        if (value) text[span.getAttribute("data-k")] = value;
      });
    }
    return text;
  }

  // ------------------------------------------------------------ notation, as rules/core/tiles.py reads it

  function parseTiles(text) {
    var out = [], digits = [];
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch >= "1" && ch <= "9") digits.push(ch);
      else if (SUITS.indexOf(ch) >= 0) {
        if (!digits.length) return null;
        digits.forEach(function (d) { out.push(d + ch); });
        digits = [];
      } else if (HONOURS.indexOf(ch) >= 0) {
        if (digits.length) return null;
        out.push(ch);
      } else if (" ,\t".indexOf(ch) < 0) return null;
    }
    return digits.length ? null : out;
  }

  function sortTiles(tiles) {
    return tiles.slice().sort(function (a, b) { return RANK[a] - RANK[b]; });
  }

  function formatTiles(tiles) {
    var out = "", pending = "", suit = null;
    sortTiles(tiles).forEach(function (t) {
      var s = t.length === 2 ? t[1] : null;
      if (pending && s !== suit) { out += pending + suit; pending = ""; }
      if (s) { pending += t[0]; suit = s; } else out += t;
    });
    return pending ? out + pending + suit : out;
  }

  function chowOf(t) {
    var n = +t[0];
    return [n + t[1], n + 1 + t[1], n + 2 + t[1]];
  }

  function meldIsWellFormed(kind, tiles) {
    if (tiles.length !== MELD_SIZE[kind]) return false;
    if (kind === "chow") {
      return tiles[0].length === 2 && +tiles[0][0] <= 7 && chowOf(tiles[0]).join() === tiles.join();
    }
    return tiles.every(function (t) { return t === tiles[0]; });
  }

  function parseMelds(text) {
    var melds = [];
    var parts = text.split(/[,;\n\r]+/);
    for (var i = 0; i < parts.length; i++) {
      var words = parts[i].trim().split(/\s+/);
      if (!words[0]) continue;
      var kind = KINDS[words[0].toLowerCase()];
      var tiles = kind && parseTiles(words.slice(1).join(" "));
      if (!tiles) return null;
      tiles = sortTiles(tiles);
      if (!meldIsWellFormed(kind, tiles)) return null;
      melds.push({ kind: kind, tiles: tiles });
    }
    return melds;
  }

  function formatMelds(melds) {
    return melds.map(function (m) { return m.kind + " " + formatTiles(m.tiles); }).join("\n");
  }

  // ------------------------------------------------------------ small DOM helper

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "class") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }

  // ------------------------------------------------------------ the picker

  function TilePicker(form) {
    this.form = form;
    this.f = {
      concealed: form.elements.concealed, melds: form.elements.melds, win: form.elements.win_tile,
      flowers: form.elements.flowers, points: form.elements.points
    };
    // Rule sets that name the bonus tiles held (Spanish) give one checkbox per tile, marked with its code.
    this.bonus = Array.prototype.slice.call(form.querySelectorAll("input[type=checkbox][data-bonus-tile]"));
    this.text = readText();
    this.sprite = form.getAttribute("data-tile-sprite") || "/static/tiles/sprite.svg";
    this.state = { concealed: [], melds: [], win: null, flowers: [] };
    this.readable = true;
    this.mode = "concealed";
    this.group = "m";
    this.seq = 0;
    this.last = null;
    this.build();
    this.readFields();
    this.readFlowers();
    this.render();
    this.listen();
    form.classList.add("tp-on");
    this.schedule();
  }

  var SVG = "http://www.w3.org/2000/svg";

  // A tile's picture: the sprite's symbol, decorative (the button around it carries the tile's name).
  TilePicker.prototype.img = function (code, cls) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", cls || "tp-img");
    svg.setAttribute("viewBox", "0 0 60 80");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("data-tile-img", code);
    var use = document.createElementNS(SVG, "use");
    use.setAttribute("href", this.sprite + "#t-" + code);
    svg.appendChild(use);
    return svg;
  };

  TilePicker.prototype.tileName = function (t) {
    if (/^f\d$/.test(t)) {
      var k = +t[1];
      return k <= 4 ? fmt(this.text.flower, { n: k }) : fmt(this.text.season, { n: k - 4 });
    }
    if (t.length === 2) return fmt(this.text["suit_" + t[1]], { n: t[0] });
    return this.text["tile" + t];
  };

  TilePicker.prototype.meldName = function (m) {
    var self = this;
    return this.text[m.kind] + ": " + m.tiles.map(function (t) { return self.tileName(t); }).join(", ");
  };

  TilePicker.prototype.build = function () {
    var self = this, t = this.text;
    var modes = el("div", { class: "tp-modes", role: "group", "aria-label": t.modes });
    ["concealed", "chow", "pung", "kong", "concealed_kong", "win"].forEach(function (m) {
      modes.appendChild(el("button", { type: "button", class: "tp-mode", "data-mode": m, text: t[m] }));
    });
    var groups = [["m", t.characters, "1m"], ["p", t.dots, "1p"], ["s", t.bamboo, "1s"], ["z", t.honours, "E"]];
    if (this.f.flowers || this.bonus.length) groups.push(["f", t.flowers, "f1"]);
    var boxes = this.bonus.map(function (b) { return b.getAttribute("data-bonus-tile"); });
    var tabs = el("div", { class: "tp-tabs", role: "group", "aria-label": t.groups });
    var palette = el("div", { class: "tp-palette" });
    // The tournament's (or the calculator's) rule set lists the tiles it plays in data-tiles: offer only those.
    var allowed = (this.form.dataset.tiles || "").split(" ").filter(Boolean);
    var offered = function (code) {
      if (code[0] === "f") return !boxes.length || boxes.indexOf(code) >= 0;
      return !allowed.length || allowed.indexOf(code) >= 0;
    };
    groups.forEach(function (g) {
      var codes = g[0] === "z" ? HONOURS : g[0] === "f" ? [1, 2, 3, 4, 5, 6, 7, 8].map(function (k) { return "f" + k; })
        : [1, 2, 3, 4, 5, 6, 7, 8, 9].map(function (n) { return n + g[0]; });
      codes = codes.filter(offered);
      if (!codes.length) return;
      tabs.appendChild(el("button", { type: "button", class: "tp-tab", "data-group": g[0] },
        [self.img(g[2], "tp-tab-img"), el("span", { text: g[1] })]));
      var box = el("div", { class: "tp-group", "data-group": g[0], role: "group", "aria-label": g[1] });
      codes.forEach(function (code) {
        box.appendChild(el("button", { type: "button", class: "tp-tile", "data-tile": code, "aria-label": self.tileName(code) },
          [self.img(code), el("span", { class: "tp-used", "aria-hidden": "true" })]));
      });
      palette.appendChild(box);
    });
    this.hint = el("p", { class: "tp-hint", id: "tp-hint-" + Math.random().toString(36).slice(2) });
    palette.setAttribute("aria-describedby", this.hint.id);
    this.hand = el("div", { class: "tp-hand", role: "group", "aria-label": t.hand });
    this.status = el("p", { class: "tp-status", role: "status" });
    this.typeToggle = el("button", { type: "button", class: "tp-type secondary", "aria-expanded": "false", text: t.type });
    var actions = el("div", { class: "tp-actions" }, [
      el("button", { type: "button", class: "tp-clear secondary", text: t.clear }), this.typeToggle]);
    this.result = el("div", { class: "tp-result", "aria-live": "polite" });
    this.root = el("div", { class: "tp" }, [
      el("div", { class: "tp-input" }, [modes, this.hint, tabs, palette]),
      el("div", { class: "tp-output" }, [this.hand, this.status, actions, this.result])]);

    var first = this.f.concealed.closest(".grid") || this.f.concealed.closest(".field") || this.f.concealed;
    var mount = this.form.querySelector("[data-tile-picker-mount]");
    if (mount) mount.appendChild(this.root); else first.parentNode.insertBefore(this.root, first);
    [this.f.concealed, this.f.melds, this.f.win].forEach(function (input) {
      (input.closest(".field") || input).classList.add("tp-textfield");
    });
  };

  // Tiles of the hand, with kongs as 3 (the size that must reach 13 before the winning tile).
  TilePicker.prototype.size = function () {
    return this.state.concealed.length + 3 * this.state.melds.length;
  };

  TilePicker.prototype.used = function (tile) {
    var s = this.state, n = 0;
    s.concealed.forEach(function (t) { if (t === tile) n++; });
    s.melds.forEach(function (m) { m.tiles.forEach(function (t) { if (t === tile) n++; }); });
    return n + (s.win === tile ? 1 : 0);
  };

  TilePicker.prototype.canAdd = function (tile, mode) {
    var self = this, room = this.size();
    if (mode === "win") return this.used(tile) - (this.state.win === tile ? 1 : 0) < 4;
    if (mode === "concealed") return this.used(tile) < 4 && (room < 13 || (room === 13 && !this.state.win));
    if (room + 3 > 13) return false;
    if (mode === "chow") {
      return tile.length === 2 && +tile[0] <= 7 && chowOf(tile).every(function (t) { return self.used(t) < 4; });
    }
    return this.used(tile) <= 4 - MELD_SIZE[mode];
  };

  TilePicker.prototype.add = function (tile) {
    var s = this.state, mode = this.mode;
    if (!this.canAdd(tile, mode)) return;
    if (mode === "concealed" && this.size() === 13) mode = "win";
    if (mode === "win") s.win = tile;
    else if (mode === "concealed") s.concealed.push(tile);
    else {
      var tiles = mode === "chow" ? chowOf(tile) : Array(MELD_SIZE[mode]).fill(tile);
      s.melds.push({ kind: mode, tiles: tiles });
    }
    // Once 13 tiles stand, the only tile left to give is the winning one; after it, back to the hand.
    if (mode === "win") this.mode = "concealed";
    else if (this.size() === 13 && !s.win) this.mode = "win";
    this.changed();
  };

  TilePicker.prototype.toggleFlower = function (code) {
    var list = this.state.flowers, i = list.indexOf(code);
    if (i >= 0) list.splice(i, 1); else list.push(code);
    this.changed();
  };

  TilePicker.prototype.changed = function () {
    this.readable = true;
    this.writeFields();
    this.render();
    this.schedule();
  };

  TilePicker.prototype.writeFields = function () {
    var s = this.state;
    this.f.concealed.value = formatTiles(s.concealed);
    this.f.melds.value = formatMelds(s.melds);
    this.f.win.value = s.win || "";
    this.bonus.forEach(function (b) { b.checked = s.flowers.indexOf(b.getAttribute("data-bonus-tile")) >= 0; });
    // A blank flowers field means none: leave it blank unless the count really changed.
    if (this.f.flowers && (parseInt(this.f.flowers.value, 10) || 0) !== s.flowers.length) {
      this.f.flowers.value = String(s.flowers.length);
    }
  };

  TilePicker.prototype.readFields = function () {
    var concealed = parseTiles(this.f.concealed.value);
    var melds = parseMelds(this.f.melds.value);
    var win = parseTiles(this.f.win.value);
    this.readable = !!(concealed && melds && win && win.length <= 1);
    if (this.readable) this.state = { concealed: concealed, melds: melds, win: win[0] || null, flowers: this.state.flowers };
  };

  TilePicker.prototype.readFlowers = function () {
    if (this.bonus.length) {
      this.state.flowers = this.bonus.filter(function (b) { return b.checked; })
        .map(function (b) { return b.getAttribute("data-bonus-tile"); });
      return;
    }
    if (!this.f.flowers) return;
    var n = Math.max(0, Math.min(8, parseInt(this.f.flowers.value, 10) || 0));
    if (n !== this.state.flowers.length) {
      this.state.flowers = [];
      for (var k = 1; k <= n; k++) this.state.flowers.push("f" + k);
    }
  };

  TilePicker.prototype.render = function () {
    var self = this, s = this.state, t = this.text;
    this.root.setAttribute("data-mode", this.mode);
    this.root.querySelectorAll(".tp-mode").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-mode") === self.mode));
    });
    this.root.querySelectorAll(".tp-tab").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-group") === self.group));
    });
    this.root.querySelectorAll(".tp-group").forEach(function (g) {
      g.classList.toggle("is-active", g.getAttribute("data-group") === self.group);
    });
    this.root.querySelectorAll(".tp-tile").forEach(function (b) {
      var code = b.getAttribute("data-tile");
      if (code[0] === "f") {
        b.setAttribute("aria-pressed", String(s.flowers.indexOf(code) >= 0));
        return;
      }
      var used = self.used(code);
      b.disabled = !self.canAdd(code, self.mode);
      b.querySelector(".tp-used").textContent = used ? "×" + used : "";
    });
    var hints = { concealed: t.hintConcealed, chow: t.hintChow, pung: t.hintPung, kong: t.hintKong,
      concealed_kong: t.hintKong, win: t.hintWin };
    this.hint.textContent = hints[this.mode];
    this.renderHand();
    var size = this.size(), given = size + (s.win ? 1 : 0);
    var status = !this.readable ? t.unreadable : size > 13 ? t.tooMany
      : size === 13 && !s.win ? t.needWin : given === HAND ? fmt(t.count, { n: given }) + " " + t.full
      : fmt(t.count, { n: given });
    this.status.textContent = status;
    this.status.classList.toggle("tp-bad", !this.readable || size > 13);
  };

  TilePicker.prototype.renderHand = function () {
    var self = this, s = this.state, t = this.text;
    var hand = this.hand;
    hand.textContent = "";
    var row = el("div", { class: "tp-row tp-concealed" });
    sortTiles(s.concealed).forEach(function (code) {
      row.appendChild(el("button", { type: "button", class: "tp-htile", "data-remove": code,
        "aria-label": fmt(t.remove, { tile: self.tileName(code) }) }, [self.img(code)]));
    });
    hand.appendChild(row);
    if (s.melds.length) {
      var melds = el("div", { class: "tp-row tp-melds" });
      s.melds.forEach(function (m, i) {
        var pics = m.tiles.map(function (code, j) {
          // A concealed kong is laid out with its end tiles face down, as at the table.
          var down = m.kind === "concealed_kong" && (j === 0 || j === 3);
          return self.img(down ? "back" : code, "tp-mimg");
        });
        melds.appendChild(el("button", { type: "button", class: "tp-meld", "data-meld": String(i),
          "aria-label": fmt(t.removeMeld, { meld: self.meldName(m) }) }, pics));
      });
      hand.appendChild(melds);
    }
    var winRow = el("div", { class: "tp-row tp-winrow" }, [el("span", { class: "tp-label", text: t.win })]);
    if (s.win) {
      winRow.appendChild(el("button", { type: "button", class: "tp-htile tp-wintile", "data-remove-win": "1",
        "aria-label": fmt(t.remove, { tile: self.tileName(s.win) }) }, [self.img(s.win)]));
    } else {
      winRow.appendChild(el("button", { type: "button", class: "tp-htile tp-empty", "data-mode-win": "1",
        "aria-label": t.noWin, text: "?" }));
    }
    if (s.flowers.length) {
      winRow.appendChild(el("span", { class: "tp-label", text: t.flowers }));
      s.flowers.slice().sort().forEach(function (code) { winRow.appendChild(self.img(code, "tp-fimg")); });
    }
    hand.appendChild(winRow);
  };

  TilePicker.prototype.listen = function () {
    var self = this, f = this.f;
    this.root.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || !self.root.contains(b)) return;
      var hadFocus = document.activeElement === b;
      if (b.hasAttribute("data-mode")) { self.mode = b.getAttribute("data-mode"); self.render(); }
      else if (b.hasAttribute("data-group")) { self.group = b.getAttribute("data-group"); self.render(); }
      else if (b.hasAttribute("data-tile")) {
        var code = b.getAttribute("data-tile");
        if (code[0] === "f") self.toggleFlower(code); else self.add(code);
      } else if (b.hasAttribute("data-remove")) {
        var list = self.state.concealed;
        list.splice(list.indexOf(b.getAttribute("data-remove")), 1);
        self.afterRemove();
      } else if (b.hasAttribute("data-meld")) {
        self.state.melds.splice(+b.getAttribute("data-meld"), 1);
        self.afterRemove();
      } else if (b.hasAttribute("data-remove-win")) {
        self.state.win = null;
        self.mode = "win";
        self.changed();
      } else if (b.hasAttribute("data-mode-win")) { self.mode = "win"; self.render(); }
      else if (b.classList.contains("tp-clear")) {
        self.state = { concealed: [], melds: [], win: null, flowers: [] };
        self.mode = "concealed";
        self.changed();
      } else if (b === self.typeToggle) {
        var on = !self.form.classList.contains("tp-typing");
        self.form.classList.toggle("tp-typing", on);
        b.setAttribute("aria-expanded", String(on));
        if (on) f.concealed.focus();
      }
      // A removed tile's button is gone: keep keyboard focus in the hand instead of losing it to the page.
      if (hadFocus && !b.isConnected) {
        var next = self.hand.querySelector("button");
        if (next) next.focus();
      }
    });
    // Typed text is the truth while the user types: read it into the picker, never rewrite it.
    this.form.addEventListener("input", function (e) {
      var target = e.target;
      if (target === f.concealed || target === f.melds || target === f.win) {
        self.readFields();
        self.render();
        self.schedule();
      } else if (target === f.flowers || self.bonus.indexOf(target) >= 0) {
        self.readFlowers();
        self.render();
        self.schedule();
      } else if (target === f.points) self.renderResult();
      else if (!self.root.contains(target)) self.schedule();
    });
    this.form.addEventListener("change", function (e) {
      var target = e.target;
      if (target.type === "checkbox" || target.type === "radio" || target.tagName === "SELECT") self.schedule();
    });
  };

  TilePicker.prototype.afterRemove = function () {
    if (this.mode === "win" && this.size() < 13 && !this.state.win) this.mode = "concealed";
    this.changed();
  };

  // ------------------------------------------------------------ live scoring

  TilePicker.prototype.schedule = function () {
    var self = this;
    clearTimeout(this.timer);
    this.timer = setTimeout(function () { self.send(); }, DEBOUNCE_MS);
  };

  TilePicker.prototype.send = function () {
    var self = this, url = this.form.getAttribute("data-live-score-url");
    var given = this.size() + (this.state.win ? 1 : 0);
    var seq = ++this.seq;
    if (this.controller) this.controller.abort();
    this.controller = null;
    // An incomplete hand is answered here (the status line counts the tiles); an unreadable one
    // goes to the server, whose message names the fault.
    if (!url || (this.readable && given < HAND)) {
      this.last = null;
      this.renderResult();
      return;
    }
    var controller = this.controller = new AbortController();
    var data = new URLSearchParams(new FormData(this.form));
    var method = (this.form.getAttribute("data-live-score-method") || this.form.method || "get").toUpperCase();
    var init = { signal: controller.signal, credentials: "same-origin", headers: { Accept: "application/json" } };
    if (method === "POST") {
      init.method = "POST";
      init.body = data;
      init.headers["X-CSRFToken"] = data.get("csrfmiddlewaretoken") || "";
    } else {
      data.delete("csrfmiddlewaretoken");
      url += (url.indexOf("?") >= 0 ? "&" : "?") + data.toString();
    }
    this.result.classList.add("tp-busy");
    fetch(url, init)
      .then(function (r) { return r.json(); })
      .then(function (json) {
        if (seq !== self.seq) return;
        self.last = json;
        self.renderResult();
      })
      .catch(function (err) {
        if (err.name === "AbortError" || seq !== self.seq) return;
        self.last = { unavailable: true };
        self.renderResult();
      });
  };

  TilePicker.prototype.renderResult = function () {
    var self = this, t = this.text, box = this.result, r = this.last;
    box.classList.remove("tp-busy");
    box.textContent = "";
    if (!r) { box.hidden = true; return; }
    box.hidden = false;
    if (r.unavailable) { box.appendChild(el("p", { class: "tp-note", text: t.unavailable })); return; }
    var fans = r.fans || [];
    if (fans.length) {
      var body = el("tbody");
      fans.forEach(function (fan) {
        var reason = (fan.from || []).join("; ");
        body.appendChild(el("tr", { class: "fan", "data-fan": String(fan.id) }, [
          el("td", {}, [el("span", { text: fan.name }), reason ? el("small", { class: "tp-from", text: reason }) : null]),
          el("td", { class: "num", text: fan.points + (fan.count > 1 ? " ×" + fan.count : "") })]));
      });
      var foot = r.valid ? el("tfoot", {}, [el("tr", { class: "total-row" }, [el("th", { text: t.total }),
        el("td", { class: "num" }, [el("strong", { class: "tp-total", text: String(r.total) })])])]) : null;
      box.appendChild(el("table", { class: "data compact fans tp-fans" }, [
        el("thead", {}, [el("tr", {}, [el("th", { text: t.fan }), el("th", { class: "num", text: t.points })])]), body, foot]));
    }
    if (r.error) box.appendChild(el("p", { class: "errors tp-error", text: r.error }));
    if (Array.isArray(r.payments)) {
      var list = el("ul", { class: "payments" });
      r.payments.forEach(function (p) { if (typeof p === "string") list.appendChild(el("li", { text: p })); });
      if (list.children.length) box.appendChild(list);
    }
    var typed = this.f.points && this.f.points.value.trim();
    if (r.valid && typed !== "" && typed != null && !isNaN(+typed) && +typed !== r.total) {
      box.appendChild(el("p", { class: "errors tp-differs", role: "alert",
        text: fmt(t.differs, { typed: +typed, total: r.total, diff: (+typed - r.total > 0 ? "+" : "") + (+typed - r.total) }) }));
    }
  };

  function start(form) {
    if (!form.tilePicker && form.elements.concealed && form.elements.melds && form.elements.win_tile) {
      form.tilePicker = new TilePicker(form);
    }
  }

  function init() {
    document.querySelectorAll("form[data-tile-picker]").forEach(function (form) {
      var mount = form.querySelector("[data-tile-picker-mount]");
      var folded = mount && mount.closest("details:not([open])");
      if (!folded) { start(form); return; }
      folded.addEventListener("toggle", function opened() {
        if (!folded.open) return;
        folded.removeEventListener("toggle", opened);
        start(form);
      });
    });
  }

  // Exposed for tests and for pages that add a form later.
  window.TilePicker = { init: init, parseTiles: parseTiles, formatTiles: formatTiles, parseMelds: parseMelds,
    formatMelds: formatMelds };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
