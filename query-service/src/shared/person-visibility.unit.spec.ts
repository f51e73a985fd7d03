import { describe, expect, it } from 'vitest';
import { personVisibility, projectPerson, type PersonVisibility } from './person-visibility';

const PERSON = 'person-id';
const student = { userId: 'student-id', admin: false };
const admin = { userId: 'admin-id', admin: true };
const self = { userId: PERSON, admin: false };

const groups = (v: PersonVisibility) =>
  (Object.keys(v) as (keyof PersonVisibility)[]).filter((key) => v[key]);

describe('personVisibility', () => {
  it('shows nothing to someone signed out', () => {
    expect(groups(personVisibility(null, PERSON, { hostsTheirSignup: true }))).toEqual([]);
  });

  it('shows everything to the person and to admins', () => {
    expect(groups(personVisibility(self, PERSON))).toEqual(['public', 'email', 'phone', 'private']);
    expect(groups(personVisibility(admin, PERSON))).toEqual([
      'public',
      'email',
      'phone',
      'private',
    ]);
  });

  it('shows an unrelated signed-in user the public fields only', () => {
    expect(groups(personVisibility(student, PERSON))).toEqual(['public']);
  });

  it('shows contact fields to the host of an opportunity the person joined, never the private ones', () => {
    expect(groups(personVisibility(student, PERSON, { hostsTheirSignup: true }))).toEqual([
      'public',
      'email',
      'phone',
    ]);
  });

  it("shows on a Contact Host card the host's email to readers, the phone to participants", () => {
    expect(groups(personVisibility(student, PERSON, { hostsShownOpportunity: true }))).toEqual([
      'public',
      'email',
    ]);
    expect(
      groups(
        personVisibility(student, PERSON, {
          hostsShownOpportunity: true,
          registeredForShownOpportunity: true,
        }),
      ),
    ).toEqual(['public', 'email', 'phone']);
  });

  it('shows a participant nothing more of the host away from the card', () => {
    expect(
      groups(personVisibility(student, PERSON, { registeredForShownOpportunity: true })),
    ).toEqual(['public']);
  });
});

describe('projectPerson', () => {
  const person = {
    id: PERSON,
    name: 'Mia Member',
    email: 'mia@university.edu',
    phone: null,
    major: 'History',
    admin: false,
  };

  it('keeps the fields of the visible groups and leaves out a null email or phone', () => {
    expect(projectPerson(person, personVisibility(student, PERSON))).toEqual({
      id: PERSON,
      name: 'Mia Member',
    });
    expect(
      projectPerson(person, personVisibility(student, PERSON, { hostsTheirSignup: true })),
    ).toEqual({ id: PERSON, name: 'Mia Member', email: 'mia@university.edu' });
    expect(projectPerson(person, personVisibility(self, PERSON))).toEqual({
      id: PERSON,
      name: 'Mia Member',
      email: 'mia@university.edu',
      major: 'History',
      admin: false,
    });
  });

  it('answers nothing of a person to someone signed out', () => {
    expect(projectPerson(person, personVisibility(null, PERSON))).toEqual({});
  });

  it('drops a field nobody classified, whoever asks', () => {
    const unclassified = { ...person, shoe_size: 42 } as unknown as typeof person;
    expect(projectPerson(unclassified, personVisibility(admin, PERSON))).not.toHaveProperty(
      'shoe_size',
    );
  });
});
