/* Stream overlays (api/stream.py): polls the overlay's JSON every poll_ms and redraws #stream when it changed,
 * so a hand entered shows within 2 seconds. A failed poll keeps what is shown (a stream must not blank out). */
(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('stream-config').textContent);
  var last = document.getElementById('stream-data').textContent;
  var root = document.getElementById('stream');
  var L = config.labels;

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }

  function drawTable(data) {
    var title = root.querySelector('.stream-title');
    root.textContent = '';
    root.appendChild(title);
    if (!data.players.length) {
      root.appendChild(el('p', 'stream-note', data.table ? L.waiting : L.no_table));
      return;
    }
    var list = el('ol', 'stream-players');
    data.players.forEach(function (p) {
      var item = el('li');
      item.appendChild(el('span', 'wind wind-' + p.wind, p.wind_name));
      item.appendChild(el('span', 'name', p.name));
      item.appendChild(el('span', 'score', p.score));
      list.appendChild(item);
    });
    root.appendChild(list);
    root.appendChild(el('p', 'stream-hands', fmt(L.hand, { n: data.hands, m: data.hands_per_session })));
    var h = data.last_hand;
    if (!h) return;
    var box = el('div', 'stream-last');
    var line = el('p');
    line.appendChild(el('strong', '', h.outcome_label + (h.winner ? ': ' + h.winner : '')));
    if (h.points) line.appendChild(document.createTextNode(' · ' + fmt(L.points, { n: h.points })));
    box.appendChild(line);
    if (h.fans.length) {
      var fans = el('ul', 'stream-fans');
      h.fans.forEach(function (f) {
        fans.appendChild(el('li', '', f.name + ' ' + f.points + (f.count > 1 ? ' \u00d7' + f.count : '')));
      });
      box.appendChild(fans);
    }
    root.appendChild(box);
  }

  function drawStandings(data) {
    var list = root.querySelector('.stream-ticker');
    list.textContent = '';
    data.rows.forEach(function (r) {
      var item = el('li');
      item.appendChild(el('span', 'rank', r.rank === null ? '\u2014' : r.rank));
      item.appendChild(document.createTextNode(' '));
      item.appendChild(el('span', 'name', r.name));
      item.appendChild(document.createTextNode(' '));
      item.appendChild(el('span', 'tp', Number(r.table_points).toFixed(2)));
      list.appendChild(item);
    });
  }

  function poll() {
    fetch(config.url, { cache: 'no-store', credentials: 'omit', headers: { Accept: 'application/json' } })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); })
      .then(function (text) {
        if (text === last) return;
        var data = JSON.parse(text);
        // The title names the session and table; a change of either redraws the whole page once.
        var before = JSON.parse(last);
        last = text;
        if (config.kind === 'table' && (before.session !== data.session || before.table !== data.table)) {
          window.location.reload();
          return;
        }
        if (config.kind === 'table') drawTable(data); else drawStandings(data);
      })
      .catch(function () {})
      .then(function () { window.setTimeout(poll, config.poll_ms); });
  }
  window.setTimeout(poll, config.poll_ms);
})();
