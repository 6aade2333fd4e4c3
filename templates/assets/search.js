// Daybook's client-side search: filters window.DAYBOOK_SEARCH (search-index.js) as you type.
// No dependencies; works from file:// as well as from a server.
(function () {
  "use strict";
  var input = document.getElementById("search-input");
  var out = document.getElementById("search-results");
  if (!input || !out) return;
  var index = (window.DAYBOOK_SEARCH || []).map(function (e) {
    e.h = (e.t + " " + e.g + " " + e.x + " " + e.d).toLowerCase();
    return e;
  });
  function show() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    out.textContent = "";
    if (words.length === 0) { out.hidden = true; return; }
    out.hidden = false;
    var list = document.createElement("ul");
    list.className = "entry-list";
    var count = 0;
    for (var i = 0; i < index.length && count < 50; i++) {
      var e = index[i];
      if (!words.every(function (w) { return e.h.indexOf(w) !== -1; })) continue;
      count++;
      var item = document.createElement("li");
      item.className = "entry-item";
      var link = document.createElement("a");
      link.className = "entry-link";
      link.href = e.u;
      link.textContent = e.t;
      var date = document.createElement("span");
      date.className = "entry-date";
      date.textContent = e.d;
      var text = document.createElement("p");
      text.className = "search-excerpt";
      text.textContent = e.x;
      item.appendChild(link);
      item.appendChild(date);
      item.appendChild(text);
      list.appendChild(item);
    }
    if (count === 0) {
      var none = document.createElement("p");
      none.className = "empty";
      none.textContent = out.getAttribute("data-none");
      out.appendChild(none);
    } else {
      out.appendChild(list);
    }
  }
  input.addEventListener("input", show);
  input.form.addEventListener("submit", function (event) { event.preventDefault(); show(); });
  // ?q=words fills the box, so a search can be linked to (and tested headless).
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) input.value = query;
  if (input.value) show();
})();
