"""Every message of an LSP session, in both directions, checked against lsprotocol's LSP 3.17 types
with a strict converter (no unknown keys, every required key, every type)."""
import json
import typing

import cattrs
from lsprotocol import converters, types
from pytest_lsp import LanguageClient
from pytest_lsp.protocol import LanguageClientProtocol

def command_or_code_action(converter):
    """LSP tells a `Command` from a `CodeAction` by its `command` field: a string in a Command, a
    Command object in a CodeAction. lsprotocol's hook takes any object with a `command` field for
    a Command (and would read a CodeAction carrying a command as one); this one follows the spec."""
    def hook(value, _):
        if isinstance(value.get("command"), str):
            return converter.structure(value, types.Command)
        return converter.structure(value, types.CodeAction)
    converter.register_structure_hook(typing.Union[types.Command, types.CodeAction], hook)
    return converter


STRICT = command_or_code_action(converters.get_converter(cattrs.Converter(forbid_extra_keys=True)))

def message_type(method):
    """The lsprotocol request or notification type of `method`, if LSP has one."""
    entry = types.METHOD_TO_TYPES.get(method)
    return entry[0] if entry else None


def response_type(method):
    entry = types.METHOD_TO_TYPES.get(method)
    return entry[1] if entry else None


class StrictProtocol(LanguageClientProtocol):
    """Records every message that does not fit its LSP type in `violations`."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.violations = []
        self.sent_methods = {}
        self.checked = 0
        self.published = []  # every publishDiagnostics' raw params, in order
        self.logged = []  # every window/logMessage's raw params

    def check(self, direction, data, kind):
        if kind is None:
            return
        try:
            STRICT.structure(data, kind)
            self.checked += 1
        except Exception as error:  # noqa: BLE001 — any failure is a violation to report
            self.violations.append(f"{direction} {json.dumps(data)[:300]}: {cattrs.transform_error(error) if isinstance(error, cattrs.BaseValidationError) else error}")

    def structure_message(self, data):
        if "jsonrpc" in data:
            if "method" in data:
                self.check("server→client", data, message_type(data["method"]))
                if data["method"] == "textDocument/publishDiagnostics":
                    self.published.append(data["params"])
                elif data["method"] == "window/logMessage":
                    self.logged.append(data["params"])
            elif "id" in data and "error" not in data:
                method = self.sent_methods.pop(data["id"], None)
                # The initialize result too: the server's own facts are under capabilities.experimental.
                self.check("server→client", data, response_type(method))
            elif "error" in data:
                self.sent_methods.pop(data["id"], None)
                self.check("server→client", data, types.ResponseErrorMessage)
        return super().structure_message(data)

    def _send_data(self, data):
        raw = json.loads(json.dumps(data, default=self._serialize_message))
        if "method" in raw:
            if "id" in raw:
                self.sent_methods[raw["id"]] = raw["method"]
            self.check("client→server", raw, message_type(raw["method"]))
        return super()._send_data(data)


def make_client():
    """A pytest-lsp client whose protocol checks every message."""
    from pygls.protocol import default_converter
    from pytest_lsp.client import register_lsp_features
    client = LanguageClient(protocol_cls=StrictProtocol, converter_factory=lambda: command_or_code_action(default_converter()))
    register_lsp_features(client)
    return client
