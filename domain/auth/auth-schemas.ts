import { z } from "zod";

/**
 * The inputs of the account forms, one schema each, used by the form in the browser and by the
 * server (better-auth hooks and the panel's actions), so both refuse the same things with the same
 * Portuguese messages.
 */

/**
 * How long an e-mailed sign-in link works, for the pages' text; the server's is the window of its
 * per-account limit (AUTH_RATE_RULES.signInLinkPerAccount), and a test holds them equal.
 */
export const SIGN_IN_LINK_MINUTES = 15;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Passwords that guessers try first (the top of every leaked list, and their pt-BR cousins). */
const COMMON_PASSWORDS = new Set([
  "12345678",
  "123456789",
  "1234567890",
  "87654321",
  "11111111",
  "00000000",
  "password",
  "password1",
  "qwertyui",
  "qwerty123",
  "senha123",
  "senha1234",
  "senhasenha",
  "mudar123",
  "abcd1234",
  "abc12345",
  "iloveyou",
  "brasil123",
  "cogumelo",
  "cogumelos",
]);

/** Why a new password is refused, in Portuguese, or null when it is acceptable. */
export function passwordProblem(password: string, email?: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `A senha precisa ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`;
  const lower = password.toLowerCase();
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split("@")[0] ?? "";
    if (lower.includes(address) || (local.length >= 3 && lower.includes(local))) {
      return "A senha não pode conter o seu e-mail.";
    }
  }
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) return "Essa senha é muito fácil de adivinhar. Escolha outra.";
  return null;
}

export const emailSchema = z
  .string({ error: "Informe seu e-mail." })
  .trim()
  .min(1, "Informe seu e-mail.")
  .max(254, "E-mail longo demais.")
  .pipe(z.email("Informe um e-mail válido."))
  .transform((email) => email.toLowerCase());

const nameSchema = z
  .string({ error: "Informe seu nome." })
  .trim()
  .min(2, "Informe seu nome.")
  .max(100, "Nome longo demais (máximo de 100 caracteres).");

const newPassword = z.string({ error: "Informe uma senha." }).max(PASSWORD_MAX_LENGTH + 1);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Informe sua senha." }).min(1, "Informe sua senha.").max(PASSWORD_MAX_LENGTH, "Senha longa demais."),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({ name: nameSchema, email: emailSchema, password: newPassword }).superRefine((value, ctx) => {
  const problem = passwordProblem(value.password, value.email);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const requestResetSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({ password: newPassword, confirmation: z.string() }).superRefine((value, ctx) => {
  const problem = passwordProblem(value.password);
  if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  else if (value.password !== value.confirmation) {
    ctx.addIssue({ code: "custom", path: ["confirmation"], message: "As senhas não conferem." });
  }
});

/** The panel's password change; the e-mail (the account's own) is checked against the new password. */
export function changePasswordSchema(email: string) {
  return z
    .object({
      currentPassword: z.string().min(1, "Informe sua senha atual.").max(PASSWORD_MAX_LENGTH),
      newPassword,
      confirmation: z.string(),
    })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value.newPassword, email);
      if (problem) ctx.addIssue({ code: "custom", path: ["newPassword"], message: problem });
      else if (value.newPassword !== value.confirmation) {
        ctx.addIssue({ code: "custom", path: ["confirmation"], message: "As senhas não conferem." });
      }
    });
}

export const updateNameSchema = z.object({ name: nameSchema });
export const changeEmailSchema = z.object({ newEmail: emailSchema });
