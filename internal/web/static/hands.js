// The stored hands: GET /v1/hands with the page's filters (the form's
// fields, round-tripped in the URL), newest stored first, one page at a
// time (keyset cursor). A row says when the hand was played, where, the
// game and structure, the stakes with their currency, the board, the final
// pot, the verdict and how it ended; with a player named, his position,
// cards and net.
"use strict";
(() => {
  const { el, api, showError, date, playerLink, cards, money } = window.Scoop;
  const tbody = document.querySelector("#hand-list tbody");
  const table = document.getElementById("hand-list");
  const more = document.getElementById("more");
  const empty = document.getElementById("hands-empty");
  const errorBox = document.getElementById("hands-error");
  const GAMES = { "omaha-hi": "Omaha High", "omaha-hilo": "Omaha Hi/Lo" };
  const STRUCTURES = { "fixed-limit": "fixed limit", "pot-limit": "pot limit", "no-limit": "no limit" };
  const ENDED = { showdown: "showdown", uncontested: "uncontested", "all-in": "all-in" };
  const FILTERS = ["player", "game", "structure", "kind", "currency", "site", "stakes", "from", "to", "ledger",
    "position", "holding", "saw_flop", "showdown", "allin", "freeroll", "result", "legal", "tag"];
  const filters = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(location.search)) if (v && FILTERS.includes(k)) filters.set(k, v);
  const named = filters.get("player") || "";
  table.classList.toggle("named", !!named);
  let cursor = null;

  // chips formats an amount of a row's table: its currency for cash, else
  // chips.
  function chips(n, st) {
    if (n === null || n === undefined) return "–";
    if (st && st.kind === "cash" && st.currency) return money(n, { currency: st.currency, chip_unit: st.chip_unit });
    return Number(n).toLocaleString("en-US") + (st && st.kind === "tournament" ? " T" : "");
  }

  function cell(label, cls, ...children) { return el("td", { "data-label": label, class: cls }, ...children); }

  function row(h) {
    const st = h.stakes || {};
    const players = cell("Players", "players");
    h.players.forEach((p, i) => { if (i) players.append(", "); players.append(p === named ? el("strong", {}, p) : playerLink(p)); });
    const verdict = cell("Verdict", h.legal ? "legal-yes" : "legal-no", h.legal ? "legal" : "illegal");
    if (h.ended) verdict.append(el("span", { class: "hint ended" }, " · " + (ENDED[h.ended] || h.ended)));
    const stakes = st.big_blind ? (st.kind === "cash" && st.currency ? chips(st.big_blind, st) + " bb" : st.big_blind.toLocaleString("en-US") + " bb" + (st.kind === "tournament" ? " (T)" : "")) : "–";
    const p = h.player;
    const net = p && p.net !== null && p.net !== undefined ? chips(p.net, st) : "–";
    return el("tr", { "data-id": h.id },
      cell("Played", "played", h.played_at ? date(h.played_at) : el("span", { class: "hint" }, "stored " + date(h.created_at))),
      cell("Hand", "hand", el("a", { href: "/hands/" + encodeURIComponent(h.id), title: h.id }, h.site || h.id.slice(0, 8)),
        h.site_hand_id ? el("span", { class: "hint site-id" }, " " + h.site_hand_id) : null),
      cell("Game", "game", (GAMES[h.game] || h.game) + (h.structure ? ", " + (STRUCTURES[h.structure] || h.structure) : "")),
      cell("Stakes", "stakes", stakes),
      cell("Position", "player-col position", p && p.position ? p.position : "–"),
      cell("Cards", "player-col hole", p && p.hole ? cards(p.hole) : "–"),
      cell("Net", "player-col net " + (p && p.net > 0 ? "legal-yes" : p && p.net < 0 ? "legal-no" : ""), net),
      cell("Board", "board", h.board ? cards(h.board) : "–"),
      cell("Pot", "pot", h.pot ? chips(h.pot, st) : "–"),
      verdict, players);
  }

  async function load() {
    const q = new URLSearchParams(filters);
    q.set("limit", "50");
    if (cursor) q.set("cursor", cursor);
    more.disabled = true;
    try {
      const page = await api("GET", "/v1/hands?" + q.toString());
      for (const h of page.hands) tbody.append(row(h));
      cursor = page.next_cursor;
      more.hidden = !cursor;
      empty.hidden = tbody.children.length > 0;
      document.querySelector("main").dataset.ready = "true";
    } catch (err) {
      showError(errorBox, err);
      document.querySelector("main").dataset.ready = "true";
    } finally {
      more.disabled = false;
    }
  }
  more.addEventListener("click", load);
  load();
})();
