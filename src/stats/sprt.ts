// Wald's sequential probability ratio test on the discordant deals of a paired comparison. Each deal that exactly
// one of A and B wins is A's with probability p; H0: p = 1/2 (neither is better), H1: p = 1/2 + delta (A is
// better). After each discordant deal the log-likelihood ratio moves up by log(2p1) when A won it and by
// log(2(1 - p1)) when B did; the test accepts H1 when it reaches log((1 - beta) / alpha) and H0 when it reaches
// log(beta / (1 - alpha)). Its error rates hold only when the ratio is checked after every discordant deal (or
// at fixed points that do not depend on the data seen), which is why compare walks each batch in deal order.

/** The test's settings. */
export interface SprtSettings {
  /** p under H1 is 1/2 + delta; 0 < delta < 1/2. */
  readonly delta: number;
  /** Chance of accepting H1 when H0 is true. */
  readonly alpha: number;
  /** Chance of accepting H0 when H1 is true. */
  readonly beta: number;
}

/** The default settings: delta 0.1, alpha = beta = 0.05. */
export const SPRT_DEFAULTS: SprtSettings = { delta: 0.1, alpha: 0.05, beta: 0.05 };

/** Where the test stands. */
export type SprtDecision = 'H1' | 'H0' | 'undecided';

/** The running state of a test: plain data. */
export interface SprtState {
  readonly settings: SprtSettings;
  /** Log-likelihood ratio of H1 to H0 so far. */
  llr: number;
  /** Discordant deals seen, and how many of them A won. */
  discordant: number;
  onlyA: number;
  decision: SprtDecision;
}

/** The two boundaries [lower (accept H0), upper (accept H1)]. */
export function sprtBounds(s: SprtSettings): [number, number] {
  return [Math.log(s.beta / (1 - s.alpha)), Math.log((1 - s.beta) / s.alpha)];
}

/** A new test; throws RangeError on settings outside their ranges. */
export function startSprt(settings: SprtSettings = SPRT_DEFAULTS): SprtState {
  const { delta, alpha, beta } = settings;
  if (!(delta > 0 && delta < 0.5)) throw new RangeError(`delta must be between 0 and 0.5, got ${delta}`);
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5))
    throw new RangeError('alpha and beta must be between 0 and 0.5');
  return { settings, llr: 0, discordant: 0, onlyA: 0, decision: 'undecided' };
}

/** Add one discordant deal (aWon: A won it, B did not); returns the decision. Once decided, nothing changes. */
export function sprtStep(state: SprtState, aWon: boolean): SprtDecision {
  if (state.decision !== 'undecided') return state.decision;
  const p1 = 0.5 + state.settings.delta;
  state.discordant++;
  if (aWon) state.onlyA++;
  // from the counts, not summed step by step, so the ratio carries no rounding drift
  state.llr = state.onlyA * Math.log(2 * p1) + (state.discordant - state.onlyA) * Math.log(2 * (1 - p1));
  const [low, high] = sprtBounds(state.settings);
  if (state.llr >= high) state.decision = 'H1';
  else if (state.llr <= low) state.decision = 'H0';
  return state.decision;
}
