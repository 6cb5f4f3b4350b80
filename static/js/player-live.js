/* A player's private page keeps itself current (scoring/live.py; docs/running-the-day.md, "Live pages").
 *
 * Every few seconds it asks the server for the page's news (a few small queries); when their digest differs
 * from the page's, it fetches the page, swaps in the new #player-live and lists what changed under "Just now":
 * the news whose keys it had not seen (a new seat, a sheet to confirm, an appeal decided, an announcement, a
 * referee on the way). A dropped connection only delays it: the next poll tries again, and the page says since
 * when it is not updated. Without this script the page is the same, reloaded by hand.
 *
 * Several tabs (or windows) of one player's page each keep themselves current, but a change is told in one
 * only: the keys told are kept in localStorage, checked and written under a Web Lock where there is one.
 */
(function () {
  'use strict';
  var dataNode = document.getElementById('player-live-data');
  var configNode = document.getElementById('player-live-config');
  var box = document.getElementById('player-live');
  if (!dataNode || !configNode || !box || !window.fetch || !window.DOMParser) return;
  var state = JSON.parse(dataNode.textContent);
  var config = JSON.parse(configNode.textContent);
  var newsBox = document.getElementById('live-news');
  var newsList = newsBox.querySelector('ul');
  var stateLine = document.getElementById('live-state');
  var upToDate = stateLine.textContent;
  var STORE = 'live-told:' + config.scope;
  var DAY = 24 * 3600 * 1000;
  var timer = null;
  var busy = false;
  var lastGood = new Date();

  function two(n) { return (n < 10 ? '0' : '') + n; }
  function clock(date) { return two(date.getHours()) + ':' + two(date.getMinutes()); }

  function told() {
    try { return JSON.parse(window.localStorage.getItem(STORE) || '{}') || {}; } catch (e) { return {}; }
  }

  function remember(keys) {
    try {
      var all = told();
      var now = Date.now();
      keys.forEach(function (key) { if (!all[key]) all[key] = now; });
      Object.keys(all).forEach(function (key) { if (now - all[key] > DAY) delete all[key]; });
      window.localStorage.setItem(STORE, JSON.stringify(all));
    } catch (e) { /* private mode: each tab tells for itself */ }
  }

  function withLock(work) {
    if (navigator.locks && navigator.locks.request) {
      return navigator.locks.request(STORE, function () { return work(); });
    }
    return Promise.resolve(work());
  }

  function keys(news) { return news.map(function (item) { return item.key; }); }

  function tell(items) {
    var when = clock(new Date());
    items.forEach(function (item) {
      var line = document.createElement('li');
      var time = document.createElement('time');
      time.textContent = when;
      line.appendChild(time);
      line.appendChild(document.createTextNode(' ' + item.text));
      newsList.insertBefore(line, newsList.firstChild);
    });
    if (items.length) newsBox.hidden = false;
  }

  // Someone typing in the page (an escalation's reason) keeps their text: the swap waits for the next poll.
  function typing() {
    var active = document.activeElement;
    return active && box.contains(active) && /^(TEXTAREA|INPUT|SELECT)$/.test(active.tagName) && active.value;
  }

  function getPage() {
    return fetch(window.location.pathname, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/html' } })
      .then(function (response) {
        if (!response.ok || response.redirected) throw new Error('page ' + response.status);
        return response.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.getElementById('player-live');
        var freshData = doc.getElementById('player-live-data');
        if (!fresh || !freshData) throw new Error('not the page');
        var drawn = JSON.parse(freshData.textContent);
        var before = {};
        state.news.forEach(function (item) { before[item.key] = true; });
        box.innerHTML = fresh.innerHTML;
        state = drawn;
        var fresh_news = drawn.news.filter(function (item) { return !item.silent && !before[item.key]; });
        return withLock(function () {
          var already = told();
          var mine = fresh_news.filter(function (item) { return !already[item.key]; });
          remember(keys(drawn.news));
          tell(mine);
        });
      });
  }

  function poll() {
    if (busy) return;
    busy = true;
    fetch(config.url, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' } })
      .then(function (response) {
        if (!response.ok) throw new Error('live ' + response.status);
        return response.json();
      })
      .then(function (pulse) {
        if (pulse.digest === state.digest || typing()) return null;
        return getPage();
      })
      .then(function () {
        lastGood = new Date();
        stateLine.textContent = upToDate;
        stateLine.classList.remove('stale');
      }, function () {
        stateLine.textContent = config.stale.replace('%(time)s', clock(lastGood));
        stateLine.classList.add('stale');
      })
      .then(function () { busy = false; schedule(); });
  }

  function schedule() {
    window.clearTimeout(timer);
    var seconds = document.hidden ? state.hidden_poll_seconds : state.poll_seconds;
    timer = window.setTimeout(poll, seconds * 1000);
  }

  document.addEventListener('visibilitychange', function () {
    if (!document.hidden) { window.clearTimeout(timer); poll(); } else { schedule(); }
  });

  // The page as drawn is told already, in every tab.
  remember(keys(state.news));
  stateLine.hidden = false;
  schedule();
})();
