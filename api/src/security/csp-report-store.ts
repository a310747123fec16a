/** One Content-Security-Policy violation as a browser reports it (web/csp-reports.ts parses both formats). */
export interface CspViolation {
  documentUri: string;
  directive: string;
  blockedUri: string;
  sourceFile?: string;
  line?: number;
  at: string;
}

/** A distinct violation, how often it was reported and when last. */
export interface CspViolationEntry extends CspViolation {
  count: number;
  lastAt: string;
}

/**
 * The CSP violations this process has received, DEDUPLICATED: the same directive, blocked URI,
 * page and source position is one entry with a count, so one page reloaded in a loop (or one
 * client replaying a report) cannot push the others out or fill the log. At most `maxKept`
 * distinct entries; the oldest goes first. Listed and cleared by an administrator only
 * (GET /api/admin/csp-reports, POST /api/admin/csp-reports/clear).
 */
export class CspReportStore {
  private readonly entries = new Map<string, CspViolationEntry>();
  constructor(private readonly maxKept = 200) {}

  /** Records one violation; true when it is new (the caller logs only new ones). */
  add(v: CspViolation): boolean {
    const key = JSON.stringify([v.directive, v.blockedUri, v.documentUri, v.sourceFile ?? '', v.line ?? 0]);
    const seen = this.entries.get(key);
    if (seen) {
      seen.count++;
      seen.lastAt = v.at;
      return false;
    }
    this.entries.set(key, { ...v, count: 1, lastAt: v.at });
    if (this.entries.size > this.maxKept) this.entries.delete(this.entries.keys().next().value!);
    return true;
  }

  list(): CspViolationEntry[] {
    return [...this.entries.values()];
  }

  clear(): void {
    this.entries.clear();
  }
}
