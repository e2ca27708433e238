/** Types for make-tiny-gguf.mjs (a plain Node script, so it runs without a build step). */
export declare const SCRIPT: string[];
export declare function buildTinyGguf(options?: { variant?: 'scripted' | 'random'; seed?: number }): Buffer;
