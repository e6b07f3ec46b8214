/** Requests, as other features use them: the id check (messages on a request). */
export { assertRequestId } from './read';
export { listRequests } from './read';
