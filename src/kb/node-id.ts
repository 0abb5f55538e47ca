// Global object ids (GraphQL Node.id): base64url of "<Type>:<natural key>", stable across reseeds of the same data.
// Pure and portable: the server, the CLI's JSON report and the dashboard's download write the same ids.

/** The id of the record of type `typename` with natural key `key`. */
export function nodeId(typename: string, key: string): string {
  const bytes = new TextEncoder().encode(`${typename}:${key}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The type and natural key an id names, or null for text that is not an id. */
export function nodeRef(id: string): { typename: string; key: string } | null {
  let binary: string;
  try {
    binary = atob(id.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const text = new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  const sep = text.indexOf(':');
  return sep < 1 ? null : { typename: text.slice(0, sep), key: text.slice(sep + 1) };
}
