// @ts-check
'use strict';

/**
 * LSP's structures (as fonsters-rpc sends them, positions in UTF-16 code
 * units like VS Code's) to VS Code's classes and back.
 */

/**
 * @param {any} vscode
 * @param {{ line: number, character: number }} p
 */
function position(vscode, p) {
  return new vscode.Position(p.line, p.character);
}

/** @param {any} vscode @param {{ start: any, end: any }} r */
function range(vscode, r) {
  return new vscode.Range(position(vscode, r.start), position(vscode, r.end));
}

/** @param {any} r VS Code range */
function lspRange(r) {
  return { start: { line: r.start.line, character: r.start.character }, end: { line: r.end.line, character: r.end.character } };
}

/**
 * An LSP Diagnostic as a VS Code one (severities are one less in VS Code).
 * @param {any} vscode @param {any} d @param {any} uri the document's Uri
 */
function diagnostic(vscode, d, uri) {
  const result = new vscode.Diagnostic(range(vscode, d.range), d.message, (d.severity || 1) - 1);
  result.source = d.source;
  result.code = d.code;
  if (Array.isArray(d.relatedInformation)) {
    result.relatedInformation = d.relatedInformation.map((/** @type {any} */ r) => new vscode.DiagnosticRelatedInformation(
      new vscode.Location(r.location.uri === uri.toString() ? uri : vscode.Uri.parse(r.location.uri), range(vscode, r.location.range)), r.message));
  }
  return result;
}

/** A VS Code Diagnostic as LSP's (for a code action's context). @param {any} d */
function lspDiagnostic(d) {
  /** @type {any} */
  const result = { range: lspRange(d.range), message: d.message, severity: d.severity + 1 };
  if (d.source) result.source = d.source;
  if (d.code !== undefined) result.code = typeof d.code === 'object' ? d.code.value : d.code;
  return result;
}

/**
 * A WorkspaceEdit of `changes` by URI.
 * @param {any} vscode @param {{ changes?: Record<string, any[]> }} edit
 */
function workspaceEdit(vscode, edit) {
  const result = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries(edit.changes || {})) {
    for (const e of edits) result.replace(vscode.Uri.parse(uri), range(vscode, e.range), e.newText);
  }
  return result;
}

/** @param {any} vscode @param {{ kind: string, value: string }} content */
function markup(vscode, content) {
  return content.kind === 'markdown' ? new vscode.MarkdownString(content.value) : content.value;
}

module.exports = { position, range, lspRange, diagnostic, lspDiagnostic, workspaceEdit, markup };
