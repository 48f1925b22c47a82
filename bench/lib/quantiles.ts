import { round } from './settings.ts';

export type LatencyFigures = { p50: number; p99: number; average: number; max: number };

/** Latencies in ms: nearest-rank p50 and p99, the mean and the maximum, to 0.01 ms (NaN when there are none). */
export function latencyFigures(latencies: Float64Array): LatencyFigures {
  const sorted = latencies.slice().sort();
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(quantile * sorted.length) - 1))] ?? Number.NaN;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  const ms = (value: number) => round(value, 2);
  return { p50: ms(at(0.5)), p99: ms(at(0.99)), average: ms(mean), max: ms(at(1)) };
}
