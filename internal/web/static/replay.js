// The hand replayer: GET /v1/hands/{id} and its analysis, replayed
// action by action in the browser (buttons and arrow keys): stacks, bets,
// pot and board by street, each street's equities (with each known hand's
// low status in Omaha Hi/Lo, A9), each decision's equity against random
// hands and against ranges (A10), the verdict, and at the end the pots,
// what each half went for (A7) and the all-in expectation. Every amount
// is the site's money (Scoop.money; the verdict's texts say it already).
"use strict";
(() => {
  const { el, card, cards, pct, money, api, showError, playerLink } = window.Scoop;
  const main = document.querySelector("main[data-hand-id]");
  const id = main.dataset.handId;
  const $ = s => document.getElementById(s);
  const STREETS = ["preflop", "flop", "turn", "river"];
  const STRUCT = { "pot-limit": "Pot-Limit", "no-limit": "No-Limit", "fixed-limit": "Limit" };
  const GAMES = { "omaha-hi": "Omaha High", "omaha-hilo": "Omaha Hi/Lo" };
  let hand, verdict, analysis, table, steps = [], at = 0, illegalIndex = -1;

  const fmt = n => money(n, table);
  // say is a verdict's text for people: its amounts are the site's money
  // already (the engine's "action N: " index is the log's #N).
  const say = msg => String(msg || "").replace(/^action \d+: /, "");
  // where names an illegal action as the command line does: its line in
  // the file (when the verdict located it) and its street ("line 24,
  // flop: "), not the engine's action index.
  const where = e => {
    const st = steps.find(x => x.action === e.index);
    const parts = [e.line ? "line " + e.line : "", st ? STREETS[st.street] : ""].filter(Boolean);
    return parts.length ? parts.join(", ") + ": " : "";
  };
  // decisionAt maps an action index to its decision (A4, A10).
  const decisionAt = {};
  const name = i => (hand.players[i] && hand.players[i].name) || "p" + (i + 1);

  // replay builds every step's state: step 0 is the table after the
  // posts, step k the table after action k-1.
  function replay() {
    const n = hand.players.length;
    const s = {
      stacks: hand.players.map(p => p.stack), bets: new Array(n).fill(0), committed: new Array(n).fill(0),
      folded: new Array(n).fill(false), allin: new Array(n).fill(false),
      board: "", runs: {}, street: 0, actor: -1, text: "", illegal: false, action: -1,
    };
    for (const post of hand.posts || []) {
      const p = post.player, amt = Math.min(post.amount, s.stacks[p]);
      s.stacks[p] -= amt;
      if (post.kind === "ante" || post.kind === "dead") s.committed[p] += amt;
      else s.bets[p] += amt;
      if (s.stacks[p] === 0) s.allin[p] = true;
    }
    s.text = (hand.posts || []).length ? "Blinds and antes posted: " + (hand.posts || []).map(p => name(p.player) + " " + p.kind.replace("-", " ") + " " + fmt(p.amount)).join(", ") : "Cards dealt";
    if (hand.added_to_pot) s.text += "; the site added " + fmt(hand.added_to_pot) + " to the pot";
    const out = [snapshot(s)];
    const actions = hand.actions || [];
    const last = illegalIndex >= 0 ? Math.min(illegalIndex, actions.length - 1) : actions.length - 1;
    for (let i = 0; i <= last; i++) {
      apply(s, actions[i], i);
      s.illegal = i === illegalIndex;
      out.push(snapshot(s));
    }
    return out;
  }

  function snapshot(s) {
    return JSON.parse(JSON.stringify(s));
  }

  function apply(s, a, i) {
    const p = a.player;
    s.actor = p;
    s.action = i;
    const maxBet = Math.max(...s.bets);
    const put = amt => {
      const x = Math.max(0, Math.min(amt, s.stacks[p]));
      s.stacks[p] -= x;
      s.bets[p] += x;
      if (s.stacks[p] === 0) s.allin[p] = true;
      return x;
    };
    const allIn = () => (s.allin[p] ? " and is all-in" : "");
    switch (a.kind) {
      case "fold": s.folded[p] = true; s.text = name(p) + " folds"; break;
      case "check": s.text = name(p) + " checks"; break;
      case "call": case "check-call": {
        const owed = maxBet - s.bets[p];
        if (owed <= 0 && !a.amount) { s.text = name(p) + " checks"; break; }
        const x = put(a.amount > 0 ? a.amount : owed);
        s.text = name(p) + " calls " + fmt(x) + allIn();
        break;
      }
      case "bet-raise": {
        put(a.amount - s.bets[p]);
        s.text = name(p) + (maxBet > 0 ? " raises to " : " bets ") + fmt(a.amount) + allIn();
        break;
      }
      case "deal-board": {
        for (let j = 0; j < s.bets.length; j++) { s.committed[j] += s.bets[j]; s.bets[j] = 0; }
        s.actor = -1;
        if (a.run > 0) {
          s.runs[a.run] = (s.runs[a.run] || s.board) + a.cards;
          s.text = "Run " + a.run + ": " + a.cards;
        } else {
          s.board += a.cards;
          const len = s.board.length / 2;
          s.street = len >= 5 ? 3 : len >= 4 ? 2 : len >= 3 ? 1 : 0;
          s.text = STREETS[s.street][0].toUpperCase() + STREETS[s.street].slice(1) + ": " + a.cards;
        }
        break;
      }
      case "show": s.text = name(p) + " shows " + (a.cards || ""); break;
      case "muck": s.text = name(p) + " mucks"; break;
      case "deal-hole": s.text = (p >= 0 ? name(p) + " is dealt " : "Dealt ") + (a.cards || ""); break;
      default: s.text = name(p) + " " + a.kind;
    }
  }

  // pot is every chip put in so far, the round's bets and the money the
  // site added to the pot (added_to_pot, no player's) included.
  function pot(s) { return (hand.added_to_pot || 0) + s.committed.reduce((a, b) => a + b, 0) + s.bets.reduce((a, b) => a + b, 0); }

  function show(k) {
    at = Math.max(0, Math.min(k, steps.length - 1));
    const s = steps[at];
    const end = at === steps.length - 1;
    $("street").textContent = STREETS[s.street];
    const board = $("board");
    board.replaceChildren(cards(s.board));
    for (const [run, b] of Object.entries(s.runs)) board.append(el("span", { class: "run" }, "Run " + run + ": ", cards(b)));
    if (!s.board && !Object.keys(s.runs).length) board.append(el("span", { class: "hint" }, "no board yet"));
    $("pot").textContent = fmt(pot(s));
    const seats = $("seats");
    seats.replaceChildren();
    hand.players.forEach((pl, i) => {
      const status = s.folded[i] ? "folded" : s.allin[i] ? "all-in" : "";
      const li = el("li", { class: "seat" + (i === s.actor ? " acting" : "") + (s.folded[i] ? " folded" : "") + (s.illegal && i === s.actor ? " illegal" : "") },
        el("div", {}, el("span", { class: "name" }, playerLink(pl.name || name(i))),
          i === hand.button ? el("span", { class: "dealer", title: "button", "aria-label": "button" }, "D") : null),
        el("div", {}, pl.hole ? cards(pl.hole) : [card("??"), card("??"), card("??"), card("??")]),
        el("div", { class: "line" }, "Stack " + fmt(s.stacks[i]) + (status ? " · " + status : "")),
        s.bets[i] ? el("div", { class: "line bet" }, "Bet " + fmt(s.bets[i])) : null);
      seats.append(li);
    });
    $("step").textContent = "Step " + at + " of " + (steps.length - 1);
    $("now").textContent = s.text;
    $("now").classList.toggle("error", !!s.illegal);
    $("first").disabled = $("prev").disabled = at === 0;
    $("last").disabled = $("next").disabled = end;
    for (const li of $("log").querySelectorAll("li[data-step]")) {
      const n = Number(li.dataset.step);
      li.classList.toggle("current", n === at);
      li.classList.toggle("future", n > at);
      if (n === at) li.scrollIntoView({ block: "nearest" });
    }
    renderEquities(s);
    $("settlement").hidden = !end || !verdict.legal;
  }

  function renderLog() {
    const log = $("log");
    log.replaceChildren();
    steps.forEach((s, k) => {
      if (k === 0) { log.append(el("li", { "data-step": 0 }, s.text)); return; }
      const a = hand.actions[s.action];
      const li = el("li", { "data-step": k, class: a.kind === "deal-board" ? "street-mark" : "" },
        a.kind === "deal-board" ? null : el("span", { class: "n", title: "action index, as the verdict counts" }, "#" + s.action), s.text);
      if (s.illegal) {
        li.classList.add("illegal");
        li.append(el("span", { class: "reason" }, "Illegal: " + where(verdict.error) + say(verdict.error.message) + (verdict.error.allowed ? ". Allowed: " + say(verdict.error.allowed) : "")));
      }
      const d = decisionAt[s.action];
      if (d && d.to_call !== null && d.to_call !== undefined) li.append(el("span", { class: "decision" }, decisionText(d)));
      log.append(li);
    });
  }

  function renderVerdict() {
    const v = $("verdict");
    v.hidden = false;
    if (verdict.legal) {
      v.className = "verdict legal";
      const diffs = verdict.differences || [];
      v.append(el("p", {}, el("strong", {}, "Legal."), " Every action was allowed. ",
        verdict.matches_record === false ? "The settlement differs from the site's record:" : verdict.matches_record ? "The settlement matches the site's record." : ""));
      if (diffs.length) {
        const ul = el("ul");
        for (const d of diffs) ul.append(el("li", {}, (d.player ? d.player + " " : "") + d.field.replace("_", " ") + ": recorded " + fmt(d.recorded) + ", replayed " + fmt(d.replayed)));
        v.append(ul);
      }
    } else if (verdict.error) {
      v.className = "verdict illegal";
      const e = verdict.error;
      v.append(el("p", {}, el("strong", {}, "Illegal" + (e.player ? " (" + e.player + ")" : "") + ": "), where(e) + say(e.message)));
      if (e.allowed) v.append(el("p", {}, "Allowed: " + say(e.allowed)));
    } else if (verdict.skipped) {
      v.className = "verdict illegal";
      v.append(el("p", {}, "Not replayed: " + verdict.skipped));
    }
    // The reader's notes (what it mended) and the record's own
    // inconsistencies, at most maxNotes of them (the JSON has all).
    const notes = verdict.notes || [];
    if (notes.length) {
      const maxNotes = 20;
      const ul = el("ul", { class: "notes" });
      for (const n of notes.slice(0, maxNotes)) ul.append(el("li", {}, n));
      if (notes.length > maxNotes) ul.append(el("li", {}, "and " + (notes.length - maxNotes) + " more notes"));
      v.append(el("p", {}, "Notes:"), ul);
    }
  }

  function renderEquities(s) {
    const box = $("equities");
    box.replaceChildren();
    if (!analysis) {
      box.append(el("p", { class: "hint" }, verdict.legal ? "No analysis for this hand." : "An illegal hand has no analysis."));
      return;
    }
    let snaps = analysis.streets || [];
    const run = Object.keys(s.runs).length ? Number(Object.keys(s.runs).at(-1)) : 0;
    if (run && analysis.runs) {
      const r = analysis.runs.find(x => x.run === run);
      if (r) snaps = snaps.concat(r.streets);
    }
    let snap = null;
    for (const x of snaps) if (STREETS.indexOf(x.street) <= s.street) snap = x;
    if (!snap) { box.append(el("p", { class: "hint" }, "No snapshot for this street.")); return; }
    const hilo = hand.table.game === "omaha-hilo";
    const note = snap.mode === "exhaustive" ? "Exact over " + snap.boards.toLocaleString("en-US") + (snap.boards === 1 ? " board" : " boards")
      : snap.mode === "montecarlo" ? "Monte Carlo, " + snap.boards.toLocaleString("en-US") + " trials; unknown hands drawn at random; ± one standard error"
      : "No live hand is known: no equities";
    box.append(el("p", { class: "hint" }, "At the start of the " + snap.street + (snap.board ? " (" + snap.board + ")" : "") + ", pot " + fmt(snap.pot) + ". " + note + "."));
    if (snap.mode === "none") return;
    const bars = snap.players.some(p => Array.isArray(p.outcomes));
    const lows = hilo && snap.players.some(p => p.low_status);
    const th = (t, cls) => el("th", { scope: "col", class: cls }, t);
    const head = el("tr", {}, th("Player"), th("Hand"), th("Equity", "num"), th("Hi win", "num"),
      hilo ? th("Lo win", "num") : null, hilo ? th("Lo tie", "num") : null, hilo ? th("Scoop", "num") : null,
      bars ? th("Outcomes") : null);
    const body = el("tbody");
    for (const p of snap.players) {
      body.append(el("tr", {}, el("td", {}, p.name), el("td", {}, p.unknown ? el("span", { class: "hint" }, "unknown") : cards(p.hand)),
        el("td", { class: "num" }, pct(p.equity || 0), p.stderr ? el("span", { class: "hint" }, " ±" + pct(p.stderr)) : null),
        el("td", { class: "num" }, pct(p.hi_win || 0)), hilo ? el("td", { class: "num" }, pct(p.lo_win || 0)) : null,
        hilo ? el("td", { class: "num lo-tie" }, pct(p.lo_tie || 0)) : null, hilo ? el("td", { class: "num" }, pct(p.scoop || 0)) : null,
        bars ? el("td", {}, outcomeBar(p.outcomes)) : null));
    }
    box.append(el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Equities" }, el("table", { class: "equities" }, el("thead", {}, head), body)));
    if (lows) {
      box.append(el("ul", { class: "low-status", "aria-label": "Low status" }, snap.players.filter(p => p.low_status).map(p =>
        el("li", {}, el("strong", {}, "Low, " + p.name + ": "), lowText(snap.street, p.low_status)))));
    }
    if (s.action >= 0 && decisionAt[s.action]) box.append(el("p", { class: "decision-now" }, decisionText(decisionAt[s.action])));
  }

  // outcomeBar draws a player's outcome shares (A8: the share of boards
  // on which he receives each fraction of the pot) as one stacked bar.
  function outcomeBar(outcomes) {
    const bar = el("span", { class: "outcome-bar", role: "img" });
    const label = [];
    for (const o of outcomes || []) {
      const p = Number(o.probability) || 0;
      if (p <= 0) continue;
      const seg = el("span", { class: "seg", title: o.share + " of the pot: " + pct(p) });
      seg.style.width = (100 * p).toFixed(2) + "%";
      bar.append(seg);
      label.push(o.share + " " + pct(p));
    }
    bar.setAttribute("aria-label", label.join(", "));
    return bar;
  }

  // lowText is a known hand's low status (A9) in words.
  function lowText(street, st) {
    const parts = [];
    if (!st.made_low) parts.push(street === "river" ? "no low" : "no low yet");
    else parts.push(st.made_low + (st.nut_low ? ", the nut" : ""));
    if (street !== "river") {
      if (st.best_low) parts.push("best " + st.best_low + " on " + pct(st.best_low_share) + ", a low on " + pct(st.low_share));
      if (st.made_low) parts.push("counterfeited on " + pct(st.counterfeit));
    }
    const locked = [st.locked_high ? "high" : "", st.locked_low ? "low" : ""].filter(Boolean);
    if (locked.length) parts.push("locked " + locked.join(" and "));
    const out = el("span", {}, parts.join(" · "));
    if (st.freeroll) out.append(" ", el("strong", { class: "freeroll" }, "FREEROLL"));
    return out;
  }

  // decisionText is a decision facing a bet: pot odds, the equity against
  // random hands and against the opponents' ranges (A10).
  function decisionText(d) {
    let t = d.player + " " + d.action + " facing " + fmt(d.to_call) + " into " + fmt(d.pot) + " (pot odds " + pct(d.pot_odds) + "): equity " +
      pct(d.equity) + (d.stderr ? " ±" + pct(d.stderr) : "") + " against random hands";
    if (d.range_equity !== undefined && d.range_equity !== null) {
      t += ", " + pct(d.range_equity) + " ±" + pct(d.range_stderr || 0) + " against ranges (" +
        (d.ranges || []).map(r => r.player + " top " + r.range + (r.basis === "pfr" ? ", raised" : ", called") + (r.default ? ", the default" : ", his " + r.basis.toUpperCase() + " over " + r.hands + " hands")).join("; ") + ")";
    }
    if (d.below_odds || d.below_odds_vs_range) t += " — below the odds" + (d.below_odds && d.below_odds_vs_range ? " against both" : d.below_odds ? " against random hands" : " against the ranges");
    return t;
  }

  function winners(m, hand) {
    const e = Object.entries(m || {});
    return e.length ? e.map(([n, a]) => n + " " + fmt(a)).join(", ") + (hand ? " (" + hand + ")" : "") : "–";
  }

  function renderSettlement() {
    const box = $("pots");
    box.replaceChildren();
    const hilo = hand.table.game === "omaha-hilo";
    const rows = (verdict.pots || []).map((p, i) => el("tr", {},
      el("th", { scope: "row" }, i === 0 ? "Main pot" : "Side pot " + i),
      el("td", { class: "num" }, fmt(p.amount)), el("td", { class: "num" }, fmt(p.rake || 0)),
      el("td", {}, (p.eligible || []).join(", ")),
      el("td", { class: "hi-winners" }, winners(p.hi, p.hi_hand)), hilo ? el("td", { class: "lo-winners" }, Object.keys(p.lo || {}).length ? winners(p.lo, p.lo_hand) : "no low") : null));
    box.append(el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Pots" }, el("table", { id: "pot-table" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Pot"), el("th", { scope: "col", class: "num" }, "Amount"), el("th", { scope: "col", class: "num" }, "Rake"),
        el("th", { scope: "col" }, "Eligible"), el("th", { scope: "col" }, hilo ? "High half" : "Won by"), hilo ? el("th", { scope: "col" }, "Low half") : null)),
      el("tbody", {}, rows))));
    const returned = (verdict.returned || []).map((x, i) => x ? name(i) + " " + fmt(x) : "").filter(Boolean);
    if (returned.length) box.append(el("p", {}, "Uncalled bets returned: " + returned.join(", ") + "."));
    if (verdict.board) box.append(el("p", {}, "Board: ", cards(verdict.board)));
    if ((verdict.showdown || []).length) {
      const names = sh => sh.high + (sh.low ? "; " + (sh.low === "no low" ? "no low" : "low " + sh.low) : "");
      box.append(el("ul", { id: "showdown", class: "showdown", "aria-label": "Showdown" }, verdict.showdown.map(sh => el("li", {},
        sh.player + " shows ", cards(sh.hand), ": " + (sh.runs ? sh.runs.map((r, j) => "run " + (j + 1) + " " + names(r)).join("; ") : names(sh))))));
    }

    const all = $("allin");
    all.replaceChildren();
    if (!analysis) return;
    if (analysis.allin) {
      const a = analysis.allin;
      all.append(el("h3", {}, "All-in expectation (all in " + (a.street === "preflop" ? "preflop" : "on the " + a.street) + ")"), el("p", { class: "hint" }, "Board then: " + (a.board || "none") + ". Each eligible player's equity in each pot and what it was worth."));
      const body = el("tbody");
      a.pots.forEach((p, i) => {
        for (const sh of p.shares) body.append(el("tr", {}, el("td", {}, i === 0 ? "Main" : "Side " + i), el("td", {}, sh.player), el("td", { class: "num" }, pct(sh.equity)), el("td", { class: "num" }, fmt(sh.expected))));
      });
      all.append(el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, "Pot"), el("th", {}, "Player"), el("th", { class: "num" }, "Equity"), el("th", { class: "num" }, "Expected"))), body)));
    }
    const res = (analysis.results || []).filter(r => r.invested || r.won);
    if (res.length) {
      all.append(el("h3", {}, "Results"));
      const body = el("tbody");
      for (const r of res) body.append(el("tr", {}, el("td", {}, r.player), el("td", { class: "num" }, fmt(r.invested)), el("td", { class: "num" }, fmt(r.won + r.returned)),
        el("td", { class: "num" }, fmt(r.net)), el("td", { class: "num" }, r.expected === null || r.expected === undefined ? "–" : fmt(r.expected)),
        el("td", { class: "num" }, fmt(r.luck))));
      all.append(el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Results" }, el("table", { id: "results-table" }, el("thead", {}, el("tr", {},
        el("th", {}, "Player"), el("th", { class: "num" }, "Put in"), el("th", { class: "num" }, "Got back"), el("th", { class: "num" }, "Net"),
        el("th", { class: "num" }, "All-in expectation"), el("th", { class: "num" }, "Luck"))), body)));
    }
  }

  function renderMeta() {
    const t = hand.table;
    const blinds = (hand.posts || []).filter(p => p.kind === "small-blind" || p.kind === "big-blind").map(p => fmt(p.amount));
    const parts = [];
    if (hand.site) parts.push(hand.site + (hand.site_hand_id ? " #" + hand.site_hand_id : ""));
    parts.push((STRUCT[t.structure] || t.structure) + " " + (GAMES[t.game] || t.game));
    if (blinds.length) parts.push("blinds " + [...new Set(blinds)].join("/"));
    if (hand.table_name) parts.push("table " + hand.table_name);
    if (hand.time) parts.push(hand.time.slice(0, 10));
    // As scoop analyze names them (internal/money's Unit).
    parts.push("amounts in " + (hand.tournament ? "chips" : t.currency ? t.currency : "play chips"));
    $("hand-meta").textContent = parts.join(" · ");
  }

  document.addEventListener("keydown", e => {
    if (!steps.length || e.altKey || e.ctrlKey || e.metaKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: steps.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(at - 1));
  $("next").addEventListener("click", () => show(at + 1));
  $("last").addEventListener("click", () => show(steps.length - 1));

  (async () => {
    try {
      // A shared hand's page (/s/<token>) reads it through its link.
      const src = location.pathname.startsWith("/s/") ? "/v1/shared/" + encodeURIComponent(location.pathname.slice(3)) : "/v1/hands/" + encodeURIComponent(id);
      const stored = await api("GET", src);
      hand = stored.hand;
      verdict = stored.verdict;
      table = Object.assign({}, hand.table, { tournament: hand.tournament });
      if (!verdict.legal && verdict.error && verdict.error.index >= 0) illegalIndex = verdict.error.index;
      try {
        const a = await api("GET", src + "/analysis");
        analysis = a.analysis;
        for (const d of (analysis && analysis.decisions) || []) decisionAt[d.index] = d;
      } catch (err) {
        analysis = null;
        $("equities").replaceChildren(el("p", { class: "hint" }, "The analysis is not available: " + err.message));
      }
      renderMeta();
      steps = replay();
      renderVerdict(); // names the illegal action's street: after replay
      renderLog();
      renderSettlement();
      show(0);
      main.dataset.ready = "true";
    } catch (err) {
      showError($("replay-error"), err);
    }
  })();
})();
