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
    modes: "Add", tile: "One tile", chow: "Chow", pung: "Pung", kong: "Kong", pair: "Pair",
    exposed: "Exposed", win: "Winning tile", concealed_kong: "Concealed kong",
    hintTile: "Tap tiles one by one (for special hands).", hintChow: "Tap the lowest tile of the chow.",
    hintPung: "Tap the tile of the pung.", hintKong: "Tap the tile of the kong.", hintPair: "Tap the tile of the pair.",
    hintWin: "Tap the winning tile.", hintExposed: "Exposed: the chows, pungs and kongs tapped now were melded.",
    groups: "Tiles", characters: "Characters", dots: "Dots", bamboo: "Bamboo", honours: "Honours",
    flowers: "Flowers",
    suit_m: "{n} characters", suit_p: "{n} dots", suit_s: "{n} bamboo",
    tileE: "East wind", tileS: "South wind", tileW: "West wind", tileN: "North wind",
    tileC: "Red dragon", tileF: "Green dragon", tileP: "White dragon",
    flower: "Flower {n}", season: "Season {n}",
    hand: "Hand", remove: "Remove {tile}", removeMeld: "Remove {meld}", removeWin: "{tile} is not the winning tile",
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
  //
  // The hand is a list of sets, as a referee reads it at the table: chows, pungs and kongs (concealed or
  // exposed), pairs, and single tiles for the hands that are not sets (Seven Pairs, Thirteen Orphans, knitted
  // tiles). One kind is chosen (chow at first, and it stays chosen), then each tap on a tile adds one set that
  // starts with that tile. The winning tile is one of the concealed tiles: once 14 stand it is tapped, and the
  // fields get the concealed tiles without it, the melds, and it.

  var SET_SIZE = { tile: 1, pair: 2, chow: 3, pung: 3, kong: 4 };

  function setOf(kind, tile, exposed) {
    var tiles = kind === "chow" ? chowOf(tile) : Array(SET_SIZE[kind]).fill(tile);
    return { kind: kind, tiles: tiles, exposed: !!exposed && (kind === "chow" || kind === "pung" || kind === "kong") };
  }

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
    this.state = { sets: [], win: null, flowers: [] };
    this.readable = true;
    this.kind = "chow";
    this.mode = "chow";
    this.exposed = false;
    this.seq = 0;
    this.last = null;
    this.build();
    this.readFields();
    this.readFlowers();
    this.mode = this.wantsWin() ? "win" : this.kind;
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

  TilePicker.prototype.setName = function (set) {
    var self = this;
    var kind = set.kind === "kong" && !set.exposed ? this.text.concealed_kong : this.text[set.kind];
    var name = kind + (set.exposed ? " (" + this.text.exposed + ")" : "");
    return name + ": " + set.tiles.map(function (t) { return self.tileName(t); }).join(", ");
  };

  TilePicker.prototype.build = function () {
    var self = this, t = this.text;
    var modes = el("div", { class: "tp-modes", role: "group", "aria-label": t.modes });
    ["chow", "pung", "kong", "pair", "tile", "win"].forEach(function (m) {
      modes.appendChild(el("button", { type: "button", class: "tp-mode", "data-mode": m, text: t[m] }));
    });
    this.exposedToggle = el("button", { type: "button", class: "tp-exposed", "aria-pressed": "false", text: t.exposed });
    modes.insertBefore(this.exposedToggle, modes.lastChild);
    // Every suit at once (no tabs: a hand mixes suits, and each switch would cost a tap). Flowers are counted
    // by the form's own field; only rule sets that name the bonus tiles held offer them as tiles.
    var groups = [["m", t.characters], ["p", t.dots], ["s", t.bamboo], ["z", t.honours]];
    if (this.bonus.length) groups.push(["f", t.flowers]);
    var boxes = this.bonus.map(function (b) { return b.getAttribute("data-bonus-tile"); });
    var palette = el("div", { class: "tp-palette" });
    // The tournament's (or the calculator's) rule set lists the tiles it plays in data-tiles: offer only those.
    var allowed = (this.form.dataset.tiles || "").split(" ").filter(Boolean);
    var offered = function (code) {
      if (code[0] === "f") return boxes.indexOf(code) >= 0;
      return !allowed.length || allowed.indexOf(code) >= 0;
    };
    groups.forEach(function (g) {
      var codes = g[0] === "z" ? HONOURS : g[0] === "f" ? [1, 2, 3, 4, 5, 6, 7, 8].map(function (k) { return "f" + k; })
        : [1, 2, 3, 4, 5, 6, 7, 8, 9].map(function (n) { return n + g[0]; });
      codes = codes.filter(offered);
      if (!codes.length) return;
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
    // The hand built so far above the kinds and the tiles: what was tapped stays in sight while tapping.
    this.root = el("div", { class: "tp" }, [
      el("div", { class: "tp-input" }, [this.hand, this.status, modes, this.hint, palette]),
      el("div", { class: "tp-output" }, [actions, this.result])]);

    var first = this.f.concealed.closest(".grid") || this.f.concealed.closest(".field") || this.f.concealed;
    var mount = this.form.querySelector("[data-tile-picker-mount]");
    if (mount) mount.appendChild(this.root); else first.parentNode.insertBefore(this.root, first);
    [this.f.concealed, this.f.melds, this.f.win].forEach(function (input) {
      (input.closest(".field") || input).classList.add("tp-textfield");
    });
  };

  // Tiles of the hand, the winning one included, with kongs as 3: 14 when complete.
  TilePicker.prototype.size = function () {
    return this.state.sets.reduce(function (n, set) { return n + (set.kind === "kong" ? 3 : set.tiles.length); }, 0);
  };

  // The tiles the winning tile may be: those of the concealed sets (a kong is never completed by it).
  TilePicker.prototype.concealedTiles = function () {
    var out = [];
    this.state.sets.forEach(function (set) {
      if (!set.exposed && set.kind !== "kong") out = out.concat(set.tiles);
    });
    return out;
  };

  TilePicker.prototype.used = function (tile) {
    var n = 0;
    this.state.sets.forEach(function (set) { set.tiles.forEach(function (t) { if (t === tile) n++; }); });
    return n;
  };

  TilePicker.prototype.wantsWin = function () {
    return !this.state.win && this.size() >= 13;
  };

  TilePicker.prototype.canAdd = function (tile, mode) {
    var self = this, room = 14 - this.size();
    if (mode === "win") {
      // The last tile (a 14th) is added as the winning one; once 14 stand, it is chosen among them.
      return room > 0 ? this.used(tile) < 4 : this.concealedTiles().indexOf(tile) >= 0;
    }
    if (room < (mode === "kong" ? 3 : SET_SIZE[mode])) return false;
    if (mode === "chow") {
      return tile.length === 2 && +tile[0] <= 7 && chowOf(tile).every(function (t) { return self.used(t) < 4; });
    }
    return this.used(tile) <= 4 - SET_SIZE[mode];
  };

  TilePicker.prototype.add = function (tile) {
    var s = this.state, mode = this.mode;
    if (!this.canAdd(tile, mode)) return;
    if (mode === "win") {
      if (this.size() < 14) s.sets.push(setOf("tile", tile));
      s.win = tile;
    } else {
      s.sets.push(setOf(mode, tile, this.exposed));
    }
    this.mode = this.wantsWin() ? "win" : this.kind;
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
    var s = this.state, concealed = this.concealedTiles(), melds = [];
    if (s.win && concealed.indexOf(s.win) >= 0) concealed.splice(concealed.indexOf(s.win), 1);
    s.sets.forEach(function (set) {
      if (set.exposed) melds.push({ kind: set.kind, tiles: set.tiles });
      else if (set.kind === "kong") melds.push({ kind: "concealed_kong", tiles: set.tiles });
    });
    this.f.concealed.value = formatTiles(concealed);
    this.f.melds.value = formatMelds(melds);
    this.f.win.value = s.win || "";
    this.bonus.forEach(function (b) { b.checked = s.flowers.indexOf(b.getAttribute("data-bonus-tile")) >= 0; });
    // A blank flowers field means none: leave it blank unless the count really changed.
    if (this.bonus.length && this.f.flowers && (parseInt(this.f.flowers.value, 10) || 0) !== s.flowers.length) {
      this.f.flowers.value = String(s.flowers.length);
    }
  };

  // Typed (or posted back) fields as sets: the melds as they are, the concealed tiles and the winning one as
  // single tiles (how a typed hand splits into sets is the engine's to find).
  TilePicker.prototype.readFields = function () {
    var concealed = parseTiles(this.f.concealed.value);
    var melds = parseMelds(this.f.melds.value);
    var win = parseTiles(this.f.win.value);
    this.readable = !!(concealed && melds && win && win.length <= 1);
    if (!this.readable) return;
    var sets = melds.map(function (m) {
      return m.kind === "concealed_kong" ? { kind: "kong", tiles: m.tiles, exposed: false }
        : { kind: m.kind, tiles: m.tiles, exposed: true };
    });
    concealed.concat(win).forEach(function (t) { sets.push(setOf("tile", t)); });
    this.state = { sets: sets, win: win[0] || null, flowers: this.state.flowers };
  };

  TilePicker.prototype.readFlowers = function () {
    if (this.bonus.length) {
      this.state.flowers = this.bonus.filter(function (b) { return b.checked; })
        .map(function (b) { return b.getAttribute("data-bonus-tile"); });
    }
  };

  TilePicker.prototype.render = function () {
    var self = this, s = this.state, t = this.text;
    this.root.setAttribute("data-mode", this.mode);
    this.root.querySelectorAll(".tp-mode").forEach(function (b) {
      b.setAttribute("aria-pressed", String(b.getAttribute("data-mode") === self.mode));
    });
    this.exposedToggle.setAttribute("aria-pressed", String(this.exposed));
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
    var hints = { tile: t.hintTile, chow: t.hintChow, pung: t.hintPung, kong: t.hintKong, pair: t.hintPair,
      win: t.hintWin };
    this.hint.textContent = hints[this.mode] + (this.exposed && this.mode !== "win" ? " " + t.hintExposed : "");
    this.renderHand();
    var size = this.size();
    // The count and what to do next are two sentences of different languages' punctuation: a dot between them
    // (as elsewhere on the page) reads in every language, where a bare space ran them together.
    var status = !this.readable ? t.unreadable : size > 14 ? t.tooMany
      : this.wantsWin() ? fmt(t.count, { n: size }) + " · " + t.needWin
      : size === 14 ? fmt(t.count, { n: size }) + " · " + t.full : fmt(t.count, { n: size });
    this.status.textContent = status;
    this.status.classList.toggle("tp-bad", !this.readable || size > 14);
  };

  TilePicker.prototype.renderHand = function () {
    var self = this, s = this.state, t = this.text;
    var hand = this.hand;
    hand.textContent = "";
    // The winning tile shows in its own place; a lone tile that is the winning one is drawn only there, a set
    // completed by it is drawn whole with that tile marked.
    var winInSet = s.win && s.sets.some(function (set) {
      return set.kind !== "tile" && !set.exposed && set.kind !== "kong" && set.tiles.indexOf(s.win) >= 0;
    });
    var skipWin = !!s.win && !winInSet, marked = false;
    var singles = el("div", { class: "tp-row tp-concealed" });
    var sets = el("div", { class: "tp-row tp-melds" });
    s.sets.forEach(function (set, i) {
      if (set.kind === "tile") {
        if (skipWin && set.tiles[0] === s.win) { skipWin = false; return; }
        singles.appendChild(el("button", { type: "button", class: "tp-htile", "data-set": String(i),
          "aria-label": fmt(t.remove, { tile: self.tileName(set.tiles[0]) }) }, [self.img(set.tiles[0])]));
        return;
      }
      var pics = set.tiles.map(function (code, j) {
        // A concealed kong is laid out with its end tiles face down, as at the table.
        var down = set.kind === "kong" && !set.exposed && (j === 0 || j === 3);
        var img = self.img(down ? "back" : code, "tp-mimg");
        if (winInSet && !marked && !set.exposed && code === s.win) { img.classList.add("tp-mwin"); marked = true; }
        return img;
      });
      sets.appendChild(el("button", { type: "button", class: "tp-meld" + (set.exposed ? " tp-meld-exposed" : ""),
        "data-set": String(i), "aria-label": fmt(t.removeMeld, { meld: self.setName(set) }) }, pics));
    });
    if (sets.children.length) hand.appendChild(sets);
    if (singles.children.length || !sets.children.length) hand.appendChild(singles);
    var winRow = el("div", { class: "tp-row tp-winrow" }, [el("span", { class: "tp-label", text: t.win })]);
    if (s.win) {
      winRow.appendChild(el("button", { type: "button", class: "tp-htile tp-wintile", "data-remove-win": "1",
        "aria-label": fmt(t.removeWin, { tile: self.tileName(s.win) }) }, [self.img(s.win)]));
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
      if (b.hasAttribute("data-mode")) {
        self.mode = b.getAttribute("data-mode");
        if (self.mode !== "win") self.kind = self.mode;
        self.render();
      } else if (b === self.exposedToggle) {
        self.exposed = !self.exposed;
        if (self.mode === "win" || self.mode === "pair" || self.mode === "tile") self.mode = self.kind = "chow";
        self.render();
      } else if (b.hasAttribute("data-tile")) {
        var code = b.getAttribute("data-tile");
        if (code[0] === "f") self.toggleFlower(code); else self.add(code);
      } else if (b.hasAttribute("data-set")) {
        self.state.sets.splice(+b.getAttribute("data-set"), 1);
        self.afterRemove();
      } else if (b.hasAttribute("data-remove-win")) {
        // The tile stays in the hand: it is only no longer the winning one; the next tap chooses again.
        self.state.win = null;
        self.mode = "win";
        self.changed();
      } else if (b.hasAttribute("data-mode-win")) { self.mode = "win"; self.render(); }
      else if (b.classList.contains("tp-clear")) {
        self.state = { sets: [], win: null, flowers: [] };
        self.mode = self.kind;
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
      } else if (self.bonus.indexOf(target) >= 0) {
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
    var s = this.state;
    if (s.win && this.concealedTiles().indexOf(s.win) < 0) s.win = null;
    this.mode = this.wantsWin() ? "win" : this.kind;
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
    var given = this.size() - (this.state.win ? 0 : 1);
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
