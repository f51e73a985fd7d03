import { buildPath, routes, transcriptTexts } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, toApiError } from '@/lib/api-client';
import { currentIdToken } from '@/lib/auth/firebase';

/** Hands a file to the browser as a download named `fileName`. */
const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/**
 * GET /api/users/{id}/transcript.pdf as a file. The API client reads text (JSON), so this binary
 * download sends the same token itself and turns a problem answer into the same ApiError.
 */
const downloadTranscript = async (
  userId: string,
  options: { fetch?: typeof fetch; getIdToken?: () => Promise<string | null> } = {},
): Promise<Blob> => {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const idToken = await (options.getIdToken ?? currentIdToken)();
  const headers = new Headers({ accept: 'application/pdf, application/problem+json' });
  if (idToken) headers.set('authorization', `Bearer ${idToken}`);
  let response: Response;
  try {
    response = await fetchImpl(buildPath(routes.getServiceTranscript.path, { id: userId }), {
      headers,
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not a problem body: the generic message
    }
    throw toApiError(response.status, body);
  }
  return response.blob();
};

/** Downloads the transcript and saves it under its file name. */
export const useDownloadTranscript = (userId: string) =>
  useMutation({
    mutationFn: async () => {
      saveBlob(await downloadTranscript(userId), transcriptTexts.fileName(userId));
    },
  });
