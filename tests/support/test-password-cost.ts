/**
 * A vitest setup file (tests/vitest.config.ts): new password hashes in unit and integration
 * tests use scrypt at N=2^10 instead of production's N=2^15 (PASSWORD_HASH_COST): a few
 * milliseconds a hash instead of about a hundred, which the sign-in, registration and password
 * routes (and their fuzz, thousands of cases) otherwise spend on every post. The hash keeps
 * its format and verification reads the cost from it, so the tests check the same code;
 * app/domain/auth/password.server.test.ts checks the production cost itself. Decision 0148.
 */
import { setPasswordHashCostForTests } from "~/domain/auth/password.server";

export const TEST_PASSWORD_HASH_COST = Object.freeze({ N: 2 ** 10, r: 8, p: 1 });

setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
