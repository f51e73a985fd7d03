/** Names compare trimmed and case-insensitively: "the same name" ignores case. */
const normalizeName = (name: string): string => name.trim().toLocaleLowerCase();

/** Whether an organization of exactly this name exists; the create option hides when it does. */
export const hasExactNameMatch = (organizations: readonly { name: string }[], name: string) => {
  const wanted = normalizeName(name);
  return organizations.some((organization) => normalizeName(organization.name) === wanted);
};

/** Case-insensitive substring match on the name, as the header search matches. */
export const filterByName = <T extends { name: string }>(
  organizations: readonly T[],
  query: string,
) => {
  const wanted = normalizeName(query);
  return wanted
    ? organizations.filter((organization) => normalizeName(organization.name).includes(wanted))
    : [...organizations];
};
