import type { ReactElement } from 'react';
import { Center, Loader } from '@mantine/core';
import { ErrorBanner } from './ErrorBanner';

/** A page that needs one record first: the problem when it could not load, a loader until it is here, then the page. */
export function QueryGate<T>({ query, children }: { query: { data: T | undefined; error: unknown }; children: (data: T) => ReactElement }): ReactElement {
  if (query.error) return <ErrorBanner error={query.error} />;
  if (query.data === undefined) {
    return (
      <Center py={64}>
        <Loader size="sm" />
      </Center>
    );
  }
  return children(query.data);
}
