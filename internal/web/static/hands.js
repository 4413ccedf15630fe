// The stored hands: GET /v1/hands with the page's filters, newest first,
// one page at a time (keyset cursor).
"use strict";
(() => {
  const { el, api, showError, date, playerLink } = window.Scoop;
  const tbody = document.querySelector("#hand-list tbody");
  const more = document.getElementById("more");
  const empty = document.getElementById("hands-empty");
  const errorBox = document.getElementById("hands-error");
  const GAMES = { "omaha-hi": "Omaha High", "omaha-hilo": "Omaha Hi/Lo" };
  const filters = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(location.search)) if (v && ["player", "game", "legal"].includes(k)) filters.set(k, v);
  let cursor = null;

  async function load() {
    const q = new URLSearchParams(filters);
    q.set("limit", "50");
    if (cursor) q.set("cursor", cursor);
    more.disabled = true;
    try {
      const page = await api("GET", "/v1/hands?" + q.toString());
      for (const h of page.hands) {
        const players = el("td", { class: "players" });
        h.players.forEach((p, i) => { if (i) players.append(", "); players.append(playerLink(p)); });
        tbody.append(el("tr", {},
          el("td", {}, el("a", { href: "/hands/" + encodeURIComponent(h.id), title: h.id }, h.id.slice(0, 8))),
          el("td", {}, h.site + (h.site_hand_id ? " " + h.site_hand_id : "")),
          el("td", {}, GAMES[h.game] || h.game),
          el("td", { class: h.legal ? "legal-yes" : "legal-no" }, h.legal ? "legal" : "illegal"),
          players,
          el("td", {}, date(h.created_at))));
      }
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
