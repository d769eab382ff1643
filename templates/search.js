// The search box of the family and child homes. A classic script, so that it runs from
// file:// as well as from a web host: the index is the global that search-index.js sets,
// and nothing is fetched. Without JavaScript the form stays hidden.
(function () {
  "use strict";
  var form = document.querySelector("form.search");
  var index = window.bbreportSearchIndex;
  if (!form || !index) return;
  var input = form.querySelector(".search-input");
  var status = form.querySelector(".search-status");
  var list = form.querySelector(".search-results");
  var root = form.getAttribute("data-root") || "";
  var only = form.getAttribute("data-child");
  var shown = 50;
  var months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"];
  var weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

  // Lower case, accents off, anything but letters and digits a space: "Zoë's 2026-11-21"
  // reads " zoe s 2026 11 21 ", so terms match at the start of words.
  function fold(text) {
    return " " + text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, " ").trim() + " ";
  }
  function pad(number) {
    return (number < 10 ? "0" : "") + number;
  }

  var days = [];
  index.children.forEach(function (child) {
    if (only && child.slug !== only) return;
    var parts = child.first.split("-").map(Number);
    var start = Date.UTC(parts[0], parts[1] - 1, parts[2]);
    var found = {};
    child.entries.forEach(function (entry) {
      found[entry[0]] = {caregivers: entry[1].map(function (number) { return child.caregivers[number]; }), notes: entry[2], events: entry[3] || []};
    });
    for (var i = 0; i < child.days; i++) {
      // Dates counted in UTC, where every day has 24 hours.
      var date = new Date(start + i * 86400000);
      var y = date.getUTCFullYear(), m = date.getUTCMonth(), d = date.getUTCDate(), w = date.getUTCDay();
      var iso = y + "-" + pad(m + 1) + "-" + pad(d);
      var entry = found[i];
      days.push({
        child: child.name,
        iso: iso,
        label: weekdays[w].slice(0, 3) + ", " + months[m].slice(0, 3) + " " + d + ", " + y,
        href: root + child.slug + "/" + y + "/" + pad(m + 1) + "/" + pad(d) + ".html",
        caregivers: entry ? entry.caregivers : [],
        notes: entry ? entry.notes : [],
        events: entry ? entry.events : [],
        dates: fold([iso, weekdays[w], months[m], d, y, (m + 1) + "/" + d + "/" + y].join(" ")),
        text: entry ? fold(entry.caregivers.join(" ") + " " + entry.notes.join(" ") + " " + entry.events.join(" ")) : " "
      });
    }
  });
  days.sort(function (a, b) { return a.iso < b.iso ? 1 : a.iso > b.iso ? -1 : 0; });

  var monthNames = months.map(function (name) { return name.toLowerCase(); });

  // Words match where a word starts ("vaccine" finds "vaccines"); numbers match whole
  // ("3" is not "3.6"). With a month in the query ("Feb 3", "21 nov"), a short number is
  // the day of the month and is looked for in the date only.
  function matches(day, terms, monthAsked) {
    return terms.every(function (term) {
      if (/^[0-9]+$/.test(term)) {
        var word = " " + term + " ";
        return day.dates.indexOf(word) >= 0 || ((!monthAsked || term.length > 2) && day.text.indexOf(word) >= 0);
      }
      return day.dates.indexOf(" " + term) >= 0 || day.text.indexOf(" " + term) >= 0;
    });
  }

  function asksForMonth(terms) {
    return terms.some(function (term) {
      return term.length >= 3 && monthNames.some(function (name) { return name.indexOf(term) === 0; });
    });
  }

  // The note (or the health entry, or the caregivers) that made the day match, to show
  // under its link.
  function detail(day, terms) {
    for (var i = 0; i < day.notes.length; i++) {
      var note = day.notes[i];
      var folded = fold(note);
      if (terms.some(function (term) { return folded.indexOf(" " + term) >= 0; })) {
        return note.length > 160 ? note.slice(0, 157) + "…" : note;
      }
    }
    for (var j = 0; j < day.events.length; j++) {
      var folded = fold(day.events[j]);
      if (terms.some(function (term) { return folded.indexOf(" " + term) >= 0; })) return day.events[j];
    }
    if (day.caregivers.length && terms.some(function (term) { return fold(day.caregivers.join(" ")).indexOf(" " + term) >= 0; })) {
      return "Logged by " + day.caregivers.join(", ");
    }
    return day.notes.length ? (day.notes.length === 1 ? "1 note" : day.notes.length + " notes") : "";
  }

  function search() {
    var terms = fold(input.value).trim().split(" ").filter(Boolean);
    list.textContent = "";
    if (!terms.length) {
      status.textContent = "";
      return;
    }
    var monthAsked = asksForMonth(terms);
    var results = days.filter(function (day) { return matches(day, terms, monthAsked); });
    status.textContent = results.length === 0 ? "No day matches “" + input.value.trim() + "”."
      : (results.length === 1 ? "1 day" : results.length + " days")
        + (results.length > shown ? ", the latest " + shown + " shown." : ".");
    results.slice(0, shown).forEach(function (day) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      link.href = day.href;
      link.textContent = (index.children.length > 1 && !only ? day.child + " · " : "") + day.label;
      item.appendChild(link);
      var text = detail(day, terms);
      if (text) {
        var line = document.createElement("p");
        line.textContent = text;
        item.appendChild(line);
      }
      list.appendChild(item);
    });
  }

  form.addEventListener("submit", function (event) { event.preventDefault(); });
  input.addEventListener("input", search);
  form.hidden = false;
  // `index.html?q=fever` opens with that search done: a search can be bookmarked.
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) input.value = asked;
  if (input.value) search();
})();

