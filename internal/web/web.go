// Package web is Scoop's web app: server-rendered pages (html/template)
// with small hand-written scripts and styles, all embedded in the binary.
// The pages are an equity calculator (/), a hand replayer (/hands/{id}),
// the stored hands (/hands), an upload page (/import), the players
// (/players) and a player page (/players/{name}), the sign-in page
// (/signin) and a shared hand's page (/s/{token}); their data comes from
// the JSON API, called from the browser on the same origin.
//
// It is a sibling of package api: it imports neither api nor the store,
// and api knows it only as the http.Handler it is given. Every response
// carries a Content-Security-Policy that allows scripts, styles and
// connections only from the page's own origin (no inline script, no
// inline event handler, no external host).
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// CSP is the Content-Security-Policy of every page and asset: scripts,
// styles, fetches and form posts only to the page's own origin; images
// from the origin or data: URLs (the empty favicon); no frames, no
// plugins, no <base>.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// StaticPrefix is the path under which the embedded scripts and styles are
// served (e.g. /static/app.css).
const StaticPrefix = "/static/"

// Handler serves the pages and their assets on GET: /, /hands,
// /hands/{id}, /import, /players/{name} and StaticPrefix+name. It is safe
// for concurrent use. Another path is a 404 page; an unknown asset a 404
// in plain text.
type Handler struct {
	mux    *http.ServeMux
	pages  map[string]*template.Template
	assets map[string]asset
}

type asset struct {
	body        []byte
	contentType string
	version     string // first 10 hex digits of its SHA-256
}

// New returns the web app. It cannot fail at run time: the templates and
// assets are embedded and checked by the package's tests.
func New() *Handler {
	h := &Handler{mux: http.NewServeMux(), pages: map[string]*template.Template{}, assets: map[string]asset{}}
	err := fs.WalkDir(staticFS, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := staticFS.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		h.assets[strings.TrimPrefix(p, "static/")] = asset{body: b, contentType: contentType(p), version: hex.EncodeToString(sum[:5])}
		return nil
	})
	if err != nil {
		panic("web: embedded assets: " + err.Error())
	}
	funcs := template.FuncMap{"asset": h.assetURL, "positions": func() []string { return positions }, "flags": func() []yesNo { return yesNoFilters }}
	for _, page := range []string{"calculator", "replayer", "hands", "import", "player", "players", "signin", "notfound"} {
		h.pages[page] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/"+page+".html"))
	}
	// A shared hand's page is the replayer under its own title.
	h.pages["shared"] = template.Must(template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", "templates/replayer.html", "templates/shared.html"))
	h.mux.HandleFunc("GET /{$}", h.page("calculator", nil))
	h.mux.HandleFunc("GET /hands", h.page("hands", func(r *http.Request) any { return urlFilters(r, handFilters) }))
	h.mux.HandleFunc("GET /hands/{id}", h.page("replayer", func(r *http.Request) any { return r.PathValue("id") }))
	h.mux.HandleFunc("GET /import", h.page("import", nil))
	h.mux.HandleFunc("GET /players/{name}", h.page("player", playerPage))
	h.mux.HandleFunc("GET /players", h.page("players", func(r *http.Request) any { return r.URL.Query().Get("prefix") }))
	h.mux.HandleFunc("GET /signin", h.page("signin", func(r *http.Request) any {
		q := r.URL.Query()
		next := q.Get("next")
		if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
			next = "/"
		}
		return map[string]string{"Error": signInErrors[q.Get("error")], "Next": next}
	}))
	// /s/{token}: the page of a share link; its script reads the hand
	// through the link (GET /v1/shared/{token}), without a key.
	h.mux.HandleFunc("GET /s/{token}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Referrer-Policy", "no-referrer")
		h.render(w, http.StatusOK, "shared", "(shared)")
	})
	h.mux.HandleFunc("GET "+StaticPrefix+"{file}", h.static)
	h.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		h.render(w, http.StatusNotFound, "notfound", r.URL.Path)
	})
	return h
}

