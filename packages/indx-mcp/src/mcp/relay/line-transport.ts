import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { isJsonRpcMessage } from './json-rpc';

/** The longest line a client may send (as the SDK's stdio transport: 10 MiB). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio binding for the relay: newline-delimited JSON-RPC on `input` / `output` (default
 * stdin / stdout), as the SDK's `StdioServerTransport` does it: a line that is not JSON is
 * skipped, JSON that is not a JSON-RPC message is reported through `onerror`, a line over 10 MiB
 * is dropped with an error, and the end of `input` closes the transport (so the relay exits), as
 * does a failure to write `output` (the client went away).
 */
export class LineTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The rest of an over-long line is being skipped, up to its newline. */
  private discarding = false;
  private closed = false;
  private readonly onData = (chunk: Buffer): void => this.receive(chunk);
  private readonly onEnd = (): void => void this.close();
  private readonly onInputError = (error: Error): void => this.onerror?.(error);
  // The client went away (EPIPE): reported and closed, never an unhandled 'error' event.
  private readonly onOutputError = (error: Error): void => {
    if (this.closed) return;
    this.onerror?.(error);
    void this.close();
  };

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  /** Starts reading `input`. */
  start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.input.on('error', this.onInputError);
    this.output.on('error', this.onOutputError);
    if (this.input.readableEnded || this.input.destroyed) setImmediate(this.onEnd);
    return Promise.resolve();
  }

  /** Writes one message as a line; resolves once `output` took it (after `drain` when it was full). */
  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the stdio transport is closed'));
    return new Promise((resolve, reject) => {
      const written = this.output.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : undefined));
      if (written) resolve();
      else this.output.once('drain', resolve);
    });
  }

  /** Stops reading; `onclose` runs once. */
  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.off('error', this.onInputError);
    // Kept, but silent once closed (see onOutputError): a late write failure must not crash the process.
    this.input.pause();
    this.pending = [];
    this.onclose?.();
    return Promise.resolve();
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, start)) {
      const tail = chunk.subarray(start, end);
      if (this.discarding) this.discarding = false;
      else if (this.pendingBytes + tail.length > MAX_LINE_BYTES) this.reportDropped();
      else this.deliver(Buffer.concat([...this.pending, tail]).toString('utf8').replace(/\r$/, ''));
      this.pending = [];
      this.pendingBytes = 0;
      start = end + 1;
    }
    this.keep(chunk.subarray(start));
  }

  /** Holds the start of a line until its newline comes; past the cap, the line is dropped and the rest of it skipped. */
  private keep(rest: Buffer): void {
    if (rest.length === 0 || this.discarding) return;
    this.pendingBytes += rest.length;
    if (this.pendingBytes <= MAX_LINE_BYTES) {
      this.pending.push(rest);
      return;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.discarding = true;
    this.reportDropped();
  }

  private reportDropped(): void {
    this.onerror?.(new Error(`a line of more than ${MAX_LINE_BYTES} bytes was dropped`));
  }

  private deliver(line: string): void {
    if (this.closed || line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return;
    }
    if (isJsonRpcMessage(value)) this.onmessage?.(value);
    else this.onerror?.(new Error('a line that is not a JSON-RPC message was dropped'));
  }
}
