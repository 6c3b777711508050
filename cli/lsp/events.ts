// The event shape vscode-jsonrpc's readers and writers expose (`onError(listener)` returns a
// disposable), without loading vscode-jsonrpc: the transport modules stay plain.

import type { Disposable, Event } from "vscode-languageserver/node";

export interface Emitter<T> {
  event: Event<T>;
  fire(value: T): void;
  dispose(): void;
}

export function emitter<T>(): Emitter<T> {
  const listeners = new Set<(value: T) => unknown>();
  const event: Event<T> = (listener, thisArgs?: unknown, disposables?: Disposable[]) => {
    const bound = (value: T) => listener.call(thisArgs, value);
    listeners.add(bound);
    const disposable = { dispose: () => listeners.delete(bound) };
    disposables?.push(disposable);
    return disposable;
  };
  return {
    event,
    fire: (value) => {
      for (const listener of [...listeners]) listener(value);
    },
    dispose: () => listeners.clear(),
  };
}
