/* A player's private page keeps itself current (scoring/live.py; docs/running-the-day.md, "Live pages").
 *
 * Every few seconds it asks the server for the page's news (a few small queries); when their digest differs
 * from the page's, it fetches the page (or, when only announcements changed, the announcements alone), swaps in
 * the new #player-live and lists what changed under "Just now":
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

  // The news now on the page are `drawn`: tell those not seen before, once across the player's tabs.
  function redrawn(drawn) {
    var before = {};
    state.news.forEach(function (item) { before[item.key] = true; });
    state = drawn;
    var freshNews = drawn.news.filter(function (item) { return !item.silent && !before[item.key]; });
    return withLock(function () {
      var already = told();
      var mine = freshNews.filter(function (item) { return !already[item.key]; });
      remember(keys(drawn.news));
      tell(mine);
    });
  }

  function fetchHtml(url) {
    return fetch(url, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'text/html' } })
      .then(function (response) {
        if (!response.ok || response.redirected) throw new Error('page ' + response.status);
        return response.text();
      })
      .then(function (html) { return new DOMParser().parseFromString(html, 'text/html'); });
  }

  function getPage() {
    return fetchHtml(window.location.pathname).then(function (doc) {
      var fresh = doc.getElementById('player-live');
      var freshData = doc.getElementById('player-live-data');
      if (!fresh || !freshData) throw new Error('not the page');
      var drawn = JSON.parse(freshData.textContent);
      box.innerHTML = fresh.innerHTML;
      return redrawn(drawn);
    });
  }

  // Only announcements changed (posted, withdrawn, expired): every open page learns of one at once, so each
  // fetches the announcements alone, not its whole page (scoring/views/live.py, PlayerAnnouncementsView).
  function getAnnouncements(pulse) {
    return fetchHtml(config.announcements_url).then(function (doc) {
      var fresh = doc.getElementById('announcements');
      var shown = document.getElementById('announcements');
      if (fresh) {
        fresh = document.importNode(fresh, true);
        if (shown) shown.replaceWith(fresh); else box.insertBefore(fresh, box.firstChild);
      } else if (shown) {
        shown.remove();
      }
      return redrawn(pulse);
    });
  }

  function onlyAnnouncements(pulse) {
    var count = {};
    state.news.concat(pulse.news).forEach(function (item) { count[item.key] = (count[item.key] || 0) + 1; });
    return Object.keys(count).every(function (key) {
      return count[key] === 2 || key.indexOf('announcement:') === 0;
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
        if (pulse.digest === state.digest) return null;
        if (onlyAnnouncements(pulse)) return getAnnouncements(pulse);
        if (typing()) return null;
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
