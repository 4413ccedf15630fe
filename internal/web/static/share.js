// The replayer's share button: POST /v1/hands/{id}/share makes a
// read-only link to this hand (shown once: only its hash is stored), for
// anyone to open without a key. Shown to a signed-in browser only, and
// never on a shared page itself.
"use strict";
(() => {
  const { api, showError, session } = window.Scoop;
  const box = document.getElementById("share");
  const main = document.querySelector("main[data-hand-id]");
  if (!box || !main || location.pathname.startsWith("/s/")) return;
  session().then(s => {
    if (!s) return;
    box.hidden = false;
    const button = document.getElementById("share-make");
    const out = document.getElementById("share-link");
    const err = document.getElementById("share-error");
    button.addEventListener("click", async () => {
      button.disabled = true;
      err.hidden = true;
      try {
        const expires = document.getElementById("share-expires").value;
        const q = expires ? "?expires_in=" + encodeURIComponent(expires) : "";
        const link = await api("POST", "/v1/hands/" + encodeURIComponent(main.dataset.handId) + "/share" + q);
        out.value = location.origin + link.url;
        out.hidden = false;
        out.select();
        box.dataset.made = "true";
      } catch (e) {
        showError(err, e);
      } finally {
        button.disabled = false;
      }
    });
  });
})();
