import { escapeHtml } from '@domain/common/html';

type OpenApiDoc = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, { summary?: string; tags?: string[]; parameters?: { name: string; in: string; required?: boolean }[]; requestBody?: unknown; responses?: Record<string, { description?: string }> }>>;
};

/**
 * A self-contained reference page for /api/docs, rendered from the OpenAPI document on the server:
 * no external scripts, so it works offline and under our CSP.
 */
export function renderApiDocs(doc: OpenApiDoc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      const params = (op.parameters ?? []).map((p) => `<code>${escapeHtml(p.name)}</code>${p.required ? '*' : ''} <small>(${escapeHtml(p.in)})</small>`).join(', ');
      const responses = Object.entries(op.responses ?? {}).map(([s, r]) => `<span class="s s${escapeHtml(s[0])}">${escapeHtml(s)}</span> ${escapeHtml(r.description ?? '')}`).join('<br>');
      const row = `<tr><td><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span></td><td><code>/api${escapeHtml(path)}</code><div>${escapeHtml(op.summary ?? '')}</div>${params ? `<div class="p">Parameters: ${params}</div>` : ''}${op.requestBody ? '<div class="p">JSON body</div>' : ''}</td><td>${responses}</td></tr>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .map(([tag, rows]) => `<h2>${escapeHtml(tag)}</h2><table><thead><tr><th>Method</th><th>Path</th><th>Responses</th></tr></thead><tbody>${rows.join('')}</tbody></table>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title><style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;color:#1f2937;padding:0 1rem}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}td,th{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}
.m{font-weight:700;font-size:.75rem;padding:.15rem .4rem;border-radius:4px;color:#fff;background:#6b7280}.get{background:#2563eb}.post{background:#059669}.put{background:#d97706}.delete{background:#dc2626}
.p{color:#6b7280;font-size:.85rem}.s{font-weight:600}.s2{color:#059669}.s4{color:#b45309}.s5{color:#dc2626}
</style></head><body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>Every route answers errors as <code>{ "error": { "code", "message", "fields" } }</code>. The machine-readable description is at <a href="/api/openapi.json">/api/openapi.json</a>. Signed-in routes need the session cookie; state-changing requests need our Origin.</p>${sections}</body></html>`;
}
