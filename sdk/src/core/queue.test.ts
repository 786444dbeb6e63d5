import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SdkMessage } from '../types';
import { testMessage } from '../testing/messages';
import { createQueue } from './queue';

const KEY = 'signpost:wk:queue';
const message = (id: string) => testMessage(id);
const ids = (messages: SdkMessage[]) => messages.map((m) => m.messageId);

afterEach(() => vi.restoreAllMocks());

describe('createQueue', () => {
  it('persists to localStorage and reads what another tab appended', () => {
    const tabA = createQueue(KEY);
    const tabB = createQueue(KEY);
    tabA.push(message('a1'));
    tabB.push(message('b1'));
    tabA.push(message('a2'));
    expect(ids(tabB.all())).toEqual(['a1', 'b1', 'a2']);
    expect(ids(JSON.parse(localStorage.getItem(KEY)!))).toEqual(['a1', 'b1', 'a2']);
  });

  it('acknowledges by message id, leaving the others in order', () => {
    const queue = createQueue(KEY);
    ['a', 'b', 'c', 'd'].forEach((id) => queue.push(message(id)));
    queue.ack(new Set(['b', 'd', 'unknown']));
    expect(ids(queue.all())).toEqual(['a', 'c']);
    queue.clear();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('drops the oldest beyond its bound', () => {
    const queue = createQueue(KEY, 3);
    ['1', '2', '3', '4', '5'].forEach((id) => queue.push(message(id)));
    expect(ids(queue.all())).toEqual(['3', '4', '5']);
  });

  it('starts empty on corrupt storage', () => {
    localStorage.setItem(KEY, '{not json');
    expect(createQueue(KEY).all()).toEqual([]);
    localStorage.setItem(KEY, '{"an":"object"}');
    expect(createQueue(KEY).all()).toEqual([]);
  });

  it('keeps working in memory once storage fails (quota)', () => {
    const queue = createQueue(KEY);
    queue.push(message('stored'));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    queue.push(message('memory'));
    queue.push(message('memory2'));
    expect(ids(queue.all())).toEqual(['stored', 'memory', 'memory2']);
    queue.ack(new Set(['stored']));
    expect(ids(queue.all())).toEqual(['memory', 'memory2']);
  });
});
