/** Evaluation data and helpers of the detector's training (`@sema/server/detection-data`). */
export type { AccuracyReport, Sample } from './data/evaluate.ts';
export { evaluate } from './data/evaluate.ts';
export { readSamples } from './data/read-samples.ts';
export { softwareMessages } from './data/software-messages.ts';
export { MIN_FULL_CHARS, snippets } from './data/udhr-split.ts';
export { sibHeldOut } from './training/sib-text.ts';