// The family home's times, counted again from the reader's clock: "ago", "asleep for" and
// "awake for" from now; "today" named by its date once the export's day is over; and, when
// the export is more than three hours old, a line at the top that says how old. Without
// this script the page says plainly that its times count from the export.
(function () {
  var asOf = document.querySelector("[data-exported]");
  if (!asOf) return;
  var now = Date.now(), space = "\u00a0";
  function hoursAndMinutes(ms) {
    var total = Math.floor((Math.abs(ms) + 30000) / 60000), h = Math.floor(total / 60), m = total % 60;
    return h === 0 ? m + "m" : m === 0 ? h + "h" : h + "h " + m + "m";
  }
  function elapsed(ms) {
    var hours = Math.floor(ms / 3600000);
    if (hours < 24) return hoursAndMinutes(ms);
    var days = Math.floor(hours / 24), rest = hours % 24, text = days === 1 ? "1 day" : days + " days";
    return days < 7 && rest > 0 ? text + " " + rest + "h" : text;
  }
  function unbroken(text) { return text.replace(/ /g, space); }
  document.querySelectorAll("[data-at][data-form]").forEach(function (element) {
    var gap = now - Number(element.getAttribute("data-at")), form = element.getAttribute("data-form");
    if (!(gap >= 0)) return;
    if (form === "ago") element.textContent = gap < 60000 ? "just now" : unbroken(elapsed(gap)) + " ago";
    if (form === "asleep") element.textContent = "Asleep for " + unbroken(elapsed(gap));
    if (form === "awake") element.textContent = "Awake for " + unbroken(elapsed(gap));
  });
  document.querySelectorAll("[data-day-end]").forEach(function (element) {
    if (now >= Number(element.getAttribute("data-day-end"))) {
      var words = element.getAttribute("data-today") || "today", text = element.textContent;
      if (text.slice(-words.length) === words) element.textContent = text.slice(0, -words.length) + element.getAttribute("data-day-name");
    }
  });
  var exported = Number(asOf.getAttribute("data-exported")), age = now - exported;
  asOf.textContent = "Times count from now, on this device's clock. The data is as exported " + asOf.getAttribute("data-exported-text") + ".";
  var stale = document.querySelector(".stale");
  if (stale && age > 3 * 3600000) {
    stale.textContent = "Exported " + unbroken(elapsed(age)) + " ago: anything logged since is not here.";
    stale.hidden = false;
  }
})();
