import { msg } from '@domain/common/i18n';

/** The ECB's history file since 1999 is about 10 MB. */
export const MAX_RATE_FILE_BYTES = 24 * 1024 * 1024;
export const RATE_FILE_TOO_LARGE = msg('The rate file is too large (at most 24 MB).');