// signInErrors are what the sign-in page says for each error code POST
// /v1/sessions sends a refused form back with.
var signInErrors = map[string]string{
	"missing":     "Enter an API key.",
	"refused":     "That API key was refused: it is unknown, malformed or revoked.",
	"rate":        "Too many bad keys from this address: wait a minute and try again.",
	"forbidden":   "A sign-in from another site's page is refused: sign in from this page.",
	"unavailable": "The server cannot check keys now (its database is unavailable): try again shortly.",
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Security-Policy", CSP)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Referrer-Policy", "same-origin")
	h.mux.ServeHTTP(w, r)
}

// assetURL is the versioned URL of an embedded asset, so that a browser
// caching it fetches it again when the binary changes it.
func (h *Handler) assetURL(name string) (string, error) {
	a, ok := h.assets[name]
	if !ok {
		return "", &missingAsset{name}
	}
	return StaticPrefix + name + "?v=" + a.version, nil
}

type missingAsset struct{ name string }

func (e *missingAsset) Error() string { return "web: no embedded asset " + e.name }

func (h *Handler) page(name string, data func(*http.Request) any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var d any
		if data != nil {
			d = data(r)
		}
		h.render(w, http.StatusOK, name, d)
	}
}

func (h *Handler) render(w http.ResponseWriter, status int, name string, data any) {
	var buf bytes.Buffer
	if err := h.pages[name].Execute(&buf, data); err != nil {
		http.Error(w, "web: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

func (h *Handler) static(w http.ResponseWriter, r *http.Request) {
	a, ok := h.assets[r.PathValue("file")]
	if !ok {
		http.Error(w, "no such asset", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", a.contentType)
	// Pages ask for ?v=<hash of the content>: such a URL never changes
	// meaning, so it may be kept for a year; a bare URL for five minutes.
	if r.URL.Query().Get("v") == a.version {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=300")
	}
	w.Header().Set("ETag", `"`+a.version+`"`)
	if r.Header.Get("If-None-Match") == `"`+a.version+`"` {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(a.body)))
	w.Write(a.body)
}

func contentType(p string) string {
	switch path.Ext(p) {
	case ".css":
		return "text/css; charset=utf-8"
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	}
	return "application/octet-stream"
}

// playerFilters are the hand filters the player page's form carries, as
// the API names them (package filter): the form round-trips them in the
// URL, and the page's script passes them on to the API, which checks them.
var playerFilters = []string{"kind", "currency", "site", "game", "structure", "stakes", "from", "to", "ledger", "tag"}

// handFilters are the hand filters the hands page's form carries (every
// one of package filter's).
var handFilters = []string{"player", "game", "structure", "kind", "currency", "site", "stakes", "from", "to", "ledger",
	"position", "holding", "saw_flop", "showdown", "allin", "freeroll", "result", "legal", "tag"}

// positions are the seats of the position filter, as trackers name them.
var positions = []string{"BTN", "SB", "BB", "UTG", "MP", "CO"}

// yesNo is a true-or-false filter of the hands page's form.
type yesNo struct{ Name, Label, Yes, No string }

var yesNoFilters = []yesNo{
	{"saw_flop", "Saw the flop", "Saw it", "Folded before"},
	{"showdown", "Showdown", "Went to showdown", "No showdown"},
	{"allin", "All-in", "All-in", "Not all-in"},
	{"freeroll", "Freeroll", "Freerolled", "No freeroll"},
	{"legal", "Verdict", "Legal", "Illegal"},
}

// urlFilters are the filters names of the request's URL, each "" when
// absent or longer than 200 bytes (the API would refuse it): the form
// shows them again, and the page's script passes them to the API, which
// checks them.
func urlFilters(r *http.Request, names []string) map[string]string {
	q := r.URL.Query()
	f := map[string]string{}
	for _, k := range names {
		f[k] = ""
		if v := q.Get(k); len(v) <= 200 {
			f[k] = v
		}
	}
	return f
}

// playerPage is the player page's data: his name and the filters of the
// URL (urlFilters).
func playerPage(r *http.Request) any {
	return struct {
		Name string
		F    map[string]string
	}{r.PathValue("name"), urlFilters(r, playerFilters)}
}
