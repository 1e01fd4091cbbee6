// Fitting the learned ranker's weights and its gate (bench/answer-folds.ts). The ranker: plain
// gradient descent with Adam (Kingma and Ba 2015), full batch, L2-regularised, from zero weights;
// the gate: boosted regression trees. Nothing is random: a run is repeatable to the last digit.
import { gateProbability, type GateTree, treeValue } from '../../packages/server/src/knowledge/rank/model';

const EPOCHS = 300;
const RATE = 0.05;
const L2 = 1e-3;

/** Adam's update of `weights` from a full-batch gradient function. */
function descend(size: number, gradient: (weights: number[]) => number[]): number[] {
  const weights = new Array<number>(size).fill(0);
  const first = new Array<number>(size).fill(0);
  const second = new Array<number>(size).fill(0);
  for (let epoch = 1; epoch <= EPOCHS; epoch += 1) {
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

/** A row the gate learns from: its features, whether the knowledge answers it, the fold it is of. */
export interface GateRow {
  features: readonly number[];
  answerable: boolean;
  fold: number;
  /** False: the row teaches the gate but does not set its threshold. */
  calibrate?: boolean;
}

/** Boosting of the gate (Friedman 2001, with second-order steps as in XGBoost): common defaults, not tuned. */
const TREES = 100;
const DEPTH = 2;
const SHRINKAGE = 0.1;
/** Rows a leaf holds at least; thresholds tried per feature (its quantiles). */
const MIN_LEAF = 10;
const CUTS = 16;
/** Abstention the threshold may be set for: the one chosen does best on the training folds. */
const ABSTAIN_TARGETS = [0.9, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96, 0.97, 0.98];

function growTree(
  rows: readonly (readonly number[])[],
  gradient: readonly number[],
  hessian: readonly number[],
  of: readonly number[],
  depth: number,
): GateTree {
  const sum = (values: readonly number[], within: readonly number[]) =>
    within.reduce((total, i) => total + values[i]!, 0);
  const g = sum(gradient, of);
  const h = sum(hessian, of);
  const leaf = (-g / (h + 1)) * SHRINKAGE;
  if (depth === 0 || of.length < 2 * MIN_LEAF) return leaf;
  let best: { feature: number; at: number; gain: number } | null = null;
  for (let feature = 0; feature < rows[0]!.length; feature += 1) {
    const values = [...new Set(of.map((i) => rows[i]![feature]!))].sort((a, b) => a - b);
    const cuts = new Set(
      Array.from({ length: CUTS - 1 }, (_, q) => values[Math.floor(((q + 1) / CUTS) * (values.length - 1))]!),
    );
    for (const at of values.length > 1 ? cuts : []) {
      let gl = 0;
      let hl = 0;
      let count = 0;
      for (const i of of) {
        if (rows[i]![feature]! > at) continue;
        gl += gradient[i]!;
        hl += hessian[i]!;
        count += 1;
      }
      if (count < MIN_LEAF || of.length - count < MIN_LEAF) continue;
      const gain = (gl * gl) / (hl + 1) + ((g - gl) * (g - gl)) / (h - hl + 1) - (g * g) / (h + 1);
      if (!best || gain > best.gain) best = { feature, at, gain };
    }
  }
  if (!best) return leaf;
  const { feature, at } = best;
  return {
    feature,
    at,
    below: growTree(
      rows,
      gradient,
      hessian,
      of.filter((i) => rows[i]![feature]! <= at),
      depth - 1,
    ),
    above: growTree(
      rows,
      gradient,
      hessian,
      of.filter((i) => rows[i]![feature]! > at),
      depth - 1,
    ),
  };
}

/** Boosted trees of log-odds that the knowledge answers (logistic loss). */
function boost(rows: readonly GateRow[]): GateTree[] {
  const features = rows.map((row) => row.features);
  const margin = new Array<number>(rows.length).fill(0);
  const all = rows.map((_, i) => i);
  const trees: GateTree[] = [];
  for (let k = 0; k < TREES; k += 1) {
    const p = margin.map((m) => 1 / (1 + Math.exp(-m)));
    const tree = growTree(
      features,
      p.map((pi, i) => pi - (rows[i]!.answerable ? 1 : 0)),
      p.map((pi) => Math.max(pi * (1 - pi), 1e-6)),
      all,
      DEPTH,
    );
    trees.push(tree);
    all.forEach((i) => (margin[i]! += treeValue(tree, features[i]!)));
  }
  return trees;
}

/**
 * The gate: boosted regression trees of "the knowledge answers it" on the gate's features, and the
 * threshold under which a share of the unanswerable questions fall. Both the threshold and the share
 * are set on out-of-fold probabilities (each fold's from trees grown on the others): trees score the
 * rows they grew on too well to set a threshold by. The share is the one whose worst fold comes
 * nearest the goals (`goal`: the least share of unanswerable questions abstained, in %, and the
 * most of answerable ones handed off).
 */
export function fitGate(
  rows: readonly GateRow[],
  goal: { abstained: number; wrongHandoffs: number },
): { trees: GateTree[]; threshold: number; target: number } {
  const folds = [...new Set(rows.map((row) => row.fold))];
  const outOfFold = new Map<GateRow, number>();
  for (const fold of folds) {
    const trees = boost(rows.filter((row) => row.fold !== fold));
    for (const row of rows.filter((row) => row.fold === fold))
      outOfFold.set(row, gateProbability(trees, row.features));
  }
  const calibrating = rows
    .filter((row) => !row.answerable && row.calibrate !== false)
    .map((row) => outOfFold.get(row)!)
    .sort((a, b) => a - b);
  const thresholdFor = (target: number) =>
    (calibrating[Math.min(calibrating.length - 1, Math.max(0, Math.ceil(target * calibrating.length) - 1))] ??
      0.5) + 1e-9;
  const worstMargin = (threshold: number) =>
    Math.min(
      ...folds.map((fold) => {
        const share = (answerable: boolean) => {
          const within = rows.filter((row) => row.fold === fold && row.answerable === answerable);
          return (100 * within.filter((row) => outOfFold.get(row)! < threshold).length) / within.length;
        };
        return Math.min(share(false) - goal.abstained, goal.wrongHandoffs - share(true));
      }),
    );
  let target = ABSTAIN_TARGETS[0]!;
  for (const candidate of ABSTAIN_TARGETS)
    if (worstMargin(thresholdFor(candidate)) > worstMargin(thresholdFor(target))) target = candidate;
  return { trees: boost(rows), threshold: thresholdFor(target), target };
}
