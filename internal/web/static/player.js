// The player page: his statistics (GET /v1/players/{name}/stats), his
// results graph drawn as SVG (GET /v1/players/{name}/results: cumulative
// net and all-in adjusted net over hands) and his latest hands.
"use strict";
(() => {
  const { el, api, pct, date, playerLink } = window.Scoop;
  const main = document.querySelector("main[data-player]");
  const name = main.dataset.player;
  const enc = encodeURIComponent(name);
  const GAMES = { "omaha-hi": "Omaha High", "omaha-hilo": "Omaha Hi/Lo" };
  const SVG = "http://www.w3.org/2000/svg";
  document.getElementById("all-hands").href = "/hands?player=" + enc;
  let unit = null, currency = ""; // chips to currency, when the hands share one

  function money(m) {
    if (!m) return "–";
    if (m.amount !== undefined && m.currency) return (m.currency === "USD" ? "$" : m.currency === "EUR" ? "€" : m.currency + " ") + m.amount;
    return Number(m.chips).toLocaleString("en-US", { maximumFractionDigits: 2 }) + " chips";
  }
  function share(s) {
    if (!s || s.value === null || s.value === undefined) return ["–", s ? "0 of 0" : ""];
    return [pct(s.value), s.count + " of " + s.opportunities];
  }
  const num = (v, d) => v === null || v === undefined ? "–" : Number(v).toFixed(d);

  function renderStats(st) {
    const items = [
      ["Hands", [String(st.hands), st.unanalyzed_hands ? st.unanalyzed_hands + " not analysed yet" : ""]],
      ["Net", [money(st.net), num(st.net_bb, 1) + " bb"]],
      ["bb/100", [num(st.bb_per_100, 2), ""]],
      ["VPIP", share(st.vpip)], ["PFR", share(st.pfr)], ["3-bet", share(st.three_bet)],
      ["Aggression", [num(st.af && st.af.value, 2), st.af ? st.af.bets_raises + " bets/raises, " + st.af.calls + " calls" : ""]],
      ["Went to showdown", share(st.wtsd)], ["Won at showdown", share(st.wsd)],
      ["Scoops", share(st.scoops)], ["Quartered", share(st.quartered)], ["Lows won", share(st.lows_won)],
      ["All-in adjusted net", [money(st.allin_adjusted_net), st.allin_hands + " all-in hands"]],
      ["Luck", [money(st.luck), "net minus all-in adjusted"]],
    ];
    const dl = el("dl", { class: "stats-grid", id: "stats-grid" });
    for (const [k, [v, sub]] of items) dl.append(el("div", {}, el("dt", {}, k), el("dd", {}, v), sub ? el("dd", { class: "hint" }, sub) : null));
    document.getElementById("stats").replaceChildren(dl);
    if (st.net && st.net.currency && st.net.amount !== undefined && st.net.chips) {
      unit = Number(st.net.amount) / st.net.chips;
      currency = st.net.currency;
    }
  }

  async function loadResults(hands) {
    const every = Math.max(1, Math.ceil(hands / 500));
    let points = [], cursor = null;
    for (let page = 0; page < 20; page++) {
      const q = new URLSearchParams({ every: String(every), limit: "500" });
      if (cursor) q.set("cursor", cursor);
      const r = await api("GET", "/v1/players/" + enc + "/results?" + q.toString());
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

  // chart draws the cumulative net and all-in adjusted net against the
  // hands played, with a zero line and five labelled values.
  function chart(points) {
    const W = 800, H = 320, L = 70, R = 16, T = 28, B = 34;
    let n = 0;
    const xs = [0], net = [0], adj = [0];
    for (const p of points) { n += p.hands; xs.push(n); net.push(p.cumulative_net); adj.push(p.cumulative_adjusted_net); }
    const scale = unit || 1;
    const lo = Math.min(0, ...net, ...adj) * scale, hi = Math.max(0, ...net, ...adj) * scale;
    const span = hi - lo || 1;
    const x = v => L + (v / (n || 1)) * (W - L - R);
    const y = v => T + (1 - (v * scale - lo) / span) * (H - T - B);
    const digits = span / 4 >= 10 ? 0 : 2;
    const fmt = v => unit ? v.toLocaleString("en-US", { style: "currency", currency, maximumFractionDigits: 2 }) : v.toLocaleString("en-US", { maximumFractionDigits: digits });
    const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "chart", role: "img", "aria-labelledby": "chart-title chart-desc" });
    root.append(svg("title", { id: "chart-title" }, "Results of " + name));
    const last = points.at(-1);
    root.append(svg("desc", { id: "chart-desc" }, `Over ${n} hands: net ${fmt(last.cumulative_net * scale)}, all-in adjusted ${fmt(last.cumulative_adjusted_net * scale)}.`));
    for (let i = 0; i <= 4; i++) {
      const v = lo + (span * i) / 4;
      const yy = T + (1 - i / 4) * (H - T - B);
      root.append(svg("line", { x1: L, x2: W - R, y1: yy, y2: yy, stroke: "#e3e7ea" }));
      root.append(svg("text", { x: L - 6, y: yy + 4, "text-anchor": "end" }, fmt(v)));
    }
    root.append(svg("line", { class: "zero", x1: L, x2: W - R, y1: y(0), y2: y(0) }));
    root.append(svg("line", { class: "axis", x1: L, x2: L, y1: T, y2: H - B }));
    root.append(svg("text", { x: L, y: H - 10 }, "0"));
    root.append(svg("text", { x: W - R, y: H - 10, "text-anchor": "end" }, n + (n === 1 ? " hand" : " hands")));
    const line = (vals, cls) => svg("polyline", { class: cls, fill: "none", "stroke-width": 2, points: vals.map((v, i) => x(xs[i]).toFixed(1) + "," + y(v).toFixed(1)).join(" ") });
    root.append(line(net, "net"), line(adj, "adj"));
    root.append(svg("line", { class: "net", x1: L + 10, x2: L + 40, y1: 12, y2: 12, "stroke-width": 2 }), svg("text", { x: L + 46, y: 16 }, "net"));
    root.append(svg("line", { class: "adj", x1: L + 100, x2: L + 130, y1: 12, y2: 12, "stroke-width": 2 }), svg("text", { x: L + 136, y: 16 }, "all-in adjusted net"));
    root.append(svg("text", { x: W - R, y: 16, "text-anchor": "end" }, unit ? "in " + currency : "in chips"));
    return root;
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
    const tasks = [loadHands().catch(err => document.getElementById("ph-title").after(el("p", { class: "error", role: "alert" }, err.message)))];
    try {
      const st = await api("GET", "/v1/players/" + enc + "/stats");
      renderStats(st);
      if (!st.hands) graph.replaceChildren(el("p", { class: "hint" }, "No legal hands stored for this player yet."));
      else {
        const points = await loadResults(st.hands);
        graph.replaceChildren(points.length ? chart(points) : el("p", { class: "hint" }, "No results."));
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
