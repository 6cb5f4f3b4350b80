"""The API's own description: the OpenAPI document at /api/v1/schema/ and a page people read at
/api/v1/schema/docs/ (api.openapi builds both from the code)."""

from django.views.generic import TemplateView

from api.openapi import COMPONENTS, describe, obj, openapi_document
from api.views import ApiView

describe_schema = obj({"openapi": {"type": "string"}}, strict=False)


class SchemaView(ApiView):
    def get(self, request):
        return self.respond(openapi_document(server=request.build_absolute_uri("/")))


class SchemaDocsView(TemplateView):
    """Every path, its parameters and its answer's fields, as a page (no script, no outside resources)."""

    template_name = "api/schema_docs.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        document = openapi_document(server=self.request.build_absolute_uri("/"))
        operations = []
        for path, item in document["paths"].items():
            op = item["get"]
            schema = op["responses"]["200"]["content"]["application/json"]["schema"]
            operations.append(
                {
                    "path": path,
                    "summary": op["summary"],
                    "parameters": op.get("parameters", []),
                    "returns": _name(schema),
                    "errors": [code for code in op["responses"] if code != "200"],
                }
            )
        context.update(
            document=document,
            operations=operations,
            components=[
                {"name": name, "fields": [(key, _name(value)) for key, value in schema.get("properties", {}).items()]}
                for name, schema in COMPONENTS.items()
            ],
        )
        return context


def _name(schema) -> str:
    """A schema in a few words: ``Tournament``, ``list of Player``, ``integer or null``."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " or ".join(_name(s) for s in schema["anyOf"])
    kind = schema.get("type", "any")
    if kind == "array":
        return "list of " + _name(schema.get("items", {}))
    if isinstance(kind, list):
        return " or ".join(kind)
    if schema.get("enum"):
        return " | ".join(schema["enum"])
    return kind


describe(SchemaView, "This document: the API described in OpenAPI 3.1", describe_schema, tag="api", errors=())
