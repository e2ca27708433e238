/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Where the "source repository" link on /developer points (a fork's URL, for example). */
  readonly VITE_SOURCE_REPOSITORY_URL?: string;
}
