import { afterEach, describe, expect, it } from 'vitest';
import {
  createBridge,
  type Bridge,
  type BridgeHost,
  type BridgeMessageEvent,
  type BridgeOptions,
  type BridgeTarget,
} from './bridge.js';

/**
 * A window of a fake pair. Like a browser window, `postMessage` on it delivers asynchronously to
 * its own listeners, as sent by the other window (source and origin of the sender), and drops the
 * message when `targetOrigin` does not match its origin.
 */
class FakeWindow implements BridgeTarget, BridgeHost {
  other!: FakeWindow;
  readonly received: unknown[] = [];
  private readonly listeners = new Set<(event: BridgeMessageEvent) => void>();

  constructor(readonly origin: string) {}

  postMessage(message: unknown, targetOrigin: string): void {
    if (targetOrigin !== '*' && targetOrigin !== this.origin) return;
    const data = structuredClone(message);
    setTimeout(() => {
      this.received.push(data);
      for (const l of [...this.listeners]) l({ data, origin: this.other.origin, source: this.other });
    }, 0);
  }

  addEventListener(_type: 'message', listener: (event: BridgeMessageEvent) => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'message', listener: (event: BridgeMessageEvent) => void): void {
    this.listeners.delete(listener);
  }

  /** Delivers a message event directly (to test what the bridge ignores). */
  dispatch(event: BridgeMessageEvent): void {
    for (const l of [...this.listeners]) l(event);
  }

  listenerCount(): number {
    return this.listeners.size;
  }
}

function windowPair(): [FakeWindow, FakeWindow] {
  const consoleWin = new FakeWindow('http://console.test');
  const previewWin = new FakeWindow('http://preview.test');
  consoleWin.other = previewWin;
  previewWin.other = consoleWin;
  return [consoleWin, previewWin];
}

const open: Bridge[] = [];
function bridge(host: FakeWindow, extra: Partial<BridgeOptions> = {}): Bridge {
  const b = createBridge({ host, target: host.other, connectTimeout: 500, connectRetryInterval: 10, ...extra });
  open.push(b);
  return b;
}

/** A connected console/preview pair. */
async function connectedPair(): Promise<[Bridge, Bridge, FakeWindow, FakeWindow]> {
  const [c, p] = windowPair();
  const main = bridge(c);
  const preview = bridge(p);
  await preview.connect();
  await main.ready();
  return [main, preview, c, p];
}

afterEach(() => {
  for (const b of open.splice(0)) b.destroy();
});

describe('handshake', () => {
  it('connects both sides; requests wait for it', async () => {
    const [c, p] = windowPair();
    const main = bridge(c);
    main.register('sum', (a: number, b: number) => a + b);
    const preview = bridge(p);
    // asked before any handshake: answered once the preview connects
    const early = preview.request<number>('sum', 2, 3);
    expect(preview.connected).toBe(false);
    await preview.connect();
    expect(preview.connected).toBe(true);
    await main.ready();
    expect(main.connected).toBe(true);
    expect(await early).toBe(5);
  });

  it('keeps knocking until the other side listens', async () => {
    const [c, p] = windowPair();
    const preview = bridge(p);
    const connecting = preview.connect();
    await new Promise((r) => setTimeout(r, 40));
    const main = bridge(c);
    await connecting;
    await main.ready();
    expect(main.connected && preview.connected).toBe(true);
  });

  it('fails connect() with a clear error when nobody answers', async () => {
    const [, p] = windowPair();
    const lonely = bridge(p, { connectTimeout: 50 });
    await expect(lonely.connect()).rejects.toThrow(
      'Bridge could not connect within 50 ms: the other window does not answer',
    );
  });
});

