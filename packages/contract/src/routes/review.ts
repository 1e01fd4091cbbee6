/** Ratings, corrections, the review queue and test questions (issue 35). */
import type { Route } from './route';

export const postFeedback = {
  method: 'POST',
  path: '/public/conversation/{id}/feedback',
} as const satisfies Route;
export const postCorrection = {
  method: 'POST',
  path: '/conversation/{id}/correction',
} as const satisfies Route;
export const listReview = {
  method: 'GET',
  path: '/institution-product/{id}/review',
} as const satisfies Route;
export const dismissReview = {
  method: 'POST',
  path: '/institution-product/{id}/review/dismiss',
} as const satisfies Route;
export const getTestQuestions = {
  method: 'GET',
  path: '/institution-product/{id}/test-question',
} as const satisfies Route;
export const putTestQuestions = {
  method: 'PUT',
  path: '/institution-product/{id}/test-question',
} as const satisfies Route;
export const runTestQuestions = {
  method: 'POST',
  path: '/institution-product/{id}/test-question/run',
} as const satisfies Route;
export const listTestRuns = {
  method: 'GET',
  path: '/institution-product/{id}/test-question/run',
} as const satisfies Route;
