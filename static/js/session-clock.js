/* The session clock on a table page or an organizer page (templates/schedule/_session_clock.html).
 *
 * The server gives the end (data-ends-at), the start (data-starts-at) and its own time when it drew the
 * page (data-server-now); the time left is counted from the server's clock, corrected by this machine's
 * offset from it, never from the machine's clock alone. The element carries clock-running, clock-warning
 * (amber, the last 15 minutes: MCR 3.5.6) or clock-ended (red) as a class; without script the text says
 * when the session ends. */
(function () {
  'use strict';
  var WARNING_MS = 15 * 60 * 1000;

  function two(n) { return (n < 10 ? '0' : '') + n; }

  function format(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000));
    return Math.floor(s / 3600) + ':' + two(Math.floor(s / 60) % 60) + ':' + two(s % 60);
  }

  function start(box) {
    var end = Date.parse(box.dataset.endsAt);
    var begin = Date.parse(box.dataset.startsAt);
    var serverNow = Date.parse(box.dataset.serverNow);
    if (isNaN(end) || isNaN(begin)) return;
    // Server time minus this machine's time, measured when the page arrived.
    var offset = isNaN(serverNow) ? 0 : serverNow - Date.now();
    var time = box.querySelector('.clock-time');

    function tick() {
      var now = Date.now() + offset;
      var state;
      if (now < begin) {
        state = 'scheduled';
        time.textContent = box.dataset.labelStarts + ' ' + format(begin - now);
      } else if (now >= end) {
        state = 'ended';
        time.textContent = box.dataset.labelEnded;
      } else {
        state = end - now <= WARNING_MS ? 'warning' : 'running';
        time.textContent = format(end - now) + ' ' + box.dataset.labelLeft;
      }
      ['scheduled', 'running', 'warning', 'ended'].forEach(function (name) {
        box.classList.toggle('clock-' + name, name === state);
      });
      box.dataset.state = state;
    }

    tick();
    window.setInterval(tick, 1000);
  }

  Array.prototype.forEach.call(document.querySelectorAll('.session-clock[data-ends-at]'), start);
})();
