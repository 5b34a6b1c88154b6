/** Spec §6: a signed-in user sees the part of the e-mail before the @. */
export function userLabel(email: string): string {
  return email.split("@")[0] || email;
}
