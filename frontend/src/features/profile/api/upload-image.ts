import { routes, uploadResponseSchema } from '@campus/contracts';
import { ApiError, toApiError } from '@/lib/api-client';
import { currentIdToken } from '@/lib/auth/firebase';

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
};

/**
 * POST /upload, multipart field `file`: the stored image's URL. The API client sends JSON only, so
 * this one call builds its multipart request itself, with the same token and the same errors.
 */
export const uploadImage = async (file: File): Promise<string> => {
  const form = new FormData();
  form.append('file', file);
  const idToken = await currentIdToken();
  let response: Response;
  try {
    response = await fetch(routes.upload.path, {
      method: routes.upload.method,
      headers: idToken
        ? { authorization: `Bearer ${idToken}`, accept: 'application/json' }
        : { accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(0, null);
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, body);
  const parsed = uploadResponseSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(response.status, null);
  return parsed.data.url;
};
