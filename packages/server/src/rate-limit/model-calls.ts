/**
 * What the model may cost (docs/architecture.md#knowledge-and-answers): every call to it is taken
 * from budgets kept in `rate_events`, so they hold across server processes. An institution has a
 * day's calls (LLM_DAILY_CALLS_PER_INSTITUTION), visitors' answers included; its staff (Try it,
 * overviews) and sellers (free text read on WhatsApp) also have ten-minute limits, each person and
 * the institution as a whole, as "Try it" starts a fresh conversation on every question. A global
 * circuit breaker stops calling a model that failed many times in a row for a minute.
 * Beyond them a visitor's or seller's answer is made without the model; a console action is a 429.
 */
import type { Logger } from 'pino';
import type { LlmConfig } from '../config';
import { ApiError } from '../http/errors';
import type { LlmFailure } from '../llm/llm';
import {
  modelBreaker,
  modelDailyLimit,
  modelInstitutionLimit,
  modelSellerLimit,
  modelUserLimit,
} from './limits';
import {
  clearEvents,
  type LimitDeps,
  type RateLimit,
  recordEvents,
  retryAfter,
  tryTakeLimits,
} from './rate-limit.service';

/** Who a model call is made for. */
export type ModelCaller =
  | { kind: 'visitor'; institutionId: number }
  | { kind: 'staff'; institutionId: number; userId: number }
  | { kind: 'seller'; institutionId: number; phoneNumber: string }
  /** A run of test questions (review/): visitors' questions asked for staff, the day's budget only. */
  | { kind: 'tests'; institutionId: number };

/** The model calls of one caller: asked for before each call, told how each ended. */
export interface ModelCalls {
  /**
   * Takes one call from the budgets. True: make it. False: answer without the model (visitors,
   * sellers). A console action is refused instead: a 429 `model_limited` or `model_unavailable`.
   */
  admit(): Promise<boolean>;
  /** How an admitted call ended (null: it answered); failures in a row open the breaker. */
  settle(failure: LlmFailure | null): Promise<void>;
}

/** The budgets a caller's call is taken from. */
function limitsOf(llm: LlmConfig, caller: ModelCaller): RateLimit[] {
  const daily = modelDailyLimit(caller.institutionId, llm.dailyCallsPerInstitution);
  // A test run asks many questions at once: the ten-minute limits of a person would refuse it.
  if (caller.kind === 'visitor' || caller.kind === 'tests') return [daily];
  const own =
    caller.kind === 'staff'
      ? modelUserLimit(caller.userId)
      : modelSellerLimit(caller.institutionId, caller.phoneNumber);
  return [own, modelInstitutionLimit(caller.institutionId), daily];
}

/** The 429 of a console action beyond a budget or while the breaker is open. */
function refused(code: 'model_limited' | 'model_unavailable', seconds: number): ApiError {
  return new ApiError(429, code, {
    headers: { 'Retry-After': String(seconds) },
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
  });
}

/**
 * The model calls of `caller`. `onRefused`: `fallback` (the answer is made without the model) or
 * `reject` (the console's 429).
 */
export function modelCalls(
  deps: LimitDeps & { logger?: Logger },
  llm: LlmConfig,
  caller: ModelCaller,
  onRefused: 'fallback' | 'reject',
): ModelCalls {
  const refuse = (code: 'model_limited' | 'model_unavailable', seconds: number) => {
    if (onRefused === 'reject') throw refused(code, seconds);
    deps.logger?.warn(
      { institutionId: caller.institutionId, caller: caller.kind, code, retryAfter: seconds },
      'model call refused; answering without the model',
    );
    return false;
  };
  return {
    async admit() {
      // An open breaker is checked before anything is counted: a refused call costs no budget.
      const open = await retryAfter(deps, modelBreaker);
      if (open > 0) return refuse('model_unavailable', open);
      const { wait } = await tryTakeLimits(deps, limitsOf(llm, caller));
      return wait > 0 ? refuse('model_limited', wait) : true;
    },
    async settle(failure) {
      // The visitor leaving says nothing of the model.
      if (failure === 'aborted') return;
      try {
        if (failure) await recordEvents(deps, [modelBreaker.key]);
        else await clearEvents(deps, modelBreaker.key);
      } catch (error) {
        // The answer is made already: a breaker that missed one outcome must not spoil it.
        deps.logger?.warn({ err: error }, 'model outcome not recorded');
      }
    },
  };
}
