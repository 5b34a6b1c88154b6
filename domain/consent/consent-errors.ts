import { DomainError } from "#domain/errors.ts";

/**
 * The cart and the checkout of a browser that refused the age gate (decision 064): the shop sells
 * to adults only, and this browser said it is not one (or did not accept the terms). The message
 * says what to do if that was a mistake.
 */
export const ageRefused = () =>
  new DomainError(
    "forbidden",
    "age_refused",
    "Compras bloqueadas: neste navegador você não confirmou ter 18 anos ou mais nem aceitou os termos de uso. Se foi engano, volte à página inicial, leia os termos e aceite-os para comprar.",
  );

/** Refuses when the request's browser refused the age gate. */
export function checkAgeNotRefused(refused: boolean): void {
  if (refused) throw ageRefused();
}
