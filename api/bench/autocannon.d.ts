// The few autocannon 9 types the benchmark uses (the package ships none).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      requests?: Array<{
        method?: string;
        path?: string;
        setupRequest?: (req: Record<string, unknown>) => Record<string, unknown>;
      }>;
    }
    interface Histogram {
      average: number;
      p50: number;
      p99: number;
      max: number;
      total: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(opts: autocannon.Options, cb: (err: Error | null, result: autocannon.Result) => void): unknown;
  export default autocannon;
}
