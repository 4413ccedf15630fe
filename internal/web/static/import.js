// Upload: each chosen or dropped file is posted to POST /v1/hands (the
// import-jobs API has not landed), one after another, and its verdict
// summary shown: hands read, stored, duplicates, conflicts, skipped,
// failed, and each hand with its verdict and a link to its replay.
"use strict";
(() => {
  const { el, api, showError } = window.Scoop;
  const input = document.getElementById("files");
  const zone = document.getElementById("upload");
  const progress = document.getElementById("progress");
  const summary = document.getElementById("summary");
  const totalsBox = document.getElementById("totals");
  const out = document.getElementById("files-out");
  const SHOWN = 200;
  const totals = { read: 0, stored: 0, duplicates: 0, conflicts: 0, skipped: 0, failed: 0 };
  let busy = Promise.resolve();

  // contentType is what POST /v1/hands reads the file as, by its name;
  // the server detects the site of text and XML itself.
  function contentType(name) {
    const n = name.toLowerCase();
    if (n.endsWith(".phh") || n.endsWith(".phhs") || n.endsWith(".toml")) return "application/toml";
    if (n.endsWith(".jsonl") || n.endsWith(".ndjson")) return "application/x-ndjson";
    if (n.endsWith(".json")) return "application/json";
    if (n.endsWith(".xml")) return "application/xml";
    return "text/plain";
  }

  function renderTotals() {
    totalsBox.replaceChildren();
    for (const [k, v] of Object.entries(totals)) totalsBox.append(el("div", { "data-total": k }, el("dt", {}, k), el("dd", {}, v.toLocaleString("en-US"))));
    summary.hidden = false;
  }

  function verdictText(h) {
    if (h.problem && !h.verdict) return h.problem.detail || h.problem.title;
    const v = h.verdict;
    if (!v) return h.skipped || "";
    if (h.skipped || v.skipped) return "skipped: " + (h.skipped || v.skipped);
    if (v.unreadable) return "unreadable: " + (v.error ? v.error.message : "");
    if (!v.legal) return "illegal: " + (v.error ? v.error.message : "");
    return v.matches_record === false ? "legal; settlement differs from the site's" : "legal";
  }

  function renderFile(file, res) {
    const rows = el("tbody");
    res.hands.slice(0, SHOWN).forEach(h => {
      rows.append(el("tr", {},
        el("td", { class: "num" }, h.index),
        el("td", { class: "status-" + h.status }, h.status),
        el("td", {}, h.id ? el("a", { href: "/hands/" + encodeURIComponent(h.id), title: h.id }, h.id.slice(0, 8)) : "–"),
        el("td", { class: h.verdict && h.verdict.legal ? "legal-yes" : "legal-no" }, verdictText(h))));
    });
    const section = el("section", { class: "file-result" },
      el("h3", {}, file.name),
      el("p", { class: "meta" }, res.read + " read · " + res.stored + " stored · " + res.duplicates + " already stored · " + res.conflicts + " conflicts · " + res.skipped + " skipped · " + res.failed + " failed"),
      el("div", { class: "table-wrap", tabindex: "0", role: "region", "aria-label": "Hands of " + file.name },
        el("table", {}, el("thead", {}, el("tr", {}, el("th", { class: "num" }, "#"), el("th", {}, "Status"), el("th", {}, "Hand"), el("th", {}, "Verdict"))), rows)));
    if (res.hands.length > SHOWN) section.append(el("p", { class: "hint" }, "and " + (res.hands.length - SHOWN) + " more; see them under Hands."));
    out.prepend(section);
  }

  async function upload(file, i, n) {
    progress.textContent = "Uploading " + file.name + " (" + (i + 1) + " of " + n + ", " + Math.ceil(file.size / 1024) + " KiB)…";
    try {
      const body = await file.arrayBuffer();
      let res;
      try {
        res = await api("POST", "/v1/hands", body, contentType(file.name));
      } catch (err) {
        // A file of one hand answers as that hand: a 422 carries the
        // stored illegal hand's id and verdict, a 409 the stored hand's.
        const p = err.problem;
        if (!p || !p.verdict) throw err;
        const status = err.status === 409 ? "conflict" : p.created ? "stored" : "duplicate";
        res = { hands: [{ index: 1, status, id: p.id, verdict: p.verdict, problem: p }], read: 1, stored: status === "stored" ? 1 : 0, duplicates: status === "duplicate" ? 1 : 0, conflicts: status === "conflict" ? 1 : 0, skipped: 0, failed: 0 };
      }
      for (const k of Object.keys(totals)) totals[k] += res[k] || 0;
      renderTotals();
      renderFile(file, res);
    } catch (err) {
      const box = el("p", { class: "error", role: "alert" });
      showError(box, file.name + ": " + err.message);
      out.prepend(box);
      summary.hidden = false;
    }
  }

  function queue(files) {
    const list = Array.from(files);
    if (!list.length) return;
    busy = busy.then(async () => {
      for (let i = 0; i < list.length; i++) await upload(list[i], i, list.length);
      progress.textContent = "Done: " + list.length + (list.length === 1 ? " file." : " files.");
      document.querySelector("main").dataset.done = String(Number(document.querySelector("main").dataset.done || 0) + list.length);
    });
  }

  input.addEventListener("change", () => { queue(input.files); input.value = ""; });
  zone.addEventListener("dragover", e => { e.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", e => {
    e.preventDefault();
    zone.classList.remove("over");
    queue(e.dataTransfer.files);
  });
  zone.addEventListener("submit", e => e.preventDefault());
})();
