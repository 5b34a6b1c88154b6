/** The settings the server shares with the browser (support line, the shop's legal identity). */
export type PublicConfig = {
  supportWhatsapp: string;
  legal: { name: string; cnpj: string; address: string; email: string };
};
