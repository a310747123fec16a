import type { FastifyInstance } from 'fastify';
import { CSP_REPORT_PATH } from './security-headers.js';

export interface CspViolation {
  documentUri: string;
  directive: string;
  blockedUri: string;
  sourceFile?: string;
  line?: number;
  at: string;
}

const MAX_KEPT = 200;

function text(v: unknown, max = 500): string {
  return typeof v === 'string' ? v.slice(0, max) : '';
}

/** Both report formats: `report-uri` ({ "csp-report": {…} }) and the Reporting API ([{ type, body }]). */
export function parseCspReports(body: unknown, now: Date): CspViolation[] {
  const items: Array<Record<string, unknown>> = [];
  if (Array.isArray(body)) {
    for (const r of body.slice(0, 20)) {
      const entry = r as { type?: unknown; body?: unknown };
      if (entry?.type === 'csp-violation' && entry.body && typeof entry.body === 'object')
        items.push(entry.body as Record<string, unknown>);
    }
  } else if (body && typeof body === 'object' && 'csp-report' in body) {
    const report = (body as Record<string, unknown>)['csp-report'];
    if (report && typeof report === 'object') items.push(report as Record<string, unknown>);
  }
  return items.map((r) => ({
    documentUri: text(r['document-uri'] ?? r.documentURL),
    directive: text(r['effective-directive'] ?? r['violated-directive'] ?? r.effectiveDirective, 200),
    blockedUri: text(r['blocked-uri'] ?? r.blockedURL),
    ...(text(r['source-file'] ?? r.sourceFile) ? { sourceFile: text(r['source-file'] ?? r.sourceFile) } : {}),
    ...(typeof (r['line-number'] ?? r.lineNumber) === 'number'
      ? { line: Number(r['line-number'] ?? r.lineNumber) }
      : {}),
    at: now.toISOString(),
  }));
}

/**
 * Collects the browser's CSP violation reports: each is logged (a violation in production is a
 * bug or an attack); in the sandbox the newest 200 are also listed at GET /csp-reports, which the
 * e2e suite reads at its end to prove the whole run had none.
 */
export async function registerCspReports(app: FastifyInstance, opts: { sandbox: boolean }): Promise<void> {
  const kept: CspViolation[] = [];
  // Own scope: the report content types are accepted here only, never by the API.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, null);
        }
      },
    );
    scope.post(CSP_REPORT_PATH, { bodyLimit: 64 * 1024 }, async (request, reply) => {
      for (const violation of parseCspReports(request.body, new Date())) {
        request.log.warn({ csp: violation }, 'content security policy violation');
        kept.push(violation);
        if (kept.length > MAX_KEPT) kept.shift();
      }
      return reply.code(204).send();
    });
    if (opts.sandbox) {
      scope.get(CSP_REPORT_PATH, async (_request, reply) =>
        reply.header('Cache-Control', 'no-store').send({ violations: kept }),
      );
      scope.delete(CSP_REPORT_PATH, async (_request, reply) => {
        kept.length = 0;
        return reply.code(204).send();
      });
    }
  });
}
