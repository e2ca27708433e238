/** Paths the server answers itself (API, status, metrics), never with the web app's pages. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/status') || url.startsWith('/metrics');
}
