import { Environment, Network, RecordSource, Store, type FetchFunction } from 'relay-runtime';

/** Thrown for transport failures and top-level GraphQL errors (bugs and outages only). */
export class GraphQLRequestError extends Error {
  override name = 'GraphQLRequestError';
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

const fetchGraphQL: FetchFunction = async (operation, variables, _cacheConfig, _uploadables) => {
  const response = await fetch('/graphql', {
    method: 'POST',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/graphql-response+json, application/json;q=0.9',
      // The gateway's CSRF prevention (JSON is preflighted anyway; the header makes it explicit).
      'x-graphql-csrf': '1',
    },
    // Persisted operations: the build wrote each operation's text under its SHA-256 (relay.config.js
    // persistConfig) and the gateway runs the text it holds; only the id travels.
    body: JSON.stringify({ documentId: `sha256:${operation.id}`, operationName: operation.name, variables }),
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) {
    throw new GraphQLRequestError(`The shop is not answering right now (HTTP ${response.status}).`, response.status);
  }
  const json = await response.json();
  // Top-level errors mean a bug or an outage: fail the query so the route's error boundary shows.
  if (Array.isArray(json.errors) && json.errors.length > 0 && json.data == null) {
    throw new GraphQLRequestError(json.errors[0]?.message ?? 'Something went wrong.', response.status);
  }
  return json;
};

export const environment = new Environment({
  network: Network.create(fetchGraphQL),
  store: new Store(new RecordSource(), { gcReleaseBufferSize: 10 }),
});
