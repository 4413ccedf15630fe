// The player page: his statistics (GET /v1/players/{name}/stats) per
// ledger, his results graph drawn as SVG for one ledger at a time (GET
// /v1/players/{name}/results: cumulative net, all-in adjusted net, and the
// showdown and non-showdown parts over hands), his sessions (GET
// /v1/players/{name}/sessions: the newest 20, money per ledger) and his
// latest hands, all under the filters of the page's URL.
"use strict";
(() => {
  const { el, api, pct, date, playerLink } = window.Scoop;
  const main = document.querySelector("main[data-player]");
  const name = main.dataset.player;
  const enc = encodeURIComponent(name);
  const GAMES = { "omaha-hi": "Omaha High", "omaha-hilo": "Omaha Hi/Lo" };
  const SVG = "http://www.w3.org/2000/svg";
  document.getElementById("all-hands").href = "/hands?player=" + enc;
  function share(s) {
    if (!s || s.value === null || s.value === undefined) return ["–", s ? "0 of 0" : ""];
    return [pct(s.value), s.count + " of " + s.opportunities];
  }
  const num = (v, d) => v === null || v === undefined ? "–" : Number(v).toFixed(d);

  // The filters of the page's URL (its form's fields), passed on to the
  // API as they are: the API checks them, one parser for all.
  const FILTERS = ["kind", "currency", "site", "game", "structure", "stakes", "from", "to", "ledger", "tag"];
  const filters = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(location.search)) if (FILTERS.includes(k) && v) filters.set(k, v);
  const withFilters = (extra) => {
    const q = new URLSearchParams(filters);
    for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
    const s = q.toString();
    return s ? "?" + s : "";
  };

  // ledgerMoney writes an amount of a ledger (the API's Money: chips and
  // the chip unit the hands share) by the one formatter's rules
  // (Scoop.money, as scoop stats): a currency with its symbol ("€15.60"),
  // tournament chips as integers, play money at its chip unit (a cent
  // table's -4 is -0.04), an expectation to the chip.
  function ledgerMoney(m, ledger) {
    if (!m || m.chips === null || m.chips === undefined) return "–";
    const tournament = !!ledger && ledger.kind === "tournament";
    const unit = m.chip_unit || (ledger && ledger.chip_unit) || "";
    const table = { chip_unit: unit, currency: m.currency || (ledger && ledger.currency) || "", tournament };
    const s = window.Scoop.money(m.chips, table);
    return tournament || !unit.includes(".") ? s + " chips" : s;
  }

  function grid(items, id) {
    const dl = el("dl", { class: "stats-grid", id });
    for (const [k, [v, sub], key] of items) dl.append(el("div", { "data-stat": key }, el("dt", {}, k), el("dd", { class: "value" }, v), sub ? el("dd", { class: "hint" }, sub) : null));
    return dl;
  }
  const shareItems = (st) => [
    ["VPIP", share(st.vpip), "vpip"], ["PFR", share(st.pfr), "pfr"], ["3-bet", share(st.three_bet), "three_bet"],
    ["Aggression", [num(st.af && st.af.value, 2), st.af ? st.af.bets_raises + " bets/raises, " + st.af.calls + " calls" : ""], "af"],
    ["Went to showdown", share(st.wtsd), "wtsd"], ["Won at showdown", share(st.wsd), "wsd"],
    ["Scoops", share(st.scoops), "scoops"], ["Quartered", share(st.quartered), "quartered"], ["Lows won", share(st.lows_won), "lows_won"],
  ];
  const moneyItems = (st, ledger) => [
    ["Hands", [String(st.hands), st.unanalyzed_hands ? st.unanalyzed_hands + " not analysed yet" : ""], "hands"],
    ["Net", [ledgerMoney(st.net, ledger), num(st.net_bb, 1) + " bb"], "net"],
    ["bb/100", [num(st.bb_per_100, 2), ""], "bb_per_100"],
    ["All-in adjusted net", [ledgerMoney(st.allin_adjusted_net, ledger), st.allin_hands + " all-in hands"], "allin_adjusted_net"],
    ["Luck", [ledgerMoney(st.luck, ledger), "net minus all-in adjusted"], "luck"],
  ];

  // renderStats shows the statistics: over one ledger, one grid; over
  // several, the unit-free figures over all hands and then each ledger's
  // money apart, cash first (the API's order). Money is never added
  // across ledgers.
  function renderStats(st) {
    const out = document.getElementById("stats");
    const ledgers = st.ledgers || [];
    if (ledgers.length <= 1) {
      const ledger = ledgers.length ? ledgers[0].ledger : null;
      const items = moneyItems(st, ledger);
      out.replaceChildren(grid(items.slice(0, 3).concat(shareItems(st), items.slice(3)), "stats-grid"));
      if (ledger) out.firstChild.dataset.ledger = ledgers[0].key;
      return;
    }
    const all = grid([["Hands", [String(st.hands), ledgers.length + " ledgers"], "hands"], ["bb/100", [num(st.bb_per_100, 2), num(st.net_bb, 1) + " bb over all"], "bb_per_100"]].concat(shareItems(st)), "stats-grid");
    const parts = [el("p", { class: "hint" }, "These hands are played for " + ledgers.length + " kinds of money. The shares are over all of them; money is counted per ledger below, never added across."), all];
    for (const l of ledgers) {
      const sec = el("section", { class: "ledger", "data-ledger": l.key, "aria-label": l.label },
        el("h3", {}, l.label, " ", el("a", { href: location.pathname + withFilters({ ledger: l.key }), class: "hint" }, "only these")),
        grid(moneyItems(l, l.ledger)));
      parts.push(sec);
    }
    if (st.other_ledgers_hands) parts.push(el("p", { class: "hint" }, st.other_ledgers_hands + " hands of further ledgers are not listed: filter by money or currency."));
    out.replaceChildren(...parts);
  }

  async function loadResults(ledger, hands) {
    const every = Math.max(1, Math.ceil(hands / 500));
    let points = [], cursor = null;
    for (let page = 0; page < 20; page++) {
      const extra = { every: String(every), limit: "500", ledger };
      if (cursor) extra.cursor = cursor;
      const r = await api("GET", "/v1/players/" + enc + "/results" + withFilters(extra));
      points = points.concat(r.points);
      cursor = r.next_cursor;
      if (!cursor) break;
    }
    return points;
  }

  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // tickFormat formats values of one ledger for the axis, shortly
  // ($1.5k, -96.8k chips).
  function tickFormat(ledger, unit) {
    if (ledger && ledger.kind === "cash" && ledger.currency) {
      let f;
      try { f = new Intl.NumberFormat("en-US", { style: "currency", currency: ledger.currency, notation: "compact", maximumFractionDigits: 1 }); } catch (e) { f = null; }
      return v => f ? f.format(v * unit) : (v * unit).toFixed(2) + " " + ledger.currency;
    }
    const f = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
    return v => f.format(v);
  }

  // chart draws one ledger's cumulative net, all-in adjusted net and its
  // showdown and non-showdown parts against the hands played, with a zero
  // line, five labelled values and the dates under the axis.
  function chart(points, ledger) {
    const W = 800, H = 340, L = 70, R = 16, T = 28, B = 48;
    let n = 0;
    const xs = [0], net = [0], adj = [0], sd = [0], nsd = [0], times = [null];
    for (const p of points) {
      n += p.hands; xs.push(n); net.push(p.cumulative_net); adj.push(p.cumulative_adjusted_net);
      sd.push(p.cumulative_showdown_net); nsd.push(p.cumulative_non_showdown_net); times.push(p.time);
    }
    const unit = ledger && ledger.kind === "cash" && ledger.chip_unit ? Number(ledger.chip_unit) : 1;
    const lo = Math.min(0, ...net, ...adj, ...sd, ...nsd), hi = Math.max(0, ...net, ...adj, ...sd, ...nsd);
    const span = hi - lo || 1;
    const x = v => L + (v / (n || 1)) * (W - L - R);
    const y = v => T + (1 - (v - lo) / span) * (H - T - B);
    const tick = tickFormat(ledger, unit);
    const full = v => ledgerMoney({ chips: v }, ledger);
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": "chart-title chart-desc", "data-ledger": ledger ? "" : "none" });
    root.append(svg("title", { id: "chart-title" }, "Results of " + name));
    const last = points.at(-1);
    root.append(svg("desc", { id: "chart-desc" }, `Over ${n} ${n === 1 ? "hand" : "hands"}: net ${full(last.cumulative_net)}, all-in adjusted ${full(last.cumulative_adjusted_net)}, at showdown ${full(last.cumulative_showdown_net)}, without showdown ${full(last.cumulative_non_showdown_net)}.`));
    for (let i = 0; i <= 4; i++) {
      const v = lo + (span * i) / 4;
      const yy = T + (1 - i / 4) * (H - T - B);
      root.append(svg("line", { x1: L, x2: W - R, y1: yy, y2: yy, stroke: "#e3e7ea" }));
      root.append(svg("text", { x: L - 6, y: yy + 4, "text-anchor": "end", class: "ytick" }, tick(v)));
    }
    root.append(svg("line", { class: "zero", x1: L, x2: W - R, y1: y(0), y2: y(0) }));
    root.append(svg("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }));
    // Dates under the axis: up to five, at evenly spaced points, each
    // label said once (a day's hands do not repeat its date); hands of one
    // day are labelled by their time, the first with the day too.
    const dated = xs.map((v, i) => [v, String(times[i] || "")]).filter(([, t]) => t);
    if (dated.length) {
      const oneDay = dated[0][1].slice(0, 10) === dated.at(-1)[1].slice(0, 10);
      const picks = [...new Set([0, 0.25, 0.5, 0.75, 1].map(f => Math.round(f * (dated.length - 1))))];
      let said = "";
      for (const k of picks) {
        const [hx, t] = dated[k];
        let label = oneDay ? t.slice(11, 16) : t.slice(0, 10);
        if (oneDay && k === 0) label = t.slice(0, 10) + " " + label;
        if (label === said) continue;
        said = label;
        const at = hx / (n || 1);
        root.append(svg("text", { x: x(hx), y: H - 24, "text-anchor": at < 0.15 ? "start" : at > 0.85 ? "end" : "middle", class: "xdate" }, label));
      }
    }
    root.append(svg("text", { x: L, y: H - 8 }, "0"));
    root.append(svg("text", { x: W - R, y: H - 8, "text-anchor": "end" }, n + (n === 1 ? " hand" : " hands")));
    const line = (vals, cls) => svg("polyline", { class: cls, fill: "none", "stroke-width": 2, points: vals.map((v, i) => x(xs[i]).toFixed(1) + "," + y(v).toFixed(1)).join(" ") });
    root.append(line(nsd, "nsd"), line(sd, "sd"), line(adj, "adj"), line(net, "net"));
    const legend = [["net", "net"], ["adj", "all-in adjusted"], ["sd", "showdown"], ["nsd", "non-showdown"]];
    legend.forEach(([cls, label], i) => {
      const lx = L + 10 + i * 150;
      root.append(svg("line", { class: cls, x1: lx, x2: lx + 30, y1: 12, y2: 12, "stroke-width": 2 }), svg("text", { x: lx + 36, y: 16 }, label));
    });
    return root;
  }

  // showGraph draws the graph of one ledger: a graph never mixes two.
  async function showGraph(ledgers, key) {
    const graph = document.getElementById("graph");
    const l = ledgers.find(x => x.key === key) || ledgers[0];
    for (const b of document.querySelectorAll("#graph-ledgers button")) b.setAttribute("aria-pressed", String(b.dataset.ledger === l.key));
    graph.replaceChildren(el("p", { class: "hint" }, "Loading…"));
    const points = await loadResults(l.key, l.hands);
    graph.replaceChildren(points.length ? chart(points, l.ledger) : el("p", { class: "hint" }, "No results."));
    graph.dataset.ledger = l.key;
  }

  // loadSessions fills the sessions table: one row a session, its money
  // one line per ledger (its label, net and all-in adjusted net).
  async function loadSessions() {
    const tbody = document.querySelector("#player-sessions tbody");
    const page = await api("GET", "/v1/players/" + enc + "/sessions" + withFilters({ limit: "20" }));
    const perLedger = (s, cls, show) => {
      const td = el("td", { class: cls });
      s.ledgers.forEach((l, i) => {
        if (i) td.append(el("br"));
        td.append(el("span", { "data-ledger": l.key }, show(l)));
      });
      return td;
    };
    for (const s of page.sessions) {
      const tables = s.tables.join(", ") + (s.table_count > s.tables.length ? " and " + (s.table_count - s.tables.length) + " more" : "");
      const start = date(s.start), end = date(s.end);
      tbody.append(el("tr", { "data-start": s.start, "data-site": s.site },
        el("td", {}, s.site), el("td", {}, start), el("td", {}, end.slice(0, 10) === start.slice(0, 10) ? end.slice(11) : end),
        el("td", { class: "num" }, String(s.hands)), el("td", {}, tables || "–"),
        perLedger(s, "ledger-name", l => l.label),
        perLedger(s, "num", l => ledgerMoney(l.net, l.ledger)),
        perLedger(s, "num", l => ledgerMoney(l.allin_adjusted_net, l.ledger)),
        el("td", { class: "num" }, num(s.bb_per_100, 2))));
    }
    if (!page.sessions.length) tbody.append(el("tr", {}, el("td", { colspan: "9", class: "hint" }, "No sessions: no timed hands pass the filters.")));
    const more = [];
    if (page.next_cursor) more.push("Older sessions are not shown: narrow the dates to see them.");
    if (page.untimed_hands) more.push(page.untimed_hands + (page.untimed_hands === 1 ? " hand has" : " hands have") + " no time played and belong to no session.");
    const p = document.getElementById("sessions-more");
    p.textContent = more.join(" ");
    p.hidden = !more.length;
  }

  async function loadHands() {
    const tbody = document.querySelector("#player-hands tbody");
    const page = await api("GET", "/v1/hands?player=" + enc + "&limit=25");
    for (const h of page.hands) {
      const players = el("td");
      h.players.forEach((p, i) => { if (i) players.append(", "); players.append(p === name ? el("strong", {}, p) : playerLink(p)); });
      tbody.append(el("tr", {}, el("td", {}, el("a", { href: "/hands/" + encodeURIComponent(h.id), title: h.id }, h.id.slice(0, 8))),
        el("td", {}, h.site), el("td", {}, GAMES[h.game] || h.game),
        el("td", { class: h.legal ? "legal-yes" : "legal-no" }, h.legal ? "legal" : "illegal"), players, el("td", {}, date(h.created_at))));
    }
    if (!page.hands.length) tbody.append(el("tr", {}, el("td", { colspan: "6", class: "hint" }, "No stored hands.")));
  }

  (async () => {
    const graph = document.getElementById("graph");
    const tasks = [loadHands().catch(err => document.getElementById("ph-title").after(el("p", { class: "error", role: "alert" }, err.message))),
      loadSessions().catch(err => document.getElementById("sessions-title").after(el("p", { class: "error", role: "alert" }, err.message)))];
    try {
      const st = await api("GET", "/v1/players/" + enc + "/stats" + withFilters());
      renderStats(st);
      if (!st.hands) graph.replaceChildren(el("p", { class: "hint" }, "No legal hands of this player pass the filters."));
      else {
        const ledgers = st.ledgers;
        if (ledgers.length > 1) {
          const tabs = document.getElementById("graph-ledgers");
          tabs.replaceChildren(el("span", { class: "hint" }, "Ledger: "), ...ledgers.map(l => {
            const b = el("button", { type: "button", class: "secondary", "data-ledger": l.key, "aria-pressed": "false" }, l.label);
            b.addEventListener("click", () => showGraph(ledgers, l.key).catch(err => graph.replaceChildren(el("p", { class: "error", role: "alert" }, err.message))));
            return b;
          }));
          tabs.hidden = false;
        }
        await showGraph(ledgers, ledgers[0].key);
      }
    } catch (err) {
      if (err.status === 404 || err.status === 405) {
        document.getElementById("stats").replaceChildren(el("p", { class: "hint" }, "Player statistics are coming: this server does not serve them yet. The player's stored hands are below."));
        graph.replaceChildren(el("p", { class: "hint" }, "The results graph needs the statistics endpoints."));
      } else {
        document.getElementById("stats").replaceChildren(el("p", { class: "error", role: "alert" }, err.message));
        graph.replaceChildren();
      }
    }
    await Promise.all(tasks);
    main.dataset.ready = "true";
  })();
})();
