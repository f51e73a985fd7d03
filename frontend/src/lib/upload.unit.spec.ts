import { MAX_UPLOAD_BYTES } from '@campus/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { checkImageFile, uploadImageFile } from './upload';

vi.mock('./auth/firebase', () => ({ currentIdToken: () => Promise.resolve('id-token') }));

const png = new File(['png'], 'photo.png', { type: 'image/png' });

describe('checkImageFile', () => {
  it('accepts images, refuses other types and files over 5 MB', () => {
    expect(checkImageFile(png)).toBe('ok');
    expect(checkImageFile(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBe(
      'notAnImage',
    );
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.png', {
      type: 'image/png',
    });
    expect(checkImageFile(big)).toBe('tooLarge');
  });
});

describe('uploadImageFile', () => {
  it('posts the file as multipart field "file" with the token and answers the URL', async () => {
    const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(Response.json({ url: '/files/abc.png' }, { status: 201 })),
    );
    await expect(uploadImageFile(png, { fetch })).resolves.toBe('/files/abc.png');
    const [input, init] = fetch.mock.calls[0] ?? [];
    expect(input).toBe('/upload');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer id-token');
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it("turns a refusal into an ApiError with the server's message", async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(Response.json({ message: 'The file must be an image' }, { status: 400 })),
    );
    const failure = await uploadImageFile(png, { fetch }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).message).toBe('The file must be an image');
  });
});
