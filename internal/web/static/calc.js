// The equity calculator: hands typed (leniently) or picked, POST
// /v1/equity, results as a table with bars (each hand's equity, and its
// outcome shares stacked: ANALYSIS.md A8), the state in the URL. A hand
// that is not four cards is a range: its combinations show beside it.
"use strict";
(() => {
  const { el, parseCards, pct, api, showError, cards, SUITS, RANKS } = window.Scoop;
  const form = document.getElementById("calc");
  const rows = document.getElementById("hand-rows");
  const addBtn = document.getElementById("add-hand");
  const board = document.getElementById("board");
  const dead = document.getElementById("dead");
  const game = document.getElementById("game");
  const mode = document.getElementById("mode");
  const trials = document.getElementById("trials");
  const errorBox = document.getElementById("calc-error");
  const picker = document.getElementById("picker");
  const pickerTarget = document.getElementById("picker-target");
  const result = document.getElementById("result");
  const MAX_HANDS = 10, MIN_HANDS = 2;
  let target = null;

  function handInputs() { return Array.from(rows.querySelectorAll("input")); }
  function cardFields() { return [...handInputs(), board, dead]; }
  function fieldName(input) {
    if (input === board) return "the board";
    if (input === dead) return "dead cards";
    return "Hand " + (handInputs().indexOf(input) + 1);
  }

  function renumber() {
    handInputs().forEach((input, i) => {
      const row = input.closest(".hand-row");
      input.id = "hand-" + (i + 1);
      row.querySelector("label").setAttribute("for", input.id);
      row.querySelector("label").textContent = "Hand " + (i + 1);
      const rm = row.querySelector("button");
      rm.setAttribute("aria-label", "Remove hand " + (i + 1));
      rm.disabled = handInputs().length <= MIN_HANDS;
    });
    addBtn.disabled = handInputs().length >= MAX_HANDS;
  }

  function addHand(value) {
    if (handInputs().length >= MAX_HANDS) return null;
    const input = el("input", { type: "text", name: "hand", autocomplete: "off", spellcheck: "false", autocapitalize: "off", "data-max": "4" });
    input.value = value || "";
    const rm = el("button", { type: "button", class: "secondary" }, "✕");
    const combos = el("span", { class: "combos hint", "aria-live": "polite" });
    const row = el("div", { class: "hand-row" }, el("label", {}, "Hand"), input, combos, rm);
    rm.addEventListener("click", () => {
      if (handInputs().length <= MIN_HANDS) return;
      if (target === input) setTarget(null);
      row.remove();
      renumber();
      syncPicker();
    });
    watch(input);
    input.addEventListener("input", () => countLater(input));
    rows.append(row);
    renumber();
    countCombos(input);
    return input;
  }

  // The combinations of a hand read as a range, beside its field: asked
  // of POST /v1/ranges/parse (without the other hands' cards: the result
  // then gives the count after every removal), a moment after typing.
  const timers = new WeakMap();
  function countLater(input) {
    clearTimeout(timers.get(input));
    timers.set(input, setTimeout(() => countCombos(input), 250));
  }
  async function countCombos(input) {
    const out = input.closest(".hand-row").querySelector(".combos");
    const text = input.value.trim();
    if (!text || parseCards(text) !== null) {
      out.textContent = "";
      out.removeAttribute("title");
      return;
    }
    const body = { game: game.value, hands: [text], sample: 1 };
    if (canonical(board.value)) body.board = canonical(board.value);
    if (canonical(dead.value)) body.dead = canonical(dead.value);
    try {
      const res = await api("POST", "/v1/ranges/parse", body);
      if (input.value.trim() !== text) return; // typed on meanwhile
      showCombos(input, res.ranges[0].combos, res.ranges[0].sample[0]);
    } catch (err) {
      if (input.value.trim() !== text) return;
      out.textContent = "not a hand or range";
      out.title = err.message || String(err);
    }
  }
  function showCombos(input, n, example) {
    const out = input.closest(".hand-row").querySelector(".combos");
    out.textContent = "range: " + n.toLocaleString("en-US") + (n === 1 ? " combo" : " combos");
    out.title = input.value.trim() + " is read as a range" + (example ? "; a hand is four cards such as " + example : "");
  }

  function watch(input) {
    input.addEventListener("focus", () => setTarget(input));
    input.addEventListener("input", () => { input.removeAttribute("aria-invalid"); syncPicker(); });
    input.addEventListener("blur", () => {
      const c = parseCards(input.value);
      if (c && c.length) input.value = c.join("");
    });
  }

  function setTarget(input) {
    if (target) target.classList.remove("active-target");
    target = input || handInputs()[0];
    target.classList.add("active-target");
    pickerTarget.textContent = "Cards go to: " + fieldName(target);
  }

  // The picker: 52 buttons, pressed when the target holds the card,
  // disabled when another field does.
  function buildPicker() {
    for (const s of "shdc") {
      for (const r of RANKS) {
        const code = r + s;
        const b = el("button", { type: "button", class: "pick " + s, "data-card": code, "aria-pressed": "false", "aria-label": code }, r + SUITS[s]);
        b.addEventListener("click", () => pick(code));
        picker.append(b);
      }
    }
  }

  function pick(code) {
    if (!target) setTarget(null);
    const have = parseCards(target.value);
    if (have === null) {
      pickerTarget.textContent = fieldName(target) + " holds a range: type it, or clear it to pick cards.";
      return;
    }
    const i = have.indexOf(code);
    const max = Number(target.dataset.max || 4);
    if (i >= 0) have.splice(i, 1);
    else if (have.length < max) have.push(code);
    else return;
    target.value = have.join("");
    target.removeAttribute("aria-invalid");
    if (i < 0 && have.length === max && target !== dead) {
      const fields = cardFields();
      const next = fields[fields.indexOf(target) + 1];
      if (next && next !== dead) setTarget(next);
    }
    syncPicker();
  }

  function syncPicker() {
    const used = new Map();
    for (const f of cardFields()) for (const c of parseCards(f.value) || []) used.set(c, f);
    for (const b of picker.querySelectorAll("button")) {
      const owner = used.get(b.dataset.card);
      b.setAttribute("aria-pressed", owner && owner === target ? "true" : "false");
      b.disabled = !!owner && owner !== target;
    }
  }

  // The text sent for a field: canonical cards when it reads as cards,
  // else as typed (a range).
  function canonical(v) {
    const c = parseCards(v);
    return c ? c.join("") : v.trim();
  }

  function state() {
    return {
      game: game.value,
      hands: handInputs().map(i => canonical(i.value)).filter(Boolean),
      board: canonical(board.value),
      dead: canonical(dead.value),
      mode: mode.value,
      trials: trials.value.trim(),
    };
  }

  // The query string keeps commas readable: /?game=omaha-hilo&hands=As2s3dKd,QhQcJhTc&board=4c7hKh.
  // A range holding a comma is written as repeated hand= parameters.
  function toQuery(st) {
    const enc = v => encodeURIComponent(v).replace(/%2C/gi, ",");
    const parts = ["game=" + enc(st.game)];
    if (st.hands.some(h => h.includes(","))) st.hands.forEach(h => parts.push("hand=" + encodeURIComponent(h)));
    else parts.push("hands=" + enc(st.hands.join(",")));
    if (st.board) parts.push("board=" + enc(st.board));
    if (st.dead) parts.push("dead=" + enc(st.dead));
    if (st.mode !== "auto") parts.push("mode=" + enc(st.mode));
    if (st.trials && st.mode !== "exhaustive") parts.push("trials=" + enc(st.trials));
    return "?" + parts.join("&");
  }

  function fromQuery() {
    const q = new URLSearchParams(location.search);
    let hands = q.getAll("hand");
    if (!hands.length && q.get("hands")) hands = q.get("hands").split(",");
    return { game: q.get("game"), hands, board: q.get("board") || "", dead: q.get("dead") || "", mode: q.get("mode") || "auto", trials: q.get("trials") || "" };
  }

  function apply(st) {
    if (st.game === "omaha-hi" || st.game === "omaha-hilo") game.value = st.game;
    mode.value = st.mode === "montecarlo" || st.mode === "exhaustive" ? st.mode : "auto";
    trials.value = st.trials || "";
    const hands = st.hands.slice(0, MAX_HANDS);
    while (handInputs().length > Math.max(MIN_HANDS, hands.length)) handInputs().at(-1).closest(".hand-row").remove();
    while (handInputs().length < Math.max(MIN_HANDS, hands.length)) addHand("");
    handInputs().forEach((input, i) => { input.value = hands[i] || ""; });
    board.value = st.board;
    dead.value = st.dead;
    renumber();
    setTarget(handInputs().find(i => !i.value) || handInputs()[0]);
    syncPicker();
    handInputs().forEach(countCombos);
  }

  async function compute(pushURL) {
    const t0 = performance.now();
    errorBox.hidden = true;
    const st = state();
    if (st.hands.length < MIN_HANDS) {
      showError(errorBox, "Enter at least two hands.");
      return;
    }
    const body = { game: st.game, hands: st.hands };
    if (st.board) body.board = st.board;
    if (st.dead) body.dead = st.dead;
    // Auto is exact when it can be, else Monte Carlo (ranges), where the
    // trials apply; exhaustive takes none.
    if (st.mode !== "auto") body.mode = st.mode;
    if (st.trials && st.mode !== "exhaustive") body.trials = Number(st.trials);
    if (pushURL) history.replaceState(null, "", "/" + toQuery(st));
    const button = document.getElementById("compute");
    button.disabled = true;
    button.textContent = "Computing…";
    try {
      const res = await api("POST", "/v1/equity", body);
      render(res, st);
      const ms = performance.now() - t0;
      window.scoopLastCalc = { clickToResultMs: ms, serverMs: res.elapsed_ms };
      document.getElementById("result-meta").append(" · shown " + Math.round(ms) + " ms after the click");
    } catch (err) {
      markField(err);
      showError(errorBox, err);
      result.hidden = true;
    } finally {
      button.disabled = false;
      button.textContent = "Compute";
    }
  }

  function markField(err) {
    const field = err.problem && err.problem.field || "";
    const m = /^hands\[(\d+)\]/.exec(field);
    let input = null;
    if (m) input = handInputs().filter(i => i.value.trim())[Number(m[1])];
    else if (field.startsWith("board")) input = board;
    else if (field.startsWith("dead")) input = dead;
    if (input) input.setAttribute("aria-invalid", "true");
  }

  // The outcome shares' classes (colours), by share: a scoop, three
  // quarters, a half, a quarter, any other share, nothing.
  function shareClass(share) {
    return { "1": "share-1", "3/4": "share-3-4", "1/2": "share-1-2", "1/4": "share-1-4", "0": "share-0" }[share] || "share-other";
  }
  function shareName(share) {
    return { "1": "scoop", "0": "nothing" }[share] || share;
  }

  // outcomeBar draws a hand's outcome shares (largest first) as one
  // stacked bar, each segment as wide as the share of boards on which he
  // receives that share of the pot.
  function outcomeBar(p) {
    const outs = p.outcomes || [];
    const label = outs.map(o => shareName(o.share) + " " + pct(o.probability)).join(", ");
    const bar = el("div", { class: "bar outcomes", role: "img", "aria-label": "outcomes: " + label });
    for (const o of outs) {
      if (!o.probability) continue;
      const seg = el("span", { class: shareClass(o.share), "data-share": o.share, title: shareName(o.share) + " of the pot: " + pct(o.probability) + " of boards" });
      seg.style.width = (o.probability * 100).toFixed(3) + "%";
      bar.append(seg);
    }
    return bar;
  }

  function render(res, st) {
    const tbody = result.querySelector("tbody");
    tbody.replaceChildren();
    const mc = res.mode === "montecarlo";
    const hilo = res.game === "omaha-hilo";
    res.players.forEach((p, i) => {
      const isCards = parseCards(p.hand) !== null;
      const handCell = el("th", { scope: "row" }, isCards ? cards(p.hand) : el("code", {}, p.hand));
      if (res.combos && res.combos[i] > 1) handCell.append(el("span", { class: "hint" }, " " + res.combos[i].toLocaleString("en-US") + " hands"));
      const bar = el("div", { class: "bar", role: "img", "aria-label": "equity " + pct(p.equity) });
      const fill = el("span", { class: "hi" });
      fill.style.width = (p.equity * 100).toFixed(2) + "%";
      bar.append(fill);
      const eq = el("td", { class: "num equity" }, pct(p.equity));
      if (mc && p.stderr) eq.append(el("span", { class: "hint" }, " ±" + pct(p.stderr)));
      tbody.append(el("tr", {}, handCell, eq, el("td", { class: "bar-col" }, bar),
        el("td", { class: "outcome-col" }, outcomeBar(p)),
        el("td", { class: "num" }, pct(p.hi_win)), el("td", { class: "num" }, pct(p.hi_tie)),
        el("td", { class: "num" }, pct(p.lo_win)), el("td", { class: "num" }, pct(p.lo_tie)),
        el("td", { class: "num" }, pct(p.scoop)), el("td", { class: "num quartered" }, hilo ? pct(p.quartered) : "–")));
    });
    // The combinations beside each range's field, after every removal.
    const filled = handInputs().filter(i => i.value.trim());
    for (const r of res.read_as_range || []) {
      const m = /^hands\[(\d+)\]$/.exec(r.field);
      const input = m && filled[Number(m[1])];
      if (input) showCombos(input, r.combos, r.example);
    }
    const meta = [];
    const ran = mc ? "Monte Carlo, " + res.boards.toLocaleString("en-US") + " trials" + (res.seed !== undefined ? " (seed " + res.seed + ")" : "") + "; ± is one standard error"
      : "Exact, " + res.boards.toLocaleString("en-US") + " boards";
    meta.push("Ran: " + ran + (st.mode === "auto" ? " (chosen by Auto)" : ""));
    if (res.game === "omaha-hilo") meta.push("no low " + pct(res.no_low));
    meta.push(res.game + (res.board ? ", board " + res.board : ""));
    meta.push(res.elapsed_ms.toFixed(2) + " ms on the server");
    document.getElementById("result-meta").textContent = meta.join(" · ");
    result.hidden = false;
  }

  buildPicker();
  addHand("");
  addHand("");
  setTarget(handInputs()[0]);
  [board, dead].forEach(watch);
  [board, dead, game].forEach(f => f.addEventListener("change", () => handInputs().forEach(countCombos)));
  addBtn.addEventListener("click", () => { const i = addHand(""); if (i) { i.focus(); syncPicker(); } });
  document.getElementById("clear").addEventListener("click", () => {
    apply({ game: game.value, hands: [], board: "", dead: "", mode: "auto", trials: "" });
    result.hidden = true;
    errorBox.hidden = true;
    history.replaceState(null, "", "/");
  });
  form.addEventListener("submit", e => { e.preventDefault(); compute(true); });

  const initial = fromQuery();
  if (initial.hands.length || initial.board || initial.game) {
    apply(initial);
    if (initial.hands.filter(Boolean).length >= MIN_HANDS) compute(false);
  }
  syncPicker();
})();
