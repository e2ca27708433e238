/** The language detector's public entry point (`@sema/server/detection`), for benchmarks and tools. */
export { createDetector } from './detector.ts';
export { francCodeOf, francScores } from './franc-scorer.ts';
export { scriptOfLanguage } from './script-languages.ts';
export { mostSpoken } from './speakers.ts';
export { countScripts } from './unicode-script.ts';