describe('requests', () => {
  it('answers results of sync and async handlers in both directions', async () => {
    const [main, preview] = await connectedPair();
    main.register('getApp', async (id: string) => ({ id, name: 'Shop' }));
    preview.register('ping', () => 'pong');
    expect(await preview.request('getApp', 'A1')).toEqual({ id: 'A1', name: 'Shop' });
    expect(await main.request('ping')).toBe('pong');
  });

  it('answers an unknown method with "Can not process not registered method: <name>"', async () => {
    const [main, preview] = await connectedPair();
    await expect(preview.request('nothing')).rejects.toThrow('Can not process not registered method: nothing');
    const off = main.register('temp', () => 1);
    expect(await preview.request('temp')).toBe(1);
    off();
    await expect(preview.request('temp')).rejects.toThrow('Can not process not registered method: temp');
  });

  it('passes a handler error back with its message and code', async () => {
    const [main, preview] = await connectedPair();
    main.register('save', () => {
      throw Object.assign(new Error('Name is taken'), { code: 'CONFLICT' });
    });
    await expect(preview.request('save')).rejects.toMatchObject({ message: 'Name is taken', code: 'CONFLICT' });
  });

  it('times out when asked to, and rejects pending requests on destroy', async () => {
    const [c, p] = windowPair();
    const main = bridge(c);
    main.register('slow', () => new Promise(() => {}));
    const preview = bridge(p, { requestTimeout: 30 });
    await preview.connect();
    await expect(preview.request('slow')).rejects.toThrow("Bridge request 'slow' got no answer within 30 ms");

    const other = bridge(p);
    await other.connect();
    const waiting = other.request('slow');
    await new Promise((r) => setTimeout(r, 10));
    other.destroy();
    await expect(waiting).rejects.toThrow('Bridge has been destroyed');
  });
});

describe('events', () => {
  it('delivers events to listeners until they stop listening', async () => {
    const [main, preview, c] = await connectedPair();
    const seen: unknown[] = [];
    const stop = main.on('selected', (data) => seen.push(data));
    preview.emit('selected', { row: 1 });
    preview.emit('other', 'ignored');
    await new Promise((r) => setTimeout(r, 10));
    stop();
    preview.emit('selected', { row: 2 });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([{ row: 1 }]);
    expect(c.received.filter((m) => (m as { kind: string }).kind === 'event')).toHaveLength(3);
  });
});

describe('argument checks', () => {
  it('needs a non-empty string event or method and a function callback', async () => {
    const [c] = windowPair();
    const b = bridge(c);
    expect(() => b.on('', () => {})).toThrow('Bridge event must be a non-empty string, got an empty string');
    expect(() => b.on(42 as unknown as string, () => {})).toThrow(
      'Bridge event must be a non-empty string, got number',
    );
    expect(() => b.on('x', 'nope' as unknown as () => void)).toThrow('Bridge callback must be a function, got string');
    expect(() => b.off('x', undefined as unknown as () => void)).toThrow(
      'Bridge callback must be a function, got undefined',
    );
    expect(() => b.emit('')).toThrow('Bridge event must be a non-empty string');
    expect(() => b.register('', () => 1)).toThrow('Bridge method must be a non-empty string');
    expect(() => b.register('m', null as unknown as () => void)).toThrow(
      'Bridge callback must be a function, got null',
    );
    await expect(b.request(undefined as unknown as string)).rejects.toThrow(
      'Bridge method must be a non-empty string, got undefined',
    );
    expect(() => createBridge({ host: c, target: {} as BridgeTarget })).toThrow(
      'Bridge target must be a window with postMessage',
    );
  });
});

describe('isolation', () => {
  it('ignores other channels and origins that are not allowed', async () => {
    const [c, p] = windowPair();
    const main = bridge(c, { channel: 'one' });
    main.register('x', () => 'main');
    const wrongChannel = bridge(p, { channel: 'two', connectTimeout: 60 });
    await expect(wrongChannel.connect()).rejects.toThrow('could not connect');

    const strict = bridge(c, { allowedOrigins: ['http://elsewhere.test'] });
    const preview = bridge(p, { connectTimeout: 60 });
    await expect(preview.connect()).rejects.toThrow('could not connect');
    expect(strict.connected).toBe(false);
  });

  it('ignores messages whose source is not the target window', async () => {
    const [c, p] = windowPair();
    const main = bridge(c);
    main.register('x', () => 1);
    const knock = { channel: 'basalt-bridge', kind: 'connect', peer: 'stranger' };
    c.dispatch({ data: knock, origin: p.origin, source: {} });
    await new Promise((r) => setTimeout(r, 10));
    expect(main.connected).toBe(false);
    expect(p.received).toEqual([]);
    c.dispatch({ data: knock, origin: p.origin, source: p });
    await main.ready();
    await new Promise((r) => setTimeout(r, 10));
    expect(p.received).toEqual([expect.objectContaining({ kind: 'connected' })]);
  });

  it('stops listening after destroy', async () => {
    const [c] = windowPair();
    const b = bridge(c);
    expect(c.listenerCount()).toBe(1);
    b.destroy();
    expect(c.listenerCount()).toBe(0);
    expect(() => b.emit('x')).toThrow('Bridge has been destroyed');
    await expect(b.connect()).rejects.toThrow('Bridge has been destroyed');
  });
});
