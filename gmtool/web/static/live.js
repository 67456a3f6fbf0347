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
      if (left <= 0 && el.dataset.running === "yes") {  // it ran out while on screen
        var said = el.parentElement && el.parentElement.querySelector("[data-at-zero]");
        if (said) said.textContent = said.dataset.atZero;
      }
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

  // What a player chose in each form, kept across a redraw: a list keeps the choice by
  // its words (a list that changed cannot slip to another entry: the choice is left
  // empty, and the move is refused until they choose again), a field keeps its text.
  function chosen() {
    var kept = {};
    live.querySelectorAll("form[data-form]").forEach(function (form) {
      var fields = {};
      form.querySelectorAll("select[name], input[name]").forEach(function (el) {
        if (el.type === "hidden") return;
        if (el.tagName === "SELECT") {
          if (el.selectedIndex >= 0 && el.value !== "") fields[el.name] = el.options[el.selectedIndex].text;
        } else if (el.type === "checkbox") {
          fields[el.name] = el.checked;
        } else if (el.value !== "") {
          fields[el.name] = el.value;
        }
      });
      var armed = form.querySelector("button.armed");
      if (armed) fields["\u0000armed"] = Number(armed.dataset.armedAt);
      kept[form.dataset.form] = fields;
    });
    return kept;
  }
  function restore(kept) {
    live.querySelectorAll("form[data-form]").forEach(function (form) {
      var fields = kept[form.dataset.form];
      if (!fields) return;
      var armed = fields["\u0000armed"];  // a first tap survives the redraw, for its time
      var button = form.querySelector("button[data-confirm]");
      if (armed && button && Date.now() - armed < ARMED_MS) arm(button, armed);
      form.querySelectorAll("select[name], input[name]").forEach(function (el) {
        if (!(el.name in fields) || el.type === "hidden") return;
        var was = fields[el.name];
        if (el.tagName === "SELECT") {
          var found = Array.prototype.findIndex.call(el.options, function (o) { return o.text === was; });
          el.selectedIndex = found;
          if (found < 0) el.classList.add("lost");
        } else if (el.type === "checkbox") {
          el.checked = was;
        } else {
          el.value = was;
        }
      });
    });
  }

  // Dice fields that hang on a choice (a weapon's damage): only the chosen value's show.
  function showDice() {
    document.querySelectorAll("fieldset[data-when]").forEach(function (set) {
      var form = set.form || set.closest("form");
      var parts = set.dataset.when.split("=");
      var field = form && form.elements[parts[0]];
      var on = field && field.value === parts[1];
      set.hidden = !on;
      set.disabled = !on;
    });
  }
  document.addEventListener("change", showDice);

  // A move that cannot be taken back asks for a second tap within four seconds (a
  // redraw meanwhile keeps the first: restore()).
  var ARMED_MS = 4000;
  function arm(button, since) {
    button.dataset.words = button.textContent;
    button.dataset.armedAt = String(since);
    button.textContent = button.dataset.confirm;
    button.classList.add("armed");
    setTimeout(function () {
      button.classList.remove("armed");
      if (button.dataset.words) button.textContent = button.dataset.words;
    }, Math.max(0, ARMED_MS - (Date.now() - since)));
  }
  document.addEventListener("click", function (e) {
    var button = e.target.closest && e.target.closest("button[data-confirm]");
    if (!button) return;
    if (button.classList.contains("armed")) return;  // the second tap: it goes
    if (button.form && !button.form.reportValidity()) { e.preventDefault(); return; }
    e.preventDefault();
    arm(button, Date.now());
  });

  // The page's title says when the seat's turn or answer is awaited.
  var titleRest = document.title.replace(/^(Your turn|Your answer) · /, "");
  function retitle() {
    var flag = live && live.querySelector("[data-title]");
    if (!flag) return;
    document.title = (flag.dataset.title ? flag.dataset.title + " · " : "") + titleRest;
  }

  var busy = false;
  var again = false;
  function redraw() {
    if (!body.dataset.part) return;
    if (mustWait()) { setTimeout(redraw, 1000); return; }
    if (busy) { again = true; return; }
    busy = true;
    fetch(body.dataset.part, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 410) { window.location.reload(); return null; }  // link replaced
        return r.ok ? r.text() : null;
      })
      .then(function (html) {
        if (html === null || !live) return;
        if (mustWait()) { again = true; return; }  // they began choosing while it came
        waitingSince = 0;
        var kept = chosen();
        live.innerHTML = html;
        restore(kept);
        showDice();
        retitle();
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
  showDice();
  retitle();
  // The page is live through an event stream. The tabs of one browser share what they
  // hear on a BroadcastChannel (a browser opens at most six connections to a server, and
  // every stream holds one): where the browser has Web Locks, only the tab holding the
  // lock "gmtool-events" opens a stream and the others hear the versions from it (when it
  // closes, another tab takes the lock and the stream); elsewhere every tab opens its
  // own. When the server refuses a stream (too many screens) or ends it (a newer one of
  // the same address took its place) the tab asks for the version every few seconds
  // instead, and tries for a stream again while refused; what a tab hears from the
  // others meanwhile redraws it at once.
  var channel = window.BroadcastChannel ? new BroadcastChannel("gmtool-events") : null;
  var streaming = false;  // this tab's own stream is open
  var holding = false;  // this tab holds the browser's stream for the others
  function tell(live) {
    if (channel) channel.postMessage({ version: version, live: live });
  }
  function setLive(on) {
    body.classList.toggle("connected", on);
    tell(on);
  }
  function changed(now) {
    if (now !== version) { version = now; redraw(); }
    tell(true);
  }
  if (channel) {
    channel.onmessage = function (e) {
      var said = e.data || {};
      if (said.hello) {  // a tab just opened: a tab that streams tells it where things stand
        if (streaming) tell(true);
        return;
      }
      if (streaming || typeof said.version !== "string") return;  // it hears for itself
      body.classList.toggle("connected", !!said.live);
      if (said.version !== version) { version = said.version; redraw(); }
    };
  }
  function lost() {  // a poll failed: the tabs this one speaks for are not live either
    body.classList.remove("connected");
    if (holding) tell(false);
  }
  var polling = null;
  function poll() {
    if (polling) return;
    polling = setInterval(function () {
      fetch("/version", { cache: "no-store", credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (now) {
          if (now !== null) { body.classList.add("connected"); changed(now); } else lost();
        })
        .catch(lost);
    }, 2000);
  }
  function listen(wait) {
    var events = new EventSource(body.dataset.events);
    events.addEventListener("change", function (e) {
      if (polling) { clearInterval(polling); polling = null; }
      streaming = true;
      body.classList.add("connected");
      changed(e.data);
    });
    events.addEventListener("closed", function () {
      streaming = false;
      events.close();  // another screen of this address holds a stream: poll, do not fight it
      poll();
    });
    events.onopen = function () { streaming = true; setLive(true); };
    events.onerror = function () {
      streaming = false;
      setLive(false);
      if (events.readyState === EventSource.CLOSED) {  // refused: the browser gives up
        poll();
        setTimeout(function () { listen(Math.min(wait * 2, 60000)); }, wait);
      }
    };
  }
  if (body.dataset.events && window.EventSource) {
    if (channel && navigator.locks && navigator.locks.request) {
      channel.postMessage({ hello: true });
      navigator.locks.request("gmtool-events", function () {
        holding = true;
        listen(5000);
        return new Promise(function () {});  // held until this tab closes
      });
    } else {
      listen(5000);
    }
  }
})();
