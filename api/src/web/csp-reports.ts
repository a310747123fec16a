import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSP_REPORT_PATH } from './security-headers.js';
import { CspReportStore, type CspViolation } from '../security/csp-report-store.js';

export type { CspViolation };

/** Reports accepted per address per minute, and the largest report body (a browser's is a few hundred bytes). */
const REPORTS_PER_MINUTE = 30;
const REPORT_BODY_LIMIT = 16 * 1024;

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
 * Collects the browser's CSP violation reports (anonymous: the browser sends them without
 * credentials). Limited per address (REPORTS_PER_MINUTE, in Redis when configured — answered 429),
 * size-capped (REPORT_BODY_LIMIT, at most 20 reports a request), deduplicated in `app.cspReports`;
 * a violation is logged the first time it is seen, not on every repeat. Only an administrator lists
 * and clears them (modules/system: GET /api/admin/csp-reports, POST /api/admin/csp-reports/clear);
 * the e2e suite reads them at its end, as the sandbox admin, to prove the whole run had none.
 */
export async function registerCspReports(app: FastifyInstance): Promise<void> {
  // The web server alone (web/standalone.ts) has neither the API's store nor its limiter: its own.
  const store = app.hasDecorator('cspReports') ? app.cspReports : new CspReportStore();
  const windows = new Map<string, { count: number; until: number }>();
  const limit = async (request: FastifyRequest): Promise<number> => {
    if (app.hasDecorator('ipLimiter')) return app.ipLimiter.hit(request, 'csp-report', REPORTS_PER_MINUTE, 60);
    const now = Date.now();
    const w = windows.get(request.ip);
    if (!w || w.until <= now) {
      if (windows.size > 10_000) windows.clear();
      windows.set(request.ip, { count: 1, until: now + 60_000 });
      return 0;
    }
    return ++w.count > REPORTS_PER_MINUTE ? Math.ceil((w.until - now) / 1000) : 0;
  };
  // Own scope: the report content types are accepted here only, never by the API.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_req, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, null);
        }
      },
    );
    scope.post(CSP_REPORT_PATH, { bodyLimit: REPORT_BODY_LIMIT }, async (request, reply) => {
      const wait = await limit(request);
      if (wait > 0) return reply.code(429).header('Retry-After', String(wait)).send();
      for (const violation of parseCspReports(request.body, new Date())) {
        if (store.add(violation)) request.log.warn({ csp: violation }, 'content security policy violation');
      }
      return reply.code(204).send();
    });
  });
}
