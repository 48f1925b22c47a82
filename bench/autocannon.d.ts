// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Requests a second across all connections: a fixed rate instead of as fast as possible. */
    overallRate?: number;
    /** Called with each connection's client once, before its first request. */
    setupClient?: (client: Client) => void;
  };

  /** A connection; only the queue whose `addBody` appends each answer's body to a string. */
  export type Client = { pipelinedRequests: { addBody(data: Buffer): void } };

  export type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
    p99_9: number;
  };

  export type Result = {
    url: string;
    duration: number;
    connections: number;
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = Promise<Result> & {
    stop(): void;
    /** Every answer, with its latency in milliseconds at full (hrtime) resolution. */
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Instance;
  };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
