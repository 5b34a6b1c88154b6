import { describe, expect, it } from "vitest";
import { changePasswordSchema, passwordProblem, resetPasswordSchema, signUpSchema } from "#domain/auth/auth-schemas.ts";

describe("password rules (the same in the form and on the server)", () => {
  it("accepts a reasonable password", () => {
    expect(passwordProblem("cogumelo-azul-42", "maria@example.com")).toBeNull();
  });

  it.each([
    ["curta", "A senha precisa ter pelo menos 8 caracteres."],
    ["x".repeat(129), "A senha pode ter no máximo 128 caracteres."],
    ["maria2024!", "A senha não pode conter o seu e-mail."],
    ["MARIA@example.com1", "A senha não pode conter o seu e-mail."],
    ["12345678", "Essa senha é muito fácil de adivinhar. Escolha outra."],
    ["aaaaaaaaaa", "Essa senha é muito fácil de adivinhar. Escolha outra."],
  ])("%j is refused: %s", (password, message) => {
    expect(passwordProblem(password, "maria@example.com")).toBe(message);
  });

  it("does not object to a very short e-mail prefix appearing by chance", () => {
    expect(passwordProblem("aliaschuva7", "al@example.com")).toBeNull();
  });

  it("sign-up lowers and trims the e-mail and reports the password problem on its field", () => {
    const ok = signUpSchema.safeParse({ name: " Maria ", email: " Maria@Example.COM ", password: "cogumelo-azul-42" });
    expect(ok.success && ok.data).toEqual({ name: "Maria", email: "maria@example.com", password: "cogumelo-azul-42" });
    const bad = signUpSchema.safeParse({ name: "Maria", email: "maria@example.com", password: "maria123456" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ["password"], message: "A senha não pode conter o seu e-mail." });
  });

  it("a new password must be typed twice the same", () => {
    expect(resetPasswordSchema.safeParse({ password: "nova-senha-forte", confirmation: "nova-senha-forte" }).success).toBe(true);
    const mismatch = resetPasswordSchema.safeParse({ password: "nova-senha-forte", confirmation: "outra" });
    expect(mismatch.error?.issues[0]).toMatchObject({ path: ["confirmation"], message: "As senhas não conferem." });
    const change = changePasswordSchema("maria@example.com").safeParse({
      currentPassword: "x",
      newPassword: "maria-nova-1",
      confirmation: "maria-nova-1",
    });
    expect(change.error?.issues[0]).toMatchObject({ path: ["newPassword"] });
  });
});
