"""Redirects a fixture client's HTTPS requests to the harness proxy without editing its code.

Python imports `sitecustomize` at start-up from PYTHONPATH. Requests to the hosts in
V2KIT_REDIRECT_HOSTS are rewritten from https://HOST/path to V2KIT_REDIRECT_PROXY/HOST/path:
urllib.request (every opener), http.client.HTTPSConnection, and requests (patched when a
program imports it; nothing is imported here that the program does not import itself).
"""

import os
import sys
import urllib.parse

_PROXY = os.environ.get("V2KIT_REDIRECT_PROXY", "")
_HOSTS = [h for h in os.environ.get("V2KIT_REDIRECT_HOSTS", "").split(",") if h]


def _rewrite(url):
    """The proxy URL for a URL on a redirected host, else the URL unchanged."""
    if not _PROXY or not isinstance(url, str):
        return url
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" or parts.hostname not in _HOSTS:
        return url
    rest = parts.path or "/"
    if parts.query:
        rest += "?" + parts.query
    return "%s/%s%s" % (_PROXY, parts.hostname, rest)


def _patch_urllib():
    import urllib.request

    original = urllib.request.OpenerDirector.open

    def open(self, fullurl, *args, **kwargs):
        if isinstance(fullurl, str):
            fullurl = _rewrite(fullurl)
        else:
            fullurl.full_url = _rewrite(fullurl.full_url)
        return original(self, fullurl, *args, **kwargs)

    urllib.request.OpenerDirector.open = open


def _patch_http_client():
    import http.client

    proxy = urllib.parse.urlsplit(_PROXY)

    class RedirectedHTTPSConnection(http.client.HTTPConnection):
        def __init__(self, host, port=None, *args, **kwargs):
            kwargs.pop("context", None)
            kwargs.pop("key_file", None)
            kwargs.pop("cert_file", None)
            self._v2kit_host = host.split(":")[0]
            super().__init__(proxy.hostname, proxy.port, *args, **kwargs)

        def putrequest(self, method, url, *args, **kwargs):
            return super().putrequest(method, "/" + self._v2kit_host + url, *args, **kwargs)

    original = http.client.HTTPSConnection

    def connection(host, *args, **kwargs):
        if host.split(":")[0] in _HOSTS:
            return RedirectedHTTPSConnection(host, *args, **kwargs)
        return original(host, *args, **kwargs)

    http.client.HTTPSConnection = connection


def _patch_requests(sessions):
    original = sessions.Session.request

    def request(self, method, url, *args, **kwargs):
        return original(self, method, _rewrite(url), *args, **kwargs)

    sessions.Session.request = request


class _AfterImport:
    """Patches `requests.sessions` right after the program imports it."""

    def find_spec(self, name, path=None, target=None):
        if name != "requests.sessions":
            return None
        sys.meta_path.remove(self)
        try:
            import importlib.util

            spec = importlib.util.find_spec(name)
        finally:
            sys.meta_path.insert(0, self)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        exec_module = loader.exec_module

        def patched(module):
            exec_module(module)
            _patch_requests(module)

        loader.exec_module = patched
        return spec


if _PROXY and _HOSTS:
    _patch_urllib()
    _patch_http_client()
    sys.meta_path.insert(0, _AfterImport())
