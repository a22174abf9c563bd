"""openrpc.json is a well-formed OpenRPC 1.2.6 document, and real responses match its schemas."""
import json

import jsonschema
import pytest

from conftest import ROOT, LineClient

DOC = json.loads((ROOT / "openrpc.json").read_text())
METHODS = {m["name"]: m for m in DOC["methods"]}
Validator = jsonschema.Draft202012Validator


def with_components(schema):
    """`schema` with the document's components at its root, so `#/components/...` refs resolve."""
    return {**schema, "components": DOC["components"]}


def params_schema(method):
    """The by-name params of `method` as one object schema (undocumented params are refused)."""
    params = METHODS[method]["params"]
    return with_components({
        "type": "object",
        "properties": {p["name"]: p["schema"] for p in params},
        "required": [p["name"] for p in params if p.get("required")],
        "additionalProperties": False,
    })


def test_document_structure():
    assert DOC["openrpc"] == "1.2.6"
    assert isinstance(DOC["info"]["title"], str) and isinstance(DOC["info"]["version"], str)
    names = [m["name"] for m in DOC["methods"]]
    assert len(names) == len(set(names))
    for method in DOC["methods"]:
        assert {k for k in method if not k.startswith("x-")} <= {"name", "summary", "description", "params", "result", "errors", "paramStructure", "examples", "tags"}
        assert method["paramStructure"] == "by-name"
        assert isinstance(method["params"], list)
        for param in method["params"]:
            assert isinstance(param["name"], str) and "schema" in param
            Validator.check_schema(param["schema"])
        assert method["result"]["name"] and "schema" in method["result"]
        Validator.check_schema(method["result"]["schema"])
        for error in method.get("errors", []):
            assert isinstance(error["code"], int) and isinstance(error["message"], str)
    for schema in DOC["components"]["schemas"].values():
        Validator.check_schema(schema)


def test_methods_are_exactly_the_servers(fonsters_bin):
    client = LineClient(fonsters_bin, "--memory", "--no-starter")
    listed = client.call("initialize")["result"]["capabilities"]["experimental"]["methods"]
    assert client.close() == 0
    assert sorted(listed) == sorted(METHODS)


def tour_requests():
    lines = (ROOT / "examples/tour.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]


EXTRA = [
    ("fonsters/list", {"thumbnails": {"format": "png", "size": 64}}),
    ("creature/render", {"seed": "metadata please", "format": "png", "size": 32, "metadata": True}),
    ("creature/render", {"seed": "jpeg", "format": "jpeg", "size": 64}),
    ("creature/render", {"seed": "gif", "format": "gif", "size": 32}),
    ("creature/frames", {"seed": "abcdef", "format": "jpeg", "size": 32, "start": 2, "count": 2, "speed": 1.0}),
    ("creature/frames", {"seed": "", "size": 32}),
    ("creature/tapAnimation", {"seed": "", "samples": 2}),
    ("creature/describe", {"seed": "   "}),
    ("clock/creature", {}),
    ("creature/search", {"base": "alice", "want": {"antlers": True, "beard": True}, "limit": 2, "engine": "fonsters-v2"}),
    ("creature/search", {"base": "bob", "want": "colors=3,tier=4", "variants": ["words"], "limit": 1, "timeoutMs": 5000}),
    ("fonsters/lookalikes", {}),
    ("fonsters/lookalikesOf", {"seed": "hello", "engine": "fonsters-v1", "except": "00000000-0000-4000-8000-00000000000a"}),
    ("fonsters/distinctVariants", {"seed": "hello", "engine": "fonsters-v1", "count": 3}),
    ("share/build", {"seeds": ["a long seed " * 20] * 20}),
    ("share/build", {"ids": ["00000000-0000-4000-8000-00000000000a"]}),
    ("share/preview", {"url": "https://x/?cards=WyJoZWxsbyJd&meta=W3sibiI6IkhpIiwiZSI6ImZvbnN0ZXJzLXYxIn1d"}),
    ("fonsters/random", {"id": "00000000-0000-4000-8000-00000000000a", "source": "lorem"}),
    ("fonsters/random", {"id": "00000000-0000-4000-8000-00000000000a", "source": "uuid", "mode": "prepend"}),
]


def test_real_results_match_the_result_schemas(fonsters_bin):
    client = LineClient(fonsters_bin, "--memory", "--no-starter")
    # The tour's requests, and its document notifications (textDocument/didOpen…) sent in their place.
    requests = [(r["method"], r.get("params"), "id" not in r) for r in tour_requests()
                if r["method"] not in ("shutdown", "exit", "initialized")]
    tap_kinds = [("creature/tapAnimation", {"seed": f"tap {i}", "tap": i, "samples": 3}, False) for i in range(12)]
    seen = set()
    for method, params, notification in requests + [(m, p, False) for m, p in EXTRA] + tap_kinds:
        if notification:
            client.process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": method, "params": params}).encode() + b"\n")
            client.process.stdin.flush()
            continue
        Validator(params_schema(method)).validate(params or {})
        response = client.call(method, params)
        assert "error" not in response, (method, response)
        Validator(with_components(METHODS[method]["result"]["schema"])).validate(response["result"])
        seen.add(method)
    share = client.call("share/build", {"seeds": ["x" * 300] * 10})["result"]
    assert share["tooLong"] is True and "warning" in share
    shutdown = client.call("shutdown")
    Validator(with_components(METHODS["shutdown"]["result"]["schema"])).validate(shutdown["result"])
    seen.add("shutdown")
    assert seen == set(METHODS)


ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "jsonrpc": {"const": "2.0"},
        "id": {"type": ["integer", "string", "null"]},
        "error": {
            "type": "object",
            "properties": {"code": {"type": "integer"}, "message": {"type": "string", "minLength": 1},
                           "data": {"type": "object", "properties": {"field": {"type": "string"}}}},
            "required": ["code", "message"],
            "additionalProperties": False,
        },
    },
    "required": ["jsonrpc", "id", "error"],
    "additionalProperties": False,
}


@pytest.mark.parametrize("method,params,code,field", [
    ("creature/render", {"seed": "a", "size": 31}, -32602, "size"),
    ("fonsters/get", {"id": "00000000-0000-4000-8000-000000000000"}, 1001, None),
    ("creature/render", {"seed": "x" * 10001}, 1002, "seed"),
    ("share/preview", {"url": "https://x/?cards=%%%"}, 1003, "url"),
    ("creature/frames", {"seed": "ab", "start": 5}, 1008, "start"),
])
def test_errors_have_the_documented_shape(fonsters_bin, method, params, code, field):
    client = LineClient(fonsters_bin, "--memory", "--no-starter")
    response = client.call(method, params)
    assert client.close() == 0
    Validator(ERROR_SCHEMA).validate(response)
    assert response["error"]["code"] == code
    if field:
        assert response["error"]["data"]["field"] == field
    documented = {e["code"] for e in METHODS[method].get("errors", [])}
    assert code in documented, f"{method} does not document error {code}"
