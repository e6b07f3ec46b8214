/**
 * A `worker` instance (INSTANCE_ROLE, issue 44, decision 0282) answers its health check and nothing else: an
 * orchestrator can probe it, and a proxy sent to it by mistake gets a plain 404, never the portal.
 */
type Fetch<E> = (request: Request, env: E) => Response | Promise<Response>;

export const WORKER_PATHS: readonly string[] = ['/api/health'];

export function workerOnly<E>(fetch: Fetch<E>): Fetch<E> {
  return (request, env) =>
    WORKER_PATHS.includes(new URL(request.url).pathname)
      ? fetch(request, env)
      : Response.json({ error: { code: 'not_found', message: 'This instance runs background work only (INSTANCE_ROLE=worker).' } }, { status: 404 });
}
