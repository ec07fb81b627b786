// The TV page's standings turn their pages by themselves: one page every 12 s (or
// ?turn=SECONDS), and the page shown stays shown when live standings replace the board.
(function () {
  "use strict";
  var asked = Number(new URLSearchParams(window.location.search).get("turn"));
  var seconds = asked > 0 ? asked : 12;
  var current = 0;
  function show() {
    var pages = document.querySelectorAll(".tvboard .tv-page");
    if (!pages.length) return;
    if (current >= pages.length) current = 0;
    pages.forEach(function (page, i) { page.hidden = i !== current; });
    var number = document.querySelector(".tvboard .tv-page-no");
    if (number) number.textContent = String(current + 1);
  }
  window.setInterval(function () { current += 1; show(); }, seconds * 1000);
  document.addEventListener("htmx:afterSwap", show);
  document.addEventListener("DOMContentLoaded", show);
})();
