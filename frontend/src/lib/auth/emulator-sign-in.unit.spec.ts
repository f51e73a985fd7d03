import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  emulatorGoogleIdToken,
  emulatorSubjectId,
  nameFromEmail,
  sha256Hex,
} from './emulator-sign-in';

const nodeSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('emulator Google credential', () => {
  it('hashes like SHA-256', () => {
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    for (const text of ['', 'a'.repeat(55), 'b'.repeat(56), 'c'.repeat(64), 'é ✓ 🙂'.repeat(20)]) {
      expect(sha256Hex(text)).toBe(nodeSha256(text));
    }
  });

  it('derives the subject the demo-data loader uses, whatever the case', () => {
    const id = emulatorSubjectId('student@university.edu');
    expect(id).toBe(nodeSha256('student@university.edu').slice(0, 24));
    expect(emulatorSubjectId(' Student@University.edu ')).toBe(id);
    expect(emulatorSubjectId('host@university.edu')).not.toBe(id);
  });

  it('carries the verified email and a name', () => {
    expect(JSON.parse(emulatorGoogleIdToken('Jane.Doe@university.edu'))).toEqual({
      sub: emulatorSubjectId('jane.doe@university.edu'),
      email: 'jane.doe@university.edu',
      email_verified: true,
      name: 'Jane Doe',
    });
    expect(JSON.parse(emulatorGoogleIdToken('host@university.edu', 'Harper Host'))).toMatchObject({
      name: 'Harper Host',
    });
  });

  it('names an account from its address', () => {
    expect(nameFromEmail('sam_student-2@x.edu')).toBe('Sam Student 2');
  });
});
