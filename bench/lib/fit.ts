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
  return {
    weights,
    threshold: thresholdFor(rows, (row) => 1 / (1 + Math.exp(-dot(weights, row.features))), abstain),
  };
}

/** The least probability that leaves `abstain` of the unanswerable rows (those that calibrate) under it. */
export function thresholdFor<T extends { answerable: boolean; calibrate?: boolean }>(
  rows: readonly T[],
  probability: (row: T, at: number) => number,
  abstain: number,
): number {
  const unanswerable = rows
    .map((row, at) => ({ row, p: probability(row, at) }))
    .filter(({ row }) => !row.answerable && row.calibrate !== false)
    .map(({ p }) => p)
    .sort((a, b) => a - b);
  const at = Math.min(unanswerable.length - 1, Math.max(0, Math.ceil(abstain * unanswerable.length) - 1));
  return (unanswerable[at] ?? 0.5) + 1e-9;
}

/** A regression tree's nodes, as the server reads them (knowledge/rank/model.ts). */
type TreeNode = { feature: number; at: number; left: number; right: number } | { leaf: number };

/** The gradient-boosted gate's settings (Friedman 2001; Newton leaves as in XGBoost, Chen and Guestrin 2016). */
export interface BoostSettings {
  trees: number;
  depth: number;
  rate: number;
  /** Least hessian (p(1-p) summed) a leaf holds, and the L2 weight on leaf values. */
  minLeaf: number;
  lambda: number;
}

export const BOOST: BoostSettings = { trees: 100, depth: 2, rate: 0.1, minLeaf: 5, lambda: 1 };

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** One tree fitted to the logistic loss's gradients and hessians of `rows` (indices into `x`). */
function growTree(
  x: readonly (readonly number[])[],
  g: readonly number[],
  h: readonly number[],
  settings: BoostSettings,
): TreeNode[] {
  const nodes: TreeNode[] = [];
  const leafValue = (rows: readonly number[]) => {
    let sg = 0;
    let sh = 0;
    for (const row of rows) {
      sg += g[row]!;
      sh += h[row]!;
    }
    return (-sg / (sh + settings.lambda)) * settings.rate;
  };
  const gain = (sg: number, sh: number) => (sg * sg) / (sh + settings.lambda);
  const grow = (rows: number[], depth: number): number => {
    const at = nodes.length;
    nodes.push({ leaf: 0 });
    let best: { feature: number; at: number; gain: number; left: number[]; right: number[] } | null = null;
    if (depth < settings.depth) {
      let sg = 0;
      let sh = 0;
      for (const row of rows) {
        sg += g[row]!;
        sh += h[row]!;
      }
      const whole = gain(sg, sh);
      const size = x[rows[0]!]?.length ?? 0;
      for (let feature = 0; feature < size; feature += 1) {
        const sorted = [...rows].sort((a, b) => x[a]![feature]! - x[b]![feature]! || a - b);
        let lg = 0;
        let lh = 0;
        for (let k = 0; k < sorted.length - 1; k += 1) {
          lg += g[sorted[k]!]!;
          lh += h[sorted[k]!]!;
          const here = x[sorted[k]!]![feature]!;
          const next = x[sorted[k + 1]!]![feature]!;
          if (here === next || lh < settings.minLeaf || sh - lh < settings.minLeaf) continue;
          const split = gain(lg, lh) + gain(sg - lg, sh - lh) - whole;
          if (split > 1e-9 && (!best || split > best.gain)) {
            best = {
              feature,
              at: (here + next) / 2,
              gain: split,
              left: sorted.slice(0, k + 1),
              right: sorted.slice(k + 1),
            };
          }
        }
      }
    }
    if (!best) {
      nodes[at] = { leaf: leafValue(rows) };
      return at;
    }
    const left = grow(best.left, depth + 1);
    const right = grow(best.right, depth + 1);
    nodes[at] = { feature: best.feature, at: best.at, left, right };
    return at;
  };
  grow(
    x.map((_, row) => row),
    0,
  );
  return nodes;
}

function treeValue(tree: readonly TreeNode[], features: readonly number[]): number {
  let node = tree[0]!;
  while (!('leaf' in node)) node = tree[features[node.feature]! < node.at ? node.left : node.right]!;
  return node.leaf;
}

