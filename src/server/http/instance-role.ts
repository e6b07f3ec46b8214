/**
 * A `worker` instance (INSTANCE_ROLE, issue 44, decision 0282) answers its health check and nothing else: an
 * orchestrator can probe it, and a proxy sent to it by mistake gets a plain 404, never the portal.
 */
type Fetch = (request: Request, ...rest: never[]) => Response | Promise<Response>;

export const WORKER_PATHS: readonly string[] = ['/api/health'];

export function workerOnly<F extends Fetch>(fetch: F): F {
  return ((request: Request, ...rest: never[]) =>
    WORKER_PATHS.includes(new URL(request.url).pathname)
      ? fetch(request, ...rest)
      : Response.json({ error: { code: 'not_found', message: 'This instance runs background work only (INSTANCE_ROLE=worker).' } }, { status: 404 })) as F;
}
