import { MAX_UPLOAD_BYTES, routes, uploadResponseSchema } from '@campus/contracts';
import { ApiError, toApiError } from './api-client';
import { currentIdToken } from './auth/firebase';

/** The image types the server stores (it checks the content again). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

type ImageCheck = 'ok' | 'notAnImage' | 'tooLarge';

/** The check a picked or dropped file passes before it is sent (it must be an image type). */
export const checkImageFile = (file: File): ImageCheck => {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return 'notAnImage';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return 'ok';
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
};

/** An upload the server refused, with its HTTP status line (the profile names it). */
export class UploadRefusedError extends ApiError {
  constructor(
    readonly statusText: string,
    refused: ApiError,
  ) {
    super(refused.status, refused.serverMessage, refused.fieldErrors, refused.problemType);
  }
}

/**
 * POST /upload, multipart field `file`: the stored image's URL. The API client sends JSON, so this
 * multipart call builds its request itself, with the same token and the same ApiError.
 */
export const uploadImageFile = async (
  file: File,
  options: { fetch?: typeof fetch; getIdToken?: () => Promise<string | null> } = {},
): Promise<string> => {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const form = new FormData();
  form.append('file', file);
  const idToken = await (options.getIdToken ?? currentIdToken)();
  const headers = new Headers({ accept: 'application/json' });
  if (idToken) headers.set('authorization', `Bearer ${idToken}`);
  let response: Response;
  try {
    response = await fetchImpl(routes.upload.path, {
      method: routes.upload.method,
      headers,
      body: form,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const body = await readBody(response);
  if (!response.ok)
    throw new UploadRefusedError(response.statusText, toApiError(response.status, body));
  const parsed = uploadResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, null);
  return parsed.data.url;
};
