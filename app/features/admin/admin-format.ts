/** Small formatters of the admin's screens (money is formatBRL, dates formatDateTime/formatDate). */

/** "10/03" from "2026-03-10". */
export const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** "expira em 12 min", "expira em 45 s", "expirado": how long a Pix can still be paid. */
export function timeLeftText(seconds: number): string {
  if (seconds <= 0) return "expirado";
  if (seconds < 60) return `expira em ${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `expira em ${minutes} min`;
  return `expira em ${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}

/** "3 un." or "80 g". */
export const stockText = (unitType: "gram" | "unit", stock: number) => (unitType === "gram" ? `${stock} g` : `${stock} un.`);

/*
 * CPF and phone as people write them. The checkout's and the account's schema modules have the
 * same formatters, but importing them here would pull zod into /admin's chunk and make the bundler
 * re-split the chunks the storefront shares with those modules (more requests on every page).
 */

/** "52998224725" → "529.982.247-25" (anything else as it is). */
export const cpfText = (cpf: string) => (/^\d{11}$/.test(cpf) ? cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4") : cpf);

/** "11912345678" → "(11) 91234-5678"; "1132345678" → "(11) 3234-5678". */
export function phoneText(phone: string): string {
  if (/^\d{11}$/.test(phone)) return phone.replace(/^(\d{2})(\d{5})(\d{4})$/, "($1) $2-$3");
  if (/^\d{10}$/.test(phone)) return phone.replace(/^(\d{2})(\d{4})(\d{4})$/, "($1) $2-$3");
  return phone;
}
