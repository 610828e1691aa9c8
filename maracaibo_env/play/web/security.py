"""What keeps other websites away from the local server: `SameOriginGuard`.

A page the user visits elsewhere can send requests to 127.0.0.1 (simple
cross-site POSTs need no permission) and, through DNS rebinding, even read
the answers. So, for every request:

* the Host header must name this server (localhost, 127.0.0.1, [::1], the
  --host given, and any --allow-host): a rebound foreign name is refused;
* a state-changing request (anything but GET/HEAD) must be application/json
  (which a foreign page cannot send without a CORS preflight, which is never
  granted) and must not come from a foreign Origin (or a cross-site fetch,
  by Sec-Fetch-Site);
* every answer carries CSP default-src 'self', X-Frame-Options DENY, nosniff
  and no referrer, so the app cannot be framed or made to run foreign code.
"""
from __future__ import annotations

import json

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
SAFE_METHODS = ("GET", "HEAD")
HEADERS = [
    (b"content-security-policy",
     b"default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; object-src 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


def host_name(value: str) -> str:
    """The host of a Host header or an origin's authority, lower case, without the port."""
    v = value.strip().lower()
    if v.startswith("["):                      # [::1]:8000
        return v[1:v.find("]")] if "]" in v else v
    return v.rsplit(":", 1)[0] if v.count(":") == 1 else v


class SameOriginGuard:
    """ASGI middleware: the checks above, then the app; refusals are JSON {"error"}."""

    def __init__(self, app, hosts=()):
        self.app = app
        self.hosts = {host_name(h) for h in (*LOCAL_HOSTS, *hosts) if h and h not in ("0.0.0.0", "::")}

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        why = self._refusal(scope["method"], headers)
        if why is not None:
            status, message = why
            return await _json(send, status, {"error": message})

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = list(message.get("headers", [])) + [
                    h for h in HEADERS if h[0] not in names]
            await send(message)
        await self.app(scope, receive, send_with_headers)

    def _refusal(self, method: str, headers: dict) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if host_name(host) not in self.hosts:
            return 421, (f"this server answers to {', '.join(sorted(self.hosts))}, not the host "
                         f"{host[:60]!r} (start it with --allow-host NAME to add a name)")
        if method in SAFE_METHODS:
            return None
        ctype = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if ctype != "application/json":
            return 415, f"a {method} request must be application/json, got {ctype[:60] or 'no content type'!r}"
        origin = headers.get("origin")
        if origin is not None:
            scheme, _, authority = origin.partition("://")
            if scheme not in ("http", "https") or authority.lower() != host.strip().lower():
                return 403, f"requests from another site ({origin[:60]!r}) are refused"
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "cross-site requests are refused"
        return None


async def _json(send, status: int, body: dict) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()),
                            *HEADERS]})
    await send({"type": "http.response.body", "body": data})
