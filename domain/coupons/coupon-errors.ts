import { DomainError } from "#domain/errors.ts";

export const couponNotFound = () => new DomainError("not_found", "coupon_not_found", "Cupom não encontrado.");
