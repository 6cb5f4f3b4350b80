"""JSON responses for the API: CORS for callers on other sites, ETags so polling costs little, and errors
in one shape: ``{"error": {"code": ..., "message": ...}}``."""

import hashlib
import json

from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers

ALLOWED_METHODS = "GET, HEAD, OPTIONS"
PUBLIC_MAX_AGE = 5  # seconds; results change while hands are entered, the hall polls every 15 s


def _cors(response):
    # Overlays and apps run on other origins. The API never reads cookies, so "*" exposes nothing that a
    # caller without a token could not fetch anyway.
    response["Access-Control-Allow-Origin"] = "*"
    response["Access-Control-Expose-Headers"] = "ETag"
    return response


def _body(data):
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def json_response(request, data, *, private=False):
    """`data` as JSON with an ETag; 304 when the caller already has it. Answers seen through an organizer
    token are private (never kept by shared caches)."""
    body = _body(data)
    etag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    response = get_conditional_response(request, etag=etag)
    if response is None:
        response = HttpResponse(body, content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache" if private else f"public, max-age={PUBLIC_MAX_AGE}"
    patch_vary_headers(response, ["Authorization"])
    return _cors(response)


def error_response(status, code, message, **headers):
    response = HttpResponse(
        _body({"error": {"code": code, "message": str(message)}}), status=status, content_type="application/json"
    )
    response["Cache-Control"] = "no-store"
    for key, value in headers.items():
        response[key.replace("_", "-")] = value
    patch_vary_headers(response, ["Authorization"])
    return _cors(response)


def preflight_response():
    """The answer to a browser's CORS preflight: GET with a bearer token from any origin."""
    response = HttpResponse(status=204)
    response["Access-Control-Allow-Methods"] = ALLOWED_METHODS
    response["Access-Control-Allow-Headers"] = "Authorization, If-None-Match"
    response["Access-Control-Max-Age"] = "86400"
    response["Allow"] = ALLOWED_METHODS
    return _cors(response)
