// The search box of the family and child homes. A classic script, so that it runs from
// file:// as well as from a web host: the index is the global that search-index.js sets,
// and nothing is fetched. Without JavaScript the form stays hidden.
// The page's language for the words the script writes itself: the catalog's texts the
// page carries in <html data-words>, each plural word in the form Intl.PluralRules gives
// for its count, numbers in the language's digits.
var bbreportWords = (function () {
  var source = document.documentElement.getAttribute("data-words");
  var data = {};
  try { data = source ? JSON.parse(source) : {}; } catch (error) { data = {}; }
  var words = data.words || {}, digits = data.digits || "0123456789";
  var lang = data.lang || document.documentElement.lang || "en-US";
  var rules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  function number(value) {
    return String(value).replace(/[0-9]/g, function (digit) { return digits.charAt(Number(digit)); });
  }
  function say(key, values, count) {
    var entry = words[key];
    if (entry === undefined) return key;
    values = values || {};
    if (typeof entry !== "string") {
      entry = entry[rules ? rules.select(count) : count === 1 ? "one" : "other"] || entry.other;
      values.count = number(count);
    }
    return entry.replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }
  return {say: say, number: number, lang: lang};
})();

// In an encrypted archive the index comes sealed: the page's opener (open.js) sets it, with
// the place of each day's page from the root, once it has opened it, and says so with an event.
(function start() {
  "use strict";
  var form = document.querySelector("form.search");
  var index = window.bbreportSearchIndex;
  if (form && !index && window.bbreportSearchPending) {
    window.addEventListener("bbreport-search-index", start, {once: true});
    return;
  }
  if (!form || !index) return;
  var pages = window.bbreportSearchPages;
  var input = form.querySelector(".search-input");
  var status = form.querySelector(".search-status");
  var list = form.querySelector(".search-results");
  var root = form.getAttribute("data-root") || "";
  var only = form.getAttribute("data-child");
  var shown = 50;
  var months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                "October", "November", "December"];
  var weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
  // The page's language's names of months and weekdays, and its way of writing a date,
  // from the browser's own locale data; English's names are searched as well.
  var say = bbreportWords.say, lang = bbreportWords.lang;
  var label = null, ownMonths = [], ownWeekdays = [];
  if (window.Intl && Intl.DateTimeFormat) {
    var utc = {timeZone: "UTC"};
    label = new Intl.DateTimeFormat(lang, {weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC"});
    var monthName = new Intl.DateTimeFormat(lang, Object.assign({month: "long"}, utc));
    var weekdayName = new Intl.DateTimeFormat(lang, Object.assign({weekday: "long"}, utc));
    for (var n = 0; n < 12; n++) ownMonths.push(monthName.format(new Date(Date.UTC(2026, n, 1))));
    for (var k = 0; k < 7; k++) ownWeekdays.push(weekdayName.format(new Date(Date.UTC(2026, 10, 1 + k))));
  }

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
        label: label ? label.format(date) : weekdays[w].slice(0, 3) + ", " + months[m].slice(0, 3) + " " + d + ", " + y,
        href: pages ? root + pages[child.slug + "/" + y + "/" + pad(m + 1) + "/" + pad(d) + ".html"] || "" : root + child.slug + "/" + y + "/" + pad(m + 1) + "/" + pad(d) + ".html",
        caregivers: entry ? entry.caregivers : [],
        notes: entry ? entry.notes : [],
        events: entry ? entry.events : [],
        dates: fold([iso, weekdays[w], months[m], ownWeekdays[w] || "", ownMonths[m] || "", d, y, (m + 1) + "/" + d + "/" + y,
                     label ? label.format(date) : ""].join(" ")),
        text: entry ? fold(entry.caregivers.join(" ") + " " + entry.notes.join(" ") + " " + entry.events.join(" ")) : " "
      });
    }
  });
  days.sort(function (a, b) { return a.iso < b.iso ? 1 : a.iso > b.iso ? -1 : 0; });

  var monthNames = months.concat(ownMonths).map(function (name) { return fold(name).trim(); });

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
      return say("logged_by", {names: day.caregivers.join(", ")});
    }
    return day.notes.length ? say("notes_count", {}, day.notes.length) : "";
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
    var found = say("days_count", {}, results.length);
    status.textContent = results.length === 0 ? say("no_day_matches", {query: input.value.trim()})
      : results.length > shown ? say("days_found_latest", {days: found, count: bbreportWords.number(shown)}) : say("days_found", {days: found});
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
  var say = bbreportWords.say, number = bbreportWords.number;
  function hoursAndMinutes(ms) {
    var total = Math.floor((Math.abs(ms) + 30000) / 60000), h = Math.floor(total / 60), m = total % 60;
    return h === 0 ? say("duration_minutes", {minutes: number(m)})
      : m === 0 ? say("duration_hours", {hours: number(h)}) : say("duration_hours_minutes", {hours: number(h), minutes: number(m)});
  }
  function elapsed(ms) {
    var hours = Math.floor(ms / 3600000);
    if (hours < 24) return hoursAndMinutes(ms);
    // Each part whole, the line free to break between them.
    var days = Math.floor(hours / 24), rest = hours % 24, text = unbroken(say("elapsed_days", {}, days));
    return days < 7 && rest > 0 ? say("elapsed_days_hours", {days: text, hours: unbroken(say("duration_hours", {hours: number(rest)}))}) : text;
  }
  function unbroken(text) { return text.replace(/ /g, space); }
  document.querySelectorAll("[data-at][data-form]").forEach(function (element) {
    var gap = now - Number(element.getAttribute("data-at")), form = element.getAttribute("data-form");
    if (!(gap >= 0)) return;
    if (form === "ago") element.textContent = gap < 60000 ? say("just_now") : say("time_ago", {time: elapsed(gap)});
    if (form === "asleep") element.textContent = say("asleep_for", {length: elapsed(gap)});
    if (form === "awake") element.textContent = say("awake_for", {length: elapsed(gap)});
  });
  document.querySelectorAll("[data-day-end]").forEach(function (element) {
    if (now >= Number(element.getAttribute("data-day-end"))) {
      var words = element.getAttribute("data-today") || "today", text = element.textContent, after = element.getAttribute("data-after");
      if (after) element.textContent = after;
      else if (text.slice(-words.length) === words) element.textContent = text.slice(0, -words.length) + element.getAttribute("data-day-name");
    }
  });
  var exported = Number(asOf.getAttribute("data-exported")), age = now - exported;
  asOf.textContent = say("times_count_from_now", {date: asOf.getAttribute("data-exported-text")});
  var stale = document.querySelector(".stale");
  if (stale && age > 3 * 3600000) {
    stale.textContent = say("exported_stale", {time: elapsed(age)});
    stale.hidden = false;
  }
})();
