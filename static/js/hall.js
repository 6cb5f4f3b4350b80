/* The hall display (templates/api/hall.html): pages the standings, the current session's tables and the
 * "find your table" list to fit the screen, shows them in turn, keeps the clock, and polls the public API
 * (docs/api.md) so results and seating change without a reload. No build step, no libraries.
 *
 * The page works without this script (everything stacked, reloading every minute); the script re-renders
 * from the same data, first from the copy embedded in the page, then from the API.
 *
 * ?show=standings,tables,find,teams chooses the panels (e.g. one projector for the tables only).
 */
(function () {
  'use strict';

  var config = JSON.parse(document.getElementById('hall-config').textContent);
  var state = JSON.parse(document.getElementById('hall-data').textContent);
  var L = config.labels;
  var root = document.getElementById('hall-panels');
  var sessionLine = document.getElementById('hall-session');
  var clockTime = document.querySelector('#hall-clock .time');
  var clockNote = document.querySelector('#hall-clock .note');
  var slideLabel = document.getElementById('hall-slide');
  var updatedLabel = document.getElementById('hall-updated');
  var KINDS = ['standings', 'teams', 'tables', 'find'];
  // Unknown names in ?show= are ignored; none known means every panel, never an empty screen.
  var shown = (new URLSearchParams(window.location.search).get('show') || '').split(',')
    .filter(function (kind) { return KINDS.indexOf(kind) !== -1; });

  var slides = [];
  var index = 0;
  var serverOffset = 0; // server clock minus this machine's, from the API's Date header
  // Until the first answer from the API, from the server's time when it drew the page.
  var drawnAt = state.session && state.session.clock ? Date.parse(state.session.clock.server_now) : NaN;
  if (!isNaN(drawnAt)) serverOffset = drawnAt - Date.now();
  var lastUpdate = new Date();

  document.documentElement.classList.add('js');

  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function two(n) { return (n < 10 ? '0' : '') + n; }

  function timeOfDay(date, seconds) {
    var text = two(date.getHours()) + ':' + two(date.getMinutes());
    return seconds ? text + ':' + two(date.getSeconds()) : text;
  }

  function points(value) { return value === null || value === undefined ? '' : Number(value).toFixed(2); }

  function wanted(kind) { return !shown.length || shown.indexOf(kind) !== -1; }

  // ---------------------------------------------------------------- rows of each panel

  function row(cells) {
    var node = el('div', 'row');
    cells.forEach(function (cell) { node.appendChild(cell); });
    return node;
  }

  function standingsHead(nameLabel) {
    var node = row([el('span', 'num', L.rank), el('span', '', nameLabel), el('span', 'num', L.table_points),
                    el('span', 'num', L.score)]);
    node.classList.add('head');
    return node;
  }

  function standingRow(r) {
    var name = el('span', 'name', r.name);
    if (r.under_appeal) {  // an undecided appeal about one of the player's tables: the row may change
      var mark = el('abbr', 'under-appeal', L.under_appeal_mark);
      mark.title = L.under_appeal;
      name.appendChild(document.createTextNode(' '));
      name.appendChild(mark);
    }
    if (r.team) {
      name.appendChild(document.createTextNode(' '));
      name.appendChild(el('small', 'team', r.team));
    }
    // Before a player's first result their rank says nothing (everyone would share it): a dash, as the pages.
    var rank = r.played === false ? '\u2014' : r.rank;
    return row([el('span', 'num', rank), name, el('span', 'num', points(r.table_points)), el('span', 'num', r.score)]);
  }

  function teamRow(r) {
    return row([el('span', 'num', r.rank), el('span', 'name', r.team), el('span', 'num', points(r.table_points)),
                el('span', 'num', r.score)]);
  }

  function findHead() {
    var node = row([el('span', '', L.player), el('span', 'num', L.table), el('span', '', L.wind)]);
    node.classList.add('head');
    return node;
  }

  function findRow(f) {
    return row([el('span', 'name', f.name), el('span', 'num big', f.table), el('span', '', L.winds[f.wind])]);
  }

  function tableCard(table) {
    var card = el('article', 'tcard');
    card.appendChild(el('h3', '', fmt(L.table_n, { n: table.number })));
    // A table given extra time (api.data.seating_data): its own end, the session's plus its minutes.
    if (table.extra_minutes && table.ends_at) {
      card.appendChild(el('p', 'extra-time', fmt(L.extra_time, { m: table.extra_minutes, time: timeOfDay(new Date(Date.parse(table.ends_at)), false) })));
    }
    var list = el('ol');
    table.seats.forEach(function (seat) {
      var item = el('li');
      item.appendChild(el('span', 'wind wind-' + seat.wind, L.winds[seat.wind]));
      item.appendChild(el('span', 'name', seat.player.name));
      list.appendChild(item);
    });
    card.appendChild(list);
    return card;
  }

  // ---------------------------------------------------------------- paging to fit the screen

  function panel(kind, title) {
    var section = el('section', 'panel ' + kind);
    section.dataset.kind = kind;
    section.appendChild(el('h2', '', title));
    return section;
  }

  /* Cut `items` into slides that fit: as many columns as the panel's --cols, each column filled from the
   * top with a header (if any) and as many items as fit, measured on the screen as it is now. */
  function paged(kind, title, items, render, header) {
    var probe = panel(kind, title);
    probe.classList.add('measuring');
    var columns = el('div', 'columns');
    var column = el('div', 'column');
    columns.appendChild(column);
    probe.appendChild(columns);
    root.appendChild(probe);
    var cols = parseInt(getComputedStyle(probe).getPropertyValue('--cols'), 10) || 1;
    var headHeight = 0;
    if (header) { var h = header(); column.appendChild(h); headHeight = h.getBoundingClientRect().height; }
    var sample = render(items[0]);
    column.appendChild(sample);
    var style = getComputedStyle(sample);
    var itemHeight = sample.getBoundingClientRect().height + parseFloat(style.marginTop) + parseFloat(style.marginBottom);
    var perColumn = Math.max(1, Math.floor((column.getBoundingClientRect().height - headHeight) / itemHeight));
    root.removeChild(probe);

    var perPage = perColumn * cols;
    var pages = Math.max(1, Math.ceil(items.length / perPage));
    var out = [];
    for (var p = 0; p < pages; p++) {
      var section = panel(kind, pages > 1 ? title + ' · ' + fmt(L.page, { i: p + 1, n: pages }) : title);
      var cs = el('div', 'columns');
      var onPage = items.slice(p * perPage, (p + 1) * perPage);
      // A page that is not full shares its items evenly between the columns.
      var height = Math.ceil(onPage.length / cols);
      for (var c = 0; c < cols; c++) {
        var chunk = onPage.slice(c * height, (c + 1) * height);
        var col = el('div', 'column');
        if (chunk.length && header) col.appendChild(header());
        chunk.forEach(function (item) { col.appendChild(render(item)); });
        cs.appendChild(col);
      }
      section.appendChild(cs);
      out.push(section);
    }
    return out;
  }

  function emptySlide(kind, title, message) {
    var section = panel(kind, title);
    section.appendChild(el('p', 'empty', message));
    return [section];
  }

  function buildSlides() {
    var session = state.session;
    var over = state.tournament.over;
    var sessionTitle = session ? ' · ' + fmt(L.session_n, { n: session.number }) : '';
    var standingsTitle = over ? L.final_standings : L.standings;
    var out = [];
    // At the end only the final standings are left; every other panel is hidden, whatever ?show= asks.
    if (wanted('standings') || over) {
      out = out.concat(state.standings.length
        ? paged('standings', standingsTitle, state.standings, standingRow, function () { return standingsHead(L.player); })
        : emptySlide('standings', standingsTitle, L.no_results));
    }
    if ((wanted('teams') || over) && state.teams && state.teams.length) {
      out = out.concat(paged('teams', over ? L.final_teams : L.teams, state.teams, teamRow,
                             function () { return standingsHead(L.team); }));
    }
    // A closed session's seating is over: its tables are not where anyone sits next.
    var seating = session && session.phase !== 'closed' ? session.seating.filter(function (t) { return t.seats.length; }) : [];
    if (wanted('tables') && !over) {
      out = out.concat(seating.length ? paged('tables', L.tables + sessionTitle, seating, tableCard)
                                      : emptySlide('tables', L.tables, session ? L.next_not_published : L.no_session));
    }
    if (wanted('find') && seating.length) {
      var finder = [];
      seating.forEach(function (table) {
        table.seats.forEach(function (seat) {
          finder.push({ name: seat.player.name, number: seat.player.number, table: table.number, wind: seat.wind });
        });
      });
      // In the page's language, as the server sorts names (pinyin for Chinese ones); a player added since the
      // page loaded goes after the others.
      var place = {};
      (config.name_order || []).forEach(function (number, i) { place[number] = i; });
      var at = function (f) { return f.number in place ? place[f.number] : Infinity; };
      finder.sort(function (a, b) {
        return (at(a) - at(b)) || a.name.localeCompare(b.name, document.documentElement.lang) || a.number - b.number;
      });
      out = out.concat(paged('find', L.find + sessionTitle, finder, findRow, findHead));
    }
    // A finder-only screen with no seating to find says why rather than staying blank.
    if (!out.length) out = emptySlide('find', L.find, session ? L.next_not_published : L.no_session);
    return out;
  }

  function render() {
    var current = slides[index];
    var kind = current ? current.dataset.kind : null;
    var page = current ? slides.filter(function (s) { return s.dataset.kind === kind; }).indexOf(current) : 0;
    root.textContent = '';
    slides = buildSlides();
    slides.forEach(function (s) { root.appendChild(s); });
    // Stay on the same panel (and page, if it still exists) across updates.
    var same = slides.filter(function (s) { return s.dataset.kind === kind; });
    index = same.length ? slides.indexOf(same[Math.min(page, same.length - 1)]) : 0;
    show(index);
    renderSession();
  }

  function show(i) {
    slides.forEach(function (s, j) { s.classList.toggle('active', j === i); });
    slideLabel.textContent = slides[i] ? slides[i].querySelector('h2').textContent : '';
  }

  function next() {
    if (slides.length > 1) {
      index = (index + 1) % slides.length;
      show(index);
    }
  }

  // ---------------------------------------------------------------- session line and clock

  /* "Session 3 starts at 14:00" (api.data: tournament.next_session, the venue's local time), with the day
   * when it is not today. */
  var nextLine = document.getElementById('hall-next');
  function renderNext() {
    if (!nextLine) return;
    var next = state.tournament.next_session;
    nextLine.textContent = '';
    if (!next || state.tournament.over) return;
    var today = new Date(Date.now() + serverOffset);
    var iso = today.getFullYear() + '-' + two(today.getMonth() + 1) + '-' + two(today.getDate());
    var text;
    if (!next.day || next.day === iso) {
      text = fmt(L.next_starts, { n: next.number, time: next.time });
    } else {
      var parts = next.day.split('-');
      var day = new Date(Number(parts[0]), Number(parts[1]) - 1, Number(parts[2]));
      var label = day.toLocaleDateString(document.documentElement.lang || undefined, { weekday: 'long', day: 'numeric', month: 'long' });
      text = fmt(L.next_starts_on, { n: next.number, day: label, time: next.time });
    }
    nextLine.appendChild(el('p', 'starts-at', text));
  }

  /* The announcements (always) and, on a floor staff's screen (?calls=1), the tables calling a referee. */
  var announcementsBox = document.getElementById('hall-announcements');
  var callsList = document.querySelector('#hall-calls .list');
  function renderFloor() {
    var notes = state.tournament.announcements || [];
    announcementsBox.textContent = '';
    notes.forEach(function (a) { announcementsBox.appendChild(el('p', '', a.text)); });
    announcementsBox.hidden = !notes.length;
    if (!callsList) return;
    var calls = state.tournament.referee_calls || [];
    callsList.textContent = '';
    calls.forEach(function (c) {
      var text = fmt(L.table_n, { n: c.table }) + (c.taken ? ' (' + L.call_taken + ')' : '');
      callsList.appendChild(el('span', 'call' + (c.taken ? ' taken' : ''), text));
      callsList.appendChild(document.createTextNode(' '));
    });
    if (!calls.length) callsList.textContent = L.no_calls;
  }

  function renderSession() {
    renderNext();
    renderFloor();
    var session = state.session;
    sessionLine.textContent = '';
    if (state.tournament.over) {
      sessionLine.appendChild(el('span', 'status phase-closed', L.over));
      return;
    }
    if (!session) {
      sessionLine.textContent = L.no_session;
      return;
    }
    sessionLine.appendChild(document.createTextNode(fmt(L.session_n, { n: session.number }) + ' · '));
    sessionLine.appendChild(el('span', 'status status-' + session.status + ' phase-' + session.phase, L.phases[session.phase] || session.phase));
  }

  /* The session clock (api.data.session_clock): while sessions have no start time the clock shows the
   * time of day; given {starts_at, ends_at} it counts down to the end. */
  function tick() {
    var now = new Date(Date.now() + serverOffset);
    // A closed session's clock has nothing left to count: the time of day.
    var clock = state.session && state.session.phase !== 'closed' && state.session.clock;
    var end = clock && clock.ends_at ? Date.parse(clock.ends_at) : NaN;
    if (isNaN(end)) {
      clockTime.textContent = timeOfDay(now, false);
      clockNote.textContent = '';
      document.body.classList.remove('time-up', 'time-warning');
      return;
    }
    var start = clock.starts_at ? Date.parse(clock.starts_at) : NaN;
    if (!isNaN(start) && now.getTime() < start) {
      // A scheduled start: count down to it, then to the end.
      var wait = Math.round((start - now.getTime()) / 1000);
      document.body.classList.remove('time-up', 'time-warning');
      clockTime.textContent = Math.floor(wait / 3600) + ':' + two(Math.floor(wait / 60) % 60) + ':' + two(wait % 60);
      clockNote.textContent = L.starts_in;
      return;
    }
    var left = Math.round((end - now.getTime()) / 1000);
    if (left <= 0) {
      clockTime.textContent = '0:00:00';
      // Tables given extra time play on after the session's bell, each to its own end.
      var playingOn = (state.session.seating || []).filter(function (t) {
        return t.extra_minutes && t.ends_at && Date.parse(t.ends_at) > now.getTime();
      }).map(function (t) { return t.number; });
      clockNote.textContent = playingOn.length ? fmt(L.playing_on, { tables: playingOn.join(', ') }) : L.time_up;
      document.body.classList.add('time-up');
      document.body.classList.remove('time-warning');
      return;
    }
    document.body.classList.remove('time-up');
    // Amber in the last quarter of an hour, when the players are warned (MCR 3.5.6).
    document.body.classList.toggle('time-warning', left <= 15 * 60);
    clockTime.textContent = Math.floor(left / 3600) + ':' + two(Math.floor(left / 60) % 60) + ':' + two(left % 60);
    clockNote.textContent = L.time_left;
  }

  // ---------------------------------------------------------------- polling the API

  function getJSON(url) {
    return fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache', credentials: 'omit' })
      .then(function (response) {
        if (!response.ok) throw new Error(url + ': ' + response.status);
        var date = Date.parse(response.headers.get('Date'));
        if (!isNaN(date)) serverOffset = date - Date.now();
        return response.json();
      });
  }

  function poll() {
    getJSON(state.tournament.url).then(function (tournament) {
      var current = tournament.sessions.filter(function (s) { return s.number === tournament.current_session; })[0];
      return Promise.all([
        current ? getJSON(current.url) : null,
        getJSON(tournament.links.standings),
        tournament.teams ? getJSON(tournament.links.team_standings) : [],
      ]).then(function (parts) {
        state = { tournament: tournament, session: parts[0], standings: parts[1], teams: parts[2] };
      });
    }).then(function () {
      lastUpdate = new Date(Date.now() + serverOffset);
      updatedLabel.textContent = fmt(L.updated, { time: timeOfDay(lastUpdate, true) });
      updatedLabel.classList.remove('stale');
      render();
    }).catch(function () {
      // Keep showing the last data; say since when it has not changed.
      updatedLabel.textContent = fmt(L.stale, { time: timeOfDay(lastUpdate, true) });
      updatedLabel.classList.add('stale');
    });
  }

  var resizeTimer = null;
  window.addEventListener('resize', function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(render, 200);
  });

  render();
  updatedLabel.textContent = fmt(L.updated, { time: timeOfDay(lastUpdate, true) });
  tick();
  setInterval(tick, 1000);
  setInterval(next, config.slide_seconds * 1000);
  setInterval(poll, config.poll_seconds * 1000);
})();
