// Live pages: redraw the page's part when the campaign changes, and run the NOVA clock.
// The event stream carries only a version number; the part is fetched from this server.
(function () {
  "use strict";
  var body = document.body;
  var live = document.getElementById("live");
  var version = body.dataset.version;
  var clocksFrom = performance.now();

  function clockText(seconds) {
    var s = Math.max(0, seconds);
    var m = Math.floor(s / 60);
    var r = s % 60;
    return m + ":" + (r < 10 ? "0" : "") + r;
  }

  function tick() {
    var gone = Math.floor((performance.now() - clocksFrom) / 1000);
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var start = Number(el.dataset.countdown);
      var left = el.dataset.running === "yes" ? start - gone : start;
      el.textContent = clockText(left);
      el.classList.toggle("zero", left <= 0);
    });
  }

  // A player halfway through choosing a move keeps their choices: the redraw waits until
  // they leave the form (or ten seconds at most, so a forgotten focus cannot freeze it),
  // including a redraw already fetched when they began typing.
  var waitingSince = 0;
  function choosing() {
    var el = document.activeElement;
    return el && live && live.contains(el) && /^(SELECT|INPUT|TEXTAREA)$/.test(el.tagName);
  }
  function mustWait() {
    if (!choosing()) return false;
    if (!waitingSince) waitingSince = performance.now();
    return performance.now() - waitingSince < 10000;
  }
  if (live) {
    live.addEventListener("focusout", function () {
      if (waitingSince) setTimeout(redraw, 0);
    });
  }

  var busy = false;
  var again = false;
  function redraw() {
    if (!body.dataset.part) return;
    if (mustWait()) { setTimeout(redraw, 1000); return; }
    if (busy) { again = true; return; }
    busy = true;
    fetch(body.dataset.part, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null || !live) return;
        if (mustWait()) { again = true; return; }  // they began choosing while it came
        waitingSince = 0;
        live.innerHTML = html;
        clocksFrom = performance.now();
        tick();
      })
      .catch(function () {})
      .finally(function () {
        busy = false;
        if (again) { again = false; redraw(); }
      });
  }

  setInterval(tick, 250);
  tick();
  if (body.dataset.events && window.EventSource) {
    var events = new EventSource(body.dataset.events);
    events.addEventListener("change", function (e) {
      if (e.data !== version) { version = e.data; redraw(); }
    });
    events.onopen = function () { body.classList.add("connected"); };
    events.onerror = function () { body.classList.remove("connected"); };
  }
})();
