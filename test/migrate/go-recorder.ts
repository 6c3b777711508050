// The Go module checks of the Go client tests (scan-fix-go-bodies, scan-fix-go-maps.property):
// Go's own tools over a fixed module, and the requests its package podctl sends, recorded by a Go
// test written beside it that points the client at an httptest server.

import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";

/** Go with no network: the test modules need nothing beyond the standard library. */
export const GO_ENV = { ...process.env, GOFLAGS: "-mod=mod", GOPROXY: "off" };

/** A Go test of package podctl that sends each named call to an httptest server printing `SENT method path body`. */
const RECORDER = (calls: string) => `package podctl

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
)

type redirect struct{ to *url.URL }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	req.URL.Scheme = r.to.Scheme
	req.URL.Host = r.to.Host
	return http.DefaultTransport.RoundTrip(req)
}

func TestRecord(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		fmt.Printf("SENT %s %s %s\\n", r.Method, r.URL.Path, body)
		_, _ = w.Write([]byte("{}"))
	}))
	defer srv.Close()
	to, _ := url.Parse(srv.URL)
	c := New("key")
	c.HTTP = &http.Client{Transport: redirect{to}}
	ctx := context.Background()
	${calls}
}
`;

/** gofmt -l and go vet in `dir`: what failed, or undefined. */
export function goChecks(dir: string): string | undefined {
  const fmt = spawnSync("gofmt", ["-l", "."], { cwd: dir, encoding: "utf8" });
  if (fmt.status !== 0 || fmt.stdout.trim() !== "") return `gofmt -l: ${fmt.stdout}${fmt.stderr}`;
  const vet = spawnSync("go", ["vet", "./..."], { cwd: dir, encoding: "utf8", env: GO_ENV });
  return vet.status === 0 ? undefined : `go vet: ${vet.stderr}`;
}

/** The requests the module in `dir` sends for `calls` (Go statements with `c` and `ctx`), as `method path body` lines. */
export function sent(dir: string, calls: string): string[] {
  const path = join(dir, "podctl/record_test.go");
  writeFileSync(path, RECORDER(calls));
  try {
    const result = spawnSync("go", ["test", "-count=1", "-run", "TestRecord", "-v", "./podctl"], { cwd: dir, encoding: "utf8", env: GO_ENV });
    expect(result.status, result.stdout + result.stderr).toBe(0);
    return result.stdout
      .split("\n")
      .filter((line) => line.startsWith("SENT "))
      .map((line) => line.slice(5));
  } finally {
    rmSync(path);
  }
}
