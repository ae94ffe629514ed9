// What the dialog that deletes an environment says: how many secrets go with it, counted when it
// opens. Its own secrets only: those it inherits belong to the parent and stay there.

/** The count while it is read (undefined), once read (a number), or when it could not be (null). */
export type SecretCount = number | null | undefined;

/** Secrets an environment holds itself, from its metadata list (which names inherited ones too). */
export const ownSecretCount = (secrets: readonly { inherited_from?: string }[]): number =>
  secrets.filter((s) => !s.inherited_from).length;

export function environmentDeletion(name: string, count: SecretCount): { title: string; message: string } {
  const final = "This cannot be undone.";
  if (count === undefined) {
    return { title: `Delete ${name} and its … secrets?`, message: `Counting its secrets… ${final}` };
  }
  if (count === null) {
    return {
      title: `Delete ${name} and its secrets?`,
      message: `How many secrets it holds could not be read. They are deleted with it, with their versions and logs. ${final}`,
    };
  }
  if (count === 0) return { title: `Delete ${name}?`, message: `It holds no secrets. ${final}` };
  const secrets = count === 1 ? "secret" : "secrets";
  const them = count === 1 ? "Its version history and log go" : "Their versions and logs go";
  return {
    title: `Delete ${name} and its ${count.toLocaleString("en")} ${secrets}?`,
    message: `${them} with it. ${final}`,
  };
}
