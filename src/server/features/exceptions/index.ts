/** Exceptions, as other features use them: the count (the notification digest). */
export { countExceptions } from './service';
