// Fitting the learned ranker's weights and its gate (bench/answer-folds.ts): plain gradient descent
// with Adam (Kingma and Ba 2015), full batch, L2-regularised, from zero weights, so a run is
// repeatable to the last digit.

const EPOCHS = 300;
const RATE = 0.05;
const L2 = 1e-3;

/** Adam's update of `weights` from a full-batch gradient function. */
function descend(size: number, gradient: (weights: number[]) => number[], epochs = EPOCHS): number[] {
  const weights = new Array<number>(size).fill(0);
  const first = new Array<number>(size).fill(0);
  const second = new Array<number>(size).fill(0);
  for (let epoch = 1; epoch <= epochs; epoch += 1) {
    const g = gradient(weights);
    for (let k = 0; k < size; k += 1) {
      const step = g[k]! + L2 * weights[k]!;
      first[k] = 0.9 * first[k]! + 0.1 * step;
      second[k] = 0.999 * second[k]! + 0.001 * step * step;
      weights[k]! -=
        (RATE * (first[k]! / (1 - 0.9 ** epoch))) / (Math.sqrt(second[k]! / (1 - 0.999 ** epoch)) + 1e-8);
    }
  }
  return weights;
}

const dot = (w: readonly number[], x: readonly number[]) =>
  x.reduce((sum, value, k) => sum + value * w[k]!, 0);

/**
 * Listwise ranking weights: per question, a softmax over its candidates, trained so that the
 * candidates holding a gold answer take the probability (questions without one teach nothing).
 */
export function fitRanker(
  lists: readonly { rows: readonly number[][]; labels: readonly boolean[] }[],
): number[] {
  const useful = lists.filter((list) => list.labels.some(Boolean));
  const size = useful[0]?.rows[0]?.length ?? 0;
  return descend(size, (weights) => {
    const g = new Array<number>(size).fill(0);
    for (const { rows, labels } of useful) {
      const scores = rows.map((row) => dot(weights, row));
      const top = Math.max(...scores);
      const exp = scores.map((score) => Math.exp(score - top));
      const whole = exp.reduce((a, b) => a + b, 0);
      const wanted = exp.reduce((sum, value, i) => sum + (labels[i] ? value : 0), 0);
      rows.forEach((row, i) => {
        const coefficient = exp[i]! / whole - (labels[i] ? exp[i]! / wanted : 0);
        for (let k = 0; k < size; k += 1) g[k]! += (coefficient * row[k]!) / useful.length;
      });
    }
    return g;
  });
}

/**
 * The gate: logistic regression of "the knowledge answers it" on the gate's features, and the
 * threshold under which `abstain` of the unanswerable questions fall (those not marked
 * `calibrate: false`: rows that teach the weights but do not set the threshold).
 */
export function fitGate(
  rows: readonly { features: readonly number[]; answerable: boolean; calibrate?: boolean }[],
  abstain: number,
): { weights: number[]; threshold: number } {
  const size = rows[0]?.features.length ?? 0;
  const weights = descend(
    size,
    (w) => {
      const g = new Array<number>(size).fill(0);
      for (const { features, answerable } of rows) {
        const error = 1 / (1 + Math.exp(-dot(w, features))) - (answerable ? 1 : 0);
        for (let k = 0; k < size; k += 1) g[k]! += (error * features[k]!) / rows.length;
      }
      return g;
    },
    2000,
  );
  const unanswerable = rows
    .filter((row) => !row.answerable && row.calibrate !== false)
    .map((row) => 1 / (1 + Math.exp(-dot(weights, row.features))))
    .sort((a, b) => a - b);
  const at = Math.min(unanswerable.length - 1, Math.max(0, Math.ceil(abstain * unanswerable.length) - 1));
  return { weights, threshold: (unanswerable[at] ?? 0.5) + 1e-9 };
}
