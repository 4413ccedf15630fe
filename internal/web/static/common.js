// Scoop web app: helpers shared by every page. No framework: the DOM is
// built with createElement and textContent, so user data is never parsed
// as HTML.
"use strict";
window.Scoop = (() => {
  const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
  const RANK_NAMES = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two" };
  const RANKS = "AKQJT98765432";

  // el builds an element: props sets attributes (class, text and
  // dataset-style keys are special); children are nodes or strings (text).
  function el(tag, props, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "text") e.textContent = v;
      else if (k === "class") e.className = v;
      else e.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat()) {
      if (c === undefined || c === null || c === false) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  // parseCards reads cards leniently, as the CLI does: case-insensitive,
  // spaces or commas between, 10 for T. It returns the canonical cards
  // ("As", "2s"...) or null when the text is not a run of cards.
  function parseCards(text) {
    const s = String(text || "").replace(/[\s,]+/g, "").replace(/10/g, "T");
    if (!/^([2-9tjqka][cdhs])*$/i.test(s)) return null;
    const out = [];
    for (let i = 0; i < s.length; i += 2) out.push(s[i].toUpperCase() + s[i + 1].toLowerCase());
    return out;
  }

  function card(code) {
    if (!code || code.length !== 2 || code === "??") return el("span", { class: "card back", "aria-label": "unknown card", text: "??" });
    const r = code[0], s = code[1];
    return el("span", { class: "card " + s, title: (RANK_NAMES[r] || r) + " of " + (SUIT_NAMES[s] || s) }, r + (SUITS[s] || s));
  }

  // cards renders a card string ("As2s3d") as card chips.
  function cards(str) {
    const f = document.createDocumentFragment();
    const list = parseCards(str) || [];
    for (const c of list) f.append(card(c));
    return f;
  }

  function pct(x) { return (x * 100).toFixed(2) + "%"; }

  // The money of readable amounts, by the rules of the Go package
  // internal/money (the one formatter: the browser tests check this one
  // against it): chips scaled by the table's chip unit, in its currency
  // (a symbol before for USD, EUR, GBP and CNY, else the code after), plain
  // integers for tournament chips and tables without a unit; fractions
  // (expectations) rounded to the chip, half away from zero.
  const SYMBOLS = { USD: "$", EUR: "€", GBP: "£", CNY: "¥" };
  function moneyFormat(table) {
    const f = { decimals: 0, scale: 1, symbol: "", code: "" };
    if (!table || table.tournament) return f;
    const unit = String(table.chip_unit || "").trim();
    if (unit) {
      const dot = unit.indexOf(".");
      const whole = dot < 0 ? unit : unit.slice(0, dot), frac = dot < 0 ? "" : unit.slice(dot + 1);
      const digits = (whole + frac).replace(/^0+/, "");
      const n = /^\d+$/.test(digits) ? Number(digits) : 0;
      if (n > 0 && n < 1e6 && frac.length <= 6) { f.decimals = frac.length; f.scale = n; }
    }
    if (f.decimals > 0 && table.currency) {
      if (SYMBOLS[table.currency]) f.symbol = SYMBOLS[table.currency];
      else f.code = table.currency;
    }
    return f;
  }

  // money writes an amount of chips (or an expectation, a fraction of
  // chips) as the hand's site does: "$0.25", "0.25 CAD", "1500".
  function money(amount, table) {
    const x = Number(amount);
    if (!Number.isFinite(x)) return "–";
    const f = moneyFormat(table);
    const n = Math.sign(x) * Math.round(Math.abs(x));
    const neg = n < 0;
    let s = String(Math.abs(n) * f.scale);
    if (f.decimals > 0) {
      if (s.length <= f.decimals) s = "0".repeat(f.decimals - s.length + 1) + s;
      s = s.slice(0, s.length - f.decimals) + "." + s.slice(s.length - f.decimals);
    }
    s = f.symbol + s + (f.code ? " " + f.code : "");
    return neg ? "-" + s : s;
  }

  // Signing in: a server that requires keys answers 401 to the stored
  // data's operations without one. The sign-in page (/signin) posts the
  // key in a plain form to POST /v1/sessions, which answers with a session
  // in an HttpOnly cookie: no script here ever reads the key, and nothing
  // keeps it in the browser's storage. A request that changes something
  // carries the session's anti-forgery token, read from its scoop_csrf
  // cookie, as X-CSRF-Token.
  function csrfToken() {
    for (const part of document.cookie.split(";")) {
      const [k, v] = part.trim().split("=");
      if (k === "scoop_csrf" && v) return decodeURIComponent(v);
    }
    return "";
  }
  let current = null;
  // session resolves to the signed-in session (GET /v1/sessions/current),
  // or null when this browser is not signed in.
  function session() {
    if (!current) {
      current = !csrfToken() ? Promise.resolve(null)
        : fetch("/v1/sessions/current", { headers: { Accept: "application/json" }, credentials: "same-origin" })
          .then(r => r.ok ? r.json() : null).catch(() => null);
    }
    return current;
  }
  function signInHref() {
    return "/signin?next=" + encodeURIComponent(location.pathname + location.search);
  }
  function initSession() {
    const out = document.getElementById("signed-out"), inn = document.getElementById("signed-in");
    if (!out || !inn) return;
    const link = document.getElementById("sign-in-link");
    if (location.pathname !== "/signin") link.href = signInHref();
    session().then(s => {
      out.hidden = !!s;
      inn.hidden = !s;
      if (!s) return;
      document.getElementById("session-account").textContent = s.account;
      document.getElementById("session-key").textContent = s.key_prefix;
    });
    document.getElementById("sign-out").addEventListener("click", async () => {
      try { await api("DELETE", "/v1/sessions/current"); } catch (err) {}
      location.reload();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initSession);
  else initSession();

  // api calls the JSON API on this origin (the session cookie goes along).
  // It resolves to the decoded body; a problem (4xx/5xx) rejects with an
  // Error carrying status, detail and the problem document. A 401 says to
  // sign in.
  async function api(method, path, body, contentType, headers) {
    const init = { method, headers: Object.assign({ Accept: "application/json" }, headers || {}), credentials: "same-origin" };
    if (!/^(GET|HEAD|OPTIONS)$/.test(method) && csrfToken()) init.headers["X-CSRF-Token"] = csrfToken();
    if (body !== undefined) {
      init.headers["Content-Type"] = contentType || "application/json";
      init.body = contentType ? body : JSON.stringify(body);
    }
    const res = await fetch(path, init);
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!res.ok) {
      let detail = data && (data.detail || data.title) || (res.status + " " + res.statusText);
      if (res.status === 401) {
        detail = csrfToken() ? "Your session has ended: sign in again (Sign in, at the top of the page)."
          : "This page needs you to sign in: use Sign in, at the top of the page, with an API key (scoop serve prints one on its first start; scoop apikey create makes more).";
        const out = document.getElementById("signed-out");
        if (out) out.hidden = false;
      }
      const err = new Error(detail);
      err.status = res.status;
      err.problem = data;
      throw err;
    }
    return data;
  }

  function showError(node, err) {
    node.textContent = err instanceof Error ? err.message : String(err);
    node.hidden = false;
  }

  function date(s) {
    const d = new Date(s);
    return isNaN(d) ? s : d.toISOString().slice(0, 16).replace("T", " ");
  }

  // playerLink is a player's name linking to his page; on a shared hand's
  // page (/s/...), which opens nothing else of its account, plain text.
  function playerLink(name) {
    if (location.pathname.startsWith("/s/")) return el("span", { class: "player" }, name);
    return el("a", { href: "/players/" + encodeURIComponent(name) }, name);
  }

  return { el, parseCards, card, cards, pct, money, api, session, showError, date, playerLink, SUITS, RANKS };
})();
