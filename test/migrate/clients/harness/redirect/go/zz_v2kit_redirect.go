// Added to a fixture client's main package with `go run -overlay` (never written into the
// client): http.DefaultTransport sends requests for the hosts in V2KIT_REDIRECT_HOSTS to
// V2KIT_REDIRECT_PROXY/HOST/path. Clients built on http.Client{} without their own Transport,
// as most are, use it.
package main

import (
	"net/http"
	"net/url"
	"os"
	"strings"
)

type v2kitRedirect struct {
	next  http.RoundTripper
	proxy *url.URL
	hosts map[string]bool
}

func (r v2kitRedirect) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "https" || !r.hosts[req.URL.Hostname()] {
		return r.next.RoundTrip(req)
	}
	out := req.Clone(req.Context())
	to := *req.URL
	to.Scheme = r.proxy.Scheme
	to.Host = r.proxy.Host
	to.Path = "/" + req.URL.Hostname() + req.URL.Path
	to.RawPath = "/" + req.URL.Hostname() + req.URL.EscapedPath()
	out.URL = &to
	out.Host = ""
	return r.next.RoundTrip(out)
}

func init() {
	proxy, err := url.Parse(os.Getenv("V2KIT_REDIRECT_PROXY"))
	if err != nil || proxy.Host == "" {
		return
	}
	hosts := map[string]bool{}
	for _, h := range strings.Split(os.Getenv("V2KIT_REDIRECT_HOSTS"), ",") {
		if h != "" {
			hosts[h] = true
		}
	}
	http.DefaultTransport = v2kitRedirect{next: http.DefaultTransport, proxy: proxy, hosts: hosts}
}
