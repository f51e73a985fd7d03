/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set by vite.config.ts: 'emulator' unless a production build or the environment says otherwise. */
  readonly VITE_AUTH_MODE: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
