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

  const SYMBOLS = { USD: "$", EUR: "€", GBP: "£", CAD: "C$", AUD: "A$", JPY: "¥", INR: "₹", CNY: "¥" };

  // money formats an amount in chips as the hand counts it: in its
  // currency when the table has one and a chip unit ($0.25), else chips.
  function money(amount, table) {
    const n = Number(amount);
    if (!Number.isFinite(n)) return "–";
    if (table && table.currency && table.chip_unit && !table.tournament) {
      const unit = Number(table.chip_unit);
      const decimals = (String(table.chip_unit).split(".")[1] || "").length;
      const v = n * unit;
      const sign = v < 0 ? "-" : "";
      const body = Math.abs(v).toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: Math.max(decimals, n % 1 ? 4 : 0) });
      const sym = SYMBOLS[table.currency];
      return sym ? sign + sym + body : sign + body + " " + table.currency;
    }
    const digits = Number.isInteger(n) ? 0 : 2;
    return n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }

  // The API key: a server that requires keys answers 401 to the stored
  // data's operations without one. The key is kept in this browser's
  // localStorage (the pages' Content-Security-Policy lets no other script
  // run on this origin) and sent as a bearer token on every API call.
  const KEY = "scoop.apiKey";
  function storedKey() {
    try { return localStorage.getItem(KEY) || ""; } catch (e) { return ""; }
  }
  function showKey(askFor) {
    const form = document.getElementById("key-form"), set = document.getElementById("key-set");
    if (!form || !set) return;
    const key = storedKey();
    set.hidden = !key;
    form.hidden = !!key || !askFor;
    if (key) document.getElementById("key-prefix").textContent = key.slice(0, 19);
  }
  function initKey() {
    const form = document.getElementById("key-form");
    if (!form) return;
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const v = document.getElementById("api-key").value.trim();
      if (!v) return;
      try { localStorage.setItem(KEY, v); } catch (err) {}
      location.reload();
    });
    document.getElementById("key-forget").addEventListener("click", () => {
      try { localStorage.removeItem(KEY); } catch (err) {}
      location.reload();
    });
    showKey(false);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", initKey);
  else initKey();

  // api calls the JSON API on this origin. It resolves to the decoded
  // body; a problem (4xx/5xx) rejects with an Error carrying status,
  // detail and the problem document. A 401 shows the key form.
  async function api(method, path, body, contentType, headers) {
    const init = { method, headers: Object.assign({ Accept: "application/json" }, headers || {}), credentials: "same-origin" };
    const key = storedKey();
    if (key) init.headers.Authorization = "Bearer " + key;
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
        showKey(true);
        detail = key ? "The API key was refused: " + detail + ". Enter another key at the top of the page."
          : "This server needs an API key to show stored hands: enter it at the top of the page (scoop serve prints one on its first start; scoop apikey create makes more).";
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

  function playerLink(name) {
    return el("a", { href: "/players/" + encodeURIComponent(name) }, name);
  }

  return { el, parseCards, card, cards, pct, money, api, showError, date, playerLink, SUITS, RANKS };
})();
