import { errorBody, type ErrorBody } from "#server/http/errors.ts";
import { INVALID_INPUT } from "#domain/auth/auth.server.ts";

/**
 * better-auth answers errors as `{ code, message }` in English; the shop answers every error as
 * `{ error: { code, message } }` in Portuguese. Codes we do not know fall back to a message chosen
 * by status, so no English (and no internal detail) ever reaches a customer.
 */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "E-mail ou senha incorretos.",
  INVALID_EMAIL: "Informe um e-mail válido.",
  INVALID_PASSWORD: "Senha atual incorreta.",
  PASSWORD_TOO_SHORT: "A senha precisa ter pelo menos 8 caracteres.",
  PASSWORD_TOO_LONG: "A senha pode ter no máximo 128 caracteres.",
  INVALID_TOKEN: "Este link é inválido, já foi usado ou expirou. Peça um novo.",
  TOKEN_EXPIRED: "Este link expirou. Peça um novo.",
  EMAIL_NOT_VERIFIED: "Confirme seu e-mail pelo link que enviamos antes de continuar.",
  USER_NOT_FOUND: "Este link é inválido, já foi usado ou expirou. Peça um novo.",
  INVALID_ORIGIN: "Requisição recusada: origem não permitida.",
  MISSING_OR_NULL_ORIGIN: "Requisição recusada: origem não permitida.",
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: "Requisição recusada: origem não permitida.",
  INVALID_CALLBACK_URL: "Endereço de retorno não permitido.",
  INVALID_REDIRECT_URL: "Endereço de retorno não permitido.",
  SESSION_EXPIRED: "Sua sessão expirou. Entre novamente.",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "Esta conta não tem senha cadastrada. Use \u201cEsqueci minha senha\u201d para criar uma.",
  EMAIL_CAN_NOT_BE_UPDATED: "Não foi possível trocar o e-mail. Tente novamente.",
  VALIDATION_ERROR: "Dados inválidos. Confira os campos e tente novamente.",
};

const BY_STATUS: Record<number, [string, string]> = {
  400: ["bad_request", "Dados inválidos. Confira os campos e tente novamente."],
  401: ["unauthorized", "Entre na sua conta para continuar."],
  403: ["forbidden", "Acesso negado."],
  404: ["not_found", "Recurso não encontrado."],
  405: ["method_not_allowed", "Método não permitido."],
  422: ["unprocessable", "Não foi possível concluir. Confira os dados e tente novamente."],
  429: ["rate_limited", "Muitas tentativas. Aguarde alguns minutos e tente novamente."],
};

export function translateAuthError(status: number, code: string | undefined, message: string | undefined): ErrorBody {
  if (code === INVALID_INPUT && message) return errorBody("invalid_input", message);
  const known = code ? MESSAGES[code] : undefined;
  if (code && known) return errorBody(code.toLowerCase(), known);
  if (status >= 500) return errorBody("internal_error", "Erro interno. Tente novamente em instantes.");
  const [fallbackCode, fallbackMessage] = BY_STATUS[status] ?? ["bad_request", BY_STATUS[400]![1]];
  return errorBody(fallbackCode, fallbackMessage);
}
