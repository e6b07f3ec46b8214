import { readFileSync } from 'node:fs';
import { SERVER_FILES } from '@server/paths';

/**
 * The 5,000 most common leaked passwords of 6 or more characters (scripts/make-common-passwords.mjs), checked
 * case-insensitively at registration, password reset and password change (ASVS 6.2.4).
 */
let list: Set<string> | undefined;

function commonPasswords(): Set<string> {
  list ??= new Set(
    readFileSync(SERVER_FILES.commonPasswords, 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return list;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

export function commonPasswordCount(): number {
  return commonPasswords().size;
}
