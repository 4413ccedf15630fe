// Upload: each chosen or dropped file is posted, one after another, and
// its summary shown: hands read, stored, duplicates, conflicts, skipped,
// failed. A file of up to IMPORT_OVER bytes goes to POST /v1/hands, which
// answers each hand with its verdict and a link to its replay; a larger
// one (a season) to POST /v1/imports, a durable import the server's
// workers run, followed here until it ends (or to /v1/hands, when it can
// hold it, on a server that runs no import jobs).
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
  // Files over this many bytes are imported as jobs (the form's
  // data-import-over may say otherwise); /v1/hands holds at most 32 MiB.
  const IMPORT_OVER = () => Number(zone.dataset.importOver || 8 << 20);
  const HANDS_MAX = 32 << 20;
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
    // The verdict's texts say the site's money; the line is the file's
    // (the offending action's when found), as the command line says it.
    if (v.unreadable) return "unreadable: " + (v.error ? v.error.message : "");
    if (!v.legal) return "illegal: " + (h.action_line ? "line " + h.action_line + ": " : "") + (v.error ? String(v.error.message).replace(/^action \d+: /, "") : "");
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

  const sleep = ms => new Promise(r => setTimeout(r, ms));
  const FINAL = ["done", "failed", "cancelled"];

  // viaImport uploads file as an import job and follows it to its end;
  // it resolves to the import, or to null when the server runs no import
  // jobs.
  async function viaImport(file) {
    let im;
    try {
      im = await api("POST", "/v1/imports", file, contentType(file.name),
        { "Content-Disposition": 'attachment; filename="' + file.name.replace(/["\\\r\n]/g, "_") + '"' });
    } catch (err) {
      if (err.status === 503 && file.size <= HANDS_MAX) return null;
      throw err;
    }
    while (!FINAL.includes(im.state)) {
      const a = im.analysis || { hands: 0, analysed: 0 };
      progress.textContent = "Importing " + file.name + ": " + Math.round(100 * (im.progress.fraction || 0)) + "%, " +
        im.counts.read.toLocaleString("en-US") + " hands read, " + im.counts.stored.toLocaleString("en-US") + " stored" +
        (a.hands ? ", " + a.analysed.toLocaleString("en-US") + " of " + a.hands.toLocaleString("en-US") + " analysed" : "") +
        (im.progress.eta_seconds != null ? ", about " + Math.max(1, Math.round(im.progress.eta_seconds)) + " s left" : "") +
        " (" + im.state + ")…";
      await sleep(500);
      im = await api("GET", "/v1/imports/" + encodeURIComponent(im.id));
    }
    return im;
  }

  function renderImport(file, im) {
    const c = im.counts;
    const skipped = Object.values(c.skipped || {}).reduce((a, b) => a + b, 0);
    const res = { read: c.read, stored: c.stored, duplicates: c.duplicates, conflicts: c.conflicts, skipped, failed: c.unreadable };
    for (const k of Object.keys(totals)) totals[k] += res[k] || 0;
    renderTotals();
    const section = el("section", { class: "file-result", "data-import": im.id },
      el("h3", {}, file.name),
      el("p", { class: "meta" }, "Imported as a job (" + im.state + (im.reason ? ": " + im.reason : "") + "): " +
        res.read + " read · " + res.stored + " stored · " + res.duplicates + " already stored · " + res.conflicts + " conflicts · " +
        res.skipped + " skipped · " + res.failed + " unreadable · " + c.illegal + " illegal · " + c.analysed + " analysed" +
        (im.analysis && im.analysis.failed ? " (" + im.analysis.failed + " not analysed)" : "")),
      el("p", {}, el("a", { href: "/hands" }, "See the stored hands")));
    if (im.errors && im.errors.length) {
      const list = el("ul", { class: "errors" });
      im.errors.forEach(e => list.append(el("li", {}, (e.file || file.name) + (e.line ? ", line " + e.line : "") + ": " + e.message)));
      section.append(list);
    }
    out.prepend(section);
  }

  async function upload(file, i, n) {
    progress.textContent = "Uploading " + file.name + " (" + (i + 1) + " of " + n + ", " + Math.ceil(file.size / 1024) + " KiB)…";
    try {
      if (file.size > IMPORT_OVER()) {
        const im = await viaImport(file);
        if (im) {
          renderImport(file, im);
          return;
        }
      }
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
        res = { hands: [{ index: 1, status, id: p.id, verdict: p.verdict, problem: p, action_line: err.status === 422 ? p.line : 0 }], read: 1, stored: status === "stored" ? 1 : 0, duplicates: status === "duplicate" ? 1 : 0, conflicts: status === "conflict" ? 1 : 0, skipped: 0, failed: 0 };
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
