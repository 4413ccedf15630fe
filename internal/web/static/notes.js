// The replayer's tags and note: the stored hand's (GET /v1/hands/{id}),
// shown and edited (PUT /v1/hands/{id}/tags and /note: the set and the
// note replaced, answered as stored). They are the account's: a shared
// hand's page (/s/...) shows neither.
"use strict";
(() => {
  const { el, api, showError } = window.Scoop;
  const box = document.getElementById("notes");
  const main = document.querySelector("main[data-hand-id]");
  if (!box || !main || location.pathname.startsWith("/s/")) return;
  const path = "/v1/hands/" + encodeURIComponent(main.dataset.handId);
  const tagsIn = document.getElementById("tags-input");
  const noteIn = document.getElementById("note-input");
  const err = document.getElementById("notes-error");

  function render(tags, note) {
    const list = document.getElementById("hand-tags");
    list.replaceChildren(...tags.map(t => el("li", { class: "tag" }, el("a", { href: "/hands?tag=" + encodeURIComponent(t) }, t))));
    if (!tags.length) list.append(el("li", { class: "hint" }, "No tags."));
    const p = document.getElementById("hand-note");
    p.textContent = note || "No note.";
    p.classList.toggle("hint", !note);
    tagsIn.value = tags.join(" ");
    noteIn.value = note;
  }

  document.getElementById("notes-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const button = document.getElementById("notes-save");
    button.disabled = true;
    err.hidden = true;
    try {
      const tags = tagsIn.value.split(/[\s,]+/).filter(Boolean);
      const t = await api("PUT", path + "/tags", { tags });
      const n = await api("PUT", path + "/note", { note: noteIn.value });
      render(t.tags, n.note);
      box.dataset.saved = "true";
    } catch (e) {
      const f = e.problem && e.problem.field;
      showError(err, f ? new Error(f + ": " + e.message) : e);
    } finally {
      button.disabled = false;
    }
  });

  api("GET", path).then(h => {
    render(h.tags || [], h.note || "");
    box.hidden = false;
    box.dataset.ready = "true";
  }).catch(() => { /* the replayer shows the hand's own error */ });
})();
