// Quantiles of timings, as every benchmark reports them.

/**
 * The q-quantile of numbers (nearest rank: a value that was measured, never an interpolation).
 * @param {readonly number[]} values
 * @param {number} q
 * @returns {number}
 */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}
