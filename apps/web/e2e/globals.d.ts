// What the end-to-end tests leave on the page's window while they watch it (page.evaluate runs in
// the browser, so these scripts are typechecked with the DOM library).
export {};

declare global {
  interface Window {
    __sawTranslationWhileStreaming?: boolean;
    __sawProgress?: boolean;
    __pwned?: boolean;
    /** What the stubbed speech synthesis was asked to read (beyond-reading.spec.mjs). */
    __spoken?: string;
  }
}
