// The players index: GET /v1/players by name prefix, a page at a time
// (keyset cursor), each name a link to its player page.
"use strict";
(() => {
  const { el, api, showError, playerLink } = window.Scoop;
  const tbody = document.querySelector("#player-list tbody");
  const more = document.getElementById("more");
  const empty = document.getElementById("players-empty");
  const errorBox = document.getElementById("players-error");
  const prefix = new URLSearchParams(location.search).get("prefix") || "";
  let cursor = null;

  async function load() {
    const q = new URLSearchParams({ limit: "100" });
    if (prefix) q.set("prefix", prefix);
    if (cursor) q.set("cursor", cursor);
    more.disabled = true;
    try {
      const page = await api("GET", "/v1/players?" + q.toString());
      for (const p of page.players) tbody.append(el("tr", {}, el("td", {}, playerLink(p.name)), el("td", { class: "num" }, String(p.hands))));
      cursor = page.next_cursor;
      more.hidden = !cursor;
      empty.hidden = tbody.children.length > 0;
      document.querySelector("main").dataset.ready = "true";
    } catch (err) {
      showError(errorBox, err);
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener("click", load);
  load();
})();