/** Gradient-boosted trees for "the knowledge answers it" (logistic loss), the first tree holding the prior. */
export function fitTrees(
  rows: readonly { features: readonly number[]; answerable: boolean }[],
  settings: BoostSettings = BOOST,
): TreeNode[][] {
  const x = rows.map((row) => row.features);
  const y = rows.map((row) => (row.answerable ? 1 : 0));
  const share = Math.min(0.99, Math.max(0.01, y.reduce((a, b) => a + b, 0) / Math.max(1, y.length)));
  const prior = Math.log(share / (1 - share));
  const trees: TreeNode[][] = [[{ leaf: prior }]];
  const score = rows.map(() => prior);
  for (let k = 0; k < settings.trees; k += 1) {
    const p = score.map(sigmoid);
    const tree = growTree(
      x,
      p.map((value, row) => value - y[row]!),
      p.map((value) => Math.max(value * (1 - value), 1e-6)),
      settings,
    );
    trees.push(tree);
    for (const [row, features] of x.entries()) score[row]! += treeValue(tree, features);
  }
  return trees;
}

export const treesScore = (trees: readonly (readonly TreeNode[])[], features: readonly number[]) =>
  trees.reduce((sum, tree) => sum + treeValue(tree, features), 0);

/** Platt scaling: a, b with P(answerable) = sigmoid(a·score + b), fitted by logistic regression on held-out scores. */
export function fitPlatt(scored: readonly { score: number; answerable: boolean }[]): [number, number] {
  let a = 1;
  let b = 0;
  for (let step = 0; step < 2000; step += 1) {
    let ga = 0;
    let gb = 0;
    for (const { score, answerable } of scored) {
      const error = sigmoid(a * score + b) - (answerable ? 1 : 0);
      ga += (error * score) / scored.length;
      gb += error / scored.length;
    }
    a -= 0.5 * ga;
    b -= 0.5 * gb;
  }
  return [a, b];
}

/**
 * The boosted gate with its calibration: on each training fold in turn, trees fitted on the others
 * score it (scores of questions the trees never saw); Platt scaling and the threshold (`abstain` of
 * the unanswerable ones under it) are fitted on those scores; the trees kept are fitted on every
 * training fold.
 */
export function fitTreeGate(
  rows: readonly { features: readonly number[]; answerable: boolean; calibrate?: boolean; fold: number }[],
  abstain: number,
  settings: BoostSettings = BOOST,
) {
  const folds = [...new Set(rows.map((row) => row.fold))];
  const outOfFold = new Array<number>(rows.length).fill(0);
  for (const fold of folds) {
    const trees = fitTrees(
      rows.filter((row) => row.fold !== fold),
      settings,
    );
    rows.forEach((row, at) => {
      if (row.fold === fold) outOfFold[at] = treesScore(trees, row.features);
    });
  }
  const platt = fitPlatt(rows.map((row, at) => ({ score: outOfFold[at]!, answerable: row.answerable })));
  const threshold = thresholdFor(rows, (_, at) => sigmoid(platt[0] * outOfFold[at]! + platt[1]), abstain);
  return { weights: [] as number[], threshold, trees: fitTrees(rows, settings), platt };
}

/** The logistic gate whose threshold is set on scores of questions its weights were not fitted on (as fitTreeGate's). */
export function fitGateOutOfFold(
  rows: readonly { features: readonly number[]; answerable: boolean; calibrate?: boolean; fold: number }[],
  abstain: number,
) {
  const folds = [...new Set(rows.map((row) => row.fold))];
  const outOfFold = new Array<number>(rows.length).fill(0);
  for (const fold of folds) {
    const { weights } = fitGate(
      rows.filter((row) => row.fold !== fold),
      abstain,
    );
    rows.forEach((row, at) => {
      if (row.fold === fold) outOfFold[at] = sigmoid(dot(weights, row.features));
    });
  }
  const { weights } = fitGate(rows, abstain);
  return { weights, threshold: thresholdFor(rows, (_, at) => outOfFold[at]!, abstain) };
}
