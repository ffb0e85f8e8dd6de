import type { SearchStatus } from '../../core/search/service/search-types';
import { LOCK_RETRY_INTERVAL_MS } from './plugin-engine';
import type { PortRange, ServerState } from './plugin-server';

/** The short text of the status bar item: server state, then indexing progress while it runs. */
export function statusBarText(state: ServerState, search: SearchStatus | null): string {
  switch (state.status) {
    case 'running':
      return `indx: ${state.url.replace(/^http:\/\//, '')}${state.port === state.requestedPort ? '' : ` (port ${state.requestedPort} was in use)`}${indexingSuffix(search)}`;
    case 'starting':
      return 'indx: starting';
    case 'waiting':
      return 'indx: waiting: another indx process serves this vault';
    case 'stopping':
      return 'indx: stopping';
    case 'failed':
      return state.portsInUse === null ? 'indx: not running' : `indx: ${describePorts(state.portsInUse)} in use`;
    case 'stopped':
      return 'indx: off';
  }
}

/** One sentence on the server, for the settings tab and the "show server status" notice. */
export function describeServer(state: ServerState): string {
  switch (state.status) {
    case 'running':
      if (state.port !== state.requestedPort) return `${describeFallback(state)} MCP at ${state.url}/mcp, REST at ${state.url}/v1, listening on 127.0.0.1 only.`;
      return `Serving this vault at ${state.url}: MCP at ${state.url}/mcp, REST at ${state.url}/v1, listening on 127.0.0.1 only.`;
    case 'starting':
      return 'The server is starting.';
    case 'waiting':
      return `Waiting: another indx process serves this vault (${state.holder}). The server starts once that process stops; indx checks every ${LOCK_RETRY_INTERVAL_MS / 1000} seconds. Meanwhile, clients can use that process.`;
    case 'stopping':
      return 'The server is stopping.';
    case 'failed':
      return state.message;
    case 'stopped':
      return 'The server is off. Switch it on to let MCP and REST clients reach this vault.';
  }
}

/** What a server on another port than the configured one says first: which port was taken, which serves. */
export function describeFallback(state: { port: number; requestedPort: number }): string {
  return `Port ${state.requestedPort} was in use; serving on ${state.port}.`;
}

/** "port 27643", or "ports 27643–27652" for a range. */
export function describePorts(range: PortRange): string {
  return range.first === range.last ? `port ${range.first}` : `ports ${range.first}–${range.last}`;
}

/** One sentence on the search index. */
export function describeSearch(search: SearchStatus | null): string {
  if (search === null) return 'The search index loads once indx has opened this vault, and is kept up to date from then on.';
  const problem = search.last_problem === null ? '' : ` Last problem: ${search.last_problem}`;
  if (search.state === 'ready') return `Ready: ${search.notes} notes, ${search.chunks} sections, ${formatBytes(search.size_on_disk)} on disk.${problem}`;
  if (search.state === 'idle') return `Not built yet; it builds at the first search.${problem}`;
  return `Indexing: ${search.indexed} of ${search.total} notes.${problem}`;
}

/** Progress of the index build from 0 to 100 (100 when not building). */
export function indexProgress(search: SearchStatus | null): number {
  if (search === null || search.state !== 'building' || search.total === 0) return 100;
  return Math.min(100, Math.round((search.indexed / search.total) * 100));
}

function indexingSuffix(search: SearchStatus | null): string {
  if (search === null || search.state !== 'building') return '';
  return ` · indexing ${search.indexed}/${search.total}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
