/**
 * HMAC-SHA256 signatures for the product's signed codes and links (check-in codes, unsubscribe
 * links), with Web Crypto so they run in every service. Base64url, 43 characters.
 */
const encoder = new TextEncoder();

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const keyOf = (secret: string) =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);

/** The signature of `text` with `secret`. */
export const hmacSignature = async (secret: string, text: string): Promise<string> =>
  toBase64Url(await crypto.subtle.sign('HMAC', await keyOf(secret), encoder.encode(text)));

/** Constant-time comparison of two strings of the same alphabet. */
export const sameText = (a: string, b: string) => {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
};
