import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** Where the firebase JS SDK sends sign-in and token refreshes when it signs in with Google. */
export const GOOGLE_IDENTITY_ORIGINS: readonly string[] = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];

export type UiSecurityOptions = {
  /** The Auth emulator the UI signs in against (emulator mode), e.g. http://127.0.0.1:9099. */
  readonly authEmulatorUrl?: string | undefined;
  /**
   * The Firebase auth domain of a production build (signInWithPopup): its sign-in frame and
   * Google's script that talks to it are allowed, and nothing else from outside.
   */
  readonly firebaseAuthDomain?: string | undefined;
};

/** The Content-Security-Policy directives of the UI (exported for the tests). */
export const uiCspDirectives = (options: UiSecurityOptions = {}) => {
  const popup = options.firebaseAuthDomain ? [`https://${options.firebaseAuthDomain}`] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(popup.length ? ['https://apis.google.com'] : [])],
    scriptSrcAttr: ["'none'"],
    // React sets style properties through the DOM (allowed); no inline <style> or style="".
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      ...(options.authEmulatorUrl ? [options.authEmulatorUrl] : []),
      ...GOOGLE_IDENTITY_ORIGINS,
    ],
    frameSrc: popup.length ? popup : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // The demo gateway serves plain http (also on a LAN address): upgrading would break it.
    upgradeInsecureRequests: null,
  };
};

/**
 * Security headers of the UI the gateway serves: a strict Content-Security-Policy, nosniff, no
 * framing, and a referrer policy that still tells Google's APIs which site calls them (API keys
 * may be restricted by referrer). The popup sign-in needs its opener, hence COOP allow-popups.
 * With the Vite dev server (inline HMR preamble) only the headers that do not touch scripts.
 */
export const uiSecurityHeaders = (
  options: UiSecurityOptions & { readonly devServer?: boolean } = {},
): RequestHandler =>
  helmet({
    contentSecurityPolicy: options.devServer
      ? false
      : { useDefaults: false, directives: uiCspDirectives(options) },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // http in development and the demo; production's TLS terminator (nginx) sends HSTS.
    strictTransportSecurity: false,
  });
