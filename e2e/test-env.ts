/** Settings shared by playwright.config.ts (which starts the test server) and the journeys. */
// E2E_PORT lets two runs share a checkout (each gets its own port and its own data folder).
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
/** The test server's DATA_DIR: wiped at the start of every run. */
export const E2E_DATA_DIR = E2E_PORT === 3100 ? "./data/e2e" : `./data/e2e-${E2E_PORT}`;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Support line given to the test server, so the footer test proves configuration reaches the page. */
export const TEST_SUPPORT_WHATSAPP = "5521912345678";
/** The shop's legal identity given to the test server; the legal page must show it. */
export const TEST_SHOP_LEGAL_NAME = "Loja de Teste E2E Ltda.";
export const TEST_SHOP_CNPJ = "12.345.678/0001-90";
/** The local SMTP server the test shop sends its e-mails to (e2e/mail-global-setup.ts), and where it files them. */
export const E2E_SMTP_PORT = E2E_PORT + 25;
export const E2E_MAIL_DIR = `${E2E_DATA_DIR}-mail`;
/** ADMIN_EMAILS of the test server: one for the admin journey, one for the access matrix. */
export const E2E_ADMIN_EMAIL = "admin-e2e@example.com";
export const E2E_MATRIX_ADMIN_EMAIL = "admin-matriz@example.com";
/**
 * The test SMTP server refuses (550, an unknown mailbox) the addresses that start with this, until
 * a file named after the address appears in E2E_ACCEPT_DIR: a failed e-mail, then its resend.
 */
export const E2E_REFUSED_PREFIX = "recusar-";
export const E2E_ACCEPT_DIR = `${E2E_MAIL_DIR}-aceitar`;
