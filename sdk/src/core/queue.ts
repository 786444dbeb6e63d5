import type { SdkMessage } from '../types';
import { MAX_QUEUE } from './constants';
import { readItem, writeItem } from './storage';

/** Unsent messages, persisted so they survive reloads and offline periods. */
export interface Queue {
  /** Every unsent message, oldest first. */
  all(): SdkMessage[];
  /** Appends a message (dropping the oldest beyond the bound); returns the new length. */
  push(message: SdkMessage): number;
  /** Removes the messages the server acknowledged (accepted or rejected). */
  ack(messageIds: ReadonlySet<string>): void;
  clear(): void;
}

/**
 * Storage is the source of truth on every operation, so tabs sharing a write key append to one
 * queue instead of overwriting each other; a message both tabs send is stored once by the server
 * (messageId dedup). Once storage fails, this page keeps the queue in memory.
 */
export function createQueue(key: string, max = MAX_QUEUE): Queue {
  let memory: SdkMessage[] = [];
  let persistent = true;
  let lastRaw: string | null = null; // what this page last read or wrote

  const load = (): SdkMessage[] => {
    if (!persistent) return memory;
    const raw = readItem(key);
    // Unchanged since our last read or write: skip parsing (the queue can hold 1,000 events).
    if (raw === lastRaw) return memory;
    lastRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      memory = Array.isArray(parsed) ? (parsed as SdkMessage[]) : [];
    } catch {
      memory = [];
    }
    return memory;
  };
  const save = (messages: SdkMessage[]): void => {
    memory = messages.length > max ? messages.slice(-max) : messages;
    lastRaw = memory.length ? JSON.stringify(memory) : null;
    if (persistent) persistent = writeItem(key, lastRaw);
  };

  return {
    all: load,
    push(message) {
      save([...load(), message]);
      return memory.length;
    },
    ack(ids) {
      save(load().filter((m) => !ids.has(m.messageId)));
    },
    clear() {
      save([]);
    },
  };
}
